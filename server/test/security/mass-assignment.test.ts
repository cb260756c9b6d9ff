import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import type { PlaylistDetails, WorkspaceDetails } from '@backbeat/common';
import type { AppearanceValues } from '@backbeat/common/admin/appearance';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ROOTS } from '../../src/http/request-context.ts';
import { confirmPassword, guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import {
  createAlbum,
  createArtist,
  createGenre,
  createTag,
  createTrack,
} from '../helpers/catalog.ts';
import { openBrowser, type Browser } from '../helpers/client.ts';
import { uniqueEmail } from '../helpers/factories.ts';
import { joinByInvite, workspaceWith, type Person } from '../helpers/workspaces.ts';

/**
 * The standing mass-assignment test: every route that changes or creates a record gets, next
 * to a valid change, the fields an attacker would add (ids, owners, roles, permissions,
 * verification and ban dates). The columns they name must not move, and records created must
 * belong to the caller. A new PUT or PATCH route fails the coverage check until it is added.
 */
const registered = vi.hoisted(() => [] as RouteOptions[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const createRecordingInstance = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => void registered.push(route));
    return app;
  }) as typeof actual.default;
  return { ...actual, default: createRecordingInstance };
});

const LONG_AGO = '2001-01-01T00:00:00.000Z';

let t: TestApp;
/** The account under attack, with a workspace and a playlist of its own. */
let victim: Person;
let victimWorkspaceId: number;
let victimPlaylistId: number;
/** The attacker: an unverified user of the default role, owner of a workspace with a member. */
let attacker: Person;
let attackerWorkspaceId: number;
let attackerMember: Person;
let attackerPlaylistId: number;
let trackId: number;
/** Two tracks in the attacker's playlist, in order. */
let trackIds: number[];
let attackerPlayId: number;
let adminRoleId: number;
/** A site admin (admin screens) and a genre and a tag for it to edit. */
let admin: Browser;
let genre: { id: number };
let tag: { id: number };
/** Rows the update cases below make for themselves (transcoding, shares, radio stations). */
const created = { profile: 0, limit: 0, share: 0, station: 0 };
/** Rows the admin screens' cases make and then change. */
let massRoleId: number;
let massChannelId: number;
let massLyricId: number;
let massFolderId: number;
/** The seeded English localization and privacy policy page (admin part 2 screens). */
let englishId: number;
let appearance: AppearanceValues;
let pageId: number;
/** A plan and a manual subscription to it, for the billing admin screens. */
let plan: { id: number };
let subscription: { id: number; user_id: number };

/** What an attacker adds to a legitimate body. */
const hostileFields = () => ({
  id: victim.id,
  user_id: victim.id,
  owner_id: victim.id,
  workspace_id: victimWorkspaceId,
  playlist_id: victimPlaylistId,
  roles: [{ id: adminRoleId, name: 'admin' }],
  role_ids: [adminRoleId],
  permissions: [{ name: 'admin' }, 'admin'],
  email_verified_at: LONG_AGO,
  banned_at: LONG_AGO,
  is_admin: true,
  email: 'hijacked@backbeat.test',
  password: 'hijacked-password-1',
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.services.database.db;
  adminRoleId = (await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', 'admin')
    .executeTakeFirstOrThrow())!.id;

  const victims = await workspaceWith(t.app, [], 'Victim HQ');
  victim = victims.owner;
  victimWorkspaceId = victims.id;
  victimPlaylistId = (
    (await victim.browser.post('/api/v1/playlists', { name: 'Victim mix' })).json() as {
      playlist: PlaylistDetails;
    }
  ).playlist.id;

  attacker = await signedInUser(t.app, { name: 'Mallory', verified: false });
  const created = await attacker.browser.post('/api/v1/workspaces', { name: 'Mallory Inc' });
  attackerWorkspaceId = (created.json() as { workspace: WorkspaceDetails }).workspace.id;
  attackerMember = await signedInUser(t.app);
  await joinByInvite(attacker.browser, attackerWorkspaceId, attackerMember, 'member');
  attackerPlaylistId = (
    (await attacker.browser.post('/api/v1/playlists', { name: 'Mine' })).json() as {
      playlist: PlaylistDetails;
    }
  ).playlist.id;

  const artist = await createArtist(t.app);
  trackId = (await createTrack(t.app, { artistIds: [artist.id] })).id;
  trackIds = [trackId, (await createTrack(t.app, { artistIds: [artist.id] })).id];
  await attacker.browser.post(`/api/v1/playlists/${attackerPlaylistId}/tracks`, { ids: trackIds });
  attackerPlayId = (
    (await attacker.browser.post(`/api/v1/tracks/${trackId}/plays`, {})).json() as {
      play_id: number;
    }
  ).play_id;
  await victim.browser.post(`/api/v1/playlists/${victimPlaylistId}/tracks`, { ids: trackIds });

  admin = await openBrowser(t.app);
  await admin.login(t.admin.email, t.admin.password);
  genre = await createGenre(t.app, 'Mass Genre');
  tag = await createTag(t.app, 'Mass Tag');
  englishId = (await t.app.services.localizations.findByLanguage('en'))!.id;
  appearance = await t.app.services.appearance.view();
  pageId = (await t.app.services.customPages.show('privacy-policy')).page.id;
  plan = await t.app.services.plans.create({ name: 'Mass Plan', free: true });
  subscription = await t.app.services.billing.grant({
    user_id: attackerMember.id,
    product_id: plan.id,
  });
});
afterAll(() => t.close());

