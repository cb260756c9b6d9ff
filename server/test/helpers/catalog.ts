import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { seedDemoCatalog, type DemoCatalogOptions } from '../../src/seed/demo/catalog.ts';

/** Catalog factories shared by the API and browser tiers (DESIGN §6). */

let sequence = 0;
const now = () => new Date().toISOString();
const unique = (prefix: string) => `${prefix} ${++sequence}`;

export async function createGenre(app: FastifyInstance, name = unique('genre')) {
  const id = await app.services.catalogWrites.insertGenre({
    name: name.toLowerCase(),
    display_name: name,
    image: null,
    popularity: 0,
    created_at: now(),
  });
  return { id, name: name.toLowerCase() };
}

export async function createTag(app: FastifyInstance, name = unique('tag')) {
  const id = await app.services.catalogWrites.insertTag({
    name: name.toLowerCase(),
    display_name: name,
    created_at: now(),
  });
  return { id, name: name.toLowerCase() };
}

export async function createArtist(
  app: FastifyInstance,
  input: { name?: string; popularity?: number; genreIds?: number[] } = {},
) {
  const writes = app.services.catalogWrites;
  const name = input.name ?? unique('Artist');
  const id = await writes.insertArtist({
    name,
    image: null,
    description: `About ${name}.`,
    verified: 0,
    links: '[]',
    plays: 0,
    popularity: input.popularity ?? 10,
    created_at: now(),
    updated_at: now(),
  });
  await writes.insertMany(
    'artist_genres',
    (input.genreIds ?? []).map((genre_id) => ({ artist_id: id, genre_id })),
  );
  return { id, name };
}

export async function createAlbum(
  app: FastifyInstance,
  input: { name?: string; artistIds?: number[]; ownerId?: number; isPublic?: boolean } = {},
) {
  const writes = app.services.catalogWrites;
  const name = input.name ?? unique('Album');
  const id = await writes.insertAlbum({
    name,
    release_date: '2024-05-01',
    image: null,
    type: 'album',
    description: null,
    owner_id: input.ownerId ?? null,
    is_public: input.isPublic === false ? 0 : 1,
    plays: 0,
    popularity: 10,
    created_at: now(),
    updated_at: now(),
  });
  await writes.insertMany(
    'album_artists',
    (input.artistIds ?? []).map((artist_id, position) => ({ album_id: id, artist_id, position })),
  );
  return { id, name };
}

export interface TrackInput {
  name?: string;
  artistIds?: number[];
  albumId?: number;
  number?: number;
  ownerId?: number;
  isPublic?: boolean;
  popularity?: number;
  /** The file's bytes; a key without a file when null (a track whose audio is missing). */
  audio?: Buffer | null;
  audioPath?: string;
  genreIds?: number[];
  tagIds?: number[];
  lyrics?: { text: string; synced: boolean };
}

export async function createTrack(app: FastifyInstance, input: TrackInput = {}) {
  const { catalogWrites: writes, storage } = app.services;
  const name = input.name ?? unique('Track');
  const audioPath = input.audioPath ?? `audio/test/${randomBytes(6).toString('hex')}.mp3`;
  if (input.audio !== null && !input.audioPath) {
    await storage.write(audioPath, input.audio ?? randomBytes(4096));
  }
  const id = await writes.insertTrack({
    name,
    number: input.number ?? 1,
    duration: 180_000,
    album_id: input.albumId ?? null,
    image: null,
    description: null,
    owner_id: input.ownerId ?? null,
    is_public: input.isPublic === false ? 0 : 1,
    audio_path: audioPath,
    audio_mime: 'audio/mpeg',
    waveform: '[0.5,1,0.25]',
    plays: 0,
    popularity: input.popularity ?? 10,
    created_at: now(),
    updated_at: now(),
  });
  await writes.insertMany(
    'track_artists',
    (input.artistIds ?? []).map((artist_id, position) => ({ track_id: id, artist_id, position })),
  );
  await writes.insertMany(
    'track_genres',
    (input.genreIds ?? []).map((genre_id) => ({ track_id: id, genre_id })),
  );
  await writes.insertMany(
    'track_tags',
    (input.tagIds ?? []).map((tag_id) => ({ track_id: id, tag_id })),
  );
  if (input.lyrics) await writes.setLyrics(id, input.lyrics.text, input.lyrics.synced);
  return { id, name, audioPath };
}

/** Rebuilds the search index after factories wrote to the catalog. */
export async function reindexCatalog(app: FastifyInstance) {
  await app.services.catalogIndexer.reindexAll();
  app.services.channels.clearCache();
}

/** A small demo catalog with short, real audio: enough for pages, radio and playback. */
export async function seedSmallCatalog(
  app: FastifyInstance,
  options: Partial<DemoCatalogOptions> = {},
) {
  const summary = await seedDemoCatalog(app.services.database.db, app.services.storage, {
    artists: 4,
    tracks: 16,
    plays: 120,
    seconds: [8, 12],
    ...options,
  });
  await reindexCatalog(app);
  return summary;
}
