import type { Readable } from 'node:stream';
import type { AudioTags } from '@backbeat/common';
import type * as MusicMetadata from 'music-metadata';
import { importPackage } from '../../lib/import-package.ts';
import { lyricsOf } from '../media/analyse.ts';

/**
 * Reads an audio file's tags when the media pipeline has not (yet) described the file entry
 * (`fileEntry.media.tags` is the first choice): title, artists, album, numbers, genres, year
 * and lyrics, with the duration. Artwork is left to the pipeline.
 */
export async function readAudioTags(
  stream: Readable,
  mime: string | null,
): Promise<{ tags: AudioTags; durationMs: number | null }> {
  try {
    // Loaded when tags are first read (it is not needed to start the server).
    const { parseStream } = await importPackage<typeof MusicMetadata>('music-metadata');
    const metadata = await parseStream(stream, { mimeType: mime ?? undefined }, { duration: true });
    const { common, format } = metadata;
    return {
      tags: {
        title: common.title ?? null,
        artists: common.artists ?? (common.artist ? [common.artist] : []),
        album: common.album ?? null,
        album_artist: common.albumartist ?? null,
        track_number: common.track.no ?? null,
        disc_number: common.disk.no ?? null,
        genres: common.genre ?? [],
        year: common.year ?? null,
        compilation: common.compilation ?? false,
        // Timed lines (SYLT, LRC) stay LRC, so the draft's lyrics stay synced.
        lyrics: lyricsOf(common.lyrics?.[0]),
      },
      durationMs: format.duration ? Math.round(format.duration * 1000) : null,
    };
  } finally {
    stream.destroy();
  }
}