/** Every column an attacker must never move, across the tables that hold them. */
async function protectedState() {
  const db = t.app.services.database.db;
  const ofVictim = <T extends 'likes' | 'reposts'>(table: T) =>
    db
      .selectFrom(table as 'likes')
      .selectAll()
      .where('user_id', '=', victim.id)
      .execute();
  const [users, userRoles, workspaces, members, playlists, subscriptions, tokens, ...library] =
    await Promise.all([
      db
        .selectFrom('users')
        .select(['id', 'email', 'password', 'email_verified_at', 'banned_at'])
        .orderBy('id')
        .execute(),
      db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
      db.selectFrom('workspaces').select(['id', 'owner_id']).orderBy('id').execute(),
      db
        .selectFrom('workspace_members')
        .select(['workspace_id', 'user_id', 'role'])
        .orderBy('workspace_id')
        .orderBy('user_id')
        .execute(),
      db.selectFrom('playlists').select(['id', 'owner_id', 'workspace_id']).orderBy('id').execute(),
      db
        .selectFrom('notification_subscriptions')
        .select(['user_id', 'notif_id', 'channels'])
        .where('user_id', '=', victim.id)
        .orderBy('notif_id')
        .execute(),
      db.selectFrom('personal_access_tokens').select(['id', 'user_id']).orderBy('id').execute(),
      ofVictim('likes'),
      ofVictim('reposts'),
      db.selectFrom('follows').selectAll().where('follower_id', '=', victim.id).execute(),
      db
        .selectFrom('playlist_tracks')
        .select(['track_id', 'position'])
        .where('playlist_id', '=', victimPlaylistId)
        .orderBy('position')
        .execute(),
    ]);
  return { users, userRoles, workspaces, members, playlists, subscriptions, tokens, library };
}

interface UpdateCase {
  method: 'PUT' | 'PATCH' | 'POST';
  /** The route as registered, for the coverage check. */
  route: string;
  url: () => string;
  body: () => Promise<object> | object;
  /** Proves the legitimate part of the change was applied (so the request was not refused). */
  applied: (browser: Browser) => Promise<void>;
  /** A protected column of the caller's own row that this route exists to change. */
  changesOwn?: 'password';
  /** Who sends it, when not the attacker (admin screens). */
  sender?: () => Browser;
}

const send = (browser: Browser, method: UpdateCase['method'], url: string, body: object) =>
  method === 'POST'
    ? browser.post(url, body)
    : browser.overridden(method as 'PUT' | 'PATCH', url, body);

