import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatBytes, sizeProblem, sniffType, typeMatches, typeProblem } from './restrictions.ts';

const mp3 = { ext: 'mp3', mime: 'audio/mpeg' };
const png = { ext: 'png', mime: 'image/png' };
const open = { maxSize: null, allowed: [], blocked: [] };

describe('upload restrictions (spec 2 §5)', () => {
  it('matches extensions, mime types and families', () => {
    expect(typeMatches('mp3', mp3)).toBe(true);
    expect(typeMatches('.MP3', mp3)).toBe(true);
    expect(typeMatches('audio/*', mp3)).toBe(true);
    expect(typeMatches('audio/mpeg', mp3)).toBe(true);
    expect(typeMatches('audio/*', png)).toBe(false);
    expect(typeMatches('flac', mp3)).toBe(false);
  });

  it('says which file is too large, with a readable size', () => {
    expect(sizeProblem({ ...open, maxSize: 5 * 1024 * 1024 }, 'song.wav', 6 * 1024 * 1024)).toBe(
      '`song.wav` exceeds maximum allowed size of 5 MB',
    );
    expect(sizeProblem({ ...open, maxSize: 10 }, 'a', 10)).toBeNull();
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1.5 GB');
  });

  it('judges allowed types by content and blocked ones by content or name', () => {
    const audioOnly = { ...open, allowed: ['audio/*'] };
    expect(typeProblem(audioOnly, mp3, 'mp3')).toBeNull();
    expect(typeProblem(audioOnly, png, 'mp3')).toBe('This file type is not allowed');
    expect(typeProblem(audioOnly, null, 'mp3')).toBe('This file type is not allowed');
    expect(typeProblem({ ...open, blocked: ['exe'] }, null, 'exe')).toBe(
      'This file type is not allowed',
    );
    expect(typeProblem({ ...open, blocked: ['png'] }, png, 'mp3')).toBe(
      'This file type is not allowed',
    );
    expect(typeProblem(open, png, 'png', ['audio/*'])).toBe('This file type is not allowed');
    expect(typeProblem(open, null, null)).toBeNull();
  });

  it('sniffs a type from the first bytes of a stream', async () => {
    const pngBytes = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(
      await sniffType(
        Readable.from(Buffer.concat([pngBytes, Buffer.alloc(6400)]), { objectMode: false }),
      ),
    ).toEqual(png);
    expect(await sniffType(Readable.from([Buffer.from('just text, named song.mp3')]))).toBeNull();
  });
});
