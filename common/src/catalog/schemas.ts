import { z } from 'zod';
import { PLAY_SOURCES } from './play-sources.ts';
import { RADIO_SEED_TYPES, SEARCH_TYPES } from './types.ts';

/** The largest id a row can have (32-bit integer columns); a larger one must never reach SQL. */
export const MAX_ROW_ID = 2_147_483_647;

const positiveId = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int(`The ${what} must be a whole number.`)
    .positive(`The ${what} must be a positive number.`)
    .max(MAX_ROW_ID, `The ${what} is too large.`);

export const idParamsSchema = z.object({ id: positiveId('id') });

export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be 1 or more.')
    .max(10_000, 'The page is too large.')
    .default(1),
  perPage: z.coerce
    .number({ error: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be 1 or more.')
    .max(100, 'The page size must be 100 or less.')
    .default(20),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const tagParamsSchema = z.object({
  name: z.string().trim().min(1, 'The tag name is required.').max(80, 'The tag name is too long.'),
});

export const genreParamsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The genre name is required.')
    .max(80, 'The genre name is too long.'),
});

export const channelParamsSchema = z.object({
  slugOrId: z
    .string()
    .trim()
    .min(1, 'The channel is required.')
    .max(80, 'The channel name is too long.'),
});

export const channelQuerySchema = z.object({
  restriction: z.string().trim().max(100, 'The restriction is too long.').optional(),
});

/** `types` is a comma list of result kinds; all kinds when absent. */
export const searchQuerySchema = z.object({
  query: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(100, 'The search is too long (100 characters at most).'),
  types: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value) return [...SEARCH_TYPES];
      const wanted = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      const unknown = wanted.filter((t) => !(SEARCH_TYPES as readonly string[]).includes(t));
      if (unknown.length) {
        context.addIssue({
          code: 'custom',
          message: `Unknown result type: ${unknown.join(', ')}.`,
        });
        return z.NEVER;
      }
      return wanted as (typeof SEARCH_TYPES)[number][];
    }),
  perPage: z.coerce
    .number({ error: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be 1 or more.')
    .max(50, 'The page size must be 50 or less.')
    .default(10),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const radioParamsSchema = z.object({
  seedType: z.enum(RADIO_SEED_TYPES, {
    error: `The seed type must be one of: ${RADIO_SEED_TYPES.join(', ')}.`,
  }),
  seedId: positiveId('seed id'),
});

/** What the player says when a track starts: where the queue came from. */
export const logPlaySchema = z.object({
  source: z
    .enum(PLAY_SOURCES, { error: `The source must be one of ${PLAY_SOURCES.join(', ')}.` })
    .optional()
    .default('direct'),
});
export type LogPlayInput = z.input<typeof logPlaySchema>;
