import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_POLL_MS, type NotificationList, type UnreadCounts } from '@waco/contracts';
import { useEffect } from 'react';
import { api } from '../../../api/client';
import { messageOf } from '../../../api/http';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { haptic } from '../../../lib/haptics';
import { toast } from '../../../ui/toast-store';
import { useStreamConnected } from '../../live/api/stream';

/**
 * The notifications (polled every 30 s while the live stream is down), with "mark one read" and
 * "mark all read"; both update the list and the unread count in the cache at once.
 */
export function useNotifications() {
  const client = useQueryClient();
  const connected = useStreamConnected();
  const query = useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => api.call('listNotifications', { signal }),
    staleTime: 0,
    refetchInterval: connected ? false : NOTIFICATIONS_POLL_MS,
  });
  const unreadCount = query.data?.unreadCount;
  useEffect(() => {
    if (unreadCount === undefined) return;
    client.setQueryData<UnreadCounts>(queryKeys.unread, (counts) => ({
      messages: counts?.messages ?? 0,
      notifications: unreadCount,
    }));
  }, [client, unreadCount]);

  const setCounts = (apply: (list: NotificationList) => NotificationList) => {
    const next = client.setQueryData<NotificationList>(
      queryKeys.notifications,
      (list) => list && apply(list),
    );
    if (next)
      client.setQueryData<UnreadCounts>(queryKeys.unread, (counts) => ({
        messages: counts?.messages ?? 0,
        notifications: next.unreadCount,
      }));
  };

  const markRead = useMutation({
    mutationFn: (id: string) => api.call('readNotification', { params: { id } }),
    onMutate: (id) =>
      setCounts((list) => {
        const target = list.notifications.find((n) => n.id === id);
        if (!target || target.isRead) return list;
        return {
          notifications: list.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n)),
          unreadCount: Math.max(0, list.unreadCount - 1),
        };
      }),
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
  const markAll = useMutation({
    mutationFn: () => api.call('readAllNotifications'),
    onMutate: () =>
      setCounts((list) => ({
        notifications: list.notifications.map((n) => ({ ...n, isRead: true })),
        unreadCount: 0,
      })),
    onSuccess: () => haptic('success', 'subtle'),
    onError: (error) => {
      haptic('error');
      void client.invalidateQueries({ queryKey: queryKeys.notifications });
      toast({ title: t('Error'), description: messageOf(error), variant: 'destructive' });
    },
  });

  return { query, unreadCount, markRead, markAll };
}
