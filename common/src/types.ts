import type { MenuPosition } from './constants.ts';
import type { PermissionName } from './permissions.ts';
import type { WorkspaceSummary } from './workspaces.ts';

export interface PermissionRestriction {
  name: string;
  value: number | string | null;
}

export interface Permission {
  name: PermissionName | string;
  restrictions: PermissionRestriction[];
}

export interface Role {
  id: number;
  name: string;
}

export interface UserSubscription {
  id: number;
  valid: boolean;
  active: boolean;
}

export interface User {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  email: string;
  email_verified_at: string | null;
  banned_at: string | null;
  language: string | null;
  country: string | null;
  timezone: string;
  unread_notifications_count: number;
  roles: Role[];
  permissions: Permission[];
  subscriptions: UserSubscription[];
  two_factor_confirmed_at: string | null;
  /** 0 off, 1 waiting for a confirming code, 2 on (spec §4). */
  two_factor_state: 0 | 1 | 2;
  /** False for accounts made through social login that never set a password. */
  has_password: boolean;
  social_profiles: { service_name: string; username: string | null }[];
  created_at: string;
}

export interface Theme {
  id: number;
  name: string;
  is_dark: boolean;
  default_light: boolean;
  default_dark: boolean;
  /** CSS custom properties, e.g. `{ "--be-background": "255 255 255" }`. */
  values: Record<string, string>;
}

export type MenuItemType = 'link' | 'route';

export interface MenuItem {
  id: string;
  type: MenuItemType;
  label: string;
  icon?: string | null;
  action: string;
  target?: '_blank' | '_self' | null;
  roles?: number[];
  permissions?: string[];
  /** Setting names that must all be truthy for the item to show. */
  settings?: string[];
  subscriptionStatus?: 'subscribed' | 'notSubscribed' | null;
}

export interface Menu {
  id: string;
  name: string;
  positions: MenuPosition[];
  items: MenuItem[];
}

export interface SubscriptionPermissions {
  can_play_audio: boolean;
  can_play_video: boolean;
  ads_enabled: boolean;
  ad_position: string;
  current_plan: string;
  has_subscription: boolean;
}

export interface Branding {
  site_name: string;
  logo_light: string | null;
  logo_dark: string | null;
  logo_light_mobile: string | null;
  logo_dark_mobile: string | null;
  splash_video_desktop_link: string | null;
  splash_video_mobile_link: string | null;
}

export interface Locale {
  id: number;
  name: string;
  language: string;
  lines: Record<string, string>;
}

export interface PublicSettings {
  homepage: { type: 'landing' | 'login' | 'register' | 'channel' };
  themes: { default_id: number | 'system' | 'light' | 'dark'; user_change: boolean };
  dates: { default_timezone: string; format: 'short' | 'medium' | 'long' };
  i18n: { enable: boolean };
  billing: { enable: boolean };
  registration: { disable: boolean; policies: { id: string; name: string; url: string }[] };
  require_email_confirmation: boolean;
  social: {
    compact_buttons: boolean;
    google: { enable: boolean };
    facebook: { enable: boolean };
    twitter: { enable: boolean };
    envato: { enable: boolean };
  };
  recaptcha: { site_key: string | null; enable: Record<string, boolean> };
  site: {
    demo: boolean;
    debug: boolean;
    demo_email?: string | null;
    demo_password?: string | null;
  };
  copyright: string;
  /** What the upload client needs to choose a method and check files first (spec 2 §4, §5). */
  uploads: {
    chunk: boolean;
    chunk_size: number;
    max_size: number | null;
    allowed_extensions: string[];
    blocked_extensions: string[];
    /** On only when the storage is S3 and the admin allowed direct uploads. */
    s3_direct_upload: boolean;
  };
}

export interface CookieNotice {
  enable: boolean;
  position: 'top' | 'bottom';
  button: { label: string };
  text: string;
}

export interface BootstrapData {
  user: User | null;
  guest_role: { id: number; permissions: Permission[] } | null;
  settings: PublicSettings;
  themes: { all: Theme[]; selectedThemeId: number | null };
  menus: Menu[];
  branding: Branding;
  base_url: string;
  cookie_notice: CookieNotice;
  show_cookie_notice: boolean;
  require_email_confirmation: boolean;
  is_mobile_device: boolean;
  subscription_permissions: SubscriptionPermissions;
  locale: Locale;
  localizations: { language: string; name: string }[];
  /** The personal "Default" workspace (id 0) first, then the ones the user belongs to. */
  workspaces: WorkspaceSummary[];
}

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
