#!/usr/bin/env node
// The stand-in for MinIO's `minio server DIR` (s3.Containerfile beside this says why): an S3
// API on :9000 keeping its buckets in DIR, served by s3rver (with the multipart calls it lacks
// added as the project's tests add them, server/test/helpers/s3-server.ts), that answers
// exactly one account: MINIO_ROOT_USER with MINIO_ROOT_PASSWORD, as MinIO's root user.
// s3rver itself checks only the access key of a signature-v4 request, so this checks the
// signature too; anonymous requests are refused, as MinIO refuses them on a private bucket.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';
import { addMissingMultipartCalls } from './s3-server.ts';

const [command, directory] = process.argv.slice(2);
if (command !== 'server' || !directory) {
  console.error(
    `The MinIO stand-in runs \`minio server DIR\` only, not: minio ${process.argv.slice(2).join(' ')}`,
  );
  process.exit(2);
}
const accessKeyId = process.env.MINIO_ROOT_USER || 'minioadmin';
const secretAccessKey = process.env.MINIO_ROOT_PASSWORD || 'minioadmin';
AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);

// Path-style addresses (http://minio:9000/<bucket>), as MinIO serves without MINIO_DOMAIN:
// s3rver would otherwise take the host name `minio` for a bucket's.
const server = new S3rver({
  port: 9000,
  address: '0.0.0.0',
  directory,
  silent: true,
  vhostBuckets: false,
});
await server.run();
addMissingMultipartCalls(server, directory);
requireSignatures(server.httpServer);
console.info(`S3 API on :9000 (s3rver standing in for MinIO), buckets in ${directory}`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}

/** Lets through only requests signed (AWS signature v4, in the header) with the root user's key. */
function requireSignatures(http) {
  const handlers = http.listeners('request');
  http.removeAllListeners('request');
  http.on('request', (req, res) => {
    const refusal = signatureProblem(req);
    if (!refusal) {
      for (const handler of handlers) handler.call(http, req, res);
      return;
    }
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code><Message>${refusal.message}</Message></Error>`,
    );
  });
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Why a request is refused (null: it is signed by the root user). Signature v4's rules. */
function signatureProblem(req) {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!match) return { code: 'AccessDenied', message: 'Access Denied.' };
  const [, keyId, day, region, service, signedHeaders, signature] = match;
  if (keyId !== accessKeyId) {
    return {
      code: 'InvalidAccessKeyId',
      message: 'The Access Key Id you provided does not exist in our records.',
    };
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const canonicalQuery = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const [key, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [strictEncode(decodeURIComponent(key)), strictEncode(decodeURIComponent(value))];
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const names = signedHeaders.split(';');
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD'),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  let key = Buffer.from(`AWS4${secretAccessKey}`);
  for (const part of [day, region, service, 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  return null;
}

const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 percent-encoding, as signature v4 asks of query keys and values. */
const strictEncode = (text) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