/** An artist the attacker is a member of, with a track on an album (backstage editors). */
let backstageItems: Promise<{ artistId: number; trackId: number; albumId: number }> | undefined;
function backstage() {
  backstageItems ??= (async () => {
    const artist = await createArtist(t.app, { name: 'Mass Artist' });
    await t.app.services.database.db
      .insertInto('artist_members')
      .values({ artist_id: artist.id, user_id: attacker.id, created_at: new Date().toISOString() })
      .execute();
    const album = await createAlbum(t.app, { artistIds: [artist.id] });
    const track = await createTrack(t.app, { artistIds: [artist.id], albumId: album.id });
    return { artistId: artist.id, trackId: track.id, albumId: album.id };
  })();
  return backstageItems;
}
let backstageIds = { artistId: 0, trackId: 0, albumId: 0 };
const ownerOf = async (table: 'tracks' | 'albums', id: number) =>
  await t.app.services.database.db
    .selectFrom(table)
    .select(['owner_id', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const updates: UpdateCase[] = [
  {
    method: 'PUT',
    route: '/api/v1/backstage/tracks/:id',
    url: () => `/api/v1/backstage/tracks/${backstageIds.trackId}`,
    body: async () => {
      backstageIds = await backstage();
      return { name: 'Mass Track Renamed', plays: 999, status: 'published', is_public: 1 };
    },
    applied: async () => {
      expect(await ownerOf('tracks', backstageIds.trackId)).toEqual({
        owner_id: null,
        name: 'Mass Track Renamed',
      });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/backstage/albums/:id',
    url: () => `/api/v1/backstage/albums/${backstageIds.albumId}`,
    body: async () => {
      backstageIds = await backstage();
      return { name: 'Mass Album Renamed', status: 'published', plays: 999 };
    },
    applied: async () => {
      expect(await ownerOf('albums', backstageIds.albumId)).toEqual({
        owner_id: null,
        name: 'Mass Album Renamed',
      });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/backstage/albums/:id/track-order',
    url: () => `/api/v1/backstage/albums/${backstageIds.albumId}/track-order`,
    body: async () => {
      backstageIds = await backstage();
      return { track_ids: [backstageIds.trackId] };
    },
    applied: async () => {
      expect((await ownerOf('albums', backstageIds.albumId)).owner_id).toBeNull();
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/backstage/artists/:id',
    url: () => `/api/v1/backstage/artists/${backstageIds.artistId}`,
    body: async () => {
      backstageIds = await backstage();
      return { description: 'Mass bio', verified: 1, popularity: 999 };
    },
    applied: async () => {
      const row = await t.app.services.database.db
        .selectFrom('artists')
        .select(['description', 'verified', 'popularity', 'owner_id'])
        .where('id', '=', backstageIds.artistId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ description: 'Mass bio', owner_id: null });
      expect(Number(row.verified)).toBe(0);
      expect(row.popularity).not.toBe(999);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/plans/:id',
    url: () => `/api/v1/admin/plans/${plan.id}`,
    // A plan's own permissions are a field of it; the hostile list is replaced by a fair one.
    body: () => ({
      name: 'Mass Plan Renamed',
      permissions: [{ name: 'music.play', restrictions: [] }],
      stripe_id: 'prod_hijacked',
      created_at: LONG_AGO,
    }),
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/plans/${plan.id}`)).json();
      expect(shown.plan).toMatchObject({ id: plan.id, name: 'Mass Plan Renamed', stripe_id: null });
      expect(shown.plan.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/subscriptions/:id',
    url: () => `/api/v1/admin/subscriptions/${subscription.id}`,
    body: () => ({ ends_at: '2099-01-01T00:00:00.000Z', status: 'canceled', gateway: 'stripe' }),
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/subscriptions/${subscription.id}`)).json();
      expect(shown.subscription).toMatchObject({
        id: subscription.id,
        user_id: subscription.user_id,
        ends_at: '2099-01-01T00:00:00.000Z',
        status: 'active',
        gateway: 'none',
      });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/genres/:id',
    url: () => `/api/v1/admin/genres/${genre.id}`,
    body: () => ({ display_name: 'Mass Genre Renamed', popularity: 999, created_at: LONG_AGO }),
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/genres/${genre.id}`)).json();
      expect(shown.genre).toMatchObject({ id: genre.id, display_name: 'Mass Genre Renamed' });
      expect(shown.genre.popularity).toBe(0);
      expect(shown.genre.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/transcoding-profiles/:id',
    url: () => `/api/v1/admin/transcoding-profiles/${created.profile}`,
    body: async () => {
      const made = await admin.post('/api/v1/admin/transcoding-profiles', {
        name: 'Mass profile',
        format: 'opus',
        bit_rate: 96,
      });
      created.profile = (made.json() as { profile: { id: number } }).profile.id;
      return { name: 'Mass profile renamed', created_at: LONG_AGO };
    },
    sender: () => admin,
    applied: async (browser) => {
      const shown = await browser.get(`/api/v1/admin/transcoding-profiles/${created.profile}`);
      const { profile } = shown.json() as { profile: { name: string; created_at: string } };
      expect(profile.name).toBe('Mass profile renamed');
      expect(profile.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/transcoding-limits/:id',
    url: () => `/api/v1/admin/transcoding-limits/${created.limit}`,
    body: async () => {
      const made = await admin.post('/api/v1/admin/transcoding-limits', {
        client: 'MassClient',
        max_bit_rate: 128,
      });
      created.limit = (made.json() as { limit: { id: number } }).limit.id;
      return { max_bit_rate: 64, created_at: LONG_AGO };
    },
    sender: () => admin,
    applied: async (browser) => {
      const shown = await browser.get(`/api/v1/admin/transcoding-limits/${created.limit}`);
      const { limit } = shown.json() as { limit: { max_bit_rate: number; created_at: string } };
      expect(limit.max_bit_rate).toBe(64);
      expect(limit.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/internet-radio-stations/:id',
    url: () => `/api/v1/admin/internet-radio-stations/${created.station}`,
    body: async () => {
      const made = await admin.post('/api/v1/admin/internet-radio-stations', {
        name: 'Mass FM',
        stream_url: 'https://radio.example.test/mass.mp3',
      });
      created.station = (made.json() as { station: { id: number } }).station.id;
      return { name: 'Mass FM renamed', id: 999_999, created_at: LONG_AGO };
    },
    sender: () => admin,
    applied: async (browser) => {
      const shown = await browser.get(`/api/v1/admin/internet-radio-stations/${created.station}`);
      const { station } = shown.json() as { station: { name: string; created_at: string } };
      expect(station.name).toBe('Mass FM renamed');
      expect(station.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/shares/:id',
    url: () => `/api/v1/shares/${created.share}`,
    body: async () => {
      const made = await attacker.browser.post('/api/v1/shares', {
        items: [{ type: 'track', id: trackId }],
      });
      created.share = (made.json() as { share: { id: number } }).share.id;
      return { description: 'Mine, described', visit_count: 999, user_id: victim.id };
    },
    applied: async (browser) => {
      const { shares } = (await browser.get('/api/v1/shares')).json() as {
        shares: { id: number; description: string | null; visit_count: number }[];
      };
      const mine = shares.find((share) => share.id === created.share);
      expect(mine).toMatchObject({ description: 'Mine, described', visit_count: 0 });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/tags/:id',
    url: () => `/api/v1/admin/tags/${tag.id}`,
    body: () => ({ display_name: 'Mass Tag Renamed', created_at: LONG_AGO }),
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/tags/${tag.id}`)).json();
      expect(shown.tag).toMatchObject({ id: tag.id, display_name: 'Mass Tag Renamed' });
      expect(shown.tag.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/users/:id',
    url: () => `/api/v1/admin/users/${attacker.id}`,
    // Roles and own grants are this screen's to change; here they are left out.
    body: () => ({
      name: 'Mallory By Admin',
      email: attacker.email,
      roles: undefined,
      permissions: undefined,
    }),
    sender: () => admin,
    applied: async () =>
      expect((await t.app.services.users.findById(attacker.id))?.name).toBe('Mallory By Admin'),
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/roles/:id',
    url: () => `/api/v1/admin/roles/${massRoleId}`,
    body: async () => {
      massRoleId = await t.app.services.roles.createRole({
        name: 'Mass Role',
        description: '',
        permissions: [],
      });
      return { name: 'Mass Role Renamed', permissions: undefined };
    },
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/roles/${massRoleId}`)).json();
      expect(shown.role).toMatchObject({ name: 'Mass Role Renamed', permissions: [] });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/channels/:id',
    url: () => `/api/v1/admin/channels/${massChannelId}`,
    body: async () => {
      massChannelId = (await t.app.services.catalogWrites.channelBySlug('trending'))!.id;
      return { name: 'Mass Channel' };
    },
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/channels/${massChannelId}`)).json();
      expect(shown.channel).toMatchObject({ name: 'Mass Channel', slug: 'trending' });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/playlists/:id',
    url: () => `/api/v1/admin/playlists/${victimPlaylistId}`,
    body: () => ({ name: 'Moderated mix' }),
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/playlists/${victimPlaylistId}`)).json();
      expect(shown.playlist).toMatchObject({ name: 'Moderated mix', owner: { id: victim.id } });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/lyrics/:id',
    url: () => `/api/v1/admin/lyrics/${massLyricId}`,
    body: async () => {
      const created = await admin.post('/api/v1/admin/lyrics', { track_id: trackId, text: 'la' });
      massLyricId = created.json().lyric.id;
      return { text: 'la la la' };
    },
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/lyrics/${massLyricId}`)).json();
      expect(shown.lyric).toMatchObject({ text: 'la la la', track_id: trackId });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/library-folders/:id/access',
    url: () => `/api/v1/admin/library-folders/${massFolderId}/access`,
    body: async () => {
      const path = await mkdtemp(join(tmpdir(), 'backbeat-mass-folder-'));
      const created = await admin.post('/api/v1/admin/library-folders', { path });
      massFolderId = created.json().folder.id;
      return { access: 'chosen', role_ids: [adminRoleId] };
    },
    sender: () => admin,
    applied: async (browser) => {
      const listed = (await browser.get('/api/v1/admin/library-folders')).json();
      const folder = listed.folders.find((f: { id: number }) => f.id === massFolderId);
      expect(folder).toMatchObject({ access: 'chosen', roles: [{ id: adminRoleId }] });
      expect(folder.path).toContain('backbeat-mass-folder-');
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/settings',
    url: () => '/api/v1/admin/settings',
    // Only declared settings are written: `menus`, `id` and the rest are dropped.
    body: () => ({ 'branding.site_name': 'Mass Site', menus: [], 'demo_catalog.seeded': true }),
    sender: () => admin,
    applied: async () => {
      expect(await t.app.services.settings.get('branding.site_name')).toBe('Mass Site');
      expect((await t.app.services.settings.get('menus')).length).toBeGreaterThan(0);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/appearance',
    url: () => '/api/v1/admin/appearance',
    // Only the editor's own settings are written; a secret or an internal flag slipped into
    // the object, or a theme's timestamps, are dropped.
    body: () => ({
      ...appearance,
      id: 99,
      settings: {
        ...appearance.settings,
        branding: { ...appearance.settings.branding, site_name: 'Mass Appearance' },
        'mail.smtp_password': 'pwned',
        'demo_catalog.seeded': false,
      },
      themes: appearance.themes.map((theme) => ({ ...theme, created_at: '1999-01-01' })),
    }),
    sender: () => admin,
    applied: async () => {
      expect(await t.app.services.settings.get('branding.site_name')).toBe('Mass Appearance');
      expect(await t.app.services.settings.get('mail.smtp_password')).not.toBe('pwned');
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/localizations/:id',
    url: () => `/api/v1/admin/localizations/${englishId}`,
    body: () => ({ name: 'English (mass)', language: 'xx', lines: '{"Search":"Pwned"}' }),
    sender: () => admin,
    applied: async () => {
      const english = await t.app.services.localizations.findById(englishId);
      expect(english).toMatchObject({ name: 'English (mass)', language: 'en' });
      expect(english?.lines.Search).toBeUndefined();
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/localizations/:id/lines',
    url: () => `/api/v1/admin/localizations/${englishId}/lines`,
    body: () => ({ lines: { Search: 'Find' }, language: 'xx' }),
    sender: () => admin,
    applied: async () => {
      const english = await t.app.services.localizations.findById(englishId);
      expect(english).toMatchObject({ language: 'en', lines: { Search: 'Find' } });
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/admin/custom-pages/:id',
    url: () => `/api/v1/admin/custom-pages/${pageId}`,
    body: () => ({ title: 'Mass Page', created_at: LONG_AGO }),
    sender: () => admin,
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/admin/custom-pages/${pageId}`)).json();
      expect(shown.page).toMatchObject({ id: pageId, title: 'Mass Page' });
      expect(shown.page.created_at).not.toBe(LONG_AGO);
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/users/:id',
    url: () => `/api/v1/users/${attacker.id}`,
    body: () => ({ name: 'Mallory Renamed' }),
    applied: async () =>
      expect((await t.app.services.users.findById(attacker.id))?.name).toBe('Mallory Renamed'),
  },
  {
    method: 'PUT',
    route: '/api/v1/users/me/profile',
    url: () => '/api/v1/users/me/profile',
    body: () => ({ description: 'Just a listener' }),
    applied: async (browser) => {
      const { user } = (await browser.get(`/api/v1/users/${attacker.id}`)).json() as {
        user: { description: string };
      };
      expect(user.description).toBe('Just a listener');
    },
  },
  {
    method: 'POST',
    route: '/api/v1/users/me/locale',
    url: () => '/api/v1/users/me/locale',
    body: () => ({ locale: 'en' }),
    applied: async () => {},
  },
  {
    method: 'PUT',
    route: '/api/v1/playlists/:id',
    url: () => `/api/v1/playlists/${attackerPlaylistId}`,
    body: () => ({ name: 'Mine, renamed' }),
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/playlists/${attackerPlaylistId}`)).json() as {
        playlist: PlaylistDetails;
      };
      expect(shown.playlist.name).toBe('Mine, renamed');
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/workspaces/:workspaceId',
    url: () => `/api/v1/workspaces/${attackerWorkspaceId}`,
    body: () => ({ name: 'Mallory Ltd' }),
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/workspaces/${attackerWorkspaceId}`)).json() as {
        workspace: WorkspaceDetails;
      };
      expect(shown.workspace.name).toBe('Mallory Ltd');
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/workspaces/:workspaceId/members/:userId',
    url: () => `/api/v1/workspaces/${attackerWorkspaceId}/members/${attackerMember.id}`,
    body: () => ({ role: 'member' }),
    applied: async () => {},
  },
  {
    method: 'PUT',
    route: '/api/v1/notifications/me/subscriptions',
    url: () => '/api/v1/notifications/me/subscriptions',
    body: async () => {
      const { subscriptions } = (
        await attacker.browser.get('/api/v1/notifications/me/subscriptions')
      ).json() as { subscriptions: { subscriptions: { notif_id: string }[] }[] };
      const notifId = subscriptions[0]!.subscriptions[0]!.notif_id;
      return { selections: [{ notif_id: notifId, channels: { email: false } }] };
    },
    applied: async () => {},
  },
  {
    method: 'PUT',
    route: '/api/v1/playlists/:id/tracks/order',
    url: () => `/api/v1/playlists/${attackerPlaylistId}/tracks/order`,
    body: () => ({ ids: [...trackIds].reverse() }),
    applied: async (browser) => {
      const shown = (await browser.get(`/api/v1/playlists/${attackerPlaylistId}`)).json() as {
        playlist: PlaylistDetails;
      };
      expect(shown.playlist.tracks.map((track) => track.id)).toEqual([...trackIds].reverse());
    },
  },
  {
    method: 'PUT',
    route: '/api/v1/plays/:id',
    url: () => `/api/v1/plays/${attackerPlayId}`,
    body: () => ({ listened_ms: 42_000 }),
    applied: async () => {
      const play = await t.app.services.database.db
        .selectFrom('track_plays')
        .select(['listened_ms', 'user_id', 'track_id'])
        .where('id', '=', attackerPlayId)
        .executeTakeFirstOrThrow();
      expect(play).toEqual({ listened_ms: 42_000, user_id: attacker.id, track_id: trackId });
    },
  },
  ...(['likes', 'reposts'] as const).map((kind): UpdateCase => ({
    method: 'PUT',
    route: `/api/v1/library/${kind}/:type/:id`,
    url: () => `/api/v1/library/${kind}/tracks/${trackIds[0]}`,
    body: () => ({}),
    applied: async () => {
      const rows = await t.app.services.database.db
        .selectFrom(kind as 'likes')
        .select('user_id')
        .where('user_id', '=', attacker.id)
        .execute();
      expect(rows).toHaveLength(1);
    },
  })),
  {
    method: 'PUT',
    route: '/api/v1/library/follows/:type/:id',
    url: () => `/api/v1/library/follows/users/${victim.id}`,
    body: () => ({ follower_id: victim.id, followable_id: attacker.id }),
    applied: async () => {
      const rows = await t.app.services.database.db
        .selectFrom('follows')
        .select(['follower_id', 'followable_id'])
        .where('follower_id', '=', attacker.id)
        .execute();
      expect(rows).toEqual([{ follower_id: attacker.id, followable_id: victim.id }]);
    },
  },
  {
    method: 'PUT',
    route: '/auth/user/password',
    url: () => '/auth/user/password',
    body: () => ({
      current_password: attacker.password,
      password: 'a-New-passw0rd!',
      password_confirmation: 'a-New-passw0rd!',
    }),
    applied: async (browser) => {
      attacker.password = 'a-New-passw0rd!';
      expect((await browser.get('/api/v1/bootstrap-data')).statusCode).toBe(200);
    },
    changesOwn: 'password',
  },
];

/** The state without the caller's own value of a column the route exists to change. */
const withoutOwn = (state: Awaited<ReturnType<typeof protectedState>>, column?: 'password') =>
  column
    ? {
        ...state,
        users: state.users.map((u) => (u.id === attacker.id ? { ...u, [column]: null } : u)),
      }
    : state;

/**
 * Routes whose body is not a set of fields: a tus PATCH carries the file's bytes at an offset
 * (application/offset+octet-stream), so there is nothing to assign; tus-upload.test.ts covers
 * who may send it.
 */
const NOT_FIELD_UPDATES = ['PATCH /api/v1/tus/upload/:id'];

describe('mass assignment', () => {
  it('covers every PUT and PATCH route the app serves', () => {
    const covered = new Set([
      ...updates.map((u) => `${u.method} ${u.route}`),
      ...NOT_FIELD_UPDATES,
    ]);
    const routes = registered
      .filter((route) => API_ROOTS.some((root) => route.url.startsWith(root)))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`))
      .filter((route) => /^(PUT|PATCH) /.test(route));
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(updates.map((u) => [`${u.method} ${u.route}`, u] as const))(
    '%s changes what it may and nothing an attacker adds',
    async (_name, update) => {
      const before = await protectedState();
      const body = { ...hostileFields(), ...(await update.body()) };
      const sender = update.sender?.() ?? attacker.browser;
      const response = await send(sender, update.method, update.url(), body);
      expect(response.statusCode, response.body).toBeLessThan(300);
      await update.applied(sender);
      const after = await protectedState();
      expect(withoutOwn(after, update.changesOwn)).toEqual(withoutOwn(before, update.changesOwn));
    },
  );
});

