import type { CreateShareInput, ShareItem, Track, User } from '@backbeat/common';
import { hasPermission, SHARE_MAX_ITEMS } from '@backbeat/common';
import type { InternetRadioService } from '../internet-radio/service.ts';
import type { InternetRadioStation } from '../internet-radio/repository.ts';
import type { SharesService } from '../shares/service.ts';
import { parseId } from './ids.ts';
import type { LibraryCalls } from './library-calls.ts';
import { missing, notAuthorized, notFound, SubsonicError, type Payload } from './protocol.ts';
import type { SubsonicParams } from './protocol.ts';

export interface ShareCallDeps {
  library: Pick<LibraryCalls, 'songs'>;
  shares: Pick<SharesService, 'list' | 'get' | 'create' | 'update' | 'delete'>;
  radioStations: Pick<InternetRadioService, 'list' | 'create' | 'update' | 'delete'>;
}

/** Share ids over /rest say what they name, like the others: `sh-12`. */
const shareId = (id: number) => `sh-${id}`;
const stationId = (id: number) => `ir-${id}`;

/** The number of an id of this `prefix` (a bare number too); anything else is not found. */
function ownId(params: SubsonicParams, prefix: 'sh' | 'ir', what: string): number {
  const raw = params.required('id').trim();
  const match = new RegExp(`^(?:${prefix}-)?(\\d{1,10})$`).exec(raw);
  const id = match ? Number(match[1]) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound(what);
  return id;
}

/** `expires` in milliseconds since 1970; 0 means never (updateShare clears it that way). */
function expiresParam(params: SubsonicParams): string | null | undefined {
  const raw = params.string('expires');
  if (raw === undefined || raw === '') return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new SubsonicError(0, 'Parameter expires must be milliseconds since 1970.');
  }
  if (ms === 0) return null;
  const at = new Date(ms);
  if (Number.isNaN(at.getTime())) throw new SubsonicError(0, 'The expiry is out of range.');
  return at.toISOString();
}

const SHARE_KINDS = { tr: 'track', al: 'album', pl: 'playlist' } as const;

/** Shares (public links with an optional expiry) and internet radio stations over /rest. */
export function createShareCalls(deps: ShareCallDeps) {
  const canShare = (user: User) => hasPermission({ user, guestPermissions: [] }, 'music.play');
  const isAdmin = (user: User) => hasPermission({ user, guestPermissions: [] }, 'admin.access');

  async function presentShare(
    user: User,
    baseUrl: string,
    {
      share,
      tracks,
    }: { share: Awaited<ReturnType<SharesService['get']>>['share']; tracks: Track[] },
  ) {
    return {
      id: shareId(share.id),
      url: `${baseUrl}${share.path}`,
      ...(share.description ? { description: share.description } : {}),
      username: user.email,
      created: share.created_at,
      ...(share.expires_at ? { expires: share.expires_at } : {}),
      ...(share.last_visited_at ? { lastVisited: share.last_visited_at } : {}),
      visitCount: share.visit_count,
      entry: await deps.library.songs(user, tracks),
    };
  }

  const presentStation = (station: InternetRadioStation) => ({
    id: stationId(station.id),
    name: station.name,
    streamUrl: station.stream_url,
    ...(station.homepage_url ? { homePageUrl: station.homepage_url } : {}),
  });

  function requireAdmin(user: User) {
    if (!isAdmin(user)) throw notAuthorized('Only admins may change internet radio stations.');
  }

  return {
    async getShares(user: User, baseUrl: string): Promise<Payload> {
      const shares = await deps.shares.list(user.id);
      return {
        shares: {
          share: await Promise.all(shares.map((found) => presentShare(user, baseUrl, found))),
        },
      };
    },

    async createShare(user: User, params: SubsonicParams, baseUrl: string): Promise<Payload> {
      if (!canShare(user)) throw notAuthorized('Your plan does not include playing music.');
      const raw = params.all('id');
      if (!raw.length) throw missing('id');
      const items: ShareItem[] = raw.slice(0, SHARE_MAX_ITEMS).map((value) => {
        const parsed = parseId(value, 'tr');
        if (!parsed || parsed.kind === 'ar') throw notFound(value.slice(0, 40));
        return { type: SHARE_KINDS[parsed.kind], id: parsed.id };
      });
      const description = params.string('description')?.trim().slice(0, 500);
      const input: CreateShareInput = {
        items,
        ...(description ? { description } : {}),
        expires_at: expiresParam(params) ?? null,
      };
      const created = await deps.shares.create(user.id, input);
      return { shares: { share: [await presentShare(user, baseUrl, created)] } };
    },

    async updateShare(user: User, params: SubsonicParams): Promise<Payload> {
      const id = ownId(params, 'sh', 'Share');
      const description = params.string('description');
      const expires = expiresParam(params);
      await deps.shares.update(user.id, id, {
        ...(description !== undefined ? { description: description.trim().slice(0, 500) } : {}),
        ...(expires !== undefined ? { expires_at: expires } : {}),
      });
      return {};
    },

    async deleteShare(user: User, params: SubsonicParams): Promise<Payload> {
      await deps.shares.delete(user.id, ownId(params, 'sh', 'Share'));
      return {};
    },

    async getInternetRadioStations(): Promise<Payload> {
      const stations = await deps.radioStations.list();
      return { internetRadioStations: { internetRadioStation: stations.map(presentStation) } };
    },

    async createInternetRadioStation(user: User, params: SubsonicParams): Promise<Payload> {
      requireAdmin(user);
      const homepage = params.string('homepageUrl');
      await deps.radioStations.create({
        name: params.required('name'),
        stream_url: params.required('streamUrl'),
        ...(homepage ? { homepage_url: homepage } : {}),
      });
      return {};
    },

    async updateInternetRadioStation(user: User, params: SubsonicParams): Promise<Payload> {
      requireAdmin(user);
      const id = ownId(params, 'ir', 'Internet radio station');
      const name = params.string('name');
      const stream = params.string('streamUrl');
      const homepage = params.string('homepageUrl');
      await deps.radioStations.update(id, {
        ...(name !== undefined ? { name } : {}),
        ...(stream !== undefined ? { stream_url: stream } : {}),
        ...(homepage !== undefined ? { homepage_url: homepage } : {}),
      });
      return {};
    },

    async deleteInternetRadioStation(user: User, params: SubsonicParams): Promise<Payload> {
      requireAdmin(user);
      await deps.radioStations.delete(ownId(params, 'ir', 'Internet radio station'));
      return {};
    },
  };
}

export type ShareCalls = ReturnType<typeof createShareCalls>;
