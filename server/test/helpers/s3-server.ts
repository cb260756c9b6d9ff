import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Env for createTestApp that puts the app's files in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;

/** A real S3-compatible server (s3rver) on a random local port, with one empty bucket. */
export async function startS3(bucket = 'backbeat-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'backbeat-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  addMissingMultipartCalls(server, directory);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_KEY: 'S3RVER',
      S3_SECRET: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7 keeps multipart parts in its own store but does not answer ListParts or
 * AbortMultipartUpload (GET and DELETE with `?uploadId=`). These two answer from that same
 * store, in S3's XML, so clients can resume and abort as they do against S3. The MinIO stand-in
 * of CI's compose stack (.ci/stand-ins/minio.mjs) adds them to its s3rver too.
 */
export function addMissingMultipartCalls(server: S3rver, root: string) {
  const http = (server as unknown as { httpServer: Server }).httpServer;
  const [s3rverHandler] = http.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  http.removeAllListeners('request');
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (!uploadId || (req.method !== 'GET' && req.method !== 'DELETE') || !s3rverHandler) {
      s3rverHandler?.(req, res);
      return;
    }
    const [bucket = '', ...keyParts] = url.pathname.slice(1).split('/');
    const uploadDir = join(root, bucket, '._S3rver_uploads', uploadId.replace(/[^\w-]/g, ''));
    void answer(
      req.method,
      bucket,
      decodeURIComponent(keyParts.join('/')),
      uploadId,
      uploadDir,
      res,
    );
  });
}

async function answer(
  method: string,
  bucket: string,
  key: string,
  uploadId: string,
  uploadDir: string,
  res: ServerResponse,
) {
  const exists = await stat(uploadDir).then(
    () => true,
    () => false,
  );
  if (!exists) {
    res.writeHead(404, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`,
    );
    return;
  }
  if (method === 'DELETE') {
    await rm(uploadDir, { recursive: true, force: true });
    res.writeHead(204).end();
    return;
  }
  // A part still being written has no checksum yet; S3 lists only parts it finished.
  const names = await readdir(uploadDir);
  const numbers = names
    .filter((name) => /^\d+$/.test(name) && names.includes(`${name}.md5`))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const info = await stat(join(uploadDir, String(number)));
      const md5 = (await readFile(join(uploadDir, `${number}.md5`), 'utf8')).trim();
      return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`;
    }),
  );
  res.writeHead(200, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}
