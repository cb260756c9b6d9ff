import { z } from 'zod';
import { paginationOf } from '../catalog/types.ts';
import { endpoint, notJson } from '../contract.ts';
import { resource } from '../resource.ts';
import { settingsUpdateSchema } from './settings.ts';

/*
 * Admin part 2 (issue 13): settings, logs, localizations, custom pages, contact. The settings
 * and ads screens share one save (`settings.update`); custom pages and localizations are
 * resources with a few calls of their own beside the generic five.
 */

// ---- settings --------------------------------------------------------------------------

export const adminSettingsSchema = z.object({
  /** Every declared setting and ad slot except the secrets. */
  settings: z.record(z.string(), z.unknown()),
  /** Whether each secret has a stored value (the value itself is never sent). */
  secrets: z.record(z.string(), z.boolean()),
  /** Infrastructure facts (set by env vars), shown read-only. */
  environment: z.record(z.string(), z.string()),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const getAdminSettings = endpoint({
  method: 'GET',
  path: '/api/v1/admin/settings',
  access: 'settings.update',
  summary: 'Every setting and ad slot, secrets left out (needs admin.access too)',
  tags: ['admin: settings'],
  response: adminSettingsSchema,
});

export const updateAdminSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/settings',
  access: 'settings.update',
  summary: 'Saves some settings; every instance applies them at once (needs admin.access too)',
  tags: ['admin: settings'],
  body: settingsUpdateSchema,
  response: adminSettingsSchema,
});

export const sendTestEmailSchema = z.object({
  to: z.email('Enter a valid email address.'),
});

export const sendTestEmail = endpoint({
  method: 'POST',
  path: '/api/v1/admin/settings/test-email',
  access: 'settings.update',
  summary: 'Sends a test email with the saved outgoing email settings (needs admin.access too)',
  tags: ['admin: settings'],
  body: sendTestEmailSchema,
  response: z.object({ message: z.string() }),
  errors: [429],
});

// ---- logs ------------------------------------------------------------------------------

export const LOG_KINDS = ['schedule', 'error', 'outgoing-email'] as const;
export type LogKindName = (typeof LOG_KINDS)[number];

