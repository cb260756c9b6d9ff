import { z } from 'zod';
import { idParamsSchema } from '../catalog/schemas.ts';
import { endpoint } from '../contract.ts';
import { pagedList } from '../paged-list.ts';
import { MEDIA_PROCESSING_STATUSES } from '../uploads/media.ts';
import { idFilter, resource } from '../resource.ts';

/*
 * Admin files (spec 2 §2, §6 files.update): every file entry with its owner, size, type and
 * where it is used; delete (the bytes go too); storage used per user.
 */

const ref = z.object({ id: z.number(), name: z.string() });

export const FILE_KINDS = ['audio', 'image', 'video', 'other'] as const;

export const adminFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  disk: z.string(),
  file_size: z.number(),
  mime: z.string().nullable(),
  extension: z.string().nullable(),
  created_at: z.string(),
  /** Moved to the trash by its owner (still stored until deleted for good). */
  deleted_at: z.string().nullable(),
  owner: ref.nullable(),
  /** What refers to the file: a track's audio, an artwork… */
  uses: z.array(
    z.object({
      type: z.enum(['track', 'album', 'artist', 'user']),
      id: z.number(),
      name: z.string(),
    }),
  ),
});
export type AdminFile = z.infer<typeof adminFileSchema>;

const none = z.object({});

export const filesResource = resource({
  name: 'files',
  item: 'file',
  access: { view: 'files.update', manage: 'files.update' },
  schemas: { row: adminFileSchema, create: none, update: none },
  sort: ['name', 'file_size', 'created_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { kind: z.enum(FILE_KINDS), owner: idFilter() },
  operations: [],
});

export const storagePerUserSchema = z.object({
  users: z.array(z.object({ user: ref.nullable(), files: z.number(), bytes: z.number() })),
  total: z.object({ files: z.number(), bytes: z.number() }),
});
export type StoragePerUser = z.infer<typeof storagePerUserSchema>;

/** The heaviest users first (at most 50), and the total. */
export const getAdminStorageUsage = endpoint({
  method: 'GET',
  path: '/api/v1/admin/files-storage',
  access: 'files.update',
  summary: 'Storage used per user, heaviest first (needs admin.access too)',
  tags: ['admin: files'],
  response: storagePerUserSchema,
});

/*
 * Media jobs (issue 35.7): audio entries whose processing failed, with the reason, and a
 * retry that queues the pipeline again.
 */
export const failedMediaJobSchema = z.object({
  /** The file entry's id (one media job per entry). */
  id: z.number(),
  name: z.string(),
  owner: ref.nullable(),
  file_size: z.number(),
  error: z.string().nullable(),
  failed_at: z.string(),
});
export type FailedMediaJob = z.infer<typeof failedMediaJobSchema>;

export const listFailedMediaJobs = pagedList(failedMediaJobSchema, {
  path: '/api/v1/admin/media-jobs/failed',
  access: 'files.update',
  summary: 'Audio files whose processing failed, newest first (needs admin.access too)',
  tags: ['admin: files'],
});

export const retryMediaJob = endpoint({
  method: 'POST',
  path: '/api/v1/admin/media-jobs/:id/retry',
  access: 'files.update',
  summary: 'Queues the processing of a failed audio file again (needs admin.access too)',
  tags: ['admin: files'],
  params: idParamsSchema,
  response: z.object({ status: z.enum(MEDIA_PROCESSING_STATUSES) }),
});
