import type { Notification } from '@waco/contracts';
import {
  Bell,
  BellRing,
  CalendarCheck,
  CalendarClock,
  CircleCheck,
  Heart,
  Hourglass,
  type LucideIcon,
  MessageCircle,
  Trash2,
  TrendingDown,
} from 'lucide-react';
import { timeAgo } from '../../../lib/format';
import { cn } from '../../../ui/cn';

const ICONS: Partial<Record<Notification['type'], LucideIcon>> = {
  like: Heart,
  message: MessageCircle,
  interested: CalendarCheck,
  // A post's lifecycle (issue 15).
  post_closed: CircleCheck,
  price_drop: TrendingDown,
  post_deleted: Trash2,
  event_changed: CalendarClock,
  saved_search_match: BellRing,
  expiry_reminder: Hourglass,
};

/** Where a notification leads: the conversation of a message, otherwise the post it is about. */
export function targetOf(notification: Pick<Notification, 'type' | 'relatedId'>): string | null {
  if (!notification.relatedId) return null;
  const id = encodeURIComponent(notification.relatedId);
  return notification.type === 'message' ? `/messages?conversation=${id}` : `/?post=${id}`;
}

/** One notification: unread ones with a dot and a tinted card. */
export function NotificationItem({ n, open }: { n: Notification; open(n: Notification): void }) {
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
            className={cn('block text-sm', n.isRead ? 'text-foreground/80' : 'text-primary-soft-foreground')}
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
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary" data-testid="unread-dot">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
    </li>
  );
}
