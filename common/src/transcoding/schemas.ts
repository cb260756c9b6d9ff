import { z } from 'zod';
import { TRANSCODE_BITRATE, TRANSCODE_FORMATS } from './constants.ts';

/**
 * The web API's stream parameters, the same as Subsonic's `stream` (issue 38.6): `raw` or no
 * format is the original file, a format or a cap has it encoded on the fly.
 */
export const streamQuerySchema = z.object({
  format: z
    .enum(['raw', ...TRANSCODE_FORMATS], { error: 'The format must be raw, opus, mp3 or aac.' })
    .optional(),
  maxBitRate: z.coerce
    .number({ error: 'The maximum bitrate must be a number of kbit/s.' })
    .int('The maximum bitrate must be a whole number of kbit/s.')
    .min(0, 'The maximum bitrate must be 0 or more kbit/s.')
    .max(
      TRANSCODE_BITRATE.max,
      `The maximum bitrate may be at most ${TRANSCODE_BITRATE.max} kbit/s.`,
    )
    .optional(),
});
export type StreamQuery = z.infer<typeof streamQuerySchema>;
