import { useEffect } from 'react';
import { type RealtimeEvent } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { apiUrl } from '../../lib/api.ts';

const MAX_BACKOFF_MS = 30_000;
/** The server closes with this when the session ended: no point reconnecting. */
const SESSION_ENDED = 4401;

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
        let event: RealtimeEvent;
        try {
          event = JSON.parse(String(message.data)) as RealtimeEvent;
        } catch {
          return; // Not ours to understand; ignore.
        }
        const reconnected = event.type === 'ready' && attempts > 0;
        if (event.type === 'ready') attempts = 0;
        // The first `ready` changes nothing: the handlers load with the first event that does
        // (after the page has shown). Events keep their order: each waits for the same import.
        if (event.type === 'ready' && !reconnected) return;
        void import('./realtime-events.ts').then(({ handleRealtimeEvent }) =>
          handleRealtimeEvent(event, reconnected),
        );
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
