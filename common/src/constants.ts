/** Business constants and limits from spec 1-foundation §9. Each lives here once. */

export const API_PREFIX = 'api/v1/';
/** Paths that begin with these are served at the root, not under the API prefix (spec §7). */
export const UNPREFIXED_PATH_ROOTS = ['auth', 'secure', 'log-viewer', 'horizon'] as const;

export const QUERY_STALE_TIME_MS = 30_000;
export const QUERY_MAX_RETRIES = 2;
export const QUERY_NO_RETRY_STATUSES = [401, 403, 404] as const;

export const TOAST_DURATION_MS = { default: 3000, danger: 8000 } as const;
export const MAX_VISIBLE_TOASTS = 1;
export const TOAST_ID_LENGTH = 6;
export const DEFAULT_TOAST_POSITION = 'bottom-center';

export const TOOLTIP = { delayMs: 1500, hideMs: 500, offset: 10, placement: 'top' } as const;
export const FLOATING_VIEWPORT_PADDING = 16;

export const VERIFICATION_CODE_LENGTH = 6;
export const COOKIE_NOTICE_COOKIE = 'cookie_notice';
export const COOKIE_NOTICE_DAYS = 30;
export const THEME_COOKIE = 'be-active-theme';
export const WORKSPACE_COOKIE = 'activeWorkspaceId';
export const DEFAULT_COOKIE_DAYS = 7;
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const METHOD_OVERRIDE_HEADER = 'X-HTTP-Method-Override';
export const METHOD_OVERRIDE_PARAM = '_method';
export const OVERRIDABLE_METHODS = ['PUT', 'PATCH', 'DELETE'] as const;
export const COMMA_LIST_PARAMS = ['with', 'load', 'loadCount'] as const;

export const PROGRESS_BAR_DELAY_MS = 50;
export const SPINNER = { delayMs: 500, minDurationMs: 200 } as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const NAVBAR_HEIGHTS = { md: 64, sm: 54, xs: 48 } as const;
export const SELECT_LIST_MAX_HEIGHT = 420;
export const TYPE_AHEAD_RESET_MS = 500;
export const HOVER_POPOVER_CLOSE_MS = 150;

export const PASSWORD_CONFIRMATION_SECONDS = 9000;
export const TWO_FACTOR_CODE_LENGTH = 6;
export const RECOVERY_CODE_LENGTH = 21;
/**
 * Searches one client (account, else address) may run per window, as-you-type included;
 * `SEARCH_RATE_LIMIT` in the environment changes `max`.
 */
export const SEARCH_RATE_LIMIT = { max: 120, perMs: 60_000 } as const;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const NOTIFICATIONS_PAGE_SIZE = 30;

export const DIALOG_PADDING_PX = 24;
/** Dialog size names and their fixed widths in px (spec §9: 2xs to fullscreen). */
export const DIALOG_WIDTHS = {
  '2xs': 320,
  xs: 400,
  sm: 480,
  md: 560,
  lg: 680,
  xl: 800,
  '2xl': 1000,
  fullscreen: null,
} as const;
export const CHIP_SIZES = ['xs', 'sm', 'md', 'lg'] as const;
export const INPUT_HEIGHTS = { '2xs': 24, xs: 30, sm: 36, md: 42, lg: 50, xl: 60 } as const;
export const TEXTAREA_DEFAULT_ROWS = 4;
export const DEFAULT_FONT_WEIGHT = 400;
/** Web fonts show text in a fallback font until they arrive (spec §7 "display swap"). */
export const WEB_FONT_DISPLAY = 'swap';
/** Where the site serves its own fonts, in the CSS2 API shape web font services share. */
export const SELF_HOSTED_FONTS_URL = '/fonts';
/** Families the site serves itself (npm @fontsource packages): no request leaves the site. */
export const SELF_HOSTED_FONT_FAMILIES = ['Inter', 'Lora', 'Merriweather', 'Montserrat'] as const;
export const SOCIAL_POPUP = { width: 650, height: 550, pollMs: 1000 } as const;
/**
 * The 9 background colours of avatars that fall back to initials (spec §9): dark enough that
 * their white initials read at 4.5:1 or more (WCAG AA), which the lighter shades did not.
 */
export const AVATAR_FALLBACK_PALETTE = [
  '#be123c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#0369a1',
  '#4f46e5',
  '#7e22ce',
  '#a21caf',
] as const;
export const AVATAR_FALLBACK_COLOURS = AVATAR_FALLBACK_PALETTE.length;
export const COPIED_LABEL_MS = 1000;
export const ERROR_TRACE_SAMPLE_RATE = 0.2;

export const DEFAULT_TIMEZONE = 'UTC';
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_WORKSPACE = { id: 0, name: 'Default', members_count: 1 } as const;

export const DEFAULT_REDIRECT = '/';
export const ADMIN_REDIRECT = '/admin';

export const SUBSCRIPTION_PERMISSION_FALLBACKS = {
  can_play_audio: false,
  can_play_video: false,
  ads_enabled: true,
  ad_position: 'end',
  current_plan: 'Free',
  has_subscription: false,
} as const;

export const MENU_POSITIONS = [
  'sidebar-primary',
  'sidebar-secondary',
  'mobile-bottom',
  'landing-page-navbar',
  'footer',
] as const;
export type MenuPosition = (typeof MENU_POSITIONS)[number];

/**
 * The listening engine (issue 19): loudness levelling, equaliser and crossfade. The target is
 * the listener's choice; −14 LUFS is what the large streaming services level to.
 */
export const LOUDNESS_TARGET_LUFS = { default: -14, min: -23, max: -6 } as const;
/** Levelling never lifts a track's true peak above this, so it cannot clip. */
export const TRUE_PEAK_CEILING_DBTP = -1;
/** Centre frequencies of the equaliser's ten bands (ISO octave bands). */
export const EQUALISER_BANDS_HZ = [31, 62, 125, 250, 500, 1000, 2000, 4000, 8000, 16000] as const;
/** Range of each band and of the preamp, in dB. */
export const EQUALISER_GAIN_DB = { min: -12, max: 12 } as const;
/** Width of the peaking bands: one octave, so neighbouring bands meet near −3 dB. */
export const EQUALISER_PEAKING_Q = 1.41;
export const CROSSFADE_SECONDS = { default: 0, min: 0, max: 12 } as const;
/** The equaliser's presets by name (their curves are the web player's); "flat" changes nothing. */
export const EQUALISER_PRESET_NAMES = ['flat', 'bass', 'vocal', 'treble'] as const;
export const NORMALISATION_MODES = ['off', 'track', 'album'] as const;
