import type { ColumnType, Generated } from 'kysely';
import type { BackstageTables } from './backstage-schema.ts';
import type { CatalogTables } from './catalog-schema.ts';
import type { LibraryTables } from './library-schema.ts';
import type { LibraryFoldersTables } from './library-folders-schema.ts';
import type { InsightsTables } from './insights-schema.ts';
import type { SubsonicTables } from './subsonic-schema.ts';
import type { SharesTables } from './shares-schema.ts';
import type { UploadsTables } from './uploads-schema.ts';
import type { BillingTables } from './billing-schema.ts';
import type { TranscodingTables } from './transcoding-schema.ts';

/** Booleans are stored as 0/1 integers on both dialects so reads and writes look the same. */
type Flag = number;
/** Timestamps travel as ISO 8601 UTC strings on both dialects. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password: string | null;
  name: string;
  first_name: string | null;
  last_name: string | null;
  image: string | null;
  email_verified_at: Timestamp | null;
  banned_at: Timestamp | null;
  /** Why an admin suspended the account (shown to admins only). */
  ban_reason: string | null;
  language: string | null;
  country: string | null;
  timezone: string | null;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  two_factor_confirmed_at: Timestamp | null;
  two_factor_last_step: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's profile page: header image, plain-text description and links (JSON). */
export interface UserProfilesTable {
  user_id: number;
  header_image: string | null;
  description: string | null;
  /** JSON list of { title, url }. */
  links: string;
  updated_at: Timestamp;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** Given to every new user. */
  is_default: Flag;
  /** Holds the permissions of visitors who are not logged in. */
  is_guest: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  group: string;
  description: string | null;
  /** JSON: the restrictions an admin may set, `[{ name, description }]`. */
  restrictions: string;
}

export interface PermissionGrantsTable {
  permission_id: number;
  grantee_type: 'role' | 'user';
  grantee_id: number;
  /** JSON: `[{ name, value }]`. */
  restrictions: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
  created_at: Timestamp;
}

export interface SettingsTable {
  name: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: Timestamp;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a leaked table does not leak live sessions. */
  id: string;
  user_id: number | null;
  ip_address: string | null;
  user_agent: string | null;
  /** JSON of small per-session facts (password confirmed at, oauth state…). */
  payload: string;
  remember: Flag;
  last_activity: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  city: string | null;
  country: string | null;
}

export interface ThemesTable {
  id: Generated<number>;
  name: string;
  is_dark: Flag;
  default_light: Flag;
  default_dark: Flag;
  /** JSON map of CSS variables. */
  values: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LocalizationsTable {
  id: Generated<number>;
  name: string;
  language: string;
  /** JSON dictionary of translated lines. */
  lines: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailVerificationCodesTable {
  user_id: number;
  code_hash: string;
  attempts: number;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SocialProfilesTable {
  id: Generated<number>;
  user_id: number;
  service_name: string;
  user_service_id: string;
  username: string | null;
  email: string | null;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  email: string;
  ip_address: string | null;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** JSON of the spec's data shape: image, lines, mainAction, buttonActions. */
  data: string;
  /** What it is about (`workspace_invite:<id>`), so it can be withdrawn. */
  reference: string | null;
  read_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NotificationSubscriptionsTable {
  user_id: number;
  notif_id: string;
  /** JSON map of channel to on/off; channels not in it follow the type's default. */
  channels: string;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the endpoint, unique (endpoints are too long to index everywhere). */
  endpoint_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WorkspaceMembersTable {
  workspace_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'member';
  created_at: Timestamp;
}

export interface WorkspaceInvitesTable {
  id: string;
  workspace_id: number;
  email: string;
  role: 'admin' | 'member';
  invited_by: number | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface CustomPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Sanitised HTML. */
  body: string;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One backup made (0029_backups); the copy itself lives in `directory`. */
export interface BackupsTable {
  id: Generated<number>;
  directory: string;
  database: 'sqlite' | 'postgres';
  database_bytes: ColumnType<number | string, number, number>;
  files_included: Flag;
  files_count: number;
  files_bytes: ColumnType<number | string, number, number>;
  app_key_included: Flag;
  duration_ms: number;
  started_at: Timestamp;
}

export interface Database
  extends
    CatalogTables,
    LibraryTables,
    UploadsTables,
    BackstageTables,
    BillingTables,
    SubsonicTables,
    SharesTables,
    LibraryFoldersTables,
    InsightsTables,
    TranscodingTables {
  users: UsersTable;
  backups: BackupsTable;
  user_profiles: UserProfilesTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  permission_grants: PermissionGrantsTable;
  user_roles: UserRolesTable;
  settings: SettingsTable;
  sessions: SessionsTable;
  themes: ThemesTable;
  localizations: LocalizationsTable;
  custom_pages: CustomPagesTable;
  email_verification_codes: EmailVerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  personal_access_tokens: PersonalAccessTokensTable;
  social_profiles: SocialProfilesTable;
  login_failures: LoginFailuresTable;
  notifications: NotificationsTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  push_subscriptions: PushSubscriptionsTable;
  workspaces: WorkspacesTable;
  workspace_members: WorkspaceMembersTable;
  workspace_invites: WorkspaceInvitesTable;
}
