import { z } from 'zod';
import { endpoint, notJson } from '../contract.ts';
import {
  completeMultipartSchema,
  createMultipartSchema,
  deleteFileEntriesSchema,
  fileEntrySchema,
  multipartSessionSchema,
  presignSimpleSchema,
  s3EntrySchema,
  signPartUrlsSchema,
  tusEntrySchema,
} from './schemas.ts';
import { UPLOAD_PERMISSION } from './constants.ts';

const tags = ['uploads'];
const access = UPLOAD_PERMISSION;
const fileEntryAnswer = z.object({ fileEntry: fileEntrySchema });
const tusUploadParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, 'Unknown upload.') });
const tusAnswer = notJson('empty', 'A tus 1.0.0 protocol answer (headers only)');

export const uploadFileEntry = endpoint({
  method: 'POST',
  path: '/api/v1/file-entries',
  access,
  summary: 'Plain multipart upload: file, clientMime, clientExtension, metadata (JSON)',
  tags,
  response: fileEntryAnswer,
  status: 201,
});

export const downloadFileEntry = endpoint({
  method: 'GET',
  path: '/api/v1/file-entries/:id',
  access: 'auth',
  summary: "An entry's bytes, for its owner or anyone with files.update (one Range a request)",
  tags,
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: notJson('file', 'The stored file, as an attachment'),
});

export const getFileEntryDetails = endpoint({
  method: 'GET',
  path: '/api/v1/file-entries/:id/details',
  access: 'auth',
  summary:
    'An entry with what the media pipeline found (audio only), for its owner or anyone with files.update',
  tags,
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: fileEntryAnswer,
});

export const deleteFileEntries = endpoint({
  method: 'POST',
  path: '/api/v1/file-entries/delete',
  access: 'auth',
  summary: "Deletes the caller's file entries (any with files.update), to the trash or forever",
  tags,
  body: deleteFileEntriesSchema,
  response: z.object({ deleted: z.number().int() }),
});

export const createTusUpload = endpoint({
  method: 'POST',
  path: '/api/v1/tus/upload',
  access,
  summary: 'tus creation; PATCH and DELETE arrive as POST with X-HTTP-Method-Override',
  tags,
  response: tusAnswer,
  status: 201,
});

export const headTusUpload = endpoint({
  method: 'GET',
  path: '/api/v1/tus/upload/:id',
  access,
  summary: 'tus offset (HEAD); only the uploader sees an upload',
  tags,
  params: tusUploadParams,
  response: tusAnswer,
});

export const patchTusUpload = endpoint({
  method: 'PATCH',
  path: '/api/v1/tus/upload/:id',
  access,
  summary: 'tus: appends bytes at Upload-Offset (409 on a mismatch)',
  tags,
  params: tusUploadParams,
  response: tusAnswer,
  status: 204,
});

export const deleteTusUpload = endpoint({
  method: 'DELETE',
  path: '/api/v1/tus/upload/:id',
  access,
  summary: 'tus termination of an unfinished upload',
  tags,
  params: tusUploadParams,
  response: tusAnswer,
  status: 204,
});

export const createTusEntry = endpoint({
  method: 'POST',
  path: '/api/v1/tus/entries',
  access,
  summary: 'Turns a finished tus upload into a file entry',
  tags,
  body: tusEntrySchema,
  response: fileEntryAnswer,
  status: 201,
});

export const presignSimpleUpload = endpoint({
  method: 'POST',
  path: '/api/v1/s3/simple/presign',
  access,
  summary: 'A presigned PUT URL for a direct upload to S3',
  tags,
  body: presignSimpleSchema,
  response: z.object({ url: z.string(), acl: z.string(), key: z.string() }),
});

export const createS3Entry = endpoint({
  method: 'POST',
  path: '/api/v1/s3/entries',
  access,
  summary: 'Turns an object uploaded directly to S3 into a file entry',
  tags,
  body: s3EntrySchema,
  response: fileEntryAnswer,
  status: 201,
});

export const createMultipartUpload = endpoint({
  method: 'POST',
  path: '/api/v1/s3/multipart/create',
  access,
  summary: 'Starts an S3 multipart upload',
  tags,
  body: createMultipartSchema,
  response: z.object({ uploadId: z.string(), key: z.string() }),
});

export const getUploadedParts = endpoint({
  method: 'POST',
  path: '/api/v1/s3/multipart/get-uploaded-parts',
  access,
  summary: 'The parts S3 already holds, to resume',
  tags,
  body: multipartSessionSchema,
  response: z.object({
    parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })),
  }),
});

export const batchSignPartUrls = endpoint({
  method: 'POST',
  path: '/api/v1/s3/multipart/batch-sign-part-urls',
  access,
  summary: 'Presigned PUT URLs for up to 10 parts',
  tags,
  body: signPartUrlsSchema,
  response: z.object({ urls: z.array(z.object({ url: z.string(), partNumber: z.number() })) }),
});

export const completeMultipartUpload = endpoint({
  method: 'POST',
  path: '/api/v1/s3/multipart/complete',
  access,
  summary: 'Completes an S3 multipart upload (then s3/entries makes the entry)',
  tags,
  body: completeMultipartSchema,
  response: z.object({ location: z.string().nullable() }),
});

export const abortMultipartUpload = endpoint({
  method: 'POST',
  path: '/api/v1/s3/multipart/abort',
  access,
  summary: 'Aborts an S3 multipart upload and drops its parts',
  tags,
  body: multipartSessionSchema,
  response: z.object({ aborted: z.literal(true) }),
});
