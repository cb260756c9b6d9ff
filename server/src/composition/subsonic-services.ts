import type { DatabaseHandle } from '../db/database.ts';
import type { Cipher } from '../lib/crypto.ts';
import type { User } from '@backbeat/common';
import { createCatalogBrowseRepository } from '../modules/catalog/browse-repository.ts';
import { createCatalogBrowse } from '../modules/catalog/browse-service.ts';
import { createAccountCalls } from '../modules/subsonic/account-calls.ts';
import { createAppPasswordsService } from '../modules/subsonic/app-passwords.ts';
import { createBookmarksRepository } from '../modules/subsonic/bookmarks-repository.ts';
import { createBrowseCalls } from '../modules/subsonic/browse-calls.ts';
import { createSubsonicAuth } from '../modules/subsonic/auth.ts';
import type { IdKind } from '../modules/subsonic/ids.ts';
import { createLibraryCalls } from '../modules/subsonic/library-calls.ts';
import { createListenerCalls } from '../modules/subsonic/listener-calls.ts';
import { createSubsonicRepository } from '../modules/subsonic/repository.ts';
import { createShareCalls } from '../modules/subsonic/share-calls.ts';
import { createUserCalls, type UserCallDeps } from '../modules/subsonic/user-calls.ts';
import { createSharesRepository } from '../modules/shares/repository.ts';
import { createSharesService } from '../modules/shares/service.ts';
import { createInternetRadioRepository } from '../modules/internet-radio/repository.ts';
import { createInternetRadioService } from '../modules/internet-radio/service.ts';
import type { createMusicServices } from './music-services.ts';

type MusicServices = ReturnType<typeof createMusicServices>;

/**
 * OpenSubsonic: its sign-in, its calls over the catalog and library, and app passwords; and
 * the share links and internet radio stations it and the web app both serve.
 */
export function createSubsonicServices(
  database: DatabaseHandle,
  deps: {
    music: MusicServices;
    cipher: Cipher;
    siteAddress: { current(): Promise<string | null> };
    accessTokens: { authenticate(token: string): Promise<number | null> };
    users: Parameters<typeof createSubsonicAuth>[0]['users'] &
      Parameters<typeof createAccountCalls>[0]['users'] & {
        signInRevoked(userId: number): void;
        publicProfile(id: number): Promise<{ name: string } | null>;
      };
    userAdmin: UserCallDeps['userAdmin'];
    libraryFolders: Parameters<typeof createAccountCalls>[0]['libraryFolders'];
  },
) {
  const { music } = deps;
  const repository = createSubsonicRepository(database.db);
  const browse = createCatalogBrowse({
    repository: createCatalogBrowseRepository(database.db, database.dialect),
    catalog: music.catalog,
  });
  const library = createLibraryCalls({
    browse,
    catalog: music.catalog,
    search: music.search,
    likes: music.library,
    radio: music.radio,
    repository,
    answers: music.catalogResponses,
    siteAddress: deps.siteAddress,
    plays: music.plays,
  });
  const listener = createListenerCalls({
    library,
    catalog: music.catalog,
    playlists: music.playlists,
    plays: music.plays,
    repository,
  });

  const browseCalls = createBrowseCalls({
    library,
    browse,
    catalog: music.catalog,
    search: music.search,
    radio: music.radio,
  });
  const account = createAccountCalls({
    library,
    listener,
    catalog: music.catalog,
    bookmarks: createBookmarksRepository(database.db),
    libraryFolders: deps.libraryFolders,
    users: deps.users,
  });
  const shares = createSharesService({
    repository: createSharesRepository(database.db),
    catalog: music.catalog,
    playlists: music.playlists,
    ownerName: async (userId) => (await deps.users.publicProfile(userId))?.name ?? null,
  });
  const internetRadio = createInternetRadioService({
    repository: createInternetRadioRepository(database.db),
  });
  const shareCalls = createShareCalls({ library, shares, radioStations: internetRadio });

  /** The image a cover art id points at, if the user may see that item. */
  async function coverImage(item: { kind: IdKind; id: number }, user: User) {
    const viewer = { userId: user.id };
    switch (item.kind) {
      case 'ar':
        return (await music.catalog.artists([item.id], viewer))[0]?.image ?? null;
      case 'al':
        return (await music.catalog.album(item.id, viewer))?.image ?? null;
      case 'tr':
        return (await music.catalog.track(item.id, viewer))?.image ?? null;
      case 'pl':
        return (await music.playlists.getPlaylist(item.id, viewer)).image;
    }
  }

  return {
    browse,
    shares,
    internetRadio,
    subsonic: {
      shareCalls,
      userCalls: createUserCalls({ userAdmin: deps.userAdmin, users: deps.users }),
      auth: createSubsonicAuth({
        repository,
        cipher: deps.cipher,
        accessTokens: deps.accessTokens,
        users: deps.users,
      }),
      library,
      listener,
      browse: browseCalls,
      account,
      coverImage,
      appPasswords: createAppPasswordsService({
        repository,
        cipher: deps.cipher,
        revoked: (userId) => deps.users.signInRevoked(userId),
      }),
    },
  };
}
