import { createBackup, listBackups } from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';
import { presentBackup as present } from './present.ts';

/** Backups in the admin area (issue 39.3): the list of those made, and one made now. */
export const backupsAdminRoutes: RoutesPlugin = async (app) => {
  const { backups } = app.services;
  registerEndpoint(
    app,
    listBackups,
    async (request) => {
      const page = await backups.list(request.query);
      return { pagination: { ...page, data: page.data.map(present) } };
    },
    adminOnly(),
  );
  registerEndpoint(
    app,
    createBackup,
    async (request) => ({ backup: present(await backups.createInStorage(request.body.files)) }),
    adminOnly(),
  );
};