export const logEntrySchema = z.object({
  /** The entry's place, unique within the list: file name and line number. */
  id: z.string(),
  time: z.string().nullable(),
  /** A one-line summary (message, subject, task name). */
  summary: z.string(),
  /** The whole record, as written. */
  data: z.record(z.string(), z.unknown()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

const logKindParams = z.object({
  kind: z.enum(LOG_KINDS, { error: 'Choose schedule, error or outgoing-email.' }),
});

export const listLogEntries = endpoint({
  method: 'GET',
  path: '/api/v1/admin/logs/:kind',
  access: 'logs.view',
  summary: 'Entries of one log, newest first, paged and searchable (needs admin.access too)',
  tags: ['admin: logs'],
  params: logKindParams,
  query: z.object({
    page: z.coerce.number().int().positive().max(10_000).default(1),
    perPage: z.coerce.number().int().positive().max(100).default(25),
    query: z.string().trim().max(100, 'The search text is too long.').optional(),
  }),
  response: paginationOf(logEntrySchema),
});

export const downloadLog = endpoint({
  method: 'GET',
  path: '/api/v1/admin/logs/:kind/download',
  access: 'logs.view',
  summary: 'Downloads the newest file of one log (needs admin.access too)',
  tags: ['admin: logs'],
  params: logKindParams,
  response: notJson('file', 'The newest log file of this kind', 'text/plain'),
});

// ---- localizations ---------------------------------------------------------------------

export const adminLocalizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  language: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminLocalization = z.infer<typeof adminLocalizationSchema>;

export const createLocalizationSchema = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(60, 'The name may have at most 60 characters.'),
  language: z
    .string({ error: 'The language code is required.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/, 'Use a language code such as es or pt-br.'),
});
export const updateLocalizationSchema = createLocalizationSchema.pick({ name: true }).partial();

export const localizationsResource = resource({
  name: 'localizations',
  item: 'localization',
  access: { view: 'localizations.update', manage: 'localizations.update' },
  schemas: {
    row: adminLocalizationSchema,
    create: createLocalizationSchema,
    update: updateLocalizationSchema,
  },
  sort: ['name', 'language', 'updated_at'],
  defaultSort: { column: 'name', order: 'asc' },
  filters: {},
});

export const LOCALIZATION_LINE_MAX = 2000;

export const getLocalizationLines = endpoint({
  method: 'GET',
  path: '/api/v1/admin/localizations/:id/lines',
  access: 'localizations.update',
  summary: 'A language with its translations and every line of the app (needs admin.access too)',
  tags: ['admin: localizations'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({
    localization: adminLocalizationSchema,
    lines: z.record(z.string(), z.string()),
    /** Every line the app shows, collected from the code (scripts/extract-lines.mjs). */
    source_lines: z.array(z.string()),
  }),
});

export const updateLocalizationLinesSchema = z.object({
  /** Line → translation; an empty translation removes it (the English line shows). */
  lines: z
    .record(
      z.string().min(1).max(LOCALIZATION_LINE_MAX),
      z.string().max(LOCALIZATION_LINE_MAX, 'The translation is too long.'),
    )
    .refine((lines) => Object.keys(lines).length <= 5000, {
      error: 'Save at most 5000 lines at once.',
    }),
});

export const updateLocalizationLines = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/localizations/:id/lines',
  access: 'localizations.update',
  summary: 'Saves translations of a language; the UI uses them at once (needs admin.access too)',
  tags: ['admin: localizations'],
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: updateLocalizationLinesSchema,
  response: z.object({ translated: z.number() }),
});

// ---- custom pages ----------------------------------------------------------------------

export const CUSTOM_PAGE_BODY_MAX = 200_000;

export const adminCustomPageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCustomPage = z.infer<typeof adminCustomPageSchema>;

const nullableText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${what} may have at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((value) => value || null);

export const createCustomPageSchema = z.object({
  title: z
    .string({ error: 'The title is required.' })
    .trim()
    .min(1, 'The title is required.')
    .max(255, 'The title may have at most 255 characters.'),
  /** Made from the title when left empty. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(120, 'The slug may have at most 120 characters.')
    .regex(/^[a-z0-9-]*$/, 'Use lowercase letters, digits and dashes.')
    .refine((slug) => !/^\d+$/.test(slug), { error: 'The slug cannot be only digits.' })
    .optional(),
  body: z
    .string({ error: 'The content is required.' })
    .max(CUSTOM_PAGE_BODY_MAX, 'The content is too long.'),
  meta_title: nullableText(255, 'SEO title'),
  meta_description: nullableText(500, 'SEO description'),
});
export const updateCustomPageSchema = createCustomPageSchema.partial();

export const customPagesResource = resource({
  name: 'custom-pages',
  item: 'page',
  access: { view: 'custom_pages.update', manage: 'custom_pages.update' },
  schemas: {
    row: adminCustomPageSchema,
    create: createCustomPageSchema,
    update: updateCustomPageSchema,
  },
  sort: ['title', 'slug', 'updated_at', 'created_at'],
  defaultSort: { column: 'updated_at', order: 'desc' },
  filters: {},
});

export const customPageSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type CustomPage = z.infer<typeof customPageSchema>;

/** Spec 2 §7 `GET custom-pages/{idOrSlug}`: the page, with its SEO. */
export const getCustomPage = endpoint({
  method: 'GET',
  path: '/api/v1/custom-pages/:idOrSlug',
  access: 'public',
  summary: 'A custom page by id or slug',
  tags: ['pages'],
  params: z.object({
    idOrSlug: z.string().trim().min(1).max(120, 'The page address is too long.'),
  }),
  response: z.object({
    page: customPageSchema,
    seo: z.object({ title: z.string(), description: z.string().nullable() }),
  }),
});

// ---- contact ---------------------------------------------------------------------------

export const CONTACT_SUBMITTED = 'Your message has been submitted.';

export const contactPageSchema = z.object({
  name: z
    .string({ error: 'The name is required.' })
    .trim()
    .min(1, 'The name is required.')
    .max(100, 'The name may have at most 100 characters.'),
  email: z.email('Enter a valid email address.'),
  message: z
    .string({ error: 'The message is required.' })
    .trim()
    .min(1, 'The message is required.')
    .max(5000, 'The message may have at most 5000 characters.'),
  recaptcha_token: z.string().max(5000).optional(),
});

/** Spec 2 §7 `POST contact-page`: mails the site's contact address. */
export const submitContactPage = endpoint({
  method: 'POST',
  path: '/api/v1/contact-page',
  access: 'public',
  summary: 'Sends a message to the site’s contact address',
  tags: ['pages'],
  body: contactPageSchema,
  response: z.object({ message: z.string() }),
  errors: [429],
});

// ---- downloads (player settings) -------------------------------------------------------

/** A track's file as an attachment, when the player settings allow downloads. */
