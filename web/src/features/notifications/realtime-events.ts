import { type RealtimeEvent } from '@backbeat/common';
import { queryClient } from '../../lib/query-client.ts';
import { playlistKeys } from '../../entities/library/playlist-keys.ts';
import { refreshWorkspaces } from '../../entities/workspaces/queries.ts';
import { notificationKeys, setUnreadCount } from '../../entities/notifications/queries.ts';

/**
 * What a live event changes: the bell's count, the notification and playlist lists, the
 * workspaces. Loaded with the first event (issue 22). `reconnected`: the connection was lost
 * before this `ready`, so whatever arrived meanwhile is picked up once.
 */
export function handleRealtimeEvent(event: RealtimeEvent, reconnected: boolean): void {
  switch (event.type) {
    case 'ready':
      if (reconnected) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      break;
    case 'notification':
      setUnreadCount(event.unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // An invitation to edit a playlist (or one taken back) changes the sidebar's list.
      if (!event.notification || event.notification.type === 'playlist.invite')
        void queryClient.invalidateQueries({ queryKey: playlistKeys.mine });
      break;
    case 'notifications.read':
      setUnreadCount(event.unreadCount);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      break;
    case 'workspaces.changed':
      void refreshWorkspaces().catch(() => {});
      break;
  }
}
