import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackstageAlbumDetails, BackstageTrack, FileEntry } from '@backbeat/common';
import { guestBrowser, signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createArtist } from '../helpers/catalog.ts';
import type { Browser } from '../helpers/client.ts';
import { solidPng } from '../helpers/images.ts';
import { taggedMp3 } from '../helpers/tagged-audio.ts';
import { signedInUploader } from '../helpers/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

/** An uploader who is a member of a fresh artist. */
async function artistAccount(name?: string) {
  const account = await signedInUploader(t.app);
  const artist = await createArtist(t.app, { name });
  await db()
    .insertInto('artist_members')
    .values({ artist_id: artist.id, user_id: account.id, created_at: new Date().toISOString() })
    .execute();
  return { ...account, artist };
}

async function upload(browser: Browser, bytes: Buffer, name: string): Promise<FileEntry> {
  const form = new FormData();
  form.append('clientMime', 'audio/mpeg');
  form.append('file', new Blob([bytes]), name);
  const response = await browser.upload('/api/v1/file-entries', form);
  expect(response.statusCode).toBe(201);
  return response.json<{ fileEntry: FileEntry }>().fileEntry;
}

const notificationsOf = (userId: number) =>
  db().selectFrom('notifications').selectAll().where('user_id', '=', userId).execute();

