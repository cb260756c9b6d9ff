import { z } from 'zod';
import {
  CROSSFADE_SECONDS,
  EQUALISER_PRESET_NAMES,
  LOUDNESS_TARGET_LUFS,
  NORMALISATION_MODES,
} from '../constants.ts';
import { MB } from '../uploads/constants.ts';
import { TRANSCODE_CACHE_MAX_MB } from '../transcoding/constants.ts';

/*
 * Every setting an admin changes at /admin/settings, declared once (issue 13): its name (the
 * key in the settings table), section, label, help text, input and zod schema, and whether it
 * is a secret. The server validates a save with `settingsUpdateSchema` built from this list;
 * the web renders the whole form from it; secrets are never sent back, only whether they are
 * set ("leave empty to keep").
 */

export const SETTINGS_SECTIONS = [
  'general',
  'subscriptions',
  'localization',
  'authentication',
  'uploading',
  'outgoing-email',
  'cache',
  'analytics',
  'logging',
  'queue',
  'websockets',
  'recaptcha',
  'gdpr',
  'search',
  'providers',
  'player',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** What the server reports about its infrastructure (set by env vars, shown read-only). */
export const SETTINGS_ENVIRONMENT_KEYS = [
  'address',
  'stripe',
  'paypal',
  'cache',
  'queue',
  'job_concurrency',
  'job_worker',
  'websockets',
  'search',
  'search_rate_limit',
  'logging',
  'log_level',
  'storage',
  'database',
] as const;
export type SettingsEnvironmentKey = (typeof SETTINGS_ENVIRONMENT_KEYS)[number];

/** How each infrastructure fact is named on the settings screen, and how an admin changes it. */
export const SETTINGS_ENVIRONMENT_FACTS: Record<
  SettingsEnvironmentKey,
  { label: string; hint: string }
> = {
  address: { label: 'Site address', hint: 'Set APP_URL to fix it for every instance.' },
  stripe: {
    label: 'Stripe',
    hint: 'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, then restart the server.',
  },
  paypal: {
    label: 'PayPal',
    hint: 'Set PAYPAL_CLIENT_ID, PAYPAL_SECRET and PAYPAL_WEBHOOK_ID, then restart the server.',
  },
  cache: {
    label: 'Cache',
    hint: 'Set REDIS_URL to share it between instances; without it each instance keeps its own.',
  },
  queue: {
    label: 'Queue',
    hint: 'Set REDIS_URL to run jobs through Redis (BullMQ), shared by every instance.',
  },
  job_concurrency: {
    label: 'Jobs at once per instance',
    hint: 'Set JOB_CONCURRENCY (1 to 32).',
  },
  job_worker: {
    label: 'This instance runs jobs',
    hint: 'Set JOB_WORKER=false on instances that should only answer requests.',
  },
  websockets: {
    label: 'Live updates',
    hint: 'Set REDIS_URL so that every instance hears every change.',
  },
  search: {
    label: 'Search engine',
    hint: 'Follows the database: set DATABASE_URL to a postgres:// address to use PostgreSQL.',
  },
  search_rate_limit: {
    label: 'Searches per minute per visitor',
    hint: 'Set SEARCH_RATE_LIMIT.',
  },
  logging: {
    label: 'Log files',
    hint: 'Set STORAGE_PATH to move them with the rest of the stored files.',
  },
  log_level: {
    label: 'Log level',
    hint: 'Set LOG_LEVEL (fatal, error, warn, info, debug, trace or silent).',
  },
  storage: {
    label: 'File storage',
    hint: 'Set STORAGE_DRIVER=s3 with S3_BUCKET, S3_KEY and S3_SECRET to use a bucket.',
  },
  database: {
    label: 'Database',
    hint: 'Set DATABASE_URL to a postgres:// address to use PostgreSQL; without it, SQLite.',
  },
};

export interface SettingsSectionInfo {
  label: string;
  description: string;
  /** Infrastructure facts shown in the section, read-only. */
  environment?: SettingsEnvironmentKey[];
}

export const SETTINGS_SECTION_INFO: Record<SettingsSection, SettingsSectionInfo> = {
  general: {
    label: 'General',
    description: 'The site’s name, address, home page and contact address.',
    environment: ['address'],
  },
  subscriptions: {
    label: 'Subscriptions',
    description: 'Paid plans and billing. People pay through the payment providers set up below.',
    environment: ['stripe', 'paypal'],
  },
  localization: { label: 'Localization', description: 'Languages, time zone and dates.' },
  authentication: { label: 'Authentication', description: 'Registration and sign-in rules.' },
  uploading: { label: 'Uploading', description: 'What may be uploaded and how.' },
  'outgoing-email': {
    label: 'Outgoing email',
    description: 'How the site sends email. Save, then send a test email to check it.',
  },
  cache: {
    label: 'Cache',
    description:
      'Sessions, settings and catalog answers are cached per instance; with Redis the instances tell each other about every change.',
    environment: ['cache'],
  },
  analytics: {
    label: 'Analytics',
    description:
      'Plays and visitors are counted by the server itself and shown on the admin reports; no third-party script is loaded.',
    environment: ['database'],
  },
  logging: {
    label: 'Logging',
    description:
      'Errors, scheduled tasks and outgoing email are written to daily files, readable under Logs.',
    environment: ['logging', 'log_level'],
  },
  queue: {
    label: 'Queue',
    description:
      'Background jobs run in the server process, or through Redis when REDIS_URL is set.',
    environment: ['queue', 'job_concurrency', 'job_worker'],
  },
  websockets: {
    label: 'Websockets',
    description:
      'Live updates (notifications, collaborative playlists) reach every instance through Redis when REDIS_URL is set.',
    environment: ['websockets'],
  },
  recaptcha: {
    label: 'reCAPTCHA',
    description: 'Ask Google reCAPTCHA v3 whether a visitor is human before the chosen actions.',
  },
  gdpr: { label: 'GDPR', description: 'The cookie notice shown to visitors.' },
  search: {
    label: 'Search',
    description:
      'Search runs on the database’s own full-text index (SQLite FTS5 or PostgreSQL), with no extra service.',
    environment: ['search', 'search_rate_limit'],
  },
  providers: {
    label: 'Providers',
    description: 'Sign-in with other services, and where files are stored.',
    environment: ['storage'],
  },
  player: { label: 'Player', description: 'What the web player shows and allows.' },
};

export interface SettingOption {
  value: string;
  label: string;
}

export type SettingInput =
  | { type: 'boolean' }
  | { type: 'text' | 'textarea' | 'email' }
  /** `scale` turns the stored number into what is shown (bytes shown as MB). */
  | { type: 'number'; min?: number; max?: number; unit?: string; scale?: number }
  | { type: 'select'; options: SettingOption[] }
  /** A list of words, typed separated by commas. */
  | { type: 'list' }
  /** Named links, one per line as `Name | address` (registration policies). */
  | { type: 'links' }
  /** A map of option → on/off. */
  | { type: 'checkboxes'; options: SettingOption[] };

export interface SettingField {
  name: string;
  section: SettingsSection;
  label: string;
  help: string;
  input: SettingInput;
  schema: z.ZodType;
  /** Write-only: never sent to the browser; an empty value keeps the stored one. */
  secret?: boolean;
}

const bool = z.boolean({ error: 'Choose on or off.' });
const text = (max: number, what = 'value') =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .max(max, `The ${what} is too long.`);
/** Empty means "not set" (stored as null). */
const optionalText = (max: number, what?: string) =>
  text(max, what)
    .nullable()
    .transform((value) => value || null);
const requiredText = (max: number, what: string) =>
  text(max, what).min(1, `The ${what} is required.`);
const optionalEmail = z
  .union([z.literal(''), z.email('Enter a valid email address.')])
  .nullable()
  .transform((value) => value || null);
const secret = z
  .string({ error: 'The secret must be text.' })
  .max(2000, 'The secret is too long.')
  .optional();
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'Choose one of the options.' });
/** A policy a new account accepts (spec 1 §3 registration policies): its name and address. */
const policies = z
  .array(
    z.object({
      id: z.string().min(1).max(100),
      name: z.string().trim().min(1, 'Give each policy a name.').max(100, 'The name is too long.'),
      url: z
        .string()
        .trim()
        .max(2000, 'The address is too long.')
        .refine((value) => /^(https?:\/\/\S+|\/\S*)$/.test(value), {
          error: 'Write each policy as “Name | https://address” or “Name | /pages/…”.',
        }),
    }),
  )
  .max(10, 'Give at most 10 policies.');
