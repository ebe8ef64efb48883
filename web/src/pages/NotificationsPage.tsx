import { Bell, CheckCheck, Settings } from 'lucide-react';
import { Link, useNavigate } from '../app/router';
import { NotificationItem, targetOf } from '../features/notifications/components/NotificationItem';
import { groupNotifications, type NotificationGroup } from '../features/notifications/grouping';
import { useNotifications } from '../features/notifications/hooks/notifications';
import { t } from '../i18n/i18n';
import { haptic } from '../lib/haptics';
import { usePageMeta } from '../lib/page-meta';
import { buttonClass } from '../ui/button';
import { EmptyState } from '../ui/EmptyState';

/** `/notifications`: unread ones with a dot and a tinted card; a click marks read and opens it. */
export default function NotificationsPage() {
  usePageMeta({ title: t('Notifications'), description: t('Likes, messages and event answers.') });
  const navigate = useNavigate();
  const { query, unreadCount, markRead, markAll } = useNotifications();

  const open = (group: NotificationGroup) => {
    haptic('tap', 'subtle');
    for (const notification of group.all) if (!notification.isRead) markRead.mutate(notification.id);
    const target = targetOf(group.lead);
    if (target) navigate(target);
  };

  const list = groupNotifications(query.data?.notifications ?? []);
  return (
    <section className="mt-4 sm:mt-6" aria-labelledby="notifications-title">
      {/* Wraps: "Marcar todo como leído" does not fit beside the title on a phone. */}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-1">
        <h1 id="notifications-title" className="text-2xl font-bold">
          {t('Notifications')}
        </h1>
        <div className="flex flex-wrap items-center gap-1">
          {(unreadCount ?? 0) > 0 && (
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => markAll.mutate()}>
              <CheckCheck aria-hidden className="size-4" />
              {t('Mark all read')}
            </button>
          )}
          <Link to="/settings/notifications" className={buttonClass('ghost', 'sm')}>
            <Settings aria-hidden className="size-4" />
            {t('Notification settings')}
          </Link>
        </div>
      </div>
      {query.isPending ? (
        <ul aria-label={t('Loading notifications')} className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-20 animate-pulse rounded-2xl border bg-card" />
          ))}
        </ul>
      ) : query.isError ? (
        <p className="rounded-2xl border bg-card p-8 text-center text-sm text-muted-foreground">
          {t('Could not load your notifications.')}
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={t("You're all caught up")}
          className="rounded-2xl border bg-card p-8 text-center shadow-sm"
        >
          {t('Likes, messages and event answers will show here.')}
        </EmptyState>
      ) : (
        <ul className="grid gap-2" data-testid="notification-list">
          {list.map((group) => (
            <NotificationItem key={group.lead.id} group={group} open={open} />
          ))}
        </ul>
      )}
    </section>
  );
}
