import type { LibraryFolder, Track, User } from '@backbeat/common';
import {
  hasPermission,
  SUBSONIC_BOOKMARK_COMMENT_MAX,
  SUBSONIC_ERRORS,
  SUBSONIC_MAX_PAGE,
} from '@backbeat/common';
import type { FastifyRequest } from 'fastify';
import { requireId } from './ids.ts';
import type { LibraryCalls } from './library-calls.ts';
import type { ListenerCalls } from './listener-calls.ts';
import type { BookmarksRepository } from './bookmarks-repository.ts';
import {
  notAuthorized,
  notFound,
  SubsonicError,
  SubsonicParams,
  type Payload,
} from './protocol.ts';

/**
 * Bookmarks, the library scan, the user list, API key details and avatars; and the refusal of
 * what Backbeat does not do (podcasts, the jukebox).
 */
export interface AccountCallDeps {
  library: Pick<LibraryCalls, 'songs'>;
  listener: Pick<ListenerCalls, 'getUser'>;
  catalog: {
    visibleTracks(ids: readonly number[], viewer: { userId: number | null }): Promise<Track[]>;
  };
  bookmarks: BookmarksRepository;
  libraryFolders: {
    list(): Promise<LibraryFolder[]>;
    requestScan(id: number): Promise<LibraryFolder>;
  };
  users: {
    firstIds(limit: number): Promise<number[]>;
    findForRequest(id: number): Promise<User | null>;
    findRowByEmail(email: string): Promise<{ id: number } | undefined>;
  };
}

const isAdmin = (user: User) => hasPermission({ user, guestPermissions: [] }, 'admin.access');

/** A parameter set with nothing in it (to present another user with getUser's shape). */
const NO_PARAMS = new SubsonicParams({ query: {} } as FastifyRequest);

export function createAccountCalls(deps: AccountCallDeps) {
  async function scanStatus(): Promise<Payload> {
    const folders = await deps.libraryFolders.list();
    const scanning = folders.some(
      (folder) => folder.status === 'scanning' || folder.status === 'queued',
    );
    // While scanning: the files read so far; else the tracks the folders hold.
    const count = folders.reduce(
      (sum, folder) => sum + (scanning ? folder.last_scan.seen : folder.tracks_count),
      0,
    );
    return { scanStatus: { scanning, count } };
  }

  return {
    async getBookmarks(user: User): Promise<Payload> {
      const rows = await deps.bookmarks.list(user.id);
      const tracks = await deps.catalog.visibleTracks(
        rows.map((row) => row.track_id),
        { userId: user.id },
      );
      const songs = new Map(
        (await deps.library.songs(user, tracks)).map((song, index) => [tracks[index]!.id, song]),
      );
      return {
        bookmarks: {
          bookmark: rows
            .filter((row) => songs.has(row.track_id))
            .map((row) => ({
              position: Number(row.position_ms),
              username: user.email,
              ...(row.comment ? { comment: row.comment } : {}),
              created: new Date(row.created_at).toISOString(),
              changed: new Date(row.changed_at).toISOString(),
              entry: songs.get(row.track_id),
            })),
        },
      };
    },

    async createBookmark(user: User, params: SubsonicParams, client: string): Promise<Payload> {
      const id = requireId(params, 'id', 'tr');
      params.required('position');
      const positionMs = params.int('position', 0, { min: 0 });
      const [track] = await deps.catalog.visibleTracks([id], { userId: user.id });
      if (!track) throw notFound('Song');
      const comment = params.string('comment')?.trim().slice(0, SUBSONIC_BOOKMARK_COMMENT_MAX);
      await deps.bookmarks.save(user.id, id, { positionMs, comment: comment || null, client });
      return {};
    },

    async deleteBookmark(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'tr');
      if (!(await deps.bookmarks.delete(user.id, id))) throw notFound('Bookmark');
      return {};
    },

    getScanStatus: (): Promise<Payload> => scanStatus(),

    /** Rescans every library folder (admins only, as on Navidrome). */
    async startScan(user: User): Promise<Payload> {
      if (!isAdmin(user)) throw notAuthorized('Only an admin may start a scan.');
      for (const folder of await deps.libraryFolders.list()) {
        if (folder.status !== 'removing') await deps.libraryFolders.requestScan(folder.id);
      }
      return scanStatus();
    },

    /** Every account, as getUser shows one (admins only). */
    async getUsers(user: User): Promise<Payload> {
      if (!isAdmin(user)) throw notAuthorized('Only an admin may list the users.');
      const users = [];
      for (const id of await deps.users.firstIds(SUBSONIC_MAX_PAGE)) {
        const found = await deps.users.findForRequest(id);
        if (!found) continue;
        users.push(((await deps.listener.getUser(found, NO_PARAMS)) as { user: unknown }).user);
      }
      return { users: { user: users } };
    },

    /** The API key's account (apiKeyAuthentication); other sign-ins have no key to describe. */
    tokenInfo(user: User, params: SubsonicParams): Payload {
      if (!params.string('apiKey')) {
        throw new SubsonicError(
          SUBSONIC_ERRORS.authMechanismNotSupported,
          'tokenInfo describes an API key: sign in with apiKey.',
        );
      }
      return { tokenInfo: { username: user.email } };
    },

    /** Whose avatar a user may fetch: their own; an admin any account's. */
    async avatarOwner(user: User, params: SubsonicParams): Promise<User> {
      const name = params.required('username').trim().toLowerCase();
      if (name === user.email.toLowerCase()) return user;
      if (!isAdmin(user)) throw notFound('User');
      const row = await deps.users.findRowByEmail(name);
      const found = row ? await deps.users.findForRequest(row.id) : null;
      if (!found) throw notFound('User');
      return found;
    },
  };
}

/** Podcasts and the jukebox: every account lacks the role (getUser says podcastRole false). */
export const UNSUPPORTED_CALLS = {
  podcasts: [
    'getPodcasts',
    'getNewestPodcasts',
    'getPodcastEpisode',
    'refreshPodcasts',
    'createPodcastChannel',
    'deletePodcastChannel',
    'deletePodcastEpisode',
    'downloadPodcastEpisode',
  ],
  jukebox: ['jukeboxControl'],
} as const;

export const unsupported = (what: 'podcasts' | 'jukebox') =>
  new SubsonicError(
    SUBSONIC_ERRORS.notAuthorized,
    what === 'podcasts'
      ? 'Podcasts are not supported by this server.'
      : 'The jukebox is not supported by this server.',
  );

export type AccountCalls = ReturnType<typeof createAccountCalls>;
