import {
  addLibraryFolder,
  listLibraryFolders,
  removeLibraryFolder,
  scanLibraryFolder,
  setLibraryFolderAccess,
} from '@backbeat/common/contracts';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { RoutesPlugin } from '../../http/types.ts';
import { adminOnly } from '../../resources/define-resource.ts';

/** Library folders in the admin area (issue 18): settings.update plus admin.access. */
export const libraryFoldersAdminRoutes: RoutesPlugin = async (app) => {
  const folders = app.services.libraryFolders;
  const admin = adminOnly();
  registerEndpoint(app, listLibraryFolders, async () => ({ folders: await folders.list() }), admin);
  registerEndpoint(
    app,
    addLibraryFolder,
    async (request) => ({ folder: await folders.add(request.body) }),
    admin,
  );
  registerEndpoint(
    app,
    scanLibraryFolder,
    async (request) => ({ folder: await folders.requestScan(request.params.id) }),
    admin,
  );
  registerEndpoint(
    app,
    setLibraryFolderAccess,
    async (request) => {
      const folder = await folders.setAccess(request.params.id, request.body);
      // Those chosen (or no longer chosen) see the change at once, not after the caches' TTL.
      app.services.catalog.forgetViewers();
      app.services.catalogResponses.clear();
      return { folder };
    },
    admin,
  );
  registerEndpoint(
    app,
    removeLibraryFolder,
    async (request) => ({ folder: await folders.remove(request.params.id) }),
    admin,
  );
};
