import {
  NOTIFICATION_ACTIONS,
  NOTIFICATION_CHANNELS,
  slugify,
  type NotificationChannel,
  type NotificationData,
} from '@backbeat/common';

interface NotificationTypeDefinition<Params> {
  /** Heading of the row group in the settings grid. */
  group: string;
  /** The row label in the settings grid. */
  name: string;
  /** Channels this notification can go through. */
  channels: readonly NotificationChannel[];
  /** Channels on until the user changes them. */
  defaults: readonly NotificationChannel[];
  render(params: Params): NotificationData;
}

const define = <Params>(definition: NotificationTypeDefinition<Params>) => definition;

interface Person {
  id: number;
  name: string;
  image?: string | null;
}

const profilePath = (user: Person) => `/user/${user.id}/${slugify(user.name)}`;

/**
 * Every kind of notification, in one place: its settings-grid group and name, the channels
 * it may use and which are on by default, and how its `data` (spec §3) is built. An area that
 * notifies adds its type here and calls `services.notifications.notify(userId, type, params)`.
 * Line texts are translation keys with :placeholders; the client translates them.
 */
export const NOTIFICATION_TYPES = {
  'artist.new_release': define<{
    artist: { id: number; name: string };
    release: { kind: 'album' | 'track'; name: string; image?: string | null; path: string };
  }>({
    group: 'Music',
    name: 'An artist I follow releases a track or album',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'email', 'browser'],
    render: ({ artist, release }) => ({
      image: release.image ?? null,
      lines: [
        {
          type: 'primary',
          content:
            release.kind === 'album'
              ? ':artist released a new album: :name'
              : ':artist released a new track: :name',
          replacements: { artist: artist.name, name: release.name },
        },
      ],
      mainAction: {
        label: release.kind === 'album' ? 'Open album' : 'Open track',
        action: release.path,
      },
    }),
  }),

  'backstage.request_created': define<{
    request: { id: number; type: string };
    requester: Person;
    artist: { name: string };
  }>({
    group: 'Backstage',
    name: 'Someone asks to become, verify or claim an artist (staff who review requests)',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'email', 'browser'],
    render: ({ request, requester, artist }) => ({
      image: requester.image ?? null,
      lines: [
        {
          type: 'primary',
          content: ':name asks to be the artist :artist',
          replacements: { name: requester.name, artist: artist.name },
        },
      ],
      mainAction: { label: 'Review request', action: `/admin/backstage-requests/${request.id}` },
    }),
  }),

  'backstage.request_approved': define<{
    request: { id: number; type: string };
    artist: { id: number; name: string };
  }>({
    group: 'Backstage',
    name: 'My artist request is approved',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'email', 'browser'],
    render: ({ artist }) => ({
      image: null,
      lines: [
        {
          type: 'primary',
          content: 'Your request for :artist was approved',
          replacements: { artist: artist.name },
        },
      ],
      mainAction: { label: 'Open backstage', action: '/backstage/upload' },
    }),
  }),

  'backstage.request_denied': define<{
    request: { id: number; type: string };
    artist: { name: string };
    reason: string;
  }>({
    group: 'Backstage',
    name: 'My artist request is denied',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'email', 'browser'],
    render: ({ artist, reason }): NotificationData => ({
      image: null,
      lines: [
        {
          type: 'primary',
          content: 'Your request for :artist was denied',
          replacements: { artist: artist.name },
        },
        // The admin's words: shown as written.
        { type: 'secondary', content: ':reason', replacements: { reason } },
      ],
      mainAction: { label: 'Open backstage', action: '/backstage/requests' },
    }),
  }),

  'user.followed': define<{ follower: Person }>({
    group: 'Social',
    name: 'Someone follows me',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'browser'],
    render: ({ follower }) => ({
      image: follower.image ?? null,
      lines: [
        {
          type: 'primary',
          content: ':name started following you',
          replacements: { name: follower.name },
        },
      ],
      mainAction: { label: 'View profile', action: profilePath(follower) },
    }),
  }),

  'comment.reply': define<{
    author: Person;
    comment: { excerpt: string };
    target: { name: string; path: string };
  }>({
    group: 'Social',
    name: 'Someone replies to my comment',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'email', 'browser'],
    render: ({ author, comment, target }): NotificationData => ({
      image: author.image ?? null,
      lines: [
        {
          type: 'primary',
          content: ':name replied to your comment on :target',
          replacements: { name: author.name, target: target.name },
        },
        // The reply itself is the author's words: shown as written, never translated.
        { type: 'secondary', content: ':excerpt', replacements: { excerpt: comment.excerpt } },
      ],
      mainAction: { label: 'View reply', action: target.path },
    }),
  }),

  'playlist.invite': define<{ inviter: Person; playlist: { name: string; path: string } }>({
    group: 'Playlists',
    name: 'Someone invites me to collaborate on a playlist',
    channels: NOTIFICATION_CHANNELS,
    defaults: ['in_app', 'email', 'browser'],
    render: ({ inviter, playlist }) => ({
      image: inviter.image ?? null,
      lines: [
        {
          type: 'primary',
          content: ':name invited you to collaborate on the playlist :playlist',
          replacements: { name: inviter.name, playlist: playlist.name },
        },
      ],
      mainAction: { label: 'Open playlist', action: playlist.path },
    }),
  }),

  // The invitation email goes to the address whether or not it has an account, so this
  // notification has no email channel of its own.
  'workspace.invite': define<{ inviter: Person; workspace: { name: string }; inviteId: string }>({
    group: 'Workspaces',
    name: 'Someone invites me to a workspace',
    channels: ['in_app', 'browser'],
    defaults: ['in_app', 'browser'],
    render: ({ inviter, workspace, inviteId }) => ({
      image: inviter.image ?? null,
      lines: [
        {
          type: 'primary',
          content: ':name invited you to join the :workspace workspace',
          replacements: { name: inviter.name, workspace: workspace.name },
        },
      ],
      mainAction: { label: 'Open invitation', action: `/workspace/join/${inviteId}` },
      buttonActions: [
        { label: 'Join', action: NOTIFICATION_ACTIONS.joinWorkspace },
        { label: 'Decline', action: NOTIFICATION_ACTIONS.declineWorkspace },
      ],
      inviteId,
    }),
  }),
};

export type NotificationType = keyof typeof NOTIFICATION_TYPES;
export type NotificationParams<T extends NotificationType> = Parameters<
  (typeof NOTIFICATION_TYPES)[T]['render']
>[0];

export function isNotificationType(id: string): id is NotificationType {
  return Object.hasOwn(NOTIFICATION_TYPES, id);
}

/** The settings grid: groups in first-seen order, each with its notifications. */
export function notificationGroups() {
  const groups = new Map<
    string,
    { notif_id: string; name: string; channels: NotificationChannel[] }[]
  >();
  for (const [id, definition] of Object.entries(NOTIFICATION_TYPES)) {
    const list = groups.get(definition.group) ?? [];
    list.push({ notif_id: id, name: definition.name, channels: [...definition.channels] });
    groups.set(definition.group, list);
  }
  return [...groups].map(([group_name, subscriptions]) => ({ group_name, subscriptions }));
}
