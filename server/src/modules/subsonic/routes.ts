import formBody from '@fastify/formbody';
import {
  hasPermission,
  OPEN_SUBSONIC_EXTENSIONS,
  SUBSONIC_COVER_MAX_SIZE,
  SUBSONIC_ERRORS,
  TRANSCODE_OUTPUT,
  type User,
} from '@backbeat/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type Sharp from 'sharp';
import type { RoutesPlugin } from '../../http/types.ts';
import { DomainError } from '../../lib/domain-errors.ts';
import { sendGrowingFile } from '../../storage/growing-file.ts';
import { sendStoredFile } from '../../storage/send-stored-file.ts';
import { sendTranscoded } from '../transcoding/send.ts';
import { isSafeKey } from '../../storage/storage.ts';
import { parseId, requireId } from './ids.ts';
import type { ClientContext } from './listener-calls.ts';
import { isStoredImage, markTranscoded } from './present.ts';
import {
  notAuthorized,
  notFound,
  sendSubsonic,
  sendSubsonicError,
  SubsonicError,
  SubsonicParams,
  type Payload,
} from './protocol.ts';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { AVATAR_URL_PREFIX, avatarDirectory } from '../users/avatars.ts';
import { UNSUPPORTED_CALLS, unsupported } from './account-calls.ts';

// libvips loads with the first cover art a Subsonic client asks for, not at start.
const loadSharp = lazyRequire<typeof Sharp>('sharp');