const words = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.+/*-]+$/, 'Use extensions (mp3) or mime types (audio/*).'),
  )
  .max(100, 'At most 100 entries.');
const timezone = requiredText(64, 'time zone').refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'This time zone is not known.' },
);

/** An http(s) address without query or fragment, stored without a trailing slash. */
const siteAddress = requiredText(300, 'site address')
  .regex(
    /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i,
    'Enter the site’s address, like https://music.example.com.',
  )
  .transform((value) => value.replace(/\/+$/, ''));

export const RECAPTCHA_ACTIONS = ['register', 'contact'] as const;

const social = (
  service: 'google' | 'facebook' | 'twitter' | 'envato',
  label: string,
): SettingField[] => [
  {
    name: `social.${service}.enable`,
    section: 'providers',
    label: `Sign in with ${label}`,
    help: `Offers “Continue with ${label}” once its client id and secret are set.`,
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: `social.${service}.client_id`,
    section: 'providers',
    label: `${label} client id`,
    help: `From the OAuth app you registered with ${label}.`,
    input: { type: 'text' },
    schema: optionalText(500, 'client id'),
  },
  {
    name: `social.${service}.client_secret`,
    section: 'providers',
    label: `${label} client secret`,
    help: 'Leave empty to keep the stored secret.',
    input: { type: 'text' },
    schema: secret,
    secret: true,
  },
];

