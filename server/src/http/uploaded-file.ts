import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { imageTooLarge, NOT_AN_IMAGE } from '../lib/image-upload.ts';
import { MALFORMED_MULTIPART } from './body-checks.ts';
import { HttpError, validationFailed } from './http-error.ts';

/**
 * The bytes of the `file` part of a multipart request: 422 when there is none or it is over
 * `maxBytes` (the route's plugin registers @fastify/multipart with a file size limit just
 * above it), 400 when the multipart body itself is broken (cut short, bad part headers).
 * Whether it is an image is `processedImage`'s to say.
 */
export async function uploadedFileBytes(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw validationFailed({ file: [NOT_AN_IMAGE] });
  try {
    const file = await request.file();
    if (!file) throw validationFailed({ file: [NOT_AN_IMAGE] });
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw validationFailed({ file: [imageTooLarge(maxBytes)] });
    // Ours, or the multipart plugin's limits (too many parts or fields): already a 4xx.
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || (status && status >= 400 && status < 500)) throw error;
    // The multipart reader's own errors are plain Errors: the body was not what it claimed.
    throw new HttpError(400, MALFORMED_MULTIPART);
  }
}
