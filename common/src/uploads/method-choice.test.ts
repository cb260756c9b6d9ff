import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MB } from './constants.ts';
import { chooseUploadMethod, uploadQueueConcurrency } from './method-choice.ts';

describe('upload method choice (spec 2 §4)', () => {
  const local = { chunk: true, s3Direct: false };
  it.each([
    [0, local, 'multipart'],
    [4 * MB - 1, local, 'multipart'],
    [4 * MB, local, 'tus'],
    [500 * MB, local, 'tus'],
    [500 * MB, { chunk: false, s3Direct: false }, 'multipart'],
    [4 * MB, { chunk: true, s3Direct: true }, 's3Simple'],
    [100 * MB - 1, { chunk: true, s3Direct: true }, 's3Simple'],
    [100 * MB, { chunk: false, s3Direct: true }, 's3Multipart'],
  ] as const)('%d bytes with %o go by %s', (size, settings, method) => {
    expect(chooseUploadMethod(size, settings)).toBe(method);
  });

  it('never picks S3 without direct upload, nor tus when it is off', () => {
    fc.assert(
      fc.property(fc.nat(), fc.boolean(), (size, chunk) => {
        const method = chooseUploadMethod(size, { chunk, s3Direct: false });
        expect(method.startsWith('s3')).toBe(false);
        if (!chunk) expect(method).toBe('multipart');
      }),
    );
  });
});

describe('upload queue concurrency (spec 2 §4)', () => {
  const chunkSize = 5 * MB;
  it('runs three at once by default', () => {
    expect(uploadQueueConcurrency([], chunkSize)).toBe(3);
    expect(
      uploadQueueConcurrency(
        [
          { method: 'multipart', size: MB },
          { method: 'tus', size: chunkSize },
        ],
        chunkSize,
      ),
    ).toBe(3);
  });

  it.each([
    ['a folder upload', { method: 'multipart', size: 10, relativePath: 'album/01.mp3' }],
    ['an S3 multipart upload', { method: 's3Multipart', size: 200 * MB }],
    ['a chunked upload larger than a chunk', { method: 'tus', size: 5 * MB + 1 }],
  ] as const)('runs one at a time during %s', (_case, upload) => {
    expect(uploadQueueConcurrency([upload], chunkSize)).toBe(1);
  });
});
