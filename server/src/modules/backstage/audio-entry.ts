import type { FileEntry } from '@backbeat/common';

export const NOT_AUDIO = 'The file is not audio.';

/**
 * Whether a file entry may be a track's audio: its type was read from its bytes as audio (a
 * client's declared type never makes a file audio), its upload was judged audio and handed to
 * the media pipeline, and the pipeline has not found that it does not decode. A file still
 * being processed may be used; the pipeline's verdict comes later and a failed file is then
 * refused here. Entries kept before these rules (a declared `audio/mpeg` on HTML) have no
 * media analysis, so they are refused too.
 */
export function isUsableAudio(entry: Pick<FileEntry, 'mime' | 'media'>): boolean {
  return !!entry.mime?.startsWith('audio/') && !!entry.media && entry.media.status !== 'failed';
}