describe('mass assignment on create', () => {
  it('POST playlists makes the caller the owner, in their own workspace', async () => {
    const response = await attacker.browser.post('/api/v1/playlists', {
      name: 'Fresh',
      ...hostileFields(),
    });
    expect(response.statusCode).toBe(201);
    const { id } = (response.json() as { playlist: PlaylistDetails }).playlist;
    expect(id).not.toBe(victim.id);
    const row = await t.app.services.database.db
      .selectFrom('playlists')
      .select(['owner_id', 'workspace_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: attacker.id, workspace_id: null });
  });

  it('POST workspaces makes the caller the owner', async () => {
    const response = await attacker.browser.post('/api/v1/workspaces', {
      name: 'Another',
      ...hostileFields(),
    });
    expect(response.statusCode).toBe(200);
    const { id } = (response.json() as { workspace: WorkspaceDetails }).workspace;
    expect(id).not.toBe(victimWorkspaceId);
    const row = await t.app.services.database.db
      .selectFrom('workspaces')
      .select('owner_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(attacker.id);
  });

  it('POST tracks/{id}/comments writes the comment as the caller', async () => {
    const response = await attacker.browser.post(`/api/v1/tracks/${trackId}/comments`, {
      body: 'Nice',
      ...hostileFields(),
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.app.services.database.db
      .selectFrom('comments')
      .select('user_id')
      .where('track_id', '=', trackId)
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([attacker.id]);
  });

  it('POST access-tokens makes a token for the caller only', async () => {
    await confirmPassword(attacker.browser, attacker.password);
    const before = await protectedState();
    const response = await attacker.browser.post('/api/v1/access-tokens', {
      tokenName: 'cli',
      ...hostileFields(),
    });
    expect(response.statusCode).toBeLessThan(300);
    const after = await protectedState();
    const created = after.tokens.filter((x) => !before.tokens.some((b) => b.id === x.id));
    expect(created.map((x) => x.user_id)).toEqual([attacker.id]);
  });

  it('POST auth/register gives the default role, no early verification, no ban', async () => {
    const browser = await guestBrowser(t.app);
    const email = uniqueEmail('register');
    const response = await browser.post('/auth/register', {
      ...hostileFields(),
      email,
      password: 'a-Good-passw0rd!',
      password_confirmation: 'a-Good-passw0rd!',
    });
    expect(response.statusCode).toBe(200);
    const db = t.app.services.database.db;
    const user = await db
      .selectFrom('users')
      .select(['id', 'email_verified_at', 'banned_at'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.id).not.toBe(victim.id);
    expect(user.banned_at).toBeNull();
    expect(user.email_verified_at).not.toBe(LONG_AGO);
    const roles = await db
      .selectFrom('user_roles')
      .select('role_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(roles.map((r) => r.role_id)).not.toContain(adminRoleId);
  });
});
