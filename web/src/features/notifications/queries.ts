import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type AppNotification, type Pagination } from '@backbeat/common';
import * as endpoints from '@backbeat/common/contracts';
import { api } from '../../lib/api.ts';
import { useBootstrapStore } from '../../lib/bootstrap.ts';
import { queryClient } from '../../lib/query-client.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, perPage: number) => ['notifications', 'list', page, perPage] as const,
  subscriptions: ['notifications', 'subscriptions'] as const,
};

interface NotificationsPage {
  pagination: Pagination<AppNotification>;
  unreadCount: number;
}

/** The bell's number lives on the bootstrap user (spec §3 unread_notifications_count). */
export function setUnreadCount(count: number): void {
  const { data, patch } = useBootstrapStore.getState();
  if (data.user && data.user.unread_notifications_count !== count)
    patch({ user: { ...data.user, unread_notifications_count: count } });
}

export function useNotificationsQuery(page: number, perPage = NOTIFICATIONS_PAGE_SIZE) {
  return useQuery({
    queryKey: notificationKeys.page(page, perPage),
    queryFn: async () => {
      const response = await api(endpoints.listNotifications, { page, perPage });
      setUnreadCount(response.unreadCount);
      return response;
    },
    placeholderData: keepPreviousData,
  });
}

/** Shows notifications as read at once in every cached list (the server follows). */
function markReadInCache(read: (notification: AppNotification) => boolean): void {
  const now = new Date().toISOString();
  queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationKeys.all }, (old) =>
    old?.pagination
      ? {
          ...old,
          pagination: {
            ...old.pagination,
            data: old.pagination.data.map((n) =>
              !n.read_at && read(n) ? { ...n, read_at: now } : n,
            ),
          },
        }
      : old,
  );
}

export async function markAsRead(ids: number[]): Promise<void> {
  markReadInCache((n) => ids.includes(n.id));
  const { unreadCount } = await api(endpoints.markNotificationsRead, { ids });
  setUnreadCount(unreadCount);
}

export async function markAllAsRead(): Promise<void> {
  markReadInCache(() => true);
  const { unreadCount } = await api(endpoints.markAllNotificationsRead);
  // Spec §4: a server count of 0 sets the user's count to 0.
  setUnreadCount(unreadCount);
  await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

export function useNotificationSubscriptionsQuery() {
  return useQuery({
    queryKey: notificationKeys.subscriptions,
    queryFn: () => api(endpoints.getNotificationSubscriptions),
  });
}
