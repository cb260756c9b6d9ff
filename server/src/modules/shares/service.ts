import { randomBytes } from 'node:crypto';
import {
  SHARE_PAGE_PATH,
  SHARE_TOKEN_BYTES,
  type CreateShareInput,
  type PublicShare,
  type Share,
  type ShareItem,
  type Track,
  type UpdateShareInput,
} from '@backbeat/common';
import { notFound, validationFailed } from '../../lib/domain-errors.ts';
import type { Viewer } from '../catalog/service.ts';
import type { ShareRow, SharesRepository } from './repository.ts';

/** What a share's items are made of, as the owner may see them. */
interface Resolved {
  title: string | null;
  image: string | null;
  tracks: Track[];
}

export interface SharesDeps {
  repository: SharesRepository;
  catalog: {
    visibleTracks(ids: readonly number[], viewer: Viewer): Promise<Track[]>;
    album(
      id: number,
      viewer: Viewer,
    ): Promise<{ name: string; image: string | null; tracks: Track[] } | null>;
  };
  playlists: {
    getPlaylist(
      id: number,
      viewer: Viewer,
    ): Promise<{ name: string; image: string | null; tracks: Track[] }>;
  };
  /** The owner's public name; null when the account is gone or suspended. */
  ownerName(userId: number): Promise<string | null>;
  now?: () => Date;
}

const parseItems = (row: ShareRow) => JSON.parse(row.items) as ShareItem[];

/**
 * Share links (issue 38, item 2): a listener shares tracks, an album or a playlist as a page
 * anyone with the link may open and play until it expires. What the page shows is what the
 * owner may see now, so music made private later drops out of the share. Only the owner
 * sees, changes or deletes a share (anyone else: not found).
 */
export function createSharesService(deps: SharesDeps) {
  const { repository } = deps;
  const now = () => deps.now?.() ?? new Date();
  const isExpired = (row: ShareRow) =>
    row.expires_at !== null && new Date(row.expires_at).getTime() <= now().getTime();

  async function resolve(items: ShareItem[], viewer: Viewer): Promise<Resolved> {
    const tracks: Track[] = [];
    const names: string[] = [];
    let image: string | null = null;
    for (const item of items) {
      if (item.type === 'track') {
        const [track] = await deps.catalog.visibleTracks([item.id], viewer);
        if (!track) continue;
        names.push(track.name);
        tracks.push(track);
        image ??= track.image;
      } else {
        const found =
          item.type === 'album'
            ? await deps.catalog.album(item.id, viewer)
            : await deps.playlists.getPlaylist(item.id, viewer).catch(() => null);
        if (!found) continue;
        names.push(found.name);
        tracks.push(...found.tracks);
        image ??= found.image ?? found.tracks[0]?.image ?? null;
      }
    }
    const seen = new Set<number>();
    const unique = tracks.filter((track) => !seen.has(track.id) && seen.add(track.id));
    return { title: names.length === 1 ? names[0]! : null, image, tracks: unique };
  }

  function present(row: ShareRow, resolved: Resolved): Share {
    return {
      id: row.id,
      token: row.token,
      path: `${SHARE_PAGE_PATH}/${row.token}`,
      items: parseItems(row),
      title: resolved.title,
      track_count: resolved.tracks.length,
      description: row.description,
      expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      visit_count: Number(row.visit_count),
      last_visited_at: row.last_visited_at ? new Date(row.last_visited_at).toISOString() : null,
      created_at: new Date(row.created_at).toISOString(),
    };
  }

  function futureExpiry(expires: string | null | undefined): string | null | undefined {
    if (expires === undefined || expires === null) return expires;
    const at = new Date(expires);
    if (at.getTime() <= now().getTime()) {
      throw validationFailed({ expires_at: ['The expiry must be in the future.'] });
    }
    return at.toISOString();
  }

  async function owned(userId: number, id: number): Promise<ShareRow> {
    const row = await repository.byId(id);
    if (!row || row.user_id !== userId) throw notFound('Share not found.');
    return row;
  }

  /** The live share behind a link, or not found (expired shares too, when `live`). */
  async function byToken(token: string): Promise<ShareRow> {
    const row = await repository.byToken(token);
    if (!row || !(await deps.ownerName(row.user_id))) throw notFound('Share not found.');
    return row;
  }

  const service = {
    isExpired,

    /** The owner's shares, newest first, each with its tracks (as the owner sees them). */
    async list(userId: number): Promise<{ share: Share; tracks: Track[] }[]> {
      const rows = await repository.ofUser(userId);
      return Promise.all(
        rows.map(async (row) => {
          const resolved = await resolve(parseItems(row), { userId });
          return { share: present(row, resolved), tracks: resolved.tracks };
        }),
      );
    },

    async get(userId: number, id: number): Promise<{ share: Share; tracks: Track[] }> {
      const row = await owned(userId, id);
      const resolved = await resolve(parseItems(row), { userId });
      return { share: present(row, resolved), tracks: resolved.tracks };
    },

    /** Creates a share of what the user may see; naming anything else is not found. */
    async create(userId: number, input: CreateShareInput) {
      const viewer = { userId };
      const items = input.items.filter(
        (item, index) =>
          input.items.findIndex((other) => other.type === item.type && other.id === item.id) ===
          index,
      );
      for (const item of items) {
        const alone = await resolve([item], viewer);
        if (alone.title === null) throw notFound(`The ${item.type} to share was not found.`);
      }
      const row = await repository.insert({
        token: randomBytes(SHARE_TOKEN_BYTES).toString('base64url'),
        user_id: userId,
        items: JSON.stringify(items.map(({ type, id }) => ({ type, id }))),
        description: input.description || null,
        expires_at: futureExpiry(input.expires_at) ?? null,
        created_at: now().toISOString(),
      });
      return service.get(userId, row.id);
    },

    async update(userId: number, id: number, input: UpdateShareInput) {
      await owned(userId, id);
      const expires = futureExpiry(input.expires_at);
      await repository.update(id, {
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(expires !== undefined ? { expires_at: expires } : {}),
      });
      return service.get(userId, id);
    },

    async delete(userId: number, id: number): Promise<void> {
      await owned(userId, id);
      await repository.delete(id);
    },

    /** What the link shows, counted as a visit; an expired share shows no tracks. */
    async open(token: string): Promise<PublicShare> {
      const row = await byToken(token);
      const ownerName = (await deps.ownerName(row.user_id))!;
      await repository.visited(row.id, now().toISOString());
      const expired = isExpired(row);
      const resolved = expired
        ? { title: null, image: null, tracks: [] }
        : await resolve(parseItems(row), { userId: row.user_id });
      return {
        token: row.token,
        title: resolved.title,
        description: row.description,
        owner: { name: ownerName },
        image: resolved.image,
        expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
        expired,
        created_at: new Date(row.created_at).toISOString(),
        tracks: resolved.tracks,
      };
    },

    /**
     * The owner a shared track streams as: only a track of a live share; anything else
     * (another track, an expired or deleted share) is not found.
     */
    async streamAs(token: string, trackId: number): Promise<Viewer> {
      const row = await byToken(token);
      if (isExpired(row)) throw notFound('Share not found.');
      const viewer = { userId: row.user_id };
      const { tracks } = await resolve(parseItems(row), viewer);
      if (!tracks.some((track) => track.id === trackId)) throw notFound();
      return viewer;
    },
  };
  return service;
}

export type SharesService = ReturnType<typeof createSharesService>;
