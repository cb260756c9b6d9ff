import { z } from 'zod';
import { customCodeSchema, landingContentSchema } from './appearance.ts';
import { EQUALISER_PRESET_NAMES, MENU_POSITIONS, NORMALISATION_MODES } from './constants.ts';
import { workspaceSummarySchema } from './workspaces.ts';

/*
 * What the API answers about accounts and the app shell, as zod schemas (the contracts use
 * them) with inferred types.
 */

export const permissionRestrictionSchema = z.object({
  name: z.string(),
  value: z.union([z.number(), z.string()]).nullable(),
});
export type PermissionRestriction = z.infer<typeof permissionRestrictionSchema>;

export const permissionSchema = z.object({
  name: z.string(),
  restrictions: z.array(permissionRestrictionSchema),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({ id: z.number(), name: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const userSubscriptionSchema = z.object({
  id: z.number(),
  valid: z.boolean(),
  active: z.boolean(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  image: z.string().nullable(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  banned_at: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string(),
  unread_notifications_count: z.number(),
  roles: z.array(roleSchema),
  permissions: z.array(permissionSchema),
  subscriptions: z.array(userSubscriptionSchema),
  two_factor_confirmed_at: z.string().nullable(),
  /** 0 off, 1 waiting for a confirming code, 2 on (spec §4). */
  two_factor_state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** False for accounts made through social login that never set a password. */
  has_password: z.boolean(),
  social_profiles: z.array(z.object({ service_name: z.string(), username: z.string().nullable() })),
  created_at: z.string(),
  /**
   * Only in the user's own account view (`GET users/{id}` of oneself, spec §3): the API
   * tokens by name and date (never their secret), for holders of api.access.
   */
  get tokens() {
    return z.array(accessTokenSummarySchema).optional();
  },
  /**
   * Only in the user's own account view, and only while their password is confirmed (the
   * same bar as `GET auth/user/two-factor-recovery-codes`); null otherwise.
   */
  two_factor_recovery_codes: z.array(z.string()).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Spec §3 access token: what may be listed; the plain text is shown once, at creation. */
export const accessTokenSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});
export type AccessTokenSummary = z.infer<typeof accessTokenSummarySchema>;

export const themeSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  /** CSS custom properties, e.g. `{ "--be-background": "255 255 255" }`. */
  values: z.record(z.string(), z.string()),
});
export type Theme = z.infer<typeof themeSchema>;

export type MenuItemType = 'link' | 'route';

export const menuItemSchema = z.object({
  id: z.string(),
  type: z.enum(['link', 'route']),
  label: z.string(),
  icon: z.string().nullable().optional(),
  action: z.string(),
  target: z.enum(['_blank', '_self']).nullable().optional(),
  roles: z.array(z.number()).optional(),
  permissions: z.array(z.string()).optional(),
  /** Setting names that must all be truthy for the item to show. */
  settings: z.array(z.string()).optional(),
  subscriptionStatus: z.enum(['subscribed', 'notSubscribed']).nullable().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  id: z.string(),
  name: z.string(),
  positions: z.array(z.enum(MENU_POSITIONS)),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;

export const subscriptionPermissionsSchema = z.object({
  can_play_audio: z.boolean(),
  can_play_video: z.boolean(),
  ads_enabled: z.boolean(),
  ad_position: z.string(),
  current_plan: z.string(),
  has_subscription: z.boolean(),
});
export type SubscriptionPermissions = z.infer<typeof subscriptionPermissionsSchema>;

export const brandingSchema = z.object({
  site_name: z.string(),
  favicon: z.string().nullable(),
  logo_light: z.string().nullable(),
  logo_dark: z.string().nullable(),
  logo_light_mobile: z.string().nullable(),
  logo_dark_mobile: z.string().nullable(),
  splash_video_desktop_link: z.string().nullable(),
  splash_video_mobile_link: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const localeSchema = z.object({
  id: z.number(),
  name: z.string(),
  language: z.string(),
  lines: z.record(z.string(), z.string()),
});
export type Locale = z.infer<typeof localeSchema>;

const enabled = z.object({ enable: z.boolean() });

export const publicSettingsSchema = z.object({
  homepage: z.object({ type: z.enum(['landing', 'login', 'register', 'channel']) }),
  themes: z.object({
    default_id: z.union([z.number(), z.enum(['system', 'light', 'dark'])]),
    user_change: z.boolean(),
  }),
  dates: z.object({
    default_timezone: z.string(),
    format: z.enum(['short', 'medium', 'long']),
  }),
  i18n: enabled,
  billing: enabled,
  registration: z.object({
    disable: z.boolean(),
    policies: z.array(z.object({ id: z.string(), name: z.string(), url: z.string() })),
  }),
  require_email_confirmation: z.boolean(),
  social: z.object({
    compact_buttons: z.boolean(),
    google: enabled,
    facebook: enabled,
    twitter: enabled,
    envato: enabled,
  }),
  recaptcha: z.object({
    site_key: z.string().nullable(),
    enable: z.record(z.string(), z.boolean()),
  }),
  site: z.object({
    demo: z.boolean(),
    debug: z.boolean(),
    demo_email: z.string().nullable().optional(),
    demo_password: z.string().nullable().optional(),
  }),
  copyright: z.string(),
  /**
   * The web font of spec §7, by family and weights, from `provider_url` (a same-origin path
   * such as "/fonts" or a CSS2-compatible provider); without a provider, system fonts.
   */
  get fonts() {
    return webFontSettingsSchema.optional();
  },
  /** What the upload client needs to choose a method and check files first (spec 2 §4, §5). */
  uploads: z.object({
    chunk: z.boolean(),
    chunk_size: z.number(),
    max_size: z.number().nullable(),
    allowed_extensions: z.array(z.string()),
    blocked_extensions: z.array(z.string()),
    /** On only when the storage is S3 and the admin allowed direct uploads. */
    s3_direct_upload: z.boolean(),
  }),
  /** The player section of the admin settings (issue 13). */
  player: z.object({
    default_volume: z.number(),
    seekbar_type: z.enum(['waveform', 'line']),
    hide_queue: z.boolean(),
    hide_lyrics: z.boolean(),
    enable_download: z.boolean(),
    enable_repost: z.boolean(),
    track_comments: z.boolean(),
    /** The listening engine's defaults for a listener with no saved choices (issue 19). */
    crossfade_seconds: z.number(),
    normalisation: z.enum(NORMALISATION_MODES),
    target_lufs: z.number(),
    equaliser_preset: z.enum(EQUALISER_PRESET_NAMES),
  }),
  /** Filled ad slots (spec 1 §3) by name (`artist_top`), as sanitised HTML. */
  ads: z.record(z.string(), z.string()),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const webFontSettingsSchema = z.object({
  family: z.string().nullable(),
  weights: z.array(z.number()),
  provider_url: z.string().nullable(),
});
export type WebFontSettings = z.infer<typeof webFontSettingsSchema>;

export const cookieNoticeSchema = z.object({
  enable: z.boolean(),
  position: z.enum(['top', 'bottom']),
  button: z.object({ label: z.string() }),
  text: z.string(),
});
export type CookieNotice = z.infer<typeof cookieNoticeSchema>;

export const bootstrapDataSchema = z.object({
  user: userSchema.nullable(),
  guest_role: z.object({ id: z.number(), permissions: z.array(permissionSchema) }).nullable(),
  settings: publicSettingsSchema,
  themes: z.object({ all: z.array(themeSchema), selectedThemeId: z.number().nullable() }),
  menus: z.array(menuSchema),
  branding: brandingSchema,
  /** The landing page's words, buttons and features (appearance editor). */
  landing: landingContentSchema,
  /** The admin's CSS and (sanitised) HTML added to every page. */
  custom_code: customCodeSchema,
  base_url: z.string(),
  cookie_notice: cookieNoticeSchema,
  show_cookie_notice: z.boolean(),
  require_email_confirmation: z.boolean(),
  is_mobile_device: z.boolean(),
  subscription_permissions: subscriptionPermissionsSchema,
  locale: localeSchema,
  localizations: z.array(z.object({ language: z.string(), name: z.string() })),
  /** The personal "Default" workspace (id 0) first, then the ones the user belongs to. */
  workspaces: z.array(workspaceSummarySchema),
});
export type BootstrapData = z.infer<typeof bootstrapDataSchema>;

export interface ValidationErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export interface Pagination<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  from: number | null;
  to: number | null;
}
