import fastifyMultipart from '@fastify/multipart';
import {
  deleteFileEntries,
  downloadFileEntry,
  getFileEntryDetails,
  uploadFileEntry,
} from '@backbeat/common/contracts';
import { multipartFieldsSchema } from '@backbeat/common';
import type { FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { HttpError, validationFailed } from '../../http/http-error.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import { sendStoredFile } from '../../storage/send-stored-file.ts';
import type { FileEntriesService } from './service.ts';
import { tooLargeMessage } from './restrictions.ts';

const CHOOSE_A_FILE = 'Choose a file to upload.';
const MALFORMED = 'The upload was interrupted or malformed. Please try again.';

/**
 * Reads a plain multipart upload: the `file` part is streamed straight to a fresh key while
 * the other fields are gathered, whatever their order. Anything malformed (no or a wrong
 * boundary, a truncated body, a file over the limit) removes the bytes and answers 422.
 */
async function receiveMultipart(request: FastifyRequest, fileEntries: FileEntriesService) {
  if (!request.isMultipart()) throw validationFailed({ file: [CHOOSE_A_FILE] });
  const { storage } = request.server.services;
  const rules = await fileEntries.rules();
  const key = fileEntries.newKey();
  const fields: Record<string, string> = {};
  let file: { name: string; mime: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { files: 1, fields: 10, fileSize: rules.maxSize ?? Number.MAX_SAFE_INTEGER },
    })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !file) {
        file = { name: part.filename || 'file', mime: part.mimetype };
        await storage.write(key, part.file);
        if (part.file.truncated) {
          throw validationFailed({ file: [tooLargeMessage(file.name, rules.maxSize ?? 0)] });
        }
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    await storage.delete(key).catch(() => {});
    if (error instanceof HttpError || error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' && file) {
      throw validationFailed({ file: [tooLargeMessage(file.name, rules.maxSize ?? 0)] });
    }
    throw validationFailed({ file: [MALFORMED] });
  }
  if (!file) throw validationFailed({ file: [CHOOSE_A_FILE] });
  const parsed = multipartFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    await storage.delete(key).catch(() => {});
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      (errors[String(issue.path[0] ?? 'file')] ??= []).push(issue.message);
    }
    throw validationFailed(errors);
  }
  return { key, file, fields: parsed.data };
}

/** Spec 2 §7: plain multipart upload, deleting entries, and reading an entry back. */
export const fileEntriesRoutes: RoutesPlugin = async (app) => {
  const { fileEntries, storage } = app.services;
  await app.register(fastifyMultipart);

  registerEndpoint(app, uploadFileEntry, async (request) => {
    const user = request.user!;
    const { key, file, fields } = await receiveMultipart(request, fileEntries);
    const fileEntry = await fileEntries.adopt(user, {
      key,
      name: file.name,
      clientExtension: fields.clientExtension ?? file.name.split('.').pop() ?? null,
      clientMime: fields.clientMime ?? file.mime,
      accept: fields.metadata.accept,
      parentId: fields.metadata.parentId ?? null,
    });
    return { fileEntry };
  });

  registerEndpoint(app, deleteFileEntries, async (request) => ({
    deleted: await fileEntries.delete(request.user!, request.body),
  }));

  registerEndpoint(app, getFileEntryDetails, async (request) => ({
    fileEntry: await fileEntries.details(request.user!, request.params.id),
  }));

  registerEndpoint(app, downloadFileEntry, async (request, reply) => {
    const entry = await fileEntries.visibleEntry(request.user!, request.params.id);
    // Served as an attachment with a type judged from its bytes, never one a client named.
    const safeName = entry.name.replace(/[^\w.\- ]+/g, '_');
    await sendStoredFile(request, reply, storage, entry.path, {
      contentType:
        entry.mime && !/html|xml|javascript/.test(entry.mime)
          ? entry.mime
          : 'application/octet-stream',
      cacheControl: 'private, max-age=0',
      headers: { 'content-disposition': `attachment; filename="${safeName}"` },
    });
    return reply;
  });
};
