/** Notifications and their channels (spec §3 Notification, Notification subscription). */

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'browser'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The column headings of the settings grid. */
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In app',
  email: 'Email',
  browser: 'Browser',
};

export interface NotificationAction {
  label: string;
  /** A same-site path to open, or a named action the client performs (join-workspace…). */
  action: string;
}

export interface NotificationLine {
  type?: 'primary' | 'secondary';
  icon?: string | null;
  /** Translatable text with `:placeholders` filled from `replacements`. */
  content: string;
  replacements?: Record<string, string | number>;
  action?: NotificationAction | null;
}

export interface NotificationData {
  image?: string | null;
  lines: NotificationLine[];
  mainAction?: NotificationAction | null;
  buttonActions?: NotificationAction[];
  /** Carried by the workspace invitation (spec §3). */
  inviteId?: string;
}

export interface AppNotification {
  id: number;
  type: string;
  read_at: string | null;
  created_at: string;
  data: NotificationData;
}

/** Named button actions the client knows how to perform. */
export const NOTIFICATION_ACTIONS = {
  joinWorkspace: 'join-workspace',
  declineWorkspace: 'decline-workspace',
} as const;

export interface NotificationSubscriptionGroup {
  group_name: string;
  subscriptions: { notif_id: string; name: string; channels: NotificationChannel[] }[];
}

export type ChannelSelection = Partial<Record<NotificationChannel, boolean>>;

export interface NotificationSubscriptionsResponse {
  subscriptions: NotificationSubscriptionGroup[];
  available_channels: NotificationChannel[];
  user_selections: { notif_id: string; channels: ChannelSelection }[];
  /** The VAPID public key browsers subscribe to push with. */
  push_public_key: string;
}

/** What a realtime socket receives. */
export type RealtimeEvent =
  | { type: 'ready' }
  | { type: 'notification'; notification: AppNotification | null; unreadCount: number }
  | { type: 'notifications.read'; unreadCount: number }
  | { type: 'workspaces.changed' };

export const REALTIME_PATH = 'realtime';
