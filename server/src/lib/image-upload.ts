import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { validationFailed } from './domain-errors.ts';
import { detectImageType } from './image-type.ts';

/** Uploaded images (avatars, playlist covers): checked by content and size, never by name. */
export const NOT_AN_IMAGE = 'Please select an image.';

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
export const imageTooLarge = (maxBytes: number) =>
  `The image may not be larger than ${megabytes(maxBytes)} MB.`;

/**
 * The kind of a PNG, JPEG, GIF or WebP image of at most `maxBytes`; anything else answers
 * 422 on the `file` field.
 */
export function validatedImage(bytes: Buffer, maxBytes: number) {
  if (bytes.length > maxBytes) throw validationFailed({ file: [imageTooLarge(maxBytes)] });
  const type = detectImageType(bytes);
  if (!type) throw validationFailed({ file: [NOT_AN_IMAGE] });
  return type;
}

/**
 * The bytes of the `file` part of a multipart request: 422 when there is none or it is over
 * `maxBytes` (the route's plugin registers @fastify/multipart with a file size limit just
 * above it). Whether it is an image is `validatedImage`'s to say.
 */
export async function uploadedFileBytes(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw validationFailed({ file: [NOT_AN_IMAGE] });
  const file = await request.file();
  if (!file) throw validationFailed({ file: [NOT_AN_IMAGE] });
  return file.toBuffer().catch(() => {
    throw validationFailed({ file: [imageTooLarge(maxBytes)] });
  });
}