export const SETTING_FIELDS: SettingField[] = [
  // general
  {
    name: 'branding.site_name',
    section: 'general',
    label: 'Site name',
    help: 'Shown in the navbar, page titles and emails.',
    input: { type: 'text' },
    schema: requiredText(80, 'site name'),
  },
  {
    name: 'site.url',
    section: 'general',
    label: 'Site address',
    help: 'Where links in emails (password resets, invitations, notifications) lead. Without APP_URL it was taken from the first visit after the first start; APP_URL, when set, takes its place.',
    input: { type: 'text' },
    schema: siteAddress,
  },
  {
    name: 'homepage.type',
    section: 'general',
    label: 'Home page',
    help: 'What visitors see at the site’s address.',
    input: {
      type: 'select',
      options: [
        { value: 'channel', label: 'Channel' },
        { value: 'landing', label: 'Landing page' },
        { value: 'login', label: 'Login page' },
        { value: 'register', label: 'Register page' },
      ],
    },
    schema: choice(['landing', 'login', 'register', 'channel']),
  },
  {
    name: 'site.contact_email',
    section: 'general',
    label: 'Contact email',
    help: 'Messages sent from the contact page go here; empty uses the outgoing email address.',
    input: { type: 'email' },
    schema: optionalEmail,
  },
  {
    name: 'copyright',
    section: 'general',
    label: 'Copyright line',
    help: 'Shown in the footer; :year and :siteName are filled in.',
    input: { type: 'text' },
    schema: text(200, 'copyright line'),
  },
  {
    name: 'themes.user_change',
    section: 'general',
    label: 'Let users switch theme',
    help: 'Shows the light/dark switch.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'themes.default_id',
    section: 'general',
    label: 'Default theme',
    help: 'The theme visitors get until they choose one; System follows their device.',
    input: {
      type: 'select',
      options: [
        { value: 'system', label: 'System' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ],
    },
    schema: choice(['system', 'light', 'dark']),
  },
  {
    name: 'site.demo',
    section: 'general',
    label: 'Demo site',
    help: 'Prefills the login form with a demo account.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'site.demo_email',
    section: 'general',
    label: 'Demo account email',
    help: 'The account a demo site’s login form is filled in with; empty makes a random one.',
    input: { type: 'email' },
    schema: optionalEmail,
  },
  {
    name: 'site.demo_password',
    section: 'general',
    label: 'Demo account password',
    help: 'Shown to every visitor of a demo site, so never reuse a real password.',
    input: { type: 'text' },
    schema: optionalText(255, 'password'),
  },
  // subscriptions
  {
    name: 'billing.enable',
    section: 'subscriptions',
    label: 'Enable subscriptions',
    help: 'Shows pricing and lets people buy plans.',
    input: { type: 'boolean' },
    schema: bool,
  },
  // localization
  {
    name: 'i18n.enable',
    section: 'localization',
    label: 'Enable translations',
    help: 'Shows the language picker and uses the chosen language.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'dates.default_timezone',
    section: 'localization',
    label: 'Default time zone',
    help: 'An IANA name such as Europe/Paris.',
    input: { type: 'text' },
    schema: timezone,
  },
  {
    name: 'dates.format',
    section: 'localization',
    label: 'Date format',
    help: 'How long dates are written.',
    input: {
      type: 'select',
      options: [
        { value: 'short', label: 'Short' },
        { value: 'medium', label: 'Medium' },
        { value: 'long', label: 'Long' },
      ],
    },
    schema: choice(['short', 'medium', 'long']),
  },
  // authentication
  {
    name: 'registration.disable',
    section: 'authentication',
    label: 'Disable registration',
    help: 'Only existing accounts can sign in.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'registration.policies',
    section: 'authentication',
    label: 'Policies to accept',
    help: 'One per line as “Name | address”; new accounts tick each one to register.',
    input: { type: 'links' },
    schema: policies,
  },
  {
    name: 'require_email_confirmation',
    section: 'authentication',
    label: 'Require email confirmation',
    help: 'New accounts confirm their address before using the site.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'social.compact_buttons',
    section: 'authentication',
    label: 'Compact social buttons',
    help: 'Shows sign-in providers as icons only.',
    input: { type: 'boolean' },
    schema: bool,
  },
  // uploading
  {
    name: 'uploads.max_size',
    section: 'uploading',
    label: 'Maximum file size',
    help: 'The largest file one upload may carry; empty for no limit.',
    input: { type: 'number', min: 1, unit: 'MB', scale: MB },
    schema: z
      .number({ error: 'The size must be a number.' })
      .int('The size must be a whole number of bytes.')
      .positive('The size must be positive.')
      .nullable(),
  },
  {
    name: 'uploads.allowed_extensions',
    section: 'uploading',
    label: 'Allowed types',
    help: 'Extensions or mime types, separated by commas; empty allows any type not blocked.',
    input: { type: 'list' },
    schema: words,
  },
  {
    name: 'uploads.blocked_extensions',
    section: 'uploading',
    label: 'Blocked types',
    help: 'Extensions or mime types no upload may be.',
    input: { type: 'list' },
    schema: words,
  },
  {
    name: 'uploads.chunk',
    section: 'uploading',
    label: 'Resumable uploads',
    help: 'Files of 4 MB or more are sent in chunks that survive a dropped connection.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'uploads.chunk_size',
    section: 'uploading',
    label: 'Chunk size',
    help: 'The size of one chunk of a resumable upload.',
    input: { type: 'number', min: 1, max: 100, unit: 'MB', scale: MB },
    schema: z
      .number({ error: 'The chunk size must be a number.' })
      .int('The chunk size must be a whole number of bytes.')
      .min(MB, 'The chunk size must be at least 1 MB.')
      .max(100 * MB, 'The chunk size must be at most 100 MB.'),
  },
  {
    name: 'uploads.s3_direct_upload',
    section: 'uploading',
    label: 'Upload straight to S3',
    help: 'When files are stored in S3, browsers send them straight to the bucket.',
    input: { type: 'boolean' },
    schema: bool,
  },
  // outgoing email
  {
    name: 'mail.driver',
    section: 'outgoing-email',
    label: 'Send email with',
    help: 'Log only writes messages to the outgoing email log.',
    input: {
      type: 'select',
      options: [
        { value: 'log', label: 'Log only' },
        { value: 'smtp', label: 'SMTP' },
      ],
    },
    schema: choice(['log', 'smtp']),
  },
  {
    name: 'mail.from_address',
    section: 'outgoing-email',
    label: 'From address',
    help: 'The sender of every email.',
    input: { type: 'email' },
    schema: z.email('Enter a valid email address.'),
  },
  {
    name: 'mail.from_name',
    section: 'outgoing-email',
    label: 'From name',
    help: 'Empty uses the site name.',
    input: { type: 'text' },
    schema: optionalText(100, 'name'),
  },
  {
    name: 'mail.smtp_host',
    section: 'outgoing-email',
    label: 'SMTP host',
    help: 'The mail server’s host name.',
    input: { type: 'text' },
    schema: optionalText(255, 'host'),
  },
  {
    name: 'mail.smtp_port',
    section: 'outgoing-email',
    label: 'SMTP port',
    help: 'Usually 587 (TLS) or 465 (SSL).',
    input: { type: 'number', min: 1, max: 65535 },
    schema: z
      .number({ error: 'The port must be a number.' })
      .int('The port must be a whole number.')
      .min(1, 'The port must be between 1 and 65535.')
      .max(65535, 'The port must be between 1 and 65535.'),
  },
  {
    name: 'mail.smtp_encryption',
    section: 'outgoing-email',
    label: 'Encryption',
    help: 'How the connection to the mail server is protected.',
    input: {
      type: 'select',
      options: [
        { value: 'tls', label: 'TLS (STARTTLS)' },
        { value: 'ssl', label: 'SSL' },
        { value: 'none', label: 'None' },
      ],
    },
    schema: choice(['tls', 'ssl', 'none']),
  },
  {
    name: 'mail.smtp_username',
    section: 'outgoing-email',
    label: 'SMTP username',
    help: 'Empty when the server needs no login.',
    input: { type: 'text' },
    schema: optionalText(255, 'username'),
  },
  {
    name: 'mail.smtp_password',
    section: 'outgoing-email',
    label: 'SMTP password',
    help: 'Leave empty to keep the stored password.',
    input: { type: 'text' },
    schema: secret,
    secret: true,
  },
  // recaptcha
  {
    name: 'recaptcha.site_key',
    section: 'recaptcha',
    label: 'Site key',
    help: 'The public key of your reCAPTCHA v3 site.',
    input: { type: 'text' },
    schema: optionalText(200, 'site key'),
  },
  {
    name: 'recaptcha.secret_key',
    section: 'recaptcha',
    label: 'Secret key',
    help: 'Leave empty to keep the stored key.',
    input: { type: 'text' },
    schema: secret,
    secret: true,
  },
  {
    name: 'recaptcha.enable',
    section: 'recaptcha',
    label: 'Check these actions',
    help: 'Visitors are checked before these actions once both keys are set.',
    input: {
      type: 'checkboxes',
      options: [
        { value: 'register', label: 'Registration' },
        { value: 'contact', label: 'Contact form' },
      ],
    },
    schema: z.partialRecord(choice(RECAPTCHA_ACTIONS), bool),
  },
  // gdpr
  {
    name: 'cookie_notice.enable',
    section: 'gdpr',
    label: 'Show the cookie notice',
    help: 'Until the visitor accepts it.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'cookie_notice.position',
    section: 'gdpr',
    label: 'Notice position',
    help: 'Where the notice appears.',
    input: {
      type: 'select',
      options: [
        { value: 'bottom', label: 'Bottom' },
        { value: 'top', label: 'Top' },
      ],
    },
    schema: choice(['top', 'bottom']),
  },
  {
    name: 'cookie_notice.text',
    section: 'gdpr',
    label: 'Notice text',
    help: 'What the notice says.',
    input: { type: 'textarea' },
    schema: requiredText(1000, 'notice text'),
  },
  {
    name: 'cookie_notice.button',
    section: 'gdpr',
    label: 'Button label',
    help: 'The button that accepts the notice.',
    input: { type: 'text' },
    schema: requiredText(40, 'button label'),
  },
  // providers
  ...social('google', 'Google'),
  ...social('facebook', 'Facebook'),
  ...social('twitter', 'Twitter'),
  ...social('envato', 'Envato'),
  // player
  {
    name: 'player.default_volume',
    section: 'player',
    label: 'Default volume',
    help: 'The volume a new listener starts with, from 0 to 100.',
    input: { type: 'number', min: 0, max: 100, unit: '%' },
    schema: z
      .number({ error: 'The volume must be a number.' })
      .int('The volume must be a whole number.')
      .min(0, 'The volume must be between 0 and 100.')
      .max(100, 'The volume must be between 0 and 100.'),
  },
  {
    name: 'player.seekbar_type',
    section: 'player',
    label: 'Seek bar',
    help: 'The player bar shows the track’s waveform, or a plain line.',
    input: {
      type: 'select',
      options: [
        { value: 'waveform', label: 'Waveform' },
        { value: 'line', label: 'Line' },
      ],
    },
    schema: choice(['waveform', 'line']),
  },
  {
    name: 'player.hide_queue',
    section: 'player',
    label: 'Hide the queue button',
    help: 'Removes the queue button from the player bar.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'player.hide_lyrics',
    section: 'player',
    label: 'Hide the lyrics button',
    help: 'Removes the lyrics button from the player bar.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'player.enable_download',
    section: 'player',
    label: 'Allow downloads',
    help: 'Shows a download button on track pages to people with the download permission.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'player.enable_repost',
    section: 'player',
    label: 'Allow reposts',
    help: 'Shows the repost button on tracks and albums.',
    input: { type: 'boolean' },
    schema: bool,
  },
  {
    name: 'player.crossfade_seconds',
    section: 'player',
    label: 'Default crossfade',
    help: 'Seconds each track overlaps the next, for listeners who have not chosen their own. 0 turns it off.',
    input: { type: 'number', min: CROSSFADE_SECONDS.min, max: CROSSFADE_SECONDS.max, unit: 's' },
    schema: z
      .number({ error: 'The crossfade must be a number.' })
      .int('The crossfade must be a whole number of seconds.')
      .min(CROSSFADE_SECONDS.min, 'The crossfade must be between 0 and 12 seconds.')
      .max(CROSSFADE_SECONDS.max, 'The crossfade must be between 0 and 12 seconds.'),
  },
  {
    name: 'player.normalisation',
    section: 'player',
    label: 'Loudness levelling',
    help: 'Brings tracks to the same loudness by default: each on its own, or albums as a whole.',
    input: {
      type: 'select',
      options: [
        { value: 'off', label: 'Off' },
        { value: 'track', label: 'Track' },
        { value: 'album', label: 'Album' },
      ],
    },
    schema: choice(NORMALISATION_MODES),
  },
  {
    name: 'player.target_lufs',
    section: 'player',
    label: 'Target loudness',
    help: 'The loudness levelling aims at, in LUFS (streaming services use −14).',
    input: {
      type: 'number',
      min: LOUDNESS_TARGET_LUFS.min,
      max: LOUDNESS_TARGET_LUFS.max,
      unit: 'LUFS',
    },
    schema: z
      .number({ error: 'The target must be a number.' })
      .min(LOUDNESS_TARGET_LUFS.min, 'The target must be between −23 and −6 LUFS.')
      .max(LOUDNESS_TARGET_LUFS.max, 'The target must be between −23 and −6 LUFS.'),
  },
  {
    name: 'transcoding.cache_size_mb',
    section: 'player',
    label: 'Transcode cache size',
    help: 'Disk space kept for encoded copies (lower qualities, Subsonic apps); the least recently played go first.',
    input: { type: 'number', min: 16, max: TRANSCODE_CACHE_MAX_MB, unit: 'MB' },
    schema: z
      .number({ error: 'The cache size must be a number.' })
      .int('The cache size must be a whole number of MB.')
      .min(16, 'The cache size must be at least 16 MB.')
      .max(TRANSCODE_CACHE_MAX_MB, `The cache size must be at most ${TRANSCODE_CACHE_MAX_MB} MB.`),
  },
  {
    name: 'player.equaliser_preset',
    section: 'player',
    label: 'Equaliser preset',
    help: 'The equaliser curve listeners start with.',
    input: {
      type: 'select',
      options: [
        { value: 'flat', label: 'Flat' },
        { value: 'bass', label: 'Bass boost' },
        { value: 'vocal', label: 'Vocal' },
        { value: 'treble', label: 'Treble boost' },
      ],
    },
    schema: choice(EQUALISER_PRESET_NAMES),
  },
  {
    name: 'player.track_comments',
    section: 'player',
    label: 'Allow comments',
    help: 'Off hides every track’s comments and refuses new ones.',
    input: { type: 'boolean' },
    schema: bool,
  },
];

/** The five ad slots of spec 1 §3 with the size hints of spec 2 §9. */
export const AD_SLOTS = [
  {
    key: 'ads.general_top',
    label: 'General top',
    hint: 'Above the content of most pages; about 150 px high, or responsive.',
  },
  {
    key: 'ads.general_bottom',
    label: 'General bottom',
    hint: 'Below the content of most pages; about 150 px high, or responsive.',
  },
  { key: 'ads.artist_top', label: 'Artist top', hint: 'Top of artist pages; up to 1000 px wide.' },
  {
    key: 'ads.artist_bottom',
    label: 'Artist bottom',
    hint: 'Bottom of artist pages; up to 430 px wide.',
  },
  {
    key: 'ads.album_above',
    label: 'Album above',
    hint: 'Above the track list of album pages; as wide as possible.',
  },
] as const;
export type AdSlotKey = (typeof AD_SLOTS)[number]['key'];
/** The slot's name without the `ads.` prefix, as the public settings carry it. */
export type AdSlotName = AdSlotKey extends `ads.${infer Name}` ? Name : never;
export const AD_HTML_MAX = 20_000;

const adSchema = z
  .string({ error: 'The ad must be text.' })
  .max(AD_HTML_MAX, `The ad may have at most ${AD_HTML_MAX} characters.`);

/**
 * Everything one save may change: any subset of the declared settings and ad slots. Other
 * names are dropped, never stored (internal settings such as menus or generated keys).
 */
export const settingsUpdateSchema = z.object(
  Object.fromEntries([
    ...SETTING_FIELDS.map((field) => [field.name, field.schema.optional()]),
    ...AD_SLOTS.map((slot) => [slot.key, adSchema.optional()]),
  ]) as Record<string, z.ZodOptional<z.ZodType>>,
);

export const SECRET_SETTING_NAMES = SETTING_FIELDS.filter((field) => field.secret).map(
  (field) => field.name,
);
