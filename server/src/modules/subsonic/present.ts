import type { ArtistRef, Playlist, Track } from '@backbeat/common';
import type { AlbumWithTotals, TrackFacts } from '../catalog/browse-service.ts';

/** What the listener has starred and rated, to mark items with. */
export interface ListenerMarks {
  starred: {
    tracks: Map<number, string>;
    albums: Map<number, string>;
    artists: Map<number, string>;
  };
  ratings: { tracks: Map<number, number>; albums: Map<number, number> };
  /** When the listener last played each track and album (Subsonic's `played`). */
  played?: { tracks: Map<number, string>; albums: Map<number, string> };
  /** How many times the listener played each (Subsonic's `playCount` is the listener's own). */
  playCounts?: { tracks: Map<number, number>; albums: Map<number, number> };
}

/** The listener's own play count when known (none played: 0), else the site's. */
export const playCountOf = (
  marks: ListenerMarks,
  kind: 'tracks' | 'albums',
  id: number,
  sitePlays: number,
) => (marks.playCounts ? (marks.playCounts[kind].get(id) ?? 0) : sitePlays);

export const EMPTY_MARKS: ListenerMarks = {
  starred: { tracks: new Map(), albums: new Map(), artists: new Map() },
  ratings: { tracks: new Map(), albums: new Map() },
};

/**
 * Artwork /rest serves: a file in this site's storage. Editors may also type any outside
 * address as an image (`https://…`, `//host/…`); /rest never sends a client there (no redirect,
 * no artistImageUrl), so such items simply have no cover art over Subsonic.
 */
export const isStoredImage = (image: string | null): image is string =>
  image !== null && image.startsWith('/storage/');

const SUFFIXES: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
};

const seconds = (ms: number) => Math.round(ms / 1000);

export const artistId = (id: number) => `ar-${id}`;
export const albumId = (id: number) => `al-${id}`;
export const trackId = (id: number) => `tr-${id}`;
export const playlistId = (id: number) => `pl-${id}`;

function artistRefs(artists: ArtistRef[]) {
  return artists.map((artist) => ({ id: artistId(artist.id), name: artist.name }));
}

/** A name as one segment of a path: no separators, no dot-only names. */
const segment = (name: string) => name.replace(/[/\\]/g, '_').replace(/^\.+$/, '_') || '_';

/** Where a song would be in a music folder: `Artist/Album/NN Title.ext` (clients show it). */
function songPath(track: Track, suffix: string) {
  const artist = track.artists[0]?.name ?? 'Unknown Artist';
  const number = track.number !== null ? `${String(track.number).padStart(2, '0')} ` : '';
  const file = `${number}${segment(track.name)}.${suffix}`;
  return [segment(artist), ...(track.album ? [segment(track.album.name)] : []), file].join('/');
}

/** A song as Subsonic's `Child`. */
export function presentSong(track: Track, facts: TrackFacts | undefined, marks: ListenerMarks) {
  const mime = facts?.mime ?? 'audio/mpeg';
  // The uploaded file's own extension when known (an .m4a is not an .aac), else the type's.
  const file = facts?.file ?? null;
  const extension = file?.extension?.toLowerCase().replace(/^\./, '');
  const suffix =
    extension && /^[a-z0-9]{1,8}$/.test(extension) ? extension : (SUFFIXES[mime] ?? 'mp3');
  const first = track.artists[0];
  const starred = marks.starred.tracks.get(track.id);
  const rating = marks.ratings.tracks.get(track.id);
  const played = marks.played?.tracks.get(track.id);
  return {
    id: trackId(track.id),
    ...(track.album ? { parent: albumId(track.album.id) } : {}),
    isDir: false,
    title: track.name,
    ...(track.album ? { album: track.album.name, albumId: albumId(track.album.id) } : {}),
    ...(first
      ? { artist: track.artists.map((a) => a.name).join(', '), artistId: artistId(first.id) }
      : {}),
    ...(track.number !== null ? { track: track.number } : {}),
    ...(facts?.year ? { year: facts.year } : {}),
    ...(facts?.genre ? { genre: facts.genre, genres: [{ name: facts.genre }] } : { genres: [] }),
    ...(isStoredImage(track.image) ? { coverArt: trackId(track.id) } : {}),
    contentType: mime,
    suffix,
    // Size and stream figures as the media pipeline probed the uploaded file or a library
    // scan read it; left out for files neither saw (the demo catalog) rather than guessed.
    ...(file ? { size: file.size } : {}),
    ...(file?.bitrate ? { bitRate: Math.round(file.bitrate / 1000) } : {}),
    ...(file?.sampleRate ? { samplingRate: file.sampleRate } : {}),
    ...(file?.channels ? { channelCount: file.channels } : {}),
    ...(file?.bitDepth ? { bitDepth: file.bitDepth } : {}),
    ...((track.disc_number ?? file?.discNumber)
      ? { discNumber: track.disc_number ?? file?.discNumber }
      : {}),
    ...(facts?.musicBrainzId ? { musicBrainzId: facts.musicBrainzId } : {}),
    path: songPath(track, suffix),
    duration: seconds(track.duration),
    playCount: playCountOf(marks, 'tracks', track.id, track.plays),
    ...(played ? { played } : {}),
    created: track.created_at,
    ...(starred ? { starred } : {}),
    ...(rating ? { userRating: rating } : {}),
    type: 'music',
    mediaType: 'song',
    // ReplayGain from the pipeline's EBU R128 measurement (gains against -18 LUFS).
    ...(track.loudness
      ? {
          replayGain: {
            trackGain: track.loudness.track_gain_db,
            trackPeak: Math.round(10 ** (track.loudness.true_peak_dbtp / 20) * 10_000) / 10_000,
            ...(track.loudness.album_gain_db !== null
              ? { albumGain: track.loudness.album_gain_db }
              : {}),
          },
        }
      : {}),
    isVideo: false,
    artists: artistRefs(track.artists),
    displayArtist: track.artists.map((a) => a.name).join(', '),
  };
}

