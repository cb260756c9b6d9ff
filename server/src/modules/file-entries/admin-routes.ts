import { filesResource } from '@backbeat/common/admin/files';
import { getAdminStorageUsage } from '@backbeat/common/contracts';
import { sql } from 'kysely';
import { startsWith } from '../../db/like.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { defineResource, adminOnly } from '../../resources/define-resource.ts';
import type { ResourceRow } from '../../resources/repository.ts';
import { createFilesAdminRepository } from './admin-repository.ts';

const STORAGE_USERS_SHOWN = 50;

/**
 * Admin files (spec 2 §2 files, §6 files.update): every entry with its owner, size, type and
 * uses; deleting one removes its bytes (the confirmation names what refers to it).
 */
const filesAdminResource = defineResource(filesResource, {
  table: 'file_entries',
  columns: [
    'id',
    'name',
    'path',
    'disk',
    'file_size',
    'mime',
    'extension',
    'created_at',
    'deleted_at',
    'user_id',
  ],
  search: ['name', 'extension'],
  filters: {
    kind: (kind) => (eb) => {
      const mime = sql.ref('mime');
      return kind === 'other'
        ? eb.or([
            eb('mime', 'is', null),
            eb.and(['audio', 'image', 'video'].map((type) => eb.not(startsWith(mime, `${type}/`)))),
          ])
        : startsWith(mime, `${kind}/`);
    },
    owner: (userId) => (eb) => eb('user_id', '=', userId),
  },
  hooks: (app) => {
    const repo = createFilesAdminRepository(app.services.database.db);
    return {
      async present(rows: ResourceRow[]) {
        const [owners, uses] = await Promise.all([
          repo.ownerNames(rows.map((row) => Number(row.user_id)).filter(Boolean)),
          repo.uses(rows.map((row) => ({ id: row.id, path: String(row.path) }))),
        ]);
        return rows.map((row) => ({
          ...row,
          file_size: Number(row.file_size),
          owner: owners.get(Number(row.user_id)) ?? null,
          uses: uses.get(row.id) ?? [],
        }));
      },
      delete: (ids) => app.services.fileEntries.removeForever(ids),
      async impact(ids) {
        const rows = await repo.paths(ids);
        const uses = [...(await repo.uses(rows)).values()].flat();
        const count = (type: string) => uses.filter((use) => use.type === type).length;
        return [
          {
            what: ':count track loses its audio|:count tracks lose their audio',
            count: count('track'),
          },
          {
            what: ':count image in use goes blank|:count images in use go blank',
            count: uses.length - count('track'),
          },
        ].filter((item) => item.count > 0);
      },
    };
  },
});

export const filesAdminRoutes: RoutesPlugin = async (app) => {
  await app.register(filesAdminResource);
  const repo = createFilesAdminRepository(app.services.database.db);
  registerEndpoint(
    app,
    getAdminStorageUsage,
    async () => repo.storagePerUser(STORAGE_USERS_SHOWN),
    adminOnly(),
  );
};
