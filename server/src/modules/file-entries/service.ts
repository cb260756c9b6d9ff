import { randomBytes } from 'node:crypto';
import {
  SPACE_RESTRICTION,
  UPLOAD_MESSAGES,
  UPLOAD_PERMISSION,
  hasPermission,
  disguisedAudio,
  isAudioUpload,
  isOverQuota,
  mediaAnalysisSchema,
  pendingMediaAnalysis,
  type FileEntry,
  type MediaAnalysis,
  type User,
} from '@backbeat/common';
import { notFound, validationFailed } from '../../lib/domain-errors.ts';
import { pageWindow, paginate } from '../../lib/pagination.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileEntriesRepository, FileEntryRow } from './repository.ts';
import { sizeProblem, sniffType, typeProblem, type UploadRules } from './restrictions.ts';

/** What is known about a stored object that is about to become an entry. */
export interface AdoptInput {
  key: string;
  /** The client's file name: shown, never used as a path. */
  name: string;
  clientExtension?: string | null;
  clientMime?: string | null;
  /** Types the caller wants (e.g. `audio/*`); they narrow the site's rules. */
  accept?: string[];
  parentId?: number | null;
}

const cleanExtension = (value: string | null | undefined) => {
  const extension = value?.trim().toLowerCase().replace(/^\./, '') ?? '';
  return /^[a-z0-9]{1,20}$/.test(extension) ? extension : null;
};
const cleanMime = (value: string | null | undefined) =>
  value && /^[\w.+-]+\/[\w.+-]+$/.test(value.trim()) ? value.trim().toLowerCase() : null;
/**
 * The type a client declared, kept only for bytes no sniffer recognises and never when it
 * claims audio or video: those are decided by the bytes alone (a track streams with this
 * type, and HTML declared `audio/mpeg` would otherwise become one).
 */
const declaredMime = (value: string | null | undefined) => {
  const mime = cleanMime(value);
  return mime && !/^(audio|video)\//.test(mime) ? mime : null;
};

export function fileEntryUrl(id: number): string {
  return `api/v1/file-entries/${id}`;
}

/** The stored analysis of an audio entry; null for other files. */
export function mediaOf(row: Pick<FileEntryRow, 'media_status' | 'media'>): MediaAnalysis | null {
  if (!row.media_status) return null;
  if (row.media) {
    try {
      const parsed = mediaAnalysisSchema.safeParse(JSON.parse(row.media));
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable JSON is shown as the bare status below.
    }
  }
  return pendingMediaAnalysis(row.media_status as MediaAnalysis['status']);
}

export function presentFileEntry(row: FileEntryRow): FileEntry {
  const media = mediaOf(row);
  return {
    id: row.id,
    name: row.name,
    file_size: Number(row.file_size),
    mime: row.mime,
    extension: row.extension,
    path: row.path,
    url: fileEntryUrl(row.id),
    updated_at: new Date(row.updated_at).toISOString(),
    ...(media ? { media } : {}),
  };
}

export type FileEntriesService = ReturnType<typeof createFileEntriesService>;

/** Whether `size` more bytes fit the user's space: over quota once the used space reaches it. */
function fitsSpace(user: User, size: number, used: number): boolean {
  const viewer = { user, guestPermissions: [] };
  return !(
    isOverQuota(viewer, UPLOAD_PERMISSION, SPACE_RESTRICTION, used) ||
    isOverQuota(viewer, UPLOAD_PERMISSION, SPACE_RESTRICTION, used + size - 1)
  );
}

const overQuota = () => validationFailed({ file: [UPLOAD_MESSAGES.overQuota] });

/**
 * File entries: every upload path ends here. The bytes are already stored under a key the
 * server chose; this checks them by content against the site's rules and the user's space,
 * and either records the entry or removes the bytes, so nothing half-accepted remains.
 */
