import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATIONS_POLL_MS,
  type Notification,
  type NotificationList,
  type UnreadCounts,
} from '@waco/contracts';
import { Bell, CalendarCheck, CheckCheck, Heart, type LucideIcon, MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { messageOf } from '../api/http';
import { queryKeys } from '../api/keys';
import { useStreamConnected } from '../features/live/api/stream';
import { timeAgo } from '../lib/format';
import { haptic } from '../lib/haptics';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { cn } from '../ui/cn';
import { IconCircle } from '../ui/IconCircle';
import { toast } from '../ui/toast-store';

const ICONS: Partial<Record<Notification['type'], LucideIcon>> = {
  like: Heart,
  message: MessageCircle,
  interested: CalendarCheck,
};

/** Where a notification leads: the conversation of a message, otherwise the post it is about. */
export function targetOf(notification: Pick<Notification, 'type' | 'relatedId'>): string | null {
  if (!notification.relatedId) return null;
  const id = encodeURIComponent(notification.relatedId);
  return notification.type === 'message' ? `/messages?conversation=${id}` : `/?post=${id}`;
}

/** `/notifications`: unread ones with a dot and a tinted card; a click marks read and opens it. */
export default function NotificationsPage() {
  usePageMeta({ title: 'Notifications', description: 'Likes, messages and event answers.' });
  const client = useQueryClient();
  const navigate = useNavigate();
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
      toast({ title: 'Error', description: messageOf(error), variant: 'destructive' });
    },
  });

  const open = (notification: Notification) => {
    haptic('tap', 'subtle');
    if (!notification.isRead) markRead.mutate(notification.id);
    const target = targetOf(notification);
    if (target) navigate(target);
  };

  const list = query.data?.notifications ?? [];
  return (
    <section className="mt-4 sm:mt-6" aria-labelledby="notifications-title">
      <div className="mb-3 flex items-center justify-between gap-3 px-1">
        <h1 id="notifications-title" className="text-2xl font-bold">
          Notifications
        </h1>
        {(unreadCount ?? 0) > 0 && (
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => markAll.mutate()}>
            <CheckCheck aria-hidden className="size-4" />
            Mark all read
          </button>
        )}
      </div>
      {query.isPending ? (
        <ul aria-label="Loading notifications" className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-20 animate-pulse rounded-2xl border bg-card" />
          ))}
        </ul>
      ) : query.isError ? (
        <p className="rounded-2xl border bg-card p-8 text-center text-sm text-muted-foreground">
          Could not load your notifications.
        </p>
      ) : list.length === 0 ? (
        <div className="rounded-2xl border bg-card p-8 text-center shadow-sm">
          <IconCircle icon={Bell} tone="primary" />
          <p className="mt-4 font-semibold">You're all caught up</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Likes, messages and event answers will show here.
          </p>
        </div>
      ) : (
        <ul className="grid gap-2" data-testid="notification-list">
          {list.map((n) => {
            const Icon = ICONS[n.type] ?? Bell;
            return (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => open(n)}
                  data-notification-id={n.id}
                  data-unread={n.isRead ? undefined : 'true'}
                  className={cn(
                    'flex w-full items-start gap-3 rounded-2xl border p-3.5 text-left shadow-sm transition-colors sm:p-4',
                    n.isRead
                      ? 'bg-card hover:bg-muted/60'
                      : 'border-primary/30 bg-primary-soft hover:bg-primary-soft/80',
                  )}
                >
                  <span
                    className={cn(
                      'grid size-10 shrink-0 place-items-center rounded-full',
                      n.type === 'like'
                        ? 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300'
                        : 'bg-muted text-foreground',
                    )}
                  >
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold">{n.title}</span>
                    <span
                      className={cn(
                        'block text-sm',
                        n.isRead ? 'text-foreground/80' : 'text-primary-soft-foreground',
                      )}
                    >
                      {n.message}
                    </span>
                    <time
                      dateTime={n.createdAt}
                      className={cn(
                        'mt-1 block text-xs',
                        n.isRead ? 'text-muted-foreground' : 'text-primary-soft-foreground',
                      )}
                    >
                      {timeAgo(n.createdAt)}
                    </time>
                  </span>
                  {!n.isRead && (
                    <span
                      className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary"
                      data-testid="unread-dot"
                    >
                      <span className="sr-only">Unread</span>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
