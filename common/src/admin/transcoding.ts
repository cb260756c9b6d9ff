import { z } from 'zod';
import { idFilter, resource } from '../resource.ts';
import {
  SUBSONIC_CLIENT_NAME_MAX,
  TRANSCODE_BITRATE,
  TRANSCODE_FORMATS,
  TRANSCODE_PRESETS,
} from '../transcoding/constants.ts';

/*
 * The admin's transcoding screens (issue 38.6), declared once as resources: profiles (what
 * streams may be encoded to) and limits (a bitrate cap and a default profile per user, per
 * Subsonic client name, or per user on one client), as Navidrome's transcodings and players.
 */

const bitRateField = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number of kbit/s.` })
    .int(`The ${what} must be a whole number of kbit/s.`)
    .min(TRANSCODE_BITRATE.min, `The ${what} must be at least ${TRANSCODE_BITRATE.min} kbit/s.`)
    .max(TRANSCODE_BITRATE.max, `The ${what} may be at most ${TRANSCODE_BITRATE.max} kbit/s.`);

export const adminTranscodingProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  format: z.enum(TRANSCODE_FORMATS),
  bit_rate: z.number(),
  preset: z.enum(TRANSCODE_PRESETS),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTranscodingProfile = z.infer<typeof adminTranscodingProfileSchema>;

export const createTranscodingProfileSchema = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(80, 'The name may have at most 80 characters.'),
  format: z.enum(TRANSCODE_FORMATS, { error: 'The format must be opus, mp3 or aac.' }),
  bit_rate: bitRateField('bitrate'),
  preset: z
    .enum(TRANSCODE_PRESETS, { error: 'The encoder setting must be standard, vbr or voice.' })
    .default('standard'),
});
export const updateTranscodingProfileSchema = createTranscodingProfileSchema.partial();

export const transcodingProfilesResource = resource({
  name: 'transcoding-profiles',
  item: 'profile',
  access: { view: 'settings.update', manage: 'settings.update' },
  schemas: {
    row: adminTranscodingProfileSchema,
    create: createTranscodingProfileSchema,
    update: updateTranscodingProfileSchema,
  },
  sort: ['name', 'format', 'bit_rate', 'created_at'],
  defaultSort: { column: 'name', order: 'asc' },
  filters: { format: z.enum(TRANSCODE_FORMATS, { error: 'The format must be opus, mp3 or aac.' }) },
});

export const adminTranscodingLimitSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  client: z.string().nullable(),
  max_bit_rate: z.number().nullable(),
  profile_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminTranscodingLimit = z.infer<typeof adminTranscodingLimitSchema>;

const optionalId = (what: string) =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z.coerce
      .number({ error: `The ${what} must be an id.` })
      .int(`The ${what} must be an id.`)
      .positive(`The ${what} must be an id.`)
      .nullable()
      .optional(),
  );

export const createTranscodingLimitSchema = z.object({
  user_id: optionalId('user'),
  client: z
    .string()
    .trim()
    .max(
      SUBSONIC_CLIENT_NAME_MAX,
      `The client name may have at most ${SUBSONIC_CLIENT_NAME_MAX} characters.`,
    )
    .nullable()
    .optional(),
  max_bit_rate: z.preprocess(
    (value) => (value === '' ? null : value),
    bitRateField('maximum bitrate').nullable().optional(),
  ),
  profile_id: optionalId('profile'),
});
export const updateTranscodingLimitSchema = createTranscodingLimitSchema.partial();

export const transcodingLimitsResource = resource({
  name: 'transcoding-limits',
  item: 'limit',
  access: { view: 'settings.update', manage: 'settings.update' },
  schemas: {
    row: adminTranscodingLimitSchema,
    create: createTranscodingLimitSchema,
    update: updateTranscodingLimitSchema,
  },
  sort: ['client', 'user_id', 'max_bit_rate', 'created_at'],
  defaultSort: { column: 'created_at', order: 'desc' },
  filters: { user_id: idFilter() },
});