export function createFileEntriesService(deps: {
  repository: FileEntriesRepository;
  storage: Storage;
  settings: Pick<SettingsService, 'get'>;
  disk: string;
  /** Queues the media pipeline for a newly stored audio entry. */
  processAudio?: (entryId: number) => Promise<void>;
  log?: (message: string, error: unknown) => void;
}) {
  const { repository, storage, settings } = deps;

  async function rules(): Promise<UploadRules> {
    return {
      maxSize: await settings.get('uploads.max_size'),
      allowed: await settings.get('uploads.allowed_extensions'),
      blocked: await settings.get('uploads.blocked_extensions'),
    };
  }

  const canManageAll = (user: User) =>
    hasPermission({ user, guestPermissions: [] }, 'files.update');

  return {
    rules,
    disk: deps.disk,
    /** Files uploaded per UTC day of a range (the admin dashboard). */
    uploadsPerDay: (from: string, to: string) => repository.createdPerDay(from, to),
    storedTotal: () => repository.storedTotal(),

    /** A fresh storage key for an upload; random, so no client name ever reaches a path. */
    newKey(prefix = 'uploads'): string {
      return `${prefix}/${randomBytes(16).toString('hex')}`;
    },

    /**
     * Refuses, before any byte is kept, a file over the size limit or one that would not fit
     * the user's space (over quota when the space used is at or above the restriction).
     */
    async assertMayUpload(user: User, name: string, size: number): Promise<void> {
      const tooLarge = sizeProblem(await rules(), name, size);
      if (tooLarge) throw validationFailed({ file: [tooLarge] });
      if (!fitsSpace(user, size, await repository.usedSpace(user.id))) throw overQuota();
    },

    /** Turns stored bytes into an entry, or removes them and answers 422 when they break a rule. */
    async adopt(user: User, input: AdoptInput): Promise<FileEntry> {
      const info = await storage.stat(input.key);
      if (!info) throw notFound('The upload was not found.');
      try {
        await this.assertMayUpload(user, input.name, info.size);
        const sniffed = info.size > 0 ? await sniffType(storage.read(input.key)) : null;
        const clientExtension = cleanExtension(input.clientExtension);
        const problem = typeProblem(await rules(), sniffed, clientExtension, input.accept);
        if (problem) throw validationFailed({ file: [problem] });
        const namedExtension = clientExtension ?? cleanExtension(input.name.split('.').pop());
        if (info.size > 0 && disguisedAudio(sniffed?.mime ?? null, namedExtension)) {
          throw validationFailed({ file: [UPLOAD_MESSAGES.notAudio.replace(':file', input.name)] });
        }
        if (input.parentId) {
          const [parent] = await repository.find([input.parentId], [], user.id);
          if (!parent) throw validationFailed({ parentId: ['The folder was not found.'] });
        }
        const extension = sniffed?.ext ?? clientExtension;
        const audio = isAudioUpload(sniffed?.mime ?? null, clientExtension);
        // Checked again as the entry is made, in one step: uploads finishing together all
        // passed the check above while none of them was counted yet.
        const row = await repository.insertIfFits(
          {
            name: input.name.slice(0, 255) || 'file',
            path: input.key,
            disk: deps.disk,
            file_size: info.size,
            mime: sniffed?.mime ?? declaredMime(input.clientMime),
            extension,
            user_id: user.id,
            parent_id: input.parentId ?? null,
            media_status: audio ? 'pending' : null,
          },
          (used) => fitsSpace(user, info.size, used),
        );
        if (!row) throw overQuota();
        if (audio && deps.processAudio) {
          // The entry exists either way; a queue that is down leaves it pending, not lost.
          await deps.processAudio(row.id).catch((error: unknown) => {
            deps.log?.('could not queue media processing', error);
          });
        }
        return presentFileEntry(row);
      } catch (error) {
        await storage.delete(input.key).catch(() => {});
        throw error;
      }
    },

    /** An entry this user may see and that is not in the trash; any other is not found. */
    async visibleEntry(user: User, id: number): Promise<FileEntryRow> {
      const [row] = await repository.find([id], [], canManageAll(user) ? null : user.id);
      if (!row || row.deleted_at) throw notFound();
      return row;
    },

    /** Deletes entries and their bytes for good, whoever owns them (their track was deleted). */
    async purge(ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      const rows = await repository.find(ids, [], null);
      if (!rows.length) return;
      await repository.remove(rows.map((row) => row.id));
      await Promise.all(rows.map((row) => storage.delete(row.path).catch(() => {})));
    },

    /** An entry with its media analysis, for its owner or a files manager; else not found. */
    async details(user: User, id: number): Promise<FileEntry> {
      return presentFileEntry(await this.visibleEntry(user, id));
    },

    /** The stored entry the media pipeline works on (any owner); null when gone. */
    async forProcessing(id: number): Promise<FileEntryRow | null> {
      const row = await repository.byId(id);
      return row && !row.deleted_at && row.media_status ? row : null;
    },

    /** Of these entries (any owner's), those the pipeline marked failed: not audio. */
    async failedAmong(ids: readonly number[]): Promise<Set<number>> {
      const rows = await repository.find(ids, [], null);
      return new Set(rows.filter((row) => row.media_status === 'failed').map((row) => row.id));
    },

    /** Writes the pipeline's result back, with the figures worth querying in their own columns. */
    async recordMedia(id: number, media: MediaAnalysis): Promise<void> {
      await repository.setMedia(id, {
        media_status: media.status,
        media: JSON.stringify(media),
        duration_ms: media.duration_ms,
        loudness_lufs: media.loudness?.integrated_lufs ?? null,
      });
    },

    /** Audio entries the pipeline has not finished (a restart picks them up again). */
    unfinishedMedia: (): Promise<number[]> => repository.unfinishedMediaIds(),

    /** A page of the audio entries whose processing failed, the latest first. */
    async failedMedia(query: { page: number; perPage: number }) {
      const { rows, total } = await repository.failedMediaPage(
        pageWindow(query.page, query.perPage),
      );
      const data = rows.map((row) => ({
        id: row.id,
        name: row.name,
        owner: row.user_id ? { id: row.user_id, name: row.owner_name ?? '' } : null,
        file_size: Number(row.file_size),
        error: mediaOf(row)?.error ?? null,
        failed_at: new Date(row.updated_at).toISOString(),
      }));
      return paginate(data, query.page, query.perPage, total);
    },

    /** Sets a failed entry back to pending for another run; false when it had not failed. */
    resetFailedMedia: (id: number): Promise<boolean> =>
      repository.resetFailedMedia(id, JSON.stringify(pendingMediaAnalysis('pending'))),

    /** Keeps bytes the server made (not a user's upload) as the user's own entry. */
    async storeGenerated(
      userId: number,
      file: { bytes: Buffer; name: string; mime: string; extension: string },
    ): Promise<FileEntry> {
      const key = this.newKey('generated');
      await storage.write(key, file.bytes);
      try {
        const row = await repository.insert({
          name: file.name.slice(0, 255),
          path: key,
          disk: deps.disk,
          file_size: file.bytes.length,
          mime: file.mime,
          extension: file.extension,
          user_id: userId,
          parent_id: null,
        });
        return presentFileEntry(row);
      } catch (error) {
        await storage.delete(key).catch(() => {});
        throw error;
      }
    },

    async visibleEntryByPath(user: User, path: string): Promise<FileEntryRow | null> {
      const [row] = await repository.find([], [path], canManageAll(user) ? null : user.id);
      return row ?? null;
    },

    /** An admin deletes entries for good (any owner's): the rows, then their bytes. */
    async removeForever(ids: readonly number[]): Promise<number> {
      const rows = await repository.find(ids, [], null);
      await repository.remove(rows.map((row) => row.id));
      await Promise.all(rows.map((row) => storage.delete(row.path).catch(() => {})));
      return rows.length;
    },

    /**
     * Moves entries to the trash, or deletes them and their bytes forever. Every id and path
     * must name an entry the user may change; otherwise nothing changes and the answer is 404.
     */
    async delete(
      user: User,
      request: { entryIds: number[]; paths: string[]; deleteForever: boolean },
    ): Promise<number> {
      const rows = await repository.find(
        request.entryIds,
        request.paths,
        canManageAll(user) ? null : user.id,
      );
      const foundIds = new Set(rows.map((row) => row.id));
      const foundPaths = new Set(rows.map((row) => row.path));
      const missing =
        request.entryIds.some((id) => !foundIds.has(id)) ||
        request.paths.some((path) => !foundPaths.has(path));
      if (missing) throw notFound('One or more files were not found.');
      const ids = [...foundIds];
      if (!request.deleteForever) {
        await repository.trash(ids);
        return ids.length;
      }
      await repository.remove(ids);
      await Promise.all(rows.map((row) => storage.delete(row.path).catch(() => {})));
      return ids.length;
    },
  };
}
