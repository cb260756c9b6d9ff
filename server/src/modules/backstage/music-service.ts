import type {
  AlbumInput,
  ArtistInput,
  BackstageAlbumDetails,
  BackstageArtist,
  BackstageTrack,
  FileEntry,
  Pagination,
  TrackInput,
  User,
} from '@backbeat/common';
import { forbidden, notFound, validationFailed } from '../../lib/domain-errors.ts';
import { pageWindow, paginate } from '../../lib/pagination.ts';
import { groupByOwner, inOrder } from '../catalog/present.ts';
import { analysisColumns, newAlbumRow, newTrackRow } from '../catalog-writes/rows.ts';
import type { MusicDeps } from './ports.ts';
import { namesByOwner, presentAlbum, presentArtist, presentTrack } from './present.ts';
import { createReleases } from './releases.ts';
import { NOT_AUDIO, isUsableAudio } from './audio-entry.ts';

export type BackstageMusicService = ReturnType<typeof createBackstageMusicService>;

const now = () => new Date().toISOString();

/** The backstage editors: tracks, albums and artists, their publishing and deletion. */
export function createBackstageMusicService(deps: MusicDeps) {
  const { repository: repo, policy, writer } = deps;
  const { rows: writes } = writer;
  const releases = createReleases(deps);

  async function tracks(ids: readonly number[]): Promise<BackstageTrack[]> {
    if (!ids.length) return [];
    const [rows, artists, genres, tags] = await Promise.all([
      repo.trackRows(ids),
      writes.artistsOf('track_artists', ids),
      repo.genreNames('track_genres', ids),
      repo.tagNames('track_tags', ids),
    ]);
    const byArtist = groupByOwner(artists);
    const genreMap = namesByOwner(genres);
    const tagMap = namesByOwner(tags);
    return inOrder(ids, rows).map((row) =>
      presentTrack(row, {
        artists: byArtist.get(row.id) ?? [],
        genres: genreMap.get(row.id) ?? [],
        tags: tagMap.get(row.id) ?? [],
      }),
    );
  }

  async function albums(ids: readonly number[]) {
    if (!ids.length) return [];
    const [rows, artists, genres, tags] = await Promise.all([
      repo.albumRows(ids),
      writes.artistsOf('album_artists', ids),
      repo.genreNames('album_genres', ids),
      repo.tagNames('album_tags', ids),
    ]);
    const byArtist = groupByOwner(artists);
    const genreMap = namesByOwner(genres);
    const tagMap = namesByOwner(tags);
    return inOrder(ids, rows).map((row) =>
      presentAlbum(row, {
        artists: byArtist.get(row.id) ?? [],
        genres: genreMap.get(row.id) ?? [],
        tags: tagMap.get(row.id) ?? [],
      }),
    );
  }

  async function album(id: number): Promise<BackstageAlbumDetails> {
    const [found] = await albums([id]);
    if (!found) throw notFound();
    return { ...found, tracks: await tracks(await writes.albumTrackIds(id)) };
  }

  async function track(id: number): Promise<BackstageTrack> {
    const [found] = await tracks([id]);
    if (!found) throw notFound();
    return found;
  }

  /**
   * Artists named must exist, and every one must be an artist the editor may act for (a
   * member's own; catalog editors: any), so nobody publishes as, and notifies the followers
   * of, someone else. On an update the artists already on the release (put there by someone
   * allowed) may stay.
   */
  async function checkArtists(
    user: User,
    ids: number[] | undefined,
    current: readonly number[] = [],
  ): Promise<void> {
    if (ids === undefined) return;
    const found = await repo.artistRows(ids);
    if (found.length !== new Set(ids).size) {
      throw validationFailed({ artist_ids: ['One of the artists was not found.'] });
    }
    const refused = new Set(await policy.artistsRefused(user, ids));
    const newlyRefused = inOrder([...new Set(ids)], found).filter(
      (a) => refused.has(a.id) && !current.includes(a.id),
    );
    if (newlyRefused.length) {
      const names = newlyRefused.map((a) => a.name).join(', ');
      throw validationFailed({ artist_ids: [`You may not publish as ${names}.`] });
    }
    if (ids.every((id) => refused.has(id))) {
      throw validationFailed({ artist_ids: ['Choose at least one artist you manage.'] });
    }
  }

  async function checkAlbum(user: User, albumId: number | null | undefined): Promise<void> {
    if (!albumId) return;
    if (!(await policy.canManageAlbum(user, albumId))) {
      throw validationFailed({ album_id: ['The album was not found.'] });
    }
  }

  async function audioEntry(user: User, id: number): Promise<FileEntry> {
    const entry = await deps.fileEntry(user, id);
    if (!entry) throw validationFailed({ file_entry_id: ['The audio file was not found.'] });
    if (!isUsableAudio(entry)) throw validationFailed({ file_entry_id: [NOT_AUDIO] });
    return entry;
  }

  /**
   * The rows with audio that may be published. A track may be made while its upload is still
   * being processed; a file the pipeline then marks failed (it does not decode as audio)
   * keeps its track a draft.
   */
  async function withPublishableAudio<
    T extends { audio_path: string | null; file_entry_id: number | null },
  >(rows: T[]): Promise<T[]> {
    const files = rows.flatMap((row) =>
      row.audio_path && row.file_entry_id ? [row.file_entry_id] : [],
    );
    const failed = files.length ? await deps.failedAudio(files) : new Set<number>();
    return rows.filter(
      (row) => row.audio_path && !(row.file_entry_id && failed.has(row.file_entry_id)),
    );
  }

  /** The columns and links a track input changes (audio checked before). */
  async function writeTrack(id: number, input: TrackInput, audio: FileEntry | null) {
    const stamp = now();
    const [before] = await repo.trackRows([id]);
    await writes.updateTrack(id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      // A track that leaves its album leaves its gain; the new album's comes below.
      ...(input.album_id !== undefined ? { album_id: input.album_id, album_gain_db: null } : {}),
      ...(input.number !== undefined ? { number: input.number } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.image !== undefined ? { image: input.image || null } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      ...(input.downloadable !== undefined ? { downloadable: input.downloadable ? 1 : 0 } : {}),
      ...(input.release_at !== undefined ? { release_at: input.release_at } : {}),
      ...(audio
        ? {
            file_entry_id: audio.id,
            audio_path: audio.path,
            audio_mime: audio.mime,
            ...(audio.media?.duration_ms ? { duration: audio.media.duration_ms } : {}),
            ...(audio.media?.waveform.length
              ? { waveform: JSON.stringify(audio.media.waveform) }
              : {}),
            ...analysisColumns(audio.media),
          }
        : {}),
      updated_at: stamp,
    });
    if (input.artist_ids) await writes.setArtists('track_artists', id, input.artist_ids);
    if (input.genres) await writes.setGenres('track_genres', id, input.genres, stamp);
    if (input.tags) await writes.setTags('track_tags', id, input.tags, stamp);
    if (input.lyrics !== undefined) await writer.setLyrics(id, input.lyrics, stamp);
    // Moved between albums, or new audio measured: both albums' gains follow.
    if (input.album_id !== undefined || audio) {
      await writes.refreshAlbumGains([
        before?.album_id ?? null,
        input.album_id ?? before?.album_id ?? null,
      ]);
    }
  }

  async function writeAlbum(id: number, input: AlbumInput) {
    const stamp = now();
    await writes.updateAlbum(id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.release_date !== undefined ? { release_date: input.release_date } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.image !== undefined ? { image: input.image || null } : {}),
      ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
      ...(input.release_at !== undefined ? { release_at: input.release_at } : {}),
      ...(input.gapless !== undefined ? { gapless: input.gapless ? 1 : 0 } : {}),
      updated_at: stamp,
    });
    if (input.artist_ids) await writes.setArtists('album_artists', id, input.artist_ids);
    if (input.genres) await writes.setGenres('album_genres', id, input.genres, stamp);
    if (input.tags) await writes.setTags('album_tags', id, input.tags, stamp);
  }

  const { removeTracks, removeAlbum } = writer;

  const service = {
    releases,
    track,
    album,
    /** The deletion path without a user (library folders take out the tracks of removed files). */
    removeTracks,
    removeAlbum,

    async listTracks(user: User, query: { page: number; perPage: number; status?: string }) {
      const window = pageWindow(query.page, query.perPage);
      const { ids, total } = await repo.editableTrackPage(user.id, query.status, window);
      return paginate(await tracks(ids), query.page, query.perPage, total);
    },
    async listAlbums(user: User, query: { page: number; perPage: number; status?: string }) {
      const window = pageWindow(query.page, query.perPage);
      const { ids, total } = await repo.editableAlbumPage(user.id, query.status, window);
      return paginate(await albums(ids), query.page, query.perPage, total);
    },

    async getTrack(user: User, id: number): Promise<BackstageTrack> {
      await policy.assertTrack(user, id);
      return track(id);
    },

    async createTrack(user: User, input: TrackInput & { name: string; artist_ids: number[] }) {
      await checkArtists(user, input.artist_ids);
      await checkAlbum(user, input.album_id);
      const audio = input.file_entry_id ? await audioEntry(user, input.file_entry_id) : null;
      const id = await writes.insertTrack(
        newTrackRow({ name: input.name, ownerId: user.id, status: 'draft', stamp: now() }),
      );
      await writeTrack(id, input, audio);
      return track(id);
    },

    async updateTrack(user: User, id: number, input: TrackInput): Promise<BackstageTrack> {
      await policy.assertTrack(user, id);
      await checkArtists(user, input.artist_ids, await repo.artistIdsOf('track_artists', id));
      await checkAlbum(user, input.album_id);
      const [before] = await repo.trackRows([id]);
      const audio = input.file_entry_id ? await audioEntry(user, input.file_entry_id) : null;
      await writeTrack(id, input, audio);
      // The replaced audio's file goes; the track (plays, comments) stays.
      if (audio && before?.file_entry_id && before.file_entry_id !== audio.id) {
        await deps.purgeFiles([before.file_entry_id]);
      }
      await releases.syncTrack(id, { announce: true });
      return track(id);
    },

    async publishTrack(user: User, id: number): Promise<BackstageTrack> {
      await policy.assertTrack(user, id);
      const [row] = await repo.trackRows([id]);
      if (!row?.audio_path) {
        throw validationFailed({ file_entry_id: ['Add the audio before publishing.'] });
      }
      if (!(await withPublishableAudio([row])).length) {
        throw validationFailed({ file_entry_id: [NOT_AUDIO] });
      }
      await writes.updateTrack(id, { status: 'published', updated_at: now() });
      await releases.syncTrack(id, { announce: true });
      return track(id);
    },

    async deleteTrack(user: User, id: number): Promise<void> {
      await policy.assertTrack(user, id);
      await removeTracks([id]);
      deps.afterChange();
    },

    async getAlbum(user: User, id: number): Promise<BackstageAlbumDetails> {
      await policy.assertAlbum(user, id);
      return album(id);
    },

    async createAlbum(user: User, input: AlbumInput & { name: string; artist_ids: number[] }) {
      await checkArtists(user, input.artist_ids);
      const id = await writes.insertAlbum(
        newAlbumRow({ name: input.name, ownerId: user.id, status: 'draft', stamp: now() }),
      );
      await writeAlbum(id, input);
      return album(id);
    },

    async updateAlbum(user: User, id: number, input: AlbumInput) {
      await policy.assertAlbum(user, id);
      await checkArtists(user, input.artist_ids, await repo.artistIdsOf('album_artists', id));
      await writeAlbum(id, input);
      await releases.syncAlbum(id, { announce: true });
      return album(id);
    },

    async reorderAlbum(user: User, id: number, trackIds: number[]) {
      await policy.assertAlbum(user, id);
      const current = await writes.albumTrackIds(id);
      const same =
        current.length === trackIds.length &&
        new Set(trackIds).size === trackIds.length &&
        trackIds.every((t) => current.includes(t));
      if (!same) {
        throw validationFailed({ track_ids: ["Give each of the album's tracks once."] });
      }
      await writes.setTrackNumbers(id, trackIds);
      deps.afterChange();
      return album(id);
    },

    /** Publishes the album and its drafts with audio; followers hear of the album once. */
    async publishAlbum(user: User, id: number) {
      await policy.assertAlbum(user, id);
      const trackRows = await withPublishableAudio(
        await repo.trackRows(await writes.albumTrackIds(id)),
      );
      if (!trackRows.length) {
        throw validationFailed({ tracks: ['Add at least one track with audio first.'] });
      }
      const [albumRow] = await repo.albumRows([id]);
      const stamp = now();
      await writes.updateAlbum(id, { status: 'published', updated_at: stamp });
      for (const row of trackRows) {
        if (row.status !== 'draft') continue;
        // The album's date and visibility carry over to its drafts.
        await writes.updateTrack(row.id, {
          status: 'published',
          release_at: row.release_at ?? albumRow?.release_at ?? null,
          updated_at: stamp,
        });
        await releases.syncTrack(row.id, { announce: false });
      }
      await releases.syncAlbum(id, { announce: true });
      return album(id);
    },

    async deleteAlbum(user: User, id: number): Promise<void> {
      await policy.assertAlbum(user, id);
      await removeAlbum(id);
      deps.afterChange();
    },

    async myArtists(user: User): Promise<BackstageArtist[]> {
      const ids = await policy.memberArtistIds(user.id);
      return service.artists(ids);
    },
    async artists(ids: number[]): Promise<BackstageArtist[]> {
      const [rows, genres] = await Promise.all([
        repo.artistRows(ids),
        repo.genreNames('artist_genres', ids),
      ]);
      const genreMap = namesByOwner(genres);
      return inOrder(ids, rows).map((row) => presentArtist(row, genreMap.get(row.id) ?? []));
    },
    async getArtist(user: User, id: number): Promise<BackstageArtist> {
      await policy.assertArtist(user, id);
      const [artist] = await service.artists([id]);
      if (!artist) throw notFound();
      return artist;
    },
    /** A catalog editor's new artist profile (the route needs music.update), listed at once. */
    async createArtist(
      user: User,
      input: ArtistInput & { name: string },
    ): Promise<BackstageArtist> {
      const stamp = now();
      const id = await writer.createArtist({
        name: input.name,
        ownerId: user.id,
        image: input.image || null,
        description: input.description || null,
        links: JSON.stringify(input.links ?? []),
        stamp,
      });
      if (input.genres?.length) await writes.setGenres('artist_genres', id, input.genres, stamp);
      deps.afterChange();
      return service.getArtist(user, id);
    },
    async updateArtist(user: User, id: number, input: ArtistInput): Promise<BackstageArtist> {
      await policy.assertArtist(user, id);
      const stamp = now();
      await writes.updateArtist(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.image !== undefined ? { image: input.image || null } : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.links !== undefined ? { links: JSON.stringify(input.links) } : {}),
        updated_at: stamp,
      });
      if (input.genres) await writes.setGenres('artist_genres', id, input.genres, stamp);
      deps.afterChange();
      return service.getArtist(user, id);
    },
    artistOptions: (query: string) => repo.searchArtists(query, 20),

    /**
     * The audio of a track to download: listed (or the viewer's to edit) and made downloadable
     * (editors always may). Hidden tracks are not found; listed ones not offered are forbidden.
     */
    /**
     * A track's file for download: its editors always; others when the artist marked it
     * downloadable or the admin allows downloads site-wide (player settings).
     */
    async download(user: User, id: number, siteAllows = false) {
      const [row] = await repo.trackRows([id]);
      if (!row?.audio_path) throw notFound();
      const manages = await policy.canManageTrack(user, id);
      // Public, or listed in a restricted library folder the user may open (issue 18).
      const sees =
        Number(row.is_public) === 1 ||
        (row.access_folder_id != null && (await repo.opensFolder(row.access_folder_id, user.id)));
      if (!sees && !manages) throw notFound();
      if (Number(row.downloadable) !== 1 && !manages && !siteAllows) {
        throw forbidden('This track cannot be downloaded.');
      }
      return { path: row.audio_path, mime: row.audio_mime ?? 'audio/mpeg', name: row.name };
    },
  };
  return service;
}

export type { Pagination };
