import {
  PRESIGNED_URL_SECONDS,
  TUS_UPLOAD_EXPIRY_MS,
  multipartPartCount,
  type FileEntry,
  type UploadMetadata,
  type User,
} from '@backbeat/common';
import { conflict, notFound, validationFailed } from '../../lib/domain-errors.ts';
import { OBJECT_ACL, isS3Storage } from '../../storage/s3.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileEntriesService } from '../file-entries/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { PendingUpload, PendingUploadsRepository } from './pending-repository.ts';

interface NewDirectUpload {
  filename: string;
  mime?: string | undefined;
  size: number;
  metadata: UploadMetadata;
}

const DIRECT_OFF = 'Direct uploads to storage are not enabled.';
const ALREADY_DONE = 'This upload is already complete.';

/**
 * Browsers uploading straight to the bucket (spec 2 §4, §7): simple presigned PUTs and S3
 * multipart. The server signs, remembers who started each upload (only they may sign, list,
 * complete or abort it), and makes the entry only after HeadObject shows the bytes arrived.
 */
export function createDirectUploadsService(deps: {
  storage: Storage;
  settings: Pick<SettingsService, 'get'>;
  fileEntries: FileEntriesService;
  pending: PendingUploadsRepository;
}) {
  const { storage, fileEntries, pending } = deps;

  async function bucket() {
    if (!isS3Storage(storage) || !(await deps.settings.get('uploads.s3_direct_upload'))) {
      throw notFound(DIRECT_OFF);
    }
    return storage;
  }

  async function sessionOf(user: User, key: string, uploadId: string): Promise<PendingUpload> {
    const session = await pending.byKey(key, user.id);
    if (!session || session.kind !== 'multipart' || session.upload_id !== uploadId) {
      throw notFound('This upload was not found.');
    }
    return session;
  }

  function assertPartsInRange(session: PendingUpload, partNumbers: number[]) {
    const last = multipartPartCount(session.size);
    const outside = partNumbers.find((part) => part > last);
    if (outside !== undefined) {
      throw validationFailed({
        partNumbers: [`Part ${outside} is out of range: this upload has ${last} parts.`],
      });
    }
  }

  return {
    async presignSimple(user: User, input: NewDirectUpload & { extension?: string | undefined }) {
      const s3 = await bucket();
      await fileEntries.assertMayUpload(user, input.filename, input.size);
      const key = fileEntries.newKey();
      await pending.insert({
        kind: 'simple',
        key,
        upload_id: null,
        user_id: user.id,
        client_name: input.filename,
        size: input.size,
      });
      const url = await s3.presignPut(
        key,
        input.mime || 'application/octet-stream',
        PRESIGNED_URL_SECONDS,
      );
      return { url, acl: OBJECT_ACL, key };
    },

    /** After a simple PUT or a completed multipart upload: HeadObject, then the entry. */
    async createEntry(
      user: User,
      input: {
        filename: string;
        clientName: string;
        size: number;
        clientMime?: string | undefined;
        clientExtension?: string | undefined;
        metadata: UploadMetadata;
      },
    ): Promise<FileEntry> {
      const s3 = await bucket();
      const session = await pending.byKey(input.filename, user.id);
      if (!session) throw notFound('This upload was not found.');
      if (session.kind === 'multipart' && !session.completed_at) {
        throw validationFailed({ filename: ['Complete the multipart upload first.'] });
      }
      const info = await s3.stat(session.key);
      if (!info) throw validationFailed({ filename: ['The file has not been uploaded yet.'] });
      if (info.size !== input.size || info.size !== session.size) {
        await s3.delete(session.key);
        await pending.remove(session.id);
        throw validationFailed({ size: ['The uploaded file does not have the size announced.'] });
      }
      await pending.remove(session.id);
      return fileEntries.adopt(user, {
        key: session.key,
        name: input.clientName,
        clientExtension: input.clientExtension ?? null,
        clientMime: input.clientMime ?? null,
        accept: input.metadata.accept,
        parentId: input.metadata.parentId ?? null,
      });
    },

    async createMultipart(user: User, input: NewDirectUpload) {
      const s3 = await bucket();
      await fileEntries.assertMayUpload(user, input.filename, input.size);
      const key = fileEntries.newKey();
      const uploadId = await s3.createMultipart(key, input.mime || 'application/octet-stream');
      await pending.insert({
        kind: 'multipart',
        key,
        upload_id: uploadId,
        user_id: user.id,
        client_name: input.filename,
        size: input.size,
      });
      return { uploadId, key };
    },

    async uploadedParts(user: User, key: string, uploadId: string) {
      const s3 = await bucket();
      await sessionOf(user, key, uploadId);
      return { parts: await s3.listParts(key, uploadId) };
    },

    async signParts(user: User, key: string, uploadId: string, partNumbers: number[]) {
      const s3 = await bucket();
      const session = await sessionOf(user, key, uploadId);
      if (session.completed_at) throw conflict(ALREADY_DONE);
      assertPartsInRange(session, partNumbers);
      const urls = await Promise.all(
        partNumbers.map(async (partNumber) => ({
          partNumber,
          url: await s3.presignPart(key, uploadId, partNumber, PRESIGNED_URL_SECONDS),
        })),
      );
      return { urls };
    },

    async complete(
      user: User,
      key: string,
      uploadId: string,
      parts: { ETag: string; PartNumber: number }[],
    ) {
      const s3 = await bucket();
      const session = await sessionOf(user, key, uploadId);
      if (session.completed_at) throw conflict(ALREADY_DONE);
      assertPartsInRange(
        session,
        parts.map((part) => part.PartNumber),
      );
      try {
        const location = await s3.completeMultipart(key, uploadId, parts);
        await pending.markCompleted(session.id);
        return { location };
      } catch (error) {
        const name = (error as { name?: string }).name ?? '';
        if (/InvalidPart|EntityTooSmall|NoSuchUpload|MalformedXML/.test(name)) {
          throw validationFailed({ parts: ['The parts do not match what was uploaded.'] });
        }
        throw error;
      }
    },

    async abort(user: User, key: string, uploadId: string) {
      const s3 = await bucket();
      const session = await sessionOf(user, key, uploadId);
      await s3.abortMultipart(key, uploadId);
      await pending.remove(session.id);
      return { aborted: true as const };
    },

    /** Forgets direct uploads nobody finished within a day, and their parts. */
    async pruneAbandoned(now = new Date()): Promise<number> {
      const stale = await pending.olderThan(new Date(now.getTime() - TUS_UPLOAD_EXPIRY_MS));
      for (const session of stale) {
        if (isS3Storage(storage)) {
          if (session.kind === 'multipart' && session.upload_id && !session.completed_at) {
            await storage.abortMultipart(session.key, session.upload_id);
          } else {
            await storage.delete(session.key);
          }
        }
        await pending.remove(session.id);
      }
      return stale.length;
    },
  };
}

export type DirectUploadsService = ReturnType<typeof createDirectUploadsService>;
