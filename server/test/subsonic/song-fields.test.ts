import { SubsonicAPI } from 'subsonic-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createAlbum, createArtist, createTrack, seedSmallCatalog } from '../helpers/catalog.ts';

/**
 * The fields apps read from songs and albums (issue 38, item 3): file size and stream figures
 * of an uploaded file as the media pipeline probed it, suffix, path and disc, the album's
 * genre in every album list, and an absolute artist image address.
 */
let test: TestApp;
let url: string;
let api: SubsonicAPI;
let uploaded: { id: number };

beforeAll(async () => {
  test = await createTestApp({ env: { APP_URL: 'https://music.example' }, builtServer: true });
  await seedSmallCatalog(test.app);
  url = test.url!;
  const account = await signedInUser(test.app);
  const { plainTextToken } = await test.app.services.accessTokens.create(account.id, 'app');
  api = new SubsonicAPI({ url, auth: { apiKey: plainTextToken } });

  // An uploaded FLAC, as the media pipeline leaves it: a file entry with its probe.
  const now = new Date().toISOString();
  const entry = await test.app.services.database.db
    .insertInto('file_entries')
    .values({
      name: 'bells.flac',
      path: `audio/bells-${Date.now()}.flac`,
      disk: 'local',
      file_size: 31_457_280,
      mime: 'audio/flac',
      extension: 'flac',
      media_status: 'ready',
      media: JSON.stringify({
        status: 'ready',
        codec: 'FLAC',
        sample_rate: 96_000,
        channels: 2,
        bitrate: 2_304_123,
        tags: { disc_number: 2, track_number: 3 },
      }),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const artist = await createArtist(test.app, { name: 'AC/DC' });
  const album = await createAlbum(test.app, { name: 'Live: Part 1', artistIds: [artist.id] });
  uploaded = await createTrack(test.app, {
    name: 'Bells / Reprise',
    albumId: album.id,
    number: 3,
    artistIds: [artist.id],
  });
  await test.app.services.database.db
    .updateTable('tracks')
    .set({ file_entry_id: entry.id, audio_mime: 'audio/flac' })
    .where('id', '=', uploaded.id)
    .execute();
});
afterAll(async () => {
  await test?.close();
});

describe('song fields', () => {
  it("gives an uploaded file's size, bit rate, sampling rate, channels and disc", async () => {
    const { song } = await api.getSong({ id: `tr-${uploaded.id}` });
    expect(song).toMatchObject({
      size: 31_457_280,
      bitRate: 2304,
      samplingRate: 96_000,
      channelCount: 2,
      discNumber: 2,
      suffix: 'flac',
      contentType: 'audio/flac',
      path: 'AC_DC/Live: Part 1/03 Bells _ Reprise.flac',
    });
  });

  it('leaves out what was never probed, and still gives a path', async () => {
    // A demo track: random picks may also draw the FLAC uploaded above, which was probed.
    const { randomSongs } = await api.getRandomSongs({ size: 10 });
    const song = randomSongs.song!.find((each) => each.id !== `tr-${uploaded.id}`)!;
    expect(song.path).toMatch(/^[^/]+\/[^/]+\/\d\d .+\.mp3$/);
    for (const field of ['size', 'bitRate', 'samplingRate', 'channelCount', 'bitDepth']) {
      expect(song, field).not.toHaveProperty(field);
    }
  });
});

describe('played', () => {
  it('gives when the user last played a song and its album, and nothing before', async () => {
    const { song: before } = await api.getSong({ id: `tr-${uploaded.id}` });
    expect(before).not.toHaveProperty('played');
    const start = Date.now();
    await api.scrobble({ id: `tr-${uploaded.id}`, submission: true });
    const { song } = await api.getSong({ id: `tr-${uploaded.id}` });
    expect(new Date(song.played as string).getTime()).toBeGreaterThanOrEqual(start - 1000);
    const { album } = await api.getAlbum({ id: song.albumId! });
    expect(album.played).toBe(song.played);
    expect(album.song!.find((s) => s.id === song.id)?.played).toBe(song.played);
  });

  it("counts the user's own plays of a song and its album, not the site's", async () => {
    const { song: before } = await api.getSong({ id: `tr-${uploaded.id}` });
    const { album: albumBefore } = await api.getAlbum({ id: before.albumId! });
    // Another listener's plays are theirs: this user's counts do not move.
    const other = await signedInUser(test.app, { name: 'Other Listener' });
    const token = await test.app.services.accessTokens.create(other.id, 'app');
    const otherApi = new SubsonicAPI({ url, auth: { apiKey: token.plainTextToken } });
    await otherApi.scrobble({ id: `tr-${uploaded.id}`, submission: true });
    await otherApi.scrobble({ id: `tr-${uploaded.id}`, submission: true });
    expect((await api.getSong({ id: `tr-${uploaded.id}` })).song.playCount).toBe(before.playCount);
    await api.scrobble({ id: `tr-${uploaded.id}`, submission: true });
    const { song } = await api.getSong({ id: `tr-${uploaded.id}` });
    expect(song.playCount).toBe(before.playCount! + 1);
    const { album } = await api.getAlbum({ id: song.albumId! });
    expect(album.playCount).toBe(albumBefore.playCount! + 1);
    const { directory } = await api.getMusicDirectory({ id: song.albumId! });
    expect(directory.playCount).toBe(album.playCount);
  });
});

describe('album fields', () => {
  it('gives albums in lists, search, an artist and the starred the genre getAlbum has', async () => {
    const { albumList2 } = await api.getAlbumList2({ type: 'alphabeticalByName', size: 50 });
    const listed = albumList2.album!.filter((album) => album.genre);
    expect(listed.length).toBeGreaterThan(0);
    for (const album of listed.slice(0, 3)) {
      const { album: full } = await api.getAlbum({ id: album.id });
      expect(album.genre).toBe(full.genre);
      expect(album.genres).toEqual(full.genres);
    }
    const sample = listed[0]!;
    const { searchResult3 } = await api.search3({ query: '', albumCount: 500, songCount: 0 });
    expect(searchResult3.album!.find((a) => a.id === sample.id)?.genre).toBe(sample.genre);
    const { artist } = await api.getArtist({ id: sample.artistId! });
    expect(artist.album!.find((a) => a.id === sample.id)?.genre).toBe(sample.genre);
    await api.star({ albumId: sample.id });
    const { starred2 } = await api.getStarred2();
    expect(starred2.album!.find((a) => a.id === sample.id)?.genres).toEqual([
      { name: sample.genre },
    ]);
  });

  it("gives an artist's image as an absolute address on the site", async () => {
    const { artists } = await api.getArtists();
    const withImage = artists
      .index!.flatMap((index) => index.artist ?? [])
      .filter((a) => a.coverArt);
    expect(withImage.length).toBeGreaterThan(0);
    for (const artist of withImage) {
      expect(artist.artistImageUrl).toMatch(/^https:\/\/music\.example\/storage\/public\/.+/);
    }
    const { artist } = await api.getArtist({ id: withImage[0]!.id });
    expect(artist.artistImageUrl).toBe(withImage[0]!.artistImageUrl);
  });
});