/** An album as Subsonic's `AlbumID3`. */
export function presentAlbum(
  album: AlbumWithTotals,
  marks: ListenerMarks,
  extra: { year?: number | null; genre?: string | null } = {},
) {
  const first = album.artists[0];
  const genre = extra.genre ?? album.genre ?? null;
  const starred = marks.starred.albums.get(album.id);
  const rating = marks.ratings.albums.get(album.id);
  const played = marks.played?.albums.get(album.id);
  return {
    id: albumId(album.id),
    name: album.name,
    ...(first
      ? { artist: album.artists.map((a) => a.name).join(', '), artistId: artistId(first.id) }
      : {}),
    ...(isStoredImage(album.image) ? { coverArt: albumId(album.id) } : {}),
    songCount: album.song_count,
    duration: seconds(album.duration),
    playCount: playCountOf(marks, 'albums', album.id, album.plays),
    ...(played ? { played } : {}),
    created: album.created_at,
    ...(starred ? { starred } : {}),
    ...(rating ? { userRating: rating } : {}),
    ...(album.release_date
      ? { year: Number(album.release_date.slice(0, 4)) }
      : extra.year
        ? { year: extra.year }
        : {}),
    ...(genre ? { genre } : {}),
    artists: artistRefs(album.artists),
    displayArtist: album.artists.map((a) => a.name).join(', '),
    releaseTypes: [album.type],
    isCompilation: album.type === 'compilation',
    genres: genre ? [{ name: genre }] : [],
  };
}

/** An artist as Subsonic's `ArtistID3`. */
export function presentArtist(
  artist: { id: number; name: string; image: string | null; album_count?: number },
  marks: ListenerMarks,
  /** The site's address: artistImageUrl is absolute, and left out while it is unknown. */
  site?: string | null,
) {
  const starred = marks.starred.artists.get(artist.id);
  return {
    id: artistId(artist.id),
    name: artist.name,
    ...(isStoredImage(artist.image)
      ? {
          coverArt: artistId(artist.id),
          ...(site ? { artistImageUrl: `${site.replace(/\/+$/, '')}${artist.image}` } : {}),
        }
      : {}),
    ...(artist.album_count !== undefined ? { albumCount: artist.album_count } : {}),
    ...(starred ? { starred } : {}),
  };
}

export function presentPlaylist(
  playlist: Playlist,
  totals: { songCount: number; durationMs: number; changed: string },
) {
  return {
    id: playlistId(playlist.id),
    name: playlist.name,
    ...(playlist.description ? { comment: playlist.description } : {}),
    ...(playlist.owner ? { owner: playlist.owner.name } : {}),
    public: playlist.is_public,
    songCount: totals.songCount,
    duration: seconds(totals.durationMs),
    created: playlist.created_at,
    changed: totals.changed,
    ...(isStoredImage(playlist.image) ? { coverArt: playlistId(playlist.id) } : {}),
  };
}

/**
 * An answer whose songs say what this client streams them as (issue 38.6), when its default
 * profile encodes them: `transcodedContentType`/`transcodedSuffix` beside the original's.
 * A copy: answers may be cached and shared by every client.
 */
export function markTranscoded<T>(payload: T, output: { contentType: string; suffix: string }): T {
  if (Array.isArray(payload))
    return payload.map((item: unknown) => markTranscoded(item, output)) as T;
  if (!payload || typeof payload !== 'object') return payload;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) copy[key] = markTranscoded(value, output);
  if (copy.mediaType === 'song' && copy.isDir === false && copy.suffix !== output.suffix) {
    copy.transcodedContentType = output.contentType;
    copy.transcodedSuffix = output.suffix;
  }
  return copy as T;
}
