import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { FileRange } from './file-range.ts';

let root: string | undefined;
let server: Server | undefined;
afterEach(async () => {
  server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** Serves the file's range `start..end` through sendTo; resolves the server's port. */
async function serve(path: string, errors: unknown[]): Promise<number> {
  server = createServer((request, response) => {
    const [start, end] = (request.url ?? '').slice(1).split('-').map(Number) as [number, number];
    response.writeHead(200, { 'content-length': end - start + 1 });
    new FileRange(path, { start, end }).sendTo(response, end - start + 1, (error) => {
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
});
