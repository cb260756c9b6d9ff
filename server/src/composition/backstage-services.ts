import type { FileEntry, User } from '@backbeat/common';
import type { Db } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import { readAudioTags } from '../modules/backstage/audio-tags.ts';
import { createDrafts } from '../modules/backstage/drafts.ts';
import { createBackstageMusicRepository } from '../modules/backstage/music-repository.ts';
import { createBackstageMusicService } from '../modules/backstage/music-service.ts';
import { createMusicPolicy } from '../modules/backstage/policy.ts';
import type { MusicDeps } from '../modules/backstage/ports.ts';
import { createBackstageRequestsRepository } from '../modules/backstage/requests-repository.ts';
import { createBackstageRequestsService } from '../modules/backstage/requests-service.ts';
import type { BackstageRequestsService } from '../modules/backstage/requests-service.ts';
import { createCatalogWriter, type CatalogWritePorts } from '../modules/catalog-writes/service.ts';

type Ports = Omit<MusicDeps, 'repository' | 'policy' | 'readTags' | 'writer'> &
  Omit<CatalogWritePorts, 'afterChange' | 'purgeFiles'> & {
    storage: Pick<Storage, 'read'>;
    users: Parameters<typeof createBackstageRequestsService>[0]['users'];
  };

/**
 * Backstage's services: the music policy, the editors, drafts and the request queue, and the
 * catalog's write model they (and library folders) write through.
 */
export function createBackstageServices(db: Db, ports: Ports) {
  const repository = createBackstageMusicRepository(db);
  const requestsRepository = createBackstageRequestsRepository(db);
  const policy = createMusicPolicy({ members: requestsRepository, music: repository });
  const { library: libraryCatalog, ...writer } = createCatalogWriter(ports);
  const deps: MusicDeps = {
    ...ports,
    repository,
    writer,
    policy,
    readTags: (entry: FileEntry) =>
      entry.mime?.startsWith('audio/')
        ? readAudioTags(ports.storage.read(entry.path), entry.mime).catch(() => null)
        : Promise.resolve(null),
  };
  const music = createBackstageMusicService(deps);
  const drafts = createDrafts(deps, (ids) => Promise.all(ids.map((id) => music.track(id))), {
    addMember: (artistId, userId) =>
      requestsRepository.addMember(artistId, userId, 'owner', new Date().toISOString()),
  });
  const requests: BackstageRequestsService = createBackstageRequestsService({
    repository: requestsRepository,
    music: repository,
    writer,
    users: ports.users,
    fileEntry: ports.fileEntry,
    notifications: ports.notifications,
    afterChange: ports.afterChange,
  });
  return {
    /** Who may edit what: other modules take `Pick<>`s of this (canManageArtist, …). */
    musicPolicy: policy,
    backstageMusic: {
      ...music,
      createDrafts: (user: User, ids: number[]) => drafts(user, ids),
    },
    backstageRequests: requests,
    /** Library folders write their tracks through this (issue 18). */
    libraryCatalog,
  };
}
