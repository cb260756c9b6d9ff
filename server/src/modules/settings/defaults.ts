import type { EQUALISER_PRESET_NAMES, NORMALISATION_MODES } from '@backbeat/common';
import {
  CROSSFADE_SECONDS,
  LANDING_DEFAULTS,
  LOUDNESS_TARGET_LUFS,
  MB,
  SEO_SETTING_DEFAULTS,
  TRANSCODE_CACHE_DEFAULT_MB,
  type LandingContent,
  type Menu,
} from '@backbeat/common';
import { defaultMenus } from './default-menus.ts';

/**
 * Every runtime setting with its default. Only what bootstrap/service.ts copies into the
 * public settings ever reaches a browser; secrets (SMTP, OAuth, reCAPTCHA) stay here. Admins change these in the settings table;
 * env vars are only for secrets and infrastructure.
 */
export const SETTING_DEFAULTS = {
  'homepage.type': 'channel' as 'landing' | 'login' | 'register' | 'channel',
  'themes.default_id': 'system' as number | 'system' | 'light' | 'dark',
  'themes.user_change': true,
  'dates.default_timezone': 'UTC',
  'dates.format': 'medium' as 'short' | 'medium' | 'long',
  'i18n.enable': true,
  'billing.enable': false,
  'registration.disable': false,
  'registration.policies': [] as { id: string; name: string; url: string }[],
  require_email_confirmation: false,
  'social.compact_buttons': false,
  'social.google.enable': false,
  'social.facebook.enable': false,
  'social.twitter.enable': false,
  'social.envato.enable': false,
  'recaptcha.site_key': null as string | null,
  'recaptcha.enable': {} as Record<string, boolean>,
  'site.demo': false,
  /**
   * The public address links in emails are built from when APP_URL is not set: pinned from
   * the first page visit after the first start (settings/site-address.ts).
   */
  'site.url': null as string | null,
  /** Set by an admin's first visit or save: visits no longer change `site.url`. */
  'site.url_confirmed': false,
  copyright: '© :year :siteName',
  /** Spec §7 web font; no provider means system fonts and no request to a third party. */
  'fonts.family': null as string | null,
  'fonts.weights': [400, 600, 700] as number[],
  'fonts.provider_url': null as string | null,
  'branding.site_name': 'Backbeat',
  /** Page titles and descriptions for search engines (common/seo.ts). */
  ...SEO_SETTING_DEFAULTS,
  /** The browser tab's icon; null keeps the built-in /favicon.svg. */
  'branding.favicon': null as string | null,
  'branding.logo_light': null as string | null,
  'branding.logo_dark': null as string | null,
  'branding.logo_light_mobile': null as string | null,
  'branding.logo_dark_mobile': null as string | null,
  'branding.splash_video_desktop_link': null as string | null,
  'branding.splash_video_mobile_link': null as string | null,
  /** Off hides every track's comments and refuses new ones. */
  'player.track_comments': true,
  'cookie_notice.enable': true,
  'cookie_notice.position': 'bottom' as 'top' | 'bottom',
  'cookie_notice.button': 'Got it',
  'cookie_notice.text':
    'We use cookies to keep you signed in and to remember your preferences, like your theme.',
  menus: defaultMenus as Menu[],
  /** The landing page's content and the admin's custom code (appearance editor, issue 14). */
  landing: LANDING_DEFAULTS as LandingContent,
  'custom_code.css': '',
  /** Sanitised when saved. */
  'custom_code.html': '',
  /** Set once the demo catalog was created on the first start (seed/demo). */
  'demo_catalog.seeded': false,
  'site.demo_email': null as string | null,
  'site.demo_password': null as string | null,
  /** The random demo account made when a demo site configures none (users/demo-account.ts). */
  'site.demo_account': null as { email: string; password: string } | null,
  'mail.driver': 'log' as 'log' | 'smtp',
  'mail.from_address': 'no-reply@backbeat.local',
  'mail.from_name': null as string | null,
  'mail.smtp_host': null as string | null,
  'mail.smtp_port': 587,
  'mail.smtp_encryption': 'tls' as 'tls' | 'ssl' | 'none',
  'mail.smtp_username': null as string | null,
  'mail.smtp_password': null as string | null,
  'social.google.client_id': null as string | null,
  'social.google.client_secret': null as string | null,
  'social.facebook.client_id': null as string | null,
  'social.facebook.client_secret': null as string | null,
  'social.twitter.client_id': null as string | null,
  'social.twitter.client_secret': null as string | null,
  'social.envato.client_id': null as string | null,
  'social.envato.client_secret': null as string | null,
  'recaptcha.secret_key': null as string | null,
  /** Web Push (VAPID) key pair, generated on the first start and shared by every instance. */
  'notifications.vapid_keys': null as { publicKey: string; privateKey: string } | null,
  /** Largest file one upload may carry, in bytes (spec 2 §5); null for no limit. */
  'uploads.max_size': (2 * 1024 * MB) as number | null,
  /**
   * Types an upload must be, judged by its bytes: extensions (`mp3`) or mime types
   * (`audio/mpeg`, `audio/*`). Empty allows any type not blocked.
   */
  'uploads.allowed_extensions': [] as string[],
  /** Types no upload may be, by its bytes or by the extension the client gave it. */
  'uploads.blocked_extensions': [
    'exe',
    'msi',
    'bat',
    'cmd',
    'sh',
    'php',
    'html',
    'svg',
  ] as string[],
  /** Chunked resumable (tus) upload for files of 4 MB or more (spec 2 §4). */
  'uploads.chunk': true,
  'uploads.chunk_size': 5 * MB,
  /** Browsers upload straight to the bucket when the storage is S3 (spec 2 §4). */
  'uploads.s3_direct_upload': false,
  /** Where contact-page messages go; null uses `mail.from_address`. */
  'site.contact_email': null as string | null,
  /** The player section of the admin settings (issue 13). */
  'player.default_volume': 80,
  'player.seekbar_type': 'waveform' as 'waveform' | 'line',
  'player.hide_queue': false,
  'player.hide_lyrics': false,
  'player.enable_download': false,
  'player.enable_repost': true,
  /** The listening engine's defaults for listeners who saved none of their own (issue 19). */
  'player.crossfade_seconds': CROSSFADE_SECONDS.default as number,
  'player.normalisation': 'track' as (typeof NORMALISATION_MODES)[number],
  'player.target_lufs': LOUDNESS_TARGET_LUFS.default as number,
  'player.equaliser_preset': 'flat' as (typeof EQUALISER_PRESET_NAMES)[number],
  /** The transcode cache's size cap in MB (issue 38.6): the least recently played go first. */
  'transcoding.cache_size_mb': TRANSCODE_CACHE_DEFAULT_MB as number,
  /** Ad slots (spec 1 §3): sanitised HTML, empty for none. */
  'ads.general_top': '',
  'ads.general_bottom': '',
  'ads.artist_top': '',
  'ads.artist_bottom': '',
  'ads.album_above': '',
};

export type SettingName = keyof typeof SETTING_DEFAULTS;
export type SettingValues = { [K in SettingName]: (typeof SETTING_DEFAULTS)[K] };

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_DEFAULTS, name);
}
