import {
  abortMultipartUpload,
  batchSignPartUrls,
  completeMultipartUpload,
  createMultipartUpload,
  createS3Entry,
  createTusEntry,
  createTusUpload,
  deleteTusUpload,
  getUploadedParts,
  headTusUpload,
  patchTusUpload,
  presignSimpleUpload,
} from '@backbeat/common/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { HttpError, notFound, validationFailed } from '../../http/http-error.ts';
import { NON_DOCUMENT_CSP } from '../../http/security-headers.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { uploaderOf } from './tus.ts';
import { tusUtilsPackage } from './tus-packages.ts';

const metadataOf = (request: FastifyRequest) => {
  const header = request.headers['upload-metadata'];
  try {
    return tusUtilsPackage().Metadata.parse(typeof header === 'string' ? header : undefined);
  } catch {
    throw validationFailed({ metadata: ['The upload metadata is not valid.'] });
  }
};

/**
 * Spec 2 §7 upload paths besides plain multipart: tus resumable uploads (PATCH and DELETE
 * arrive as POST with X-HTTP-Method-Override, turned back before routing in app.ts), and
 * direct S3 uploads, simple and multipart.
 */
export const uploadsRoutes: RoutesPlugin = async (app) => {
  const { tus, fileEntries, directUploads } = app.services;

  // tus bodies are read by @tus/server from the raw request, as they arrive.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null, undefined),
  );

  /** Hands a request to @tus/server, which writes the answer to the raw response itself. */
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    // The onSend hook never sees a hijacked reply; Node merges these with tus's own headers.
    for (const [name, value] of Object.entries(app.securityHeaders))
      reply.raw.setHeader(name, value);
    reply.raw.setHeader('content-security-policy', NON_DOCUMENT_CSP);
    await tus.server.handle(request.raw, reply.raw);
    return reply;
  };

  const ownUpload = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const upload = await tus.uploadOf(request.params.id, request.user!.id);
    if (!upload) throw notFound('This upload was not found.');
    return upload;
  };

  registerEndpoint(app, createTusUpload, async (request, reply) => {
    const user = request.user!;
    const metadata = metadataOf(request);
    const lengthHeader = request.headers['upload-length'];
    const length = Number(lengthHeader);
    if (typeof lengthHeader !== 'string' || !/^\d+$/.test(lengthHeader)) {
      throw validationFailed({ file: ['The upload must announce its length.'] });
    }
    const name = metadata.clientName || metadata.name || 'file';
    await fileEntries.assertMayUpload(user, name, length);
    uploaderOf.set(request.raw, user.id);
    return handOver(request, reply);
  });

  registerEndpoint(app, headTusUpload, async (request, reply) => {
    await ownUpload(request);
    return handOver(request, reply);
  });

  registerEndpoint(app, patchTusUpload, async (request, reply) => {
    await ownUpload(request);
    return handOver(request, reply);
  });

  registerEndpoint(app, deleteTusUpload, async (request, reply) => {
    await ownUpload(request);
    return handOver(request, reply);
  });

  registerEndpoint(app, createTusEntry, async (request) => {
    const user = request.user!;
    const id = request.body.uploadKey;
    const upload = await tus.uploadOf(id, user.id);
    if (!upload) {
      if (await fileEntries.visibleEntryByPath(user, tus.keyOf(id))) {
        throw new HttpError(409, 'This upload is already complete.');
      }
      throw notFound('This upload was not found.');
    }
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw validationFailed({ uploadKey: ['The upload is not finished yet.'] });
    }
    const metadata = upload.metadata ?? {};
    try {
      const fileEntry = await fileEntries.adopt(user, {
        key: tus.keyOf(id),
        name: metadata.clientName || metadata.name || 'file',
        clientExtension: metadata.clientExtension ?? null,
        clientMime: metadata.clientMime ?? null,
        accept: metadata.accept ? metadata.accept.split(',') : [],
        parentId:
          metadata.parentId && /^\d+$/.test(metadata.parentId) ? Number(metadata.parentId) : null,
      });
      return { fileEntry };
    } finally {
      await tus.forget(id);
    }
  });

  registerEndpoint(app, presignSimpleUpload, async (request) =>
    directUploads.presignSimple(request.user!, request.body),
  );

  registerEndpoint(app, createS3Entry, async (request) => ({
    fileEntry: await directUploads.createEntry(request.user!, request.body),
  }));

  registerEndpoint(app, createMultipartUpload, async (request) =>
    directUploads.createMultipart(request.user!, request.body),
  );

  registerEndpoint(app, getUploadedParts, async (request) =>
    directUploads.uploadedParts(request.user!, request.body.key, request.body.uploadId),
  );

  registerEndpoint(app, batchSignPartUrls, async (request) =>
    directUploads.signParts(
      request.user!,
      request.body.key,
      request.body.uploadId,
      request.body.partNumbers,
    ),
  );

  registerEndpoint(app, completeMultipartUpload, async (request) =>
    directUploads.complete(
      request.user!,
      request.body.key,
      request.body.uploadId,
      request.body.parts,
    ),
  );

  registerEndpoint(app, abortMultipartUpload, async (request) =>
    directUploads.abort(request.user!, request.body.key, request.body.uploadId),
  );
};
