import { useEffect } from 'react';
import { type RealtimeEvent } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { apiUrl } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { playlistKeys } from '../library/playlist-keys.ts';
import { refreshWorkspaces } from '../workspaces/queries.ts';
import { notificationKeys, setUnreadCount } from './queries.ts';

const MAX_BACKOFF_MS = 30_000;
/** The server closes with this when the session ended: no point reconnecting. */
const SESSION_ENDED = 4401;

function handle(event: RealtimeEvent): void {
  switch (event.type) {
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

/**
 * Keeps one live connection per tab while someone is signed in: new notifications update the
 * bell at once. It reconnects with a growing delay after a network drop.
 */
export function useRealtime(userId: number | null): void {
  useEffect(() => {
    if (userId === null || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      const url = new URL(apiUrl(endpoints.realtime));
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      // Events follow the user, not the active workspace.
      url.searchParams.delete('workspaceId');
      socket = new WebSocket(url);
      socket.onmessage = (message) => {
        try {
          const event = JSON.parse(String(message.data)) as RealtimeEvent;
          if (event.type === 'ready') {
            // Whatever arrived while disconnected is picked up once.
            if (attempts > 0)
              void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
            attempts = 0;
          }
          handle(event);
        } catch {
          // Not ours to understand; ignore.
        }
      };
      socket.onclose = (close) => {
        if (stopped || close.code === SESSION_ENDED) return;
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts);
        attempts += 1;
        retry = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [userId]);
}
