import type { Playlist, PlaylistDetails, Track, User } from '@backbeat/common';
import { hasPermission } from '@backbeat/common';
import type { Viewer } from '../catalog/service.ts';
import type { PlaysService } from '../plays/service.ts';
import type { PlaylistsService } from '../playlists/service.ts';
import type { WorkspaceScope } from '../workspaces/scope.ts';
import { idsOf, parseId, requireId } from './ids.ts';
import type { LibraryCalls } from './library-calls.ts';
import { presentPlaylist } from './present.ts';
import { missing, notAuthorized, notFound, type Payload, type SubsonicParams } from './protocol.ts';
import type { SubsonicRepository } from './repository.ts';

/** How long a "now playing" report stays on getNowPlaying without a new one. */
const NOW_PLAYING_MS = 10 * 60_000;

export interface ListenerCallDeps {
  library: Pick<LibraryCalls, 'songs'>;
  catalog: {
    tracks(ids: readonly number[]): Promise<Track[]>;
    /** The tracks the viewer may see, in the given order (catalog/visibility.ts). */
    visibleTracks(ids: readonly number[], viewer: { userId: number | null }): Promise<Track[]>;
  };
  playlists: Pick<
    PlaylistsService,
    | 'getPlaylist'
    | 'inScope'
    | 'collaborating'
    | 'create'
    | 'update'
    | 'delete'
    | 'addTracks'
    | 'removeTracks'
  >;
  plays: Pick<PlaysService, 'log'>;
  repository: Pick<SubsonicRepository, 'playQueue' | 'savePlayQueue'>;
}

export interface ClientContext {
  ip: string;
  userAgent: string | undefined;
  /** The `c` parameter: the app's name. */
  client: string;
}

/** The personal workspace: where a Subsonic client's playlists live. */
const personal = (user: User): WorkspaceScope => ({
  workspaceId: 0,
  userId: user.id,
  role: 'owner',
});

