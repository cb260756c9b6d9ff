import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileRange, readBuffers, STREAM_HIGH_WATER_MARK } from './file-range.ts';

let root: string | undefined;
let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * Serves the file's range `start..end` through sendTo; resolves the server's port. `sent`
 * counts the sends that ended (a listener may have all its bytes a moment before).
 */
async function serve(path: string, errors: unknown[], sent = { count: 0 }): Promise<number> {
  server = createServer((request, response) => {
    const [start, end] = (request.url ?? '').slice(1).split('-').map(Number) as [number, number];
    response.writeHead(200, { 'content-length': end - start + 1 });
    new FileRange(path, { start, end }).sendTo(response, end - start + 1, (error) => {
      sent.count++;
      if (error) errors.push(error);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const fetchBytes = (port: number, path: string) =>
  new Promise<Buffer>((resolve, reject) => {
    get({ port, host: '127.0.0.1', path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    }).on('error', reject);
  });

describe('file range', () => {
  it('reads like a plain file stream', async () => {
    root = await mkdtemp(join(tmpdir(), 'file-range-'));
    await writeFile(join(root, 'a'), 'hello world');
    expect(await text(new FileRange(join(root, 'a'), { start: 6, end: 10 }))).toBe('world');
    expect(await text(new FileRange(join(root, 'a')))).toBe('hello world');
  });

  it('sends the same bytes to concurrent listeners through reused buffers, after one left mid-file', async () => {
    root = await mkdtemp(join(tmpdir(), 'file-range-'));
    const bytes = randomBytes(3.5 * 1024 * 1024);
    await writeFile(join(root, 'a'), bytes);
    const errors: unknown[] = [];
    const port = await serve(join(root, 'a'), errors);

    // A listener who leaves after the first chunk.
    await new Promise<void>((resolve) => {
      const request = get({ port, host: '127.0.0.1', path: `/0-${bytes.length - 1}` }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
    });
    const ranges: [number, number][] = [
      [0, bytes.length - 1],
      [1, bytes.length - 2],
      [1024 * 1024 - 1, 2 * 1024 * 1024 + 5],
      [5, 5],
    ];
    const answers = await Promise.all(ranges.map(([s, e]) => fetchBytes(port, `/${s}-${e}`)));
    answers.forEach((answer, i) => {
      const [start, end] = ranges[i]!;
      expect(answer.equals(bytes.subarray(start, end + 1))).toBe(true);
    });
    expect(errors).toEqual([]);
  });

  it('serves eight listeners at once again without a new read buffer', async () => {
    root = await mkdtemp(join(tmpdir(), 'file-range-'));
    // Larger than loopback's socket buffers: no send can end while its listener waits.
    const bytes = randomBytes(16 * STREAM_HIGH_WATER_MARK);
    const digest = createHash('sha1').update(bytes).digest('hex');
    await writeFile(join(root, 'a'), bytes);
    const errors: unknown[] = [];
    const sent = { count: 0 };
    const port = await serve(join(root, 'a'), errors, sent);
    /** Eight listeners who all wait for the first bytes before reading on; their digests. */
    const eightAtOnce = async () => {
      const asked = sent.count;
      const responses = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise<IncomingMessage>((resolve, reject) => {
              get({ port, host: '127.0.0.1', path: `/0-${bytes.length - 1}` }, (response) => {
                response.pause();
                resolve(response);
              }).on('error', reject);
            }),
        ),
      );
      expect(sent.count).toBe(asked);
      const digests = await Promise.all(
        responses.map(async (response) => {
          const hash = createHash('sha1');
          for await (const chunk of response) hash.update(chunk as Buffer);
          return hash.digest('hex');
        }),
      );
      await vi.waitFor(() => expect(sent.count).toBe(asked + 8));
      return digests;
    };

    expect(await eightAtOnce()).toEqual(Array(8).fill(digest));
    expect(readBuffers.kept).toBeGreaterThanOrEqual(16);
    const allocate = vi.spyOn(Buffer, 'allocUnsafeSlow');
    expect(await eightAtOnce()).toEqual(Array(8).fill(digest));
    expect(allocate).not.toHaveBeenCalled();
    expect(errors).toEqual([]);
  });
});
