import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.ts';
import { lazyRequire } from '../lib/lazy-require.ts';
import { assertSafeKey, type Storage } from './storage.ts';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

// The AWS SDK (~20 MB resident) loads only when a site keeps its files in S3.
const loadSdk = lazyRequire<typeof S3Sdk>('@aws-sdk/client-s3');
const loadPresigner = lazyRequire<typeof S3Presigner>('@aws-sdk/s3-request-presigner');

/** Uploaded objects stay private; the app streams them to those allowed to hear them. */
export const OBJECT_ACL = 'private';

export interface UploadedPart {
  PartNumber: number;
  ETag: string;
  Size: number;
}

/** What uploads do with a bucket directly: presigned PUTs and multipart uploads (spec 2 §7). */
export interface DirectUploads {
  presignPut(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  createMultipart(key: string, contentType: string): Promise<string>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
  ): Promise<string>;
  completeMultipart(
    key: string,
    uploadId: string,
    parts: { ETag: string; PartNumber: number }[],
  ): Promise<string | null>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export type S3Storage = Storage & DirectUploads & { client: S3Client; bucket: string };

/**
 * The origins a browser PUTs direct uploads to (presigned URLs of this bucket), so the page's
 * Content-Security-Policy lets it connect there: the endpoint, path-style or with the bucket
 * as a subdomain, or AWS's regional hosts when no endpoint is set.
 */
export function directUploadOrigins(config: StorageConfig): string[] {
  if (config.driver !== 's3') return [];
  if (!config.endpoint) {
    return [
      `https://${config.bucket}.s3.${config.region}.amazonaws.com`,
      `https://s3.${config.region}.amazonaws.com`,
    ];
  }
  const endpoint = new URL(config.endpoint);
  return config.forcePathStyle
    ? [endpoint.origin]
    : [endpoint.origin, `${endpoint.protocol}//${config.bucket}.${endpoint.host}`];
}

export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // The SDK's newer default wraps streamed bodies in aws-chunked framing with checksum
    // trailers, which many S3-compatible servers store verbatim; checksums only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  };
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NotFound' || name === 'NoSuchKey' || name === 'NoSuchUpload' || status === 404;
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2, s3rver) behind the same interface as the local
 * disk. Reads with a range ask S3 for that range, so the stream endpoint keeps seeking.
 */
export function createS3Storage(config: S3Config): S3Storage {
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListPartsCommand,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
  } = loadSdk();
  const { getSignedUrl } = loadPresigner();
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.bucket;

  return {
    client,
    bucket: Bucket,
    async stat(key) {
      assertSafeKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    read(key, range) {
      assertSafeKey(key);
      // The interface hands back a stream at once; the body arrives when S3 answers.
      const output = new PassThrough({ highWaterMark: 1024 * 1024 });
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        )
        .then((answer) => {
          const body = answer.Body as Readable;
          body.on('error', (error) => output.destroy(error));
          output.on('close', () => body.destroy());
          body.pipe(output);
        })
        .catch((error: unknown) => output.destroy(error as Error));
      return output;
    },
    async write(key, data) {
      assertSafeKey(key);
      // PutObject needs the length up front; streams (small plain uploads) are gathered first.
      const body = typeof data === 'string' || Buffer.isBuffer(data) ? data : await buffer(data);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body }));
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    presignPut(key, contentType, expiresIn) {
      assertSafeKey(key);
      return getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ACL: OBJECT_ACL }),
        { expiresIn },
      );
    },
    async createMultipart(key, contentType) {
      assertSafeKey(key);
      const answer = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
      );
      if (!answer.UploadId) throw new Error('S3 did not return an upload id');
      return answer.UploadId;
    },
    async listParts(key, uploadId) {
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      do {
        const page = await client.send(
          new ListPartsCommand({ Bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
        );
        for (const part of page.Parts ?? []) {
          parts.push({
            PartNumber: part.PartNumber ?? 0,
            ETag: part.ETag ?? '',
            Size: part.Size ?? 0,
          });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker);
      return parts;
    },
    presignPart(key, uploadId, partNumber, expiresIn) {
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        { expiresIn },
      );
    },
    async completeMultipart(key, uploadId, parts) {
      const answer = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...parts].sort((a, b) => a.PartNumber - b.PartNumber),
          },
        }),
      );
      return answer.Location ?? null;
    },
    async abortMultipart(key, uploadId) {
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }),
        );
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

export function isS3Storage(storage: Storage): storage is S3Storage {
  return 'presignPut' in storage;
}

/** Turns a missing upload/object error into null, for callers that answer 404. */
export { isMissing as isMissingObjectError };
