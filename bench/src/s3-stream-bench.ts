/**
 * Streaming from S3: the app proxying the range (what Backbeat does) against answering a
 * redirect to a short-lived presigned URL, both against a local s3rver with a 5 MB object,
 * 8 clients asking `Range: bytes=0-`. Run: `npx tsx bench/src/s3-stream-bench.ts`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createS3Storage } from '../../server/src/storage/s3.ts';
import { startS3 } from '../../server/test/helpers/s3-server.ts';

const SIZE = 5 * 1024 * 1024;
const CLIENTS = 8;
const REQUESTS = 96;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function measure(name: string, url: string) {
  let done = 0;
  const started = performance.now();
  const client = async () => {
    while (done < REQUESTS) {
      done += 1;
      const response = await fetch(url, { headers: { range: 'bytes=0-' } });
      const body = await response.arrayBuffer();
      if (body.byteLength !== SIZE) throw new Error(`${name}: got ${body.byteLength} bytes`);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  const rate = (REQUESTS * SIZE) / 1024 / 1024 / seconds;
  console.info(
    `${name.padEnd(34)} ${rate.toFixed(0).padStart(6)} MB/s  ${(REQUESTS / seconds).toFixed(1)} req/s`,
  );
}

const s3 = await startS3('bench');
const storage = createS3Storage({
  driver: 's3',
  bucket: 'bench',
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});
await storage.write('audio/bench.mp3', randomBytes(SIZE));

const proxy = createServer((request, response) => {
  const match = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
  const start = Number(match?.[1] ?? 0);
  const end = match?.[2] ? Number(match[2]) : SIZE - 1;
  response.writeHead(206, {
    'content-length': String(end - start + 1),
    'content-range': `bytes ${start}-${end}/${SIZE}`,
  });
  pipeline(storage.read('audio/bench.mp3', { start, end }), response, () => {});
});
const redirect = createServer((_request, response) => {
  void getSignedUrl(
    storage.client,
    new GetObjectCommand({ Bucket: 'bench', Key: 'audio/bench.mp3' }),
    {
      expiresIn: 300,
    },
  ).then((url) => response.writeHead(302, { location: url }).end());
});

try {
  const proxyUrl = await listen(proxy);
  const redirectUrl = await listen(redirect);
  console.info(
    `S3 streaming, ${SIZE / 1024 / 1024} MB object, ${CLIENTS} clients, Range: bytes=0-`,
  );
  await measure('proxy through the app', proxyUrl);
  await measure('302 to a presigned URL', redirectUrl);
  await measure(
    'straight from s3rver (reference)',
    await getSignedUrl(
      storage.client,
      new GetObjectCommand({ Bucket: 'bench', Key: 'audio/bench.mp3' }),
      { expiresIn: 300 },
    ),
  );
} finally {
  proxy.close();
  redirect.close();
  storage.client.destroy();
  await s3.close();
}
