import type { GaplessInfo } from '@backbeat/common';

/** The MP3 decoder's own delay (529 samples) that LAME's tag leaves out of its encoder delay. */
export const MP3_DECODER_DELAY = 529;

/**
 * Which frames of a decoded track are music: the encoder's delay at the start and its padding
 * at the end are silence the encoder added, and a gapless join must skip them. Decoders differ:
 * some trim them already, some keep the delay (with or without the MP3 decoder's 529 samples)
 * and the padding. The excess over the encoder's count of real samples says which, so the
 * same rule holds whichever the browser does. Without a count, the whole decode plays.
 */
export function musicFrames(
  decodedFrames: number,
  contextRate: number,
  info: GaplessInfo | null | undefined,
): { start: number; frames: number } {
  if (!info?.total_samples || info.sample_rate <= 0) return { start: 0, frames: decodedFrames };
  const ratio = contextRate / info.sample_rate;
  const expected = Math.round(info.total_samples * ratio);
  const excess = decodedFrames - expected;
  // Within a few samples of the count: the decoder trimmed already (or there was nothing).
  if (excess <= Math.ceil(4 * ratio))
    return { start: 0, frames: Math.min(expected, decodedFrames) };
  const candidates = [info.encoder_delay + MP3_DECODER_DELAY, info.encoder_delay, 0];
  const lead = candidates
    .map((delay) => Math.round(delay * ratio))
    .filter((delay) => delay <= excess)
    .reduce((best, delay) =>
      Math.abs(excess - delay - info.encoder_padding * ratio) <
      Math.abs(excess - best - info.encoder_padding * ratio)
        ? delay
        : best,
    );
  return { start: lead, frames: expected };
}
