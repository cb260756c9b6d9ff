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
  return readMultipart(request, maxBytes, async () => {
    const file = await request.file();
    if (!file) throw validationFailed({ file: [NOT_AN_IMAGE] });
    return await file.toBuffer();
  });
}

/**
 * The `file` part of a multipart request, or else the text field named `field` (an avatar's
 * `url`, spec 1 §8: "multipart: file or url"): 422 on `file` when there is neither, and the
 * same size and malformed-body answers as `uploadedFileBytes`.
 */
export async function uploadedFileOrField(
  request: FastifyRequest,
  maxBytes: number,
  field: string,
): Promise<{ bytes: Buffer } | { value: string }> {
  if (!request.isMultipart()) throw validationFailed({ file: [NOT_AN_IMAGE] });
  return readMultipart(request, maxBytes, async () => {
    let bytes: Buffer | undefined;
    let value: string | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Every file part must be read for the next part to arrive.
        const content = await part.toBuffer();
        if (part.fieldname === 'file' && !bytes) bytes = content;
      } else if (part.fieldname === field && typeof part.value === 'string') {
        value = part.value;
      }
    }
    if (bytes) return { bytes };
    if (value !== undefined) return { value };
    throw validationFailed({ file: [NOT_AN_IMAGE] });
  });
}

async function readMultipart<T>(
  request: FastifyRequest,
  maxBytes: number,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
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