/** Playlists, scrobbles, now playing, the saved play queue and the user's own details. */
export function createListenerCalls(deps: ListenerCallDeps) {
  const nowPlaying = new Map<
    number,
    { trackId: number; at: number; user: string; client: string }
  >();
  const viewerOf = (user: User): Viewer => ({ userId: user.id });

  async function playlistTotals(playlist: Playlist, viewer: Viewer) {
    const details = await deps.playlists.getPlaylist(playlist.id, viewer);
    return {
      details,
      totals: {
        songCount: details.tracks.length,
        durationMs: details.tracks.reduce((sum, track) => sum + track.duration, 0),
        changed: playlist.created_at,
      },
    };
  }

  async function withSongs(user: User, details: PlaylistDetails) {
    const { totals } = await playlistTotals(details, viewerOf(user));
    return {
      playlist: {
        ...presentPlaylist(details, totals),
        entry: await deps.library.songs(user, details.tracks),
      },
    };
  }

  return {
    async getPlaylists(user: User): Promise<Payload> {
      const [own, shared] = await Promise.all([
        deps.playlists.inScope(personal(user)),
        deps.playlists.collaborating(user.id),
      ]);
      const listed = await Promise.all(
        [...own, ...shared].map(async (playlist) => {
          const { totals } = await playlistTotals(playlist, viewerOf(user));
          return presentPlaylist(playlist, totals);
        }),
      );
      return { playlists: { playlist: listed } };
    },

    async getPlaylist(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'id', 'pl');
      return withSongs(user, await deps.playlists.getPlaylist(id, viewerOf(user)));
    },

    /** Creates a playlist, or (with playlistId) replaces an existing one's songs. */
    async createPlaylist(user: User, params: SubsonicParams): Promise<Payload> {
      const songIds = idsOf(params, 'songId', 'tr');
      const existing = params.string('playlistId');
      let id: number;
      if (existing) {
        id = requireId(params, 'playlistId', 'pl');
        const current = await deps.playlists.getPlaylist(id, viewerOf(user));
        const ids = current.tracks.map((track) => track.id);
        if (ids.length) await deps.playlists.removeTracks(personal(user), id, ids);
        const name = params.string('name');
        if (name) await deps.playlists.update(personal(user), id, { name });
      } else {
        const name = params.required('name');
        id = (await deps.playlists.create(personal(user), { name }, user)).id;
      }
      if (songIds.length) await deps.playlists.addTracks(personal(user), id, songIds);
      return withSongs(user, await deps.playlists.getPlaylist(id, viewerOf(user)));
    },

    async updatePlaylist(user: User, params: SubsonicParams): Promise<Payload> {
      const id = requireId(params, 'playlistId', 'pl');
      const scope = personal(user);
      const name = params.string('name');
      const comment = params.string('comment');
      const isPublic = params.string('public');
      if (name !== undefined || comment !== undefined || isPublic !== undefined) {
        await deps.playlists.update(scope, id, {
          ...(name ? { name } : {}),
          ...(comment !== undefined ? { description: comment } : {}),
          ...(isPublic !== undefined ? { is_public: isPublic === 'true' } : {}),
        });
      }
      const removeAt = params.all('songIndexToRemove').map(Number).filter(Number.isInteger);
      if (removeAt.length) {
        const current = await deps.playlists.getPlaylist(id, viewerOf(user));
        const ids = removeAt
          .map((index) => current.tracks[index]?.id)
          .filter((trackId): trackId is number => trackId !== undefined);
        if (ids.length) await deps.playlists.removeTracks(scope, id, ids);
      }
      const add = idsOf(params, 'songIdToAdd', 'tr');
      if (add.length) await deps.playlists.addTracks(scope, id, add);
      return {};
    },

    async deletePlaylist(user: User, params: SubsonicParams): Promise<Payload> {
      await deps.playlists.delete(personal(user), requireId(params, 'id', 'pl'));
      return {};
    },

    /** A finished play counts like one in the web player; otherwise it is "now playing". */
    async scrobble(user: User, params: SubsonicParams, context: ClientContext): Promise<Payload> {
      const ids = idsOf(params, 'id', 'tr');
      if (!ids.length) throw missing('id');
      const seen = await deps.catalog.visibleTracks(ids, { userId: user.id });
      if (!seen.length) throw notFound('Song');
      if (params.bool('submission', true)) {
        for (const track of seen) {
          await deps.plays.log(track.id, {
            userId: user.id,
            listener: `user:${user.id}`,
            ip: context.ip,
            userAgent: context.userAgent,
            source: 'subsonic',
          });
        }
      } else {
        nowPlaying.set(user.id, {
          trackId: seen[seen.length - 1]!.id,
          at: Date.now(),
          user: user.name ?? user.email,
          client: context.client,
        });
      }
      return {};
    },

    async getNowPlaying(user: User): Promise<Payload> {
      const now = Date.now();
      const current = [...nowPlaying.entries()].filter(
        ([, entry]) => now - entry.at < NOW_PLAYING_MS,
      );
      const tracks = new Map(
        (
          await deps.catalog.visibleTracks(
            current.map(([, entry]) => entry.trackId),
            { userId: user.id },
          )
        ).map((track) => [track.id, track]),
      );
      const entries = [];
      for (const [, entry] of current) {
        const track = tracks.get(entry.trackId);
        if (!track) continue;
        const [song] = await deps.library.songs(user, [track]);
        entries.push({
          ...song,
          username: entry.user,
          minutesAgo: Math.floor((now - entry.at) / 60_000),
          playerId: 0,
          playerName: entry.client,
        });
      }
      return { nowPlaying: { entry: entries } };
    },

    async getPlayQueue(user: User): Promise<Payload> {
      const saved = await deps.repository.playQueue(user.id);
      if (!saved) {
        const never = new Date(0).toISOString();
        return { playQueue: { username: user.email, changed: never, changedBy: '', entry: [] } };
      }
      const ids = JSON.parse(saved.track_ids) as number[];
      const tracks = await deps.catalog.visibleTracks(ids, { userId: user.id });
      return {
        playQueue: {
          ...(saved.current_track_id ? { current: `tr-${saved.current_track_id}` } : {}),
          position: Number(saved.position_ms),
          username: user.email,
          changed: new Date(saved.changed_at).toISOString(),
          changedBy: saved.changed_by,
          entry: await deps.library.songs(user, tracks),
        },
      };
    },

    async savePlayQueue(
      user: User,
      params: SubsonicParams,
      context: ClientContext,
    ): Promise<Payload> {
      const trackIds = idsOf(params, 'id', 'tr').slice(0, 1000);
      const current = params.string('current');
      const parsed = current ? parseId(current, 'tr') : null;
      await deps.repository.savePlayQueue(user.id, {
        trackIds,
        current: parsed?.kind === 'tr' ? parsed.id : null,
        positionMs: params.int('position', 0, { min: 0 }),
        client: context.client,
      });
      return {};
    },

    async getUser(user: User, params: SubsonicParams): Promise<Payload> {
      const asked = params.string('username');
      if (asked && asked.toLowerCase() !== user.email.toLowerCase()) {
        throw notAuthorized('A client may only read its own account.');
      }
      const can = (permission: string) => hasPermission({ user, guestPermissions: [] }, permission);
      return {
        user: {
          username: user.email,
          email: user.email,
          scrobblingEnabled: true,
          adminRole: can('admin.access'),
          settingsRole: true,
          downloadRole: can('music.play'),
          uploadRole: can('music.create'),
          playlistRole: true,
          coverArtRole: false,
          commentRole: true,
          podcastRole: false,
          streamRole: can('music.play'),
          jukeboxRole: false,
          shareRole: can('music.play'),
          videoConversionRole: false,
          folder: [1],
        },
      };
    },
  };
}

export type ListenerCalls = ReturnType<typeof createListenerCalls>;
