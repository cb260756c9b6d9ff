import type { AudioTags, BackstageTrack, FileEntry, User } from '@backbeat/common';
import { validationFailed } from '../../lib/domain-errors.ts';
import { analysisColumns, lowerNames, newArtistRow, newTrackRow } from '../catalog-writes/rows.ts';
import type { MusicDeps } from './ports.ts';
import { NOT_AUDIO, isUsableAudio } from './audio-entry.ts';

const now = () => new Date().toISOString();
const withoutExtension = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '') || name;

/**
 * Upload to release: each uploaded audio file becomes a draft track pre-filled from its tags
 * (the pipeline's `media.tags`, else read here), matched to the editor's existing artists and
 * albums by name (case-insensitive); names that match nothing become new artists the editor
 * manages and new draft albums. Files of one album in a batch land on one album.
 */
export function createDrafts(
  deps: Pick<MusicDeps, 'writer' | 'policy' | 'fileEntry' | 'readTags'>,
  present: (ids: number[]) => Promise<BackstageTrack[]>,
  membership: { addMember: (artistId: number, userId: number) => Promise<void> },
) {
  const { policy } = deps;
  const repo = deps.writer.rows;

  async function tagsOf(entry: FileEntry) {
    if (entry.media?.tags) {
      return {
        tags: entry.media.tags,
        durationMs: entry.media.duration_ms,
        artwork: entry.media.artwork_url,
        waveform: entry.media.waveform,
      };
    }
    const read = await deps.readTags(entry);
    return {
      tags: read?.tags ?? null,
      durationMs: read?.durationMs ?? null,
      artwork: null,
      waveform: [],
    };
  }

  /** The artists of a file: the editor's by name, new ones for unknown names, else their first. */
  async function artistsFor(user: User, tags: AudioTags | null): Promise<number[]> {
    const names = tags?.artists.length
      ? tags.artists
      : tags?.album_artist
        ? [tags.album_artist]
        : [];
    const mine = new Set(await policy.memberArtistIds(user.id));
    const editsAll = policy.editsAll(user);
    const ids: number[] = [];
    const existing = await repo.artistsByName(names);
    for (const name of names) {
      const matches = existing.filter((a) => a.name.toLowerCase() === name.trim().toLowerCase());
      const usable = matches.find((a) => editsAll || mine.has(a.id));
      if (usable) {
        if (!ids.includes(usable.id)) ids.push(usable.id);
      } else if (!matches.length && name.trim()) {
        const id = await repo.insertArtist(
          newArtistRow({ name: name.trim().slice(0, 255), ownerId: user.id, stamp: now() }),
        );
        await membership.addMember(id, user.id);
        ids.push(id);
      }
    }
    if (!ids.length) {
      const [first] = await policy.memberArtistIds(user.id);
      if (first) ids.push(first);
    }
    if (!ids.length) {
      throw validationFailed({
        file_entry_ids: ['Name the artist in the file’s tags, or ask to become an artist first.'],
      });
    }
    return ids;
  }

  async function albumFor(
    user: User,
    tags: AudioTags | null,
    artistIds: number[],
    artwork: string | null,
  ): Promise<number | null> {
    if (!tags?.album) return null;
    const found = await repo.albumByName(tags.album, artistIds);
    if (found && (await policy.canManageAlbum(user, found.id))) return found.id;
    return deps.writer.createAlbumFromTags({
      name: tags.album,
      year: tags.year,
      compilation: tags.compilation,
      genres: tags.genres,
      image: artwork,
      ownerId: user.id,
      status: 'draft',
      stamp: now(),
      artistIds,
    });
  }

  return async function createDraftTracks(user: User, fileEntryIds: number[]) {
    const entries: FileEntry[] = [];
    for (const [index, id] of fileEntryIds.entries()) {
      const entry = await deps.fileEntry(user, id);
      if (!entry) {
        throw validationFailed({ [`file_entry_ids.${index}`]: ['The audio file was not found.'] });
      }
      if (!isUsableAudio(entry))
        throw validationFailed({ [`file_entry_ids.${index}`]: [NOT_AUDIO] });
      entries.push(entry);
    }
    const ids: number[] = [];
    for (const entry of entries) {
      const { tags, durationMs, artwork, waveform } = await tagsOf(entry);
      const artistIds = await artistsFor(user, tags);
      const albumId = await albumFor(user, tags, artistIds, artwork);
      const stamp = now();
      const name = (tags?.title?.trim() || withoutExtension(entry.name)).slice(0, 255);
      const id = await repo.insertTrack({
        ...newTrackRow({ name, ownerId: user.id, status: 'draft', stamp }),
        number: tags?.track_number ?? null,
        duration: durationMs ?? 0,
        album_id: albumId,
        image: artwork,
        audio_path: entry.path,
        audio_mime: entry.mime,
        waveform: JSON.stringify(waveform),
        file_entry_id: entry.id,
        ...analysisColumns(entry.media),
      });
      await repo.setArtists('track_artists', id, artistIds);
      if (tags?.genres.length)
        await repo.setGenres('track_genres', id, lowerNames(tags.genres), stamp);
      if (tags?.lyrics?.trim()) {
        const text = tags.lyrics.trim();
        await repo.setLyrics(id, text, /^\s*\[\d+:\d+/m.test(text), stamp);
      }
      await repo.refreshAlbumGains([albumId]);
      ids.push(id);
    }
    return present(ids);
  };
}
