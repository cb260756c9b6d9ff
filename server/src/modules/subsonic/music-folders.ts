import type { User } from '@backbeat/common';
import type { FolderScope } from '../catalog/list-orders.ts';
import type { CatalogBrowse } from '../catalog/browse-service.ts';
import { notFound, type SubsonicParams } from './protocol.ts';

/** Music that came from no library folder (uploads and the site's own) is music folder 1. */
export const UPLOADS_FOLDER = { id: 1, name: 'Uploads' } as const;

/** A library folder's music folder id: its own id plus one, so it never changes. */
export const musicFolderIdOf = (libraryFolderId: number) => libraryFolderId + 1;

/**
 * OpenSubsonic music folders (issue 18): "Uploads" and each library folder the user may see;
 * `musicFolderId` narrows a call to one of them.
 */
export function createMusicFolders(browse: Pick<CatalogBrowse, 'folders'>) {
  return {
    async list(user: User) {
      const folders = await browse.folders({ userId: user.id });
      return [
        UPLOADS_FOLDER,
        ...folders.map((folder) => ({ id: musicFolderIdOf(folder.id), name: folder.name })),
      ];
    },

    /**
     * The folder a call asks for (undefined: every folder; null: uploads). An unknown folder,
     * or one the user may not see, is "not found" (70).
     */
    async scope(user: User, params: SubsonicParams): Promise<FolderScope> {
      const raw = params.string('musicFolderId')?.trim();
      if (raw === undefined || raw === '') return undefined;
      if (!/^\d{1,10}$/.test(raw)) throw notFound('Music folder');
      const id = Number(raw);
      if (id === UPLOADS_FOLDER.id) return null;
      const folders = await browse.folders({ userId: user.id });
      const found = folders.find((folder) => musicFolderIdOf(folder.id) === id);
      if (!found) throw notFound('Music folder');
      return found.id;
    },
  };
}
