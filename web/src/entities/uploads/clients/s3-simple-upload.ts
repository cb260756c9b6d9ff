import { createS3Entry, presignSimpleUpload } from '@backbeat/common/contracts';
import { api } from '../../../lib/api.ts';
import type { StartUpload } from './types.ts';
import { putWithProgress } from './xhr-put.ts';

/**
 * Spec 2 §7 direct S3 upload: presign, PUT the bytes to the bucket with their Content-Type
 * and the acl header, then `s3/entries` (the server checks the object before the entry).
 */
export const startS3SimpleUpload: StartUpload = ({ file, info, metadata, onProgress }) => {
  const controller = new AbortController();
  const { signal } = controller;
  const mime = info.mime || 'application/octet-stream';
  const run = async () => {
    const presigned = await api(
      presignSimpleUpload,
      { filename: info.name, mime, size: info.size, extension: info.extension, metadata },
      { signal },
    );
    await putWithProgress(presigned.url, file, {
      headers: { 'Content-Type': mime, 'x-amz-acl': presigned.acl },
      onProgress,
      signal,
    });
    const { fileEntry } = await api(
      createS3Entry,
      {
        clientName: info.name,
        clientMime: info.mime || undefined,
        clientExtension: info.extension || undefined,
        filename: presigned.key,
        size: info.size,
        metadata,
      },
      { signal },
    );
    return fileEntry;
  };
  return { done: run(), stop: async () => controller.abort() };
};
