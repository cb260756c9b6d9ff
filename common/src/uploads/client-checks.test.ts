import { describe, expect, it } from 'vitest';
import { MB, UPLOAD_MESSAGES } from './constants.ts';
import { clientUploadProblem, extensionOf, formatBytes } from './client-checks.ts';

const rules = { maxSize: 10 * MB, allowed: [], blocked: ['exe', 'text/html'] };
const file = (name: string, size = 1000, mime = '') => ({
  name,
  size,
  mime,
  extension: extensionOf(name),
});

describe('client-side upload restrictions (spec 2 §5)', () => {
  it('names the file and the limit when it is too large', () => {
    expect(clientUploadProblem(file('long mix.flac', 10 * MB + 1), rules)).toEqual({
      line: UPLOAD_MESSAGES.tooLarge,
      replacements: { file: 'long mix.flac', size: '10 MB' },
    });
    expect(clientUploadProblem(file('fits.flac', 10 * MB), rules)).toBeNull();
  });

  it('refuses blocked types by extension or by the browser type', () => {
    expect(clientUploadProblem(file('setup.EXE'), rules)?.line).toBe(
      'This file type is not allowed',
    );
    expect(clientUploadProblem(file('page.htm', 10, 'text/html'), rules)?.line).toBe(
      UPLOAD_MESSAGES.typeNotAllowed,
    );
  });

  it('takes only allowed types when some are set, and the caller may narrow them', () => {
    const audioOnly = { ...rules, allowed: ['audio/*', 'flac'] };
    expect(clientUploadProblem(file('a.mp3', 10, 'audio/mpeg'), audioOnly)).toBeNull();
    expect(clientUploadProblem(file('a.flac'), audioOnly)).toBeNull();
    expect(clientUploadProblem(file('cover.png', 10, 'image/png'), audioOnly)?.line).toBe(
      UPLOAD_MESSAGES.typeNotAllowed,
    );
    const track = { ...rules, accept: ['audio/*'] };
    expect(clientUploadProblem(file('cover.png', 10, 'image/png'), track)?.line).toBe(
      UPLOAD_MESSAGES.typeNotAllowed,
    );
  });

  it('leaves a type the browser does not know to the server, unless its name is blocked', () => {
    const track = { ...rules, accept: ['audio/*'] };
    expect(clientUploadProblem(file('take.opus', 10, ''), track)).toBeNull();
    expect(clientUploadProblem(file('setup.exe', 10, ''), track)?.line).toBe(
      UPLOAD_MESSAGES.typeNotAllowed,
    );
  });

  it('formats sizes as the server does in its message', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * MB)).toBe('2 GB');
  });
});