interface Call {
  params: SubsonicParams;
  user: User;
  client: ClientContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A call either answers a payload or has sent the reply itself (streams, images). */
type Handler = (call: Call) => Promise<Payload | FastifyReply>;

/** What a Backbeat service error means to a Subsonic client. */
function asSubsonicError(error: unknown): SubsonicError | null {
  if (error instanceof SubsonicError) return error;
  if (!(error instanceof DomainError)) return null;
  switch (error.kind) {
    case 'not_found':
      return new SubsonicError(SUBSONIC_ERRORS.notFound, error.message);
    case 'forbidden':
    case 'quota_reached':
    case 'unauthenticated':
      return new SubsonicError(SUBSONIC_ERRORS.notAuthorized, error.message);
    default:
      return new SubsonicError(SUBSONIC_ERRORS.generic, error.message);
  }
}

/**
 * OpenSubsonic at `/rest/*` (with or without `.view`, GET or form POST), so existing Subsonic
 * apps can browse, search, star, keep playlists, scrobble and stream. It has its own
 * sign-in (see auth.ts) and never uses the web session.
 */
export const subsonicRoutes: RoutesPlugin = async (app) => {
  const { subsonic, streaming, storage, siteAddress } = app.services;
  const { library, listener, auth, browse, account, shareCalls, userCalls } = subsonic;
  await app.register(formBody);

  const canPlay = (user: User) => hasPermission({ user, guestPermissions: [] }, 'music.play');

  async function sendAudio(call: Call, attachment: boolean) {
    if (!canPlay(call.user)) {
      throw notAuthorized('Your plan does not include playing music.');
    }
    const id = requireId(call.params, 'id', 'tr');
    const audio = await streaming.audio(id, { userId: call.user.id });
    // Encoded on the fly when asked or when a limit says so (issue 38.6); download never is.
    if (!attachment && !audio.rendering) {
      const sent = await sendTranscoded(app.services, call.request, call.reply, audio, {
        request: {
          format: call.params.string('format'),
          maxBitRate: call.params.int('maxBitRate', 0, { min: 0 }),
          userId: call.user.id,
          client: call.client.client,
        },
        offsetSeconds: call.params.int('timeOffset', 0, { min: 0 }),
        estimateContentLength: call.params.bool('estimateContentLength', false),
        cacheControl: 'private, max-age=86400',
      });
      if (sent) return call.reply;
    }
    const options = {
      contentType: audio.mime,
      cacheControl: 'private, max-age=86400',
      known: audio.stored,
      ...(attachment ? { headers: { 'Content-Disposition': 'attachment' } } : {}),
    };
    if (audio.rendering) await sendGrowingFile(call.request, call.reply, audio.rendering, options);
    else await sendStoredFile(call.request, call.reply, storage, audio.path, options);
    return call.reply;
  }

  /** Artwork as JPEG at the asked size (capped); stored SVG artwork is rasterised. */
  async function sendCoverArt(call: Call) {
    const raw = call.params.required('id');
    const parsed = parseId(raw);
    if (!parsed) throw notFound('Cover art');
    const image = await subsonic.coverImage(parsed, call.user);
    // Only stored artwork: an address an editor typed is never where /rest sends a client.
    if (!isStoredImage(image)) throw notFound('Cover art');
    const key = image.slice('/storage/'.length);
    if (!isSafeKey(key) || !(await storage.stat(key))) throw notFound('Cover art');
    const size = call.params.int('size', 0, { min: 0, max: SUBSONIC_COVER_MAX_SIZE });
    const chunks: Buffer[] = [];
    for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
    let picture = loadSharp()(Buffer.concat(chunks), { limitInputPixels: 25_000_000 });
    if (size) picture = picture.resize(size, size, { fit: 'cover' });
    const bytes = await picture.jpeg({ quality: 85 }).toBuffer();
    return call.reply
      .header('Cache-Control', 'private, max-age=86400')
      .type('image/jpeg')
      .send(bytes);
  }

  /** The site's address for absolute image addresses; the request's own until one is set. */
  const siteBase = async (request: FastifyRequest) =>
    ((await siteAddress.current()) ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');

  const AVATAR_TYPES: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
  };

  /** The account's uploaded avatar as it was stored; none (or an outside address) is 70. */
  async function sendAvatar(call: Call) {
    const owner = await account.avatarOwner(call.user, call.params);
    const image = owner.image;
    if (!image?.startsWith(AVATAR_URL_PREFIX)) throw notFound('Avatar');
    const name = basename(image);
    const type = AVATAR_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
    if (!type) throw notFound('Avatar');
    const bytes = await readFile(
      join(avatarDirectory(app.services.config.storagePath), name),
    ).catch(() => null);
    if (!bytes) throw notFound('Avatar');
    return call.reply.header('Cache-Control', 'private, max-age=3600').type(type).send(bytes);
  }

  /**
   * Calls that answer before sign-in (the description gives them `security: []`): a client
   * learns from the extensions which sign-in methods exist.
   */
  const openCalls: Record<string, () => Payload> = {
    getOpenSubsonicExtensions: () => ({
      openSubsonicExtensions: OPEN_SUBSONIC_EXTENSIONS.map((e) => ({
        ...e,
        versions: [...e.versions],
      })),
    }),
  };

  const calls: Record<string, Handler> = {
    ping: async () => ({}),
    getLicense: async () => ({ license: { valid: true } }),
    getMusicFolders: ({ user }) => library.getMusicFolders(user),
    getIndexes: ({ user, params }) => library.getIndexes(user, params),
    getArtists: ({ user, params }) => library.getArtists(user, params),
    getArtist: ({ user, params }) => library.getArtist(user, params),
    getAlbum: ({ user, params }) => library.getAlbum(user, params),
    getSong: ({ user, params }) => library.getSong(user, params),
    getAlbumList2: ({ user, params }) => library.getAlbumList2(user, params),
    getRandomSongs: ({ user, params }) => library.getRandomSongs(user, params),
    getGenres: ({ user }) => library.getGenres(user),
    getStarred2: ({ user, params }) => library.getStarred2(user, params),
    star: ({ user, params }) => library.star(user, params, true),
    unstar: ({ user, params }) => library.star(user, params, false),
    setRating: ({ user, params }) => library.setRating(user, params),
    search3: ({ user, params }) => library.search3(user, params),
    getLyricsBySongId: ({ user, params }) => library.getLyricsBySongId(user, params),
    getSimilarSongs2: ({ user, params }) => library.getSimilarSongs2(user, params),
    getTopSongs: ({ user, params }) => library.getTopSongs(user, params),
    getPlaylists: ({ user }) => listener.getPlaylists(user),
    getPlaylist: ({ user, params }) => listener.getPlaylist(user, params),
    createPlaylist: ({ user, params }) => listener.createPlaylist(user, params),
    updatePlaylist: ({ user, params }) => listener.updatePlaylist(user, params),
    deletePlaylist: ({ user, params }) => listener.deletePlaylist(user, params),
    scrobble: ({ user, params, client }) => listener.scrobble(user, params, client),
    getNowPlaying: ({ user }) => listener.getNowPlaying(user),
    getPlayQueue: ({ user }) => listener.getPlayQueue(user),
    savePlayQueue: ({ user, params, client }) => listener.savePlayQueue(user, params, client),
    getUser: ({ user, params }) => listener.getUser(user, params),
    stream: (call) => sendAudio(call, false),
    download: (call) => sendAudio(call, true),
    getCoverArt: sendCoverArt,
    getMusicDirectory: ({ user, params }) => browse.getMusicDirectory(user, params),
    getAlbumList: ({ user, params }) => browse.getAlbumList(user, params),
    getStarred: ({ user, params }) => browse.getStarred(user, params),
    search: ({ user, params }) => browse.search(user, params),
    search2: ({ user, params }) => browse.search2(user, params),
    getSimilarSongs: ({ user, params }) => browse.getSimilarSongs(user, params),
    getSongsByGenre: ({ user, params }) => browse.getSongsByGenre(user, params),
    getLyrics: ({ user, params }) => browse.getLyrics(user, params),
    getArtistInfo: async ({ user, params, request }) =>
      browse.getArtistInfo(user, params, await siteBase(request), 1),
    getArtistInfo2: async ({ user, params, request }) =>
      browse.getArtistInfo(user, params, await siteBase(request), 2),
    getAlbumInfo: async ({ user, params, request }) =>
      browse.getAlbumInfo(user, params, await siteBase(request)),
    getAlbumInfo2: async ({ user, params, request }) =>
      browse.getAlbumInfo(user, params, await siteBase(request)),
    getBookmarks: ({ user }) => account.getBookmarks(user),
    createBookmark: ({ user, params, client }) =>
      account.createBookmark(user, params, client.client),
    deleteBookmark: ({ user, params }) => account.deleteBookmark(user, params),
    getScanStatus: () => account.getScanStatus(),
    startScan: ({ user }) => account.startScan(user),
    getUsers: ({ user }) => account.getUsers(user),
    createUser: ({ user, params }) => userCalls.createUser(user, params),
    updateUser: ({ user, params }) => userCalls.updateUser(user, params),
    deleteUser: ({ user, params }) => userCalls.deleteUser(user, params),
    changePassword: ({ user, params }) => userCalls.changePassword(user, params),
    tokenInfo: async ({ user, params }) => account.tokenInfo(user, params),
    getAvatar: sendAvatar,
    ...Object.fromEntries(
      Object.entries(UNSUPPORTED_CALLS).flatMap(([what, names]) =>
        names.map((name): [string, Handler] => [
          name,
          () => Promise.reject(unsupported(what as keyof typeof UNSUPPORTED_CALLS)),
        ]),
      ),
    ),
    getShares: async (call) => shareCalls.getShares(call.user, await siteBase(call.request)),
    createShare: async (call) =>
      shareCalls.createShare(call.user, call.params, await siteBase(call.request)),
    updateShare: ({ user, params }) => shareCalls.updateShare(user, params),
    deleteShare: ({ user, params }) => shareCalls.deleteShare(user, params),
    getInternetRadioStations: () => shareCalls.getInternetRadioStations(),
    createInternetRadioStation: ({ user, params }) =>
      shareCalls.createInternetRadioStation(user, params),
    updateInternetRadioStation: ({ user, params }) =>
      shareCalls.updateInternetRadioStation(user, params),
    deleteInternetRadioStation: ({ user, params }) =>
      shareCalls.deleteInternetRadioStation(user, params),
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = new SubsonicParams(request);
    const name = (request.params as { method: string }).method.replace(/\.view$/, '');
    try {
      const open = Object.hasOwn(openCalls, name) ? openCalls[name] : undefined;
      if (open) return sendSubsonic(reply, params, 'ok', open());
      const call = Object.hasOwn(calls, name) ? calls[name] : undefined;
      if (!call) {
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, `Unknown method: ${name.slice(0, 60)}`);
      }
      const user = await auth.authenticate(params, request.ip);
      const client = {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        client: (params.string('c') ?? 'unknown').slice(0, 100),
      };
      const answer = await call({ params, user, client, request, reply });
      if ((answer as unknown) === reply || reply.sent) return reply;
      const transcoded = await app.services.transcoding.defaultFor(user.id, client.client);
      const payload = transcoded
        ? markTranscoded(answer, TRANSCODE_OUTPUT[transcoded.format])
        : answer;
      return sendSubsonic(reply, params, 'ok', payload as Payload);
    } catch (error) {
      const known = asSubsonicError(error);
      if (!known) throw error;
      if (reply.sent) return reply;
      return sendSubsonicError(reply, params, known);
    }
  };

  const config = { session: false, xsrf: false } as const;
  app.get('/rest/:method', { config }, handle);
  app.post('/rest/:method', { config }, handle);
};
