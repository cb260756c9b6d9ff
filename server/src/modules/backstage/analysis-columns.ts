import type { MediaAnalysis } from '@backbeat/common';

/**
 * What the player needs from an uploaded file's analysis, as track columns: its loudness
 * (levelling) and its encoder delay and padding (gapless joins). Empty until the file was
 * analysed, so a track made before then keeps what it had.
 */
export function analysisColumns(media: MediaAnalysis | null | undefined) {
  if (!media || media.status !== 'ready') return {};
  return {
    gapless: media.gapless ? JSON.stringify(media.gapless) : null,
    ...(media.loudness
      ? {
          loudness_lufs: media.loudness.integrated_lufs,
          true_peak_dbtp: media.loudness.true_peak_dbtp,
          track_gain_db: media.loudness.track_gain_db,
        }
      : {}),
  };
}