describe('upload to release', () => {
  it('gives a track made from an analysed upload its loudness and encoder delay and padding (the player levels and joins it)', async () => {
    const owner = await artistAccount('Gap Less');
    const entry = await upload(
      owner.browser,
      await taggedMp3({ title: 'Joined', artist: 'Gap Less' }),
      'g.mp3',
    );
    await t.app.services.jobs.idle();
    const drafts = await owner.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [entry.id],
    });
    expect(drafts.statusCode).toBe(201);
    const [track] = drafts.json<{ tracks: BackstageTrack[] }>().tracks;
    const row = await db()
      .selectFrom('tracks')
      .select(['gapless', 'loudness_lufs', 'true_peak_dbtp'])
      .where('id', '=', track!.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.loudness_lufs)).toBeLessThan(0);
    expect(Number(row.true_peak_dbtp)).toBeLessThan(1);
    // What the pipeline read from the file's LAME tag, for the player to trim.
    expect(JSON.parse(row.gapless!)).toMatchObject({
      sample_rate: expect.any(Number),
      encoder_delay: expect.any(Number),
      encoder_padding: expect.any(Number),
    });
  });

  it('turns tagged files into drafts matched by name, then publishes the album to followers', async () => {
    const owner = await artistAccount('Luna Park');
    const follower = await signedInUser(t.app);
    expect(
      (await follower.browser.put(`/api/v1/library/follows/artists/${owner.artist.id}`)).statusCode,
    ).toBeLessThan(300);

    const first = await upload(
      owner.browser,
      await taggedMp3({
        title: 'Moonrise',
        artist: 'luna park',
        album: 'Night Rides',
        track: 2,
        genre: 'Synthwave',
        date: 2024,
      }),
      'a.mp3',
    );
    const second = await upload(
      owner.browser,
      await taggedMp3({ title: 'Tide', artist: 'Luna Park', album: 'Night Rides', track: 1 }, 5),
      'b.mp3',
    );
    const drafts = await owner.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [first.id, second.id],
    });
    expect(drafts.statusCode).toBe(201);
    const tracks = drafts.json<{ tracks: BackstageTrack[] }>().tracks;
    expect(tracks.map((tr) => tr.name)).toEqual(['Moonrise', 'Tide']);
    expect(tracks[0]).toMatchObject({
      number: 2,
      status: 'draft',
      is_public: false,
      genres: ['synthwave'],
      has_audio: true,
      artists: [{ id: owner.artist.id, name: 'Luna Park' }],
    });
    expect(tracks[0]!.album?.name).toBe('Night Rides');
    expect(tracks[1]!.album?.id).toBe(tracks[0]!.album?.id);
    const albumId = tracks[0]!.album!.id;

    // Drafts are not listed in the player.
    const hidden = await (await guestBrowser(t.app)).get(`/api/v1/albums/${albumId}`);
    expect(hidden.statusCode).toBe(404);

    const reordered = await owner.browser.put(`/api/v1/backstage/albums/${albumId}/track-order`, {
      track_ids: [tracks[1]!.id, tracks[0]!.id],
    });
    expect(reordered.statusCode).toBe(200);
    expect(
      reordered.json<{ album: BackstageAlbumDetails }>().album.tracks.map((tr) => tr.number),
    ).toEqual([1, 2]);

    const published = await owner.browser.post(`/api/v1/backstage/albums/${albumId}/publish`);
    expect(published.statusCode).toBe(200);
    const album = published.json<{ album: BackstageAlbumDetails }>().album;
    expect(album.status).toBe('published');
    expect(album.tracks.every((tr) => tr.is_public)).toBe(true);
    const shown = await (await guestBrowser(t.app)).get(`/api/v1/albums/${albumId}`);
    expect(shown.statusCode).toBe(200);

    const notes = await notificationsOf(follower.id);
    const releases = notes.filter((n) => n.type === 'artist.new_release');
    expect(releases).toHaveLength(1);
    expect(releases[0]!.data).toContain('Night Rides');
  });

  it('refuses drafts from files that are not the uploader’s, and bad input', async () => {
    const owner = await artistAccount();
    const other = await artistAccount();
    const entry = await upload(
      other.browser,
      await taggedMp3({ title: 'x', artist: 'y' }),
      'x.mp3',
    );
    const foreign = await owner.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [entry.id],
    });
    expect(foreign.statusCode).toBe(422);
    const empty = await owner.browser.post('/api/v1/backstage/drafts', { file_entry_ids: [] });
    expect(empty.statusCode).toBe(422);
    const listener = await signedInUser(t.app);
    const refused = await listener.browser.post('/api/v1/backstage/drafts', {
      file_entry_ids: [entry.id],
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('editing', () => {
  it('creates a track by hand, edits every field, publishes it and notifies followers', async () => {
    const owner = await artistAccount();
    const follower = await signedInUser(t.app);
    await follower.browser.put(`/api/v1/library/follows/artists/${owner.artist.id}`);
    const created = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Handmade',
      artist_ids: [owner.artist.id],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ track: BackstageTrack }>().track.id;

    const noAudio = await owner.browser.post(`/api/v1/backstage/tracks/${id}/publish`);
    expect(noAudio.statusCode).toBe(422);

    const audio = await upload(
      owner.browser,
      await taggedMp3({ title: 'a', artist: 'b' }),
      'h.mp3',
    );
    const lyrics = '[00:00.50] first line\n[00:01.50] second line';
    const updated = await owner.browser.put(`/api/v1/backstage/tracks/${id}`, {
      name: 'Handmade (edit)',
      number: 3,
      genres: ['Ambient'],
      tags: ['calm', 'Night'],
      description: 'Made by hand.',
      lyrics,
      visibility: 'public',
      downloadable: true,
      file_entry_id: audio.id,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ track: BackstageTrack }>().track).toMatchObject({
      name: 'Handmade (edit)',
      number: 3,
      genres: ['ambient'],
      tags: ['calm', 'night'],
      description: 'Made by hand.',
      lyrics,
      downloadable: true,
      has_audio: true,
      file_entry_id: audio.id,
      status: 'draft',
    });

    const published = await owner.browser.post(`/api/v1/backstage/tracks/${id}/publish`);
    expect(published.json<{ track: BackstageTrack }>().track.is_public).toBe(true);
    const synced = await (await guestBrowser(t.app)).get(`/api/v1/tracks/${id}/lyrics`);
    expect(synced.json().lyric).toMatchObject({ is_synced: true });
    const notes = await notificationsOf(follower.id);
    expect(notes.filter((n) => n.type === 'artist.new_release')).toHaveLength(1);

    // Replacing the audio keeps the track (plays, comments) and drops the old file.
    const replacement = await upload(
      owner.browser,
      await taggedMp3({ title: 'c', artist: 'd' }),
      'r.mp3',
    );
    const replaced = await owner.browser.put(`/api/v1/backstage/tracks/${id}`, {
      file_entry_id: replacement.id,
    });
    expect(replaced.json().track.file_entry_id).toBe(replacement.id);
    const old = await db()
      .selectFrom('file_entries')
      .select('id')
      .where('id', '=', audio.id)
      .execute();
    expect(old).toHaveLength(0);
    // Saving again does not tell the followers twice.
    expect(
      (await notificationsOf(follower.id)).filter((n) => n.type === 'artist.new_release'),
    ).toHaveLength(1);
  });

  it('keeps a scheduled release hidden until its date, then announces it', async () => {
    const owner = await artistAccount();
    const follower = await signedInUser(t.app);
    await follower.browser.put(`/api/v1/library/follows/artists/${owner.artist.id}`);
    const audio = await upload(
      owner.browser,
      await taggedMp3({ title: 'a', artist: 'b' }),
      's.mp3',
    );
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const created = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Soon',
      artist_ids: [owner.artist.id],
      file_entry_id: audio.id,
      release_at: later,
    });
    const id = created.json<{ track: BackstageTrack }>().track.id;
    const published = await owner.browser.post(`/api/v1/backstage/tracks/${id}/publish`);
    expect(published.json().track).toMatchObject({ status: 'published', is_public: false });
    expect((await (await guestBrowser(t.app)).get(`/api/v1/tracks/${id}`)).statusCode).toBe(404);
    // Time passes: the date is now behind us, and the scheduled job runs.
    await db()
      .updateTable('tracks')
      .set({ release_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    // Two instances run the job at once: the followers are told once.
    const { releases } = t.app.services.backstageMusic;
    await Promise.all([releases.releaseDue(), releases.releaseDue()]);
    expect((await (await guestBrowser(t.app)).get(`/api/v1/tracks/${id}`)).statusCode).toBe(200);
    const notes = await notificationsOf(follower.id);
    expect(notes.filter((n) => n.type === 'artist.new_release')).toHaveLength(1);
  });

  it('edits an artist and an album; bad input is refused per field', async () => {
    const owner = await artistAccount();
    const artist = await owner.browser.put(`/api/v1/backstage/artists/${owner.artist.id}`, {
      name: 'Renamed',
      description: 'Bio',
      links: [{ url: 'https://example.com', title: 'Site' }],
      genres: ['Rock'],
    });
    expect(artist.statusCode).toBe(200);
    expect(artist.json().artist).toMatchObject({
      name: 'Renamed',
      description: 'Bio',
      genres: ['rock'],
    });
    const badArtist = await owner.browser.put(`/api/v1/backstage/artists/${owner.artist.id}`, {
      name: '',
      links: [{ url: 'ftp://x', title: 'x' }],
    });
    expect(badArtist.statusCode).toBe(422);
    expect(Object.keys(badArtist.json().errors)).toEqual(
      expect.arrayContaining(['name', 'links.0.url']),
    );

    const album = await owner.browser.post('/api/v1/backstage/albums', {
      name: 'By hand',
      artist_ids: [owner.artist.id],
      type: 'ep',
      release_date: '2025-02-03',
    });
    expect(album.statusCode).toBe(201);
    const albumId = album.json().album.id;
    const edited = await owner.browser.put(`/api/v1/backstage/albums/${albumId}`, {
      description: 'Notes',
      tags: ['live'],
      visibility: 'private',
      gapless: true,
    });
    expect(edited.json().album).toMatchObject({
      description: 'Notes',
      tags: ['live'],
      visibility: 'private',
      gapless: true,
    });
    const bad = await owner.browser.put(`/api/v1/backstage/albums/${albumId}`, {
      release_date: 'tomorrow',
      type: 'mixtape',
      gapless: 'yes',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['gapless']));
    const wrongOrder = await owner.browser.put(`/api/v1/backstage/albums/${albumId}/track-order`, {
      track_ids: [123456],
    });
    expect(wrongOrder.statusCode).toBe(422);
    const notMine = await owner.browser.post('/api/v1/backstage/tracks', {
      name: 'Someone else',
      artist_ids: [(await createArtist(t.app)).id],
    });
    expect(notMine.statusCode).toBe(422);
    expect(notMine.json().errors.artist_ids).toBeDefined();
  });

  it("answers 404 for someone else's track, album and artist; admins may edit them", async () => {
    const owner = await artistAccount();
    const stranger = await artistAccount();
    const track = (
      await owner.browser.post('/api/v1/backstage/tracks', {
        name: 'Private',
        artist_ids: [owner.artist.id],
      })
    ).json().track as BackstageTrack;
    const album = (
      await owner.browser.post('/api/v1/backstage/albums', {
        name: 'Private',
        artist_ids: [owner.artist.id],
      })
    ).json().album as BackstageAlbumDetails;
    for (const [method, url] of [
      ['GET', `/api/v1/backstage/tracks/${track.id}`],
      ['PUT', `/api/v1/backstage/tracks/${track.id}`],
      ['POST', `/api/v1/backstage/tracks/${track.id}/publish`],
      ['DELETE', `/api/v1/backstage/tracks/${track.id}`],
      ['GET', `/api/v1/backstage/albums/${album.id}`],
      ['PUT', `/api/v1/backstage/albums/${album.id}`],
      ['POST', `/api/v1/backstage/albums/${album.id}/publish`],
      ['DELETE', `/api/v1/backstage/albums/${album.id}`],
      ['GET', `/api/v1/backstage/artists/${owner.artist.id}`],
      ['PUT', `/api/v1/backstage/artists/${owner.artist.id}`],
    ] as const) {
      const response =
        method === 'GET'
          ? await stranger.browser.get(url)
          : method === 'POST'
            ? await stranger.browser.post(url)
            : method === 'PUT'
              ? await stranger.browser.put(url, {})
              : await stranger.browser.delete(url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await stranger.browser.get('/api/v1/backstage/tracks');
    expect(mine.json().pagination.data).toHaveLength(0);

    const admin = await guestBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
    const asAdmin = await admin.put(`/api/v1/backstage/tracks/${track.id}`, {
      name: 'Fixed by admin',
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().track.name).toBe('Fixed by admin');
  });
});

describe('GET backstage/artist-options', () => {
  it('finds artists by part of their name for the pickers, wildcards taken literally', async () => {
    const owner = await artistAccount('Zq Option Tide');
    await createArtist(t.app, { name: 'Zq Option Reef' });
    await createArtist(t.app, { name: 'Zq 100% Pure' });
    const names = async (query: string) =>
      (
        await owner.browser.get(
          `/api/v1/backstage/artist-options?query=${encodeURIComponent(query)}`,
        )
      )
        .json<{ artists: { name: string }[] }>()
        .artists.map((artist) => artist.name);
    expect(await names('option')).toEqual(
      expect.arrayContaining(['Zq Option Tide', 'Zq Option Reef']),
    );
    expect(await names('OPTION TI')).toEqual(['Zq Option Tide']);
    // "%" is a character to find, not a pattern.
    expect(await names('100%')).toEqual(['Zq 100% Pure']);
    expect(await names('zq-nothing-matches')).toEqual([]);
    const tooLong = await owner.browser.get(
      `/api/v1/backstage/artist-options?query=${'x'.repeat(101)}`,
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.query).toBeDefined();
    const guest = await guestBrowser(t.app);
    expect((await guest.get('/api/v1/backstage/artist-options?query=zq')).statusCode).toBe(401);
  });
});

describe('new artist profiles', () => {
  it('lets catalog editors create an artist, listed and searchable at once; others may not', async () => {
    const admin = await guestBrowser(t.app);
    await admin.login(t.admin.email, t.admin.password);
    const created = await admin.post('/api/v1/backstage/artists', {
      name: 'Harbour Lights',
      description: 'From the coast',
      genres: ['Indie'],
      links: [{ url: 'https://harbour.example', title: 'Site' }],
    });
    expect(created.statusCode).toBe(201);
    const artist = created.json().artist;
    expect(artist).toMatchObject({
      name: 'Harbour Lights',
      description: 'From the coast',
      genres: ['indie'],
      verified: false,
    });
    const page = await admin.get(`/api/v1/artists/${artist.id}`);
    expect(page.statusCode).toBe(200);
    const found = await admin.get('/api/v1/search?query=harbour');
    expect(found.json().results.artists.map((a: { id: number }) => a.id)).toContain(artist.id);

    const bad = await admin.post('/api/v1/backstage/artists', {
      name: '',
      links: [{ url: 'ftp://x', title: 'x' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name', 'links.0.url']));
    const nameless = await admin.post('/api/v1/backstage/artists', { description: 'No name' });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors.name).toBeDefined();

    // An artist's own account manages its profile, but making new ones is for catalog editors.
    const member = await artistAccount();
    const refused = await member.browser.post('/api/v1/backstage/artists', { name: 'Mine too' });
    expect(refused.statusCode).toBe(403);
    const guest = await guestBrowser(t.app);
    expect((await guest.post('/api/v1/backstage/artists', { name: 'Anon' })).statusCode).toBe(401);
  });
});

describe('downloads', () => {
  it('lets listeners download only tracks made downloadable; editors always may', async () => {
    const owner = await artistAccount();
    const fan = await signedInUser(t.app);
    const audio = await upload(
      owner.browser,
      await taggedMp3({ title: 'a', artist: 'b' }),
      'g.mp3',
    );
    const { track } = (
      await owner.browser.post('/api/v1/backstage/tracks', {
        name: 'Take Me Home',
        artist_ids: [owner.artist.id],
        file_entry_id: audio.id,
      })
    ).json<{ track: BackstageTrack }>();
    const url = `/api/v1/tracks/${track.id}/download`;
    // A draft is nobody else's business.
    expect((await fan.browser.get(url)).statusCode).toBe(404);
    await owner.browser.post(`/api/v1/backstage/tracks/${track.id}/publish`);
    expect((await fan.browser.get(url)).statusCode).toBe(403);
    const mine = await owner.browser.get(url);
    expect(mine.statusCode).toBe(200);
    await owner.browser.put(`/api/v1/backstage/tracks/${track.id}`, { downloadable: true });
    const allowed = await fan.browser.get(url);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-disposition']).toBe('attachment; filename="Take Me Home.mp3"');
    expect(allowed.rawPayload.length).toBe(audio.file_size);
  });
});

describe('artwork', () => {
  it('stores an uploaded image where every listener can load it, and refuses non-images', async () => {
    const owner = await artistAccount();
    const form = new FormData();
    form.append('file', new Blob([solidPng(32)]), 'cover.png');
    const stored = await owner.browser.upload('/api/v1/backstage/artwork', form);
    expect(stored.statusCode).toBe(201);
    const { image } = stored.json<{ image: string }>();
    expect(image).toMatch(/^\/storage\/public\/artwork\/[\w-]+\.webp$/);
    const loaded = await (await guestBrowser(t.app)).get(image);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.headers['content-type']).toBe('image/webp');

    const text = new FormData();
    text.append('file', new Blob(['<svg onload="alert(1)"/>']), 'cover.svg');
    expect((await owner.browser.upload('/api/v1/backstage/artwork', text)).statusCode).toBe(422);
    const guest = await guestBrowser(t.app);
    await guest.open();
    expect((await guest.upload('/api/v1/backstage/artwork', form)).statusCode).toBe(401);
  });
});

describe('deleting', () => {
  it('removes likes, reposts, playlist entries, comments, search entries and files', async () => {
    const owner = await artistAccount('Delete Me Band');
    const fan = await signedInUser(t.app);
    const audio = await upload(
      owner.browser,
      await taggedMp3({ title: 'Doomed', artist: 'Delete Me Band', album: 'Gone' }),
      'd.mp3',
    );
    const [track] = (
      await owner.browser.post('/api/v1/backstage/drafts', { file_entry_ids: [audio.id] })
    ).json().tracks as BackstageTrack[];
    const albumId = track!.album!.id;
    await owner.browser.post(`/api/v1/backstage/albums/${albumId}/publish`);
    const id = track!.id;

    expect((await fan.browser.put(`/api/v1/library/likes/tracks/${id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await fan.browser.put(`/api/v1/library/reposts/tracks/${id}`)).statusCode).toBeLessThan(
      300,
    );
    await fan.browser.put(`/api/v1/library/likes/albums/${albumId}`);
    const comment = await fan.browser.post(`/api/v1/tracks/${id}/comments`, { body: 'Nice!' });
    expect(comment.statusCode).toBeLessThan(300);
    const playlist = await fan.browser.post('/api/v1/playlists', { name: 'Mix' });
    const playlistId = playlist.json().playlist.id;
    expect(
      (await fan.browser.post(`/api/v1/playlists/${playlistId}/tracks`, { ids: [id] })).statusCode,
    ).toBeLessThan(300);
    const searchRows = async () =>
      (await (await guestBrowser(t.app)).get('/api/v1/search?query=Doomed'))
        .json<{ results: { tracks: { id: number }[] } }>()
        .results.tracks.map((row) => row.id);
    expect(await searchRows()).toContain(id);

    const deleted = await owner.browser.delete(`/api/v1/backstage/albums/${albumId}`);
    expect(deleted.statusCode).toBe(200);

    const count = async (
      table:
        'likes' | 'reposts' | 'comments' | 'playlist_tracks' | 'tracks' | 'file_entries' | 'albums',
    ) =>
      (await db().selectFrom(table).selectAll().execute()).filter((row) => {
        const r = row as Record<string, unknown>;
        return (
          (table === 'likes' &&
            ((r.likeable_type === 'tracks' && r.likeable_id === id) ||
              (r.likeable_type === 'albums' && r.likeable_id === albumId))) ||
          (table === 'reposts' && r.repostable_id === id) ||
          (table === 'comments' && r.track_id === id) ||
          (table === 'playlist_tracks' && r.track_id === id) ||
          (table === 'tracks' && r.id === id) ||
          (table === 'albums' && r.id === albumId) ||
          (table === 'file_entries' && r.id === audio.id)
        );
      }).length;
    for (const table of [
      'likes',
      'reposts',
      'comments',
      'playlist_tracks',
      'tracks',
      'albums',
      'file_entries',
    ] as const) {
      expect(await count(table), table).toBe(0);
    }
    expect(await t.app.services.storage.stat(audio.path)).toBeNull();
    t.app.services.catalogResponses.clear();
    expect(await searchRows()).not.toContain(id);
  });
});
