import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@waco/contracts';
import {
  AlarmClock,
  AtSign,
  Bell,
  BellRing,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  CircleCheck,
  HandCoins,
  Heart,
  Hourglass,
  type LucideIcon,
  MessageCircle,
  MessageCircleReply,
  MessageSquareText,
  Trash2,
  TrendingDown,
  UserPlus,
} from 'lucide-react';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/keys';
import { t } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server-text';
import { timeAgo } from '../../../lib/format';
import { Avatar } from '../../../ui/Avatar';
import { cn } from '../../../ui/cn';
import { initialOf } from '../../auth/hooks/current-user';
import type { NotificationGroup } from '../grouping';
import { InvitationAnswer, isInvitation } from './InvitationAnswer';

const ICONS: Partial<Record<Notification['type'], LucideIcon>> = {
  like: Heart,
  follow: UserPlus,
  message: MessageCircle,
  offer: HandCoins,
  comment: MessageSquareText,
  comment_reply: MessageCircleReply,
  post_mention: AtSign,
  interested: CalendarCheck,
  // A post's lifecycle.
  post_closed: CircleCheck,
  price_drop: TrendingDown,
  post_deleted: Trash2,
  event_changed: CalendarClock,
  saved_search_match: BellRing,
  followed_post: BellRing,
  expiry_reminder: Hourglass,
  // A community event (groups).
  event_reminder: AlarmClock,
  community_event_changed: CalendarClock,
  community_event_cancelled: CalendarX,
  community_event_promoted: CalendarCheck,
  group_invitation: UserPlus,
  event_invitation: CalendarCheck,
};

/** Notifications about a community event (groups'), whose `relatedId` is the event's. */
const COMMUNITY_EVENT_TYPES = new Set<Notification['type']>([
  'event_invitation',
  'event_reminder',
  'community_event_changed',
  'community_event_cancelled',
  'community_event_promoted',
]);

/**
 * Where a notification leads: the conversation of a message, the new follower's profile, a
 * community event's page, otherwise the post it is about.
 */
export function targetOf(
  notification: Pick<Notification, 'type' | 'relatedId'> & { actorId?: string | null },
): string | null {
  if (notification.type === 'follow' && notification.actorId)
    return `/user/${encodeURIComponent(notification.actorId)}`;
  if (!notification.relatedId) return null;
  const id = encodeURIComponent(notification.relatedId);
  if (notification.type === 'message' || notification.type === 'offer') return `/messages?conversation=${id}`;
  // The group's (or event's) page holds the invitation's accept and decline.
  if (notification.type === 'group_invitation') return `/groups/${id}`;
  return COMMUNITY_EVENT_TYPES.has(notification.type) ? `/events/${id}` : `/?post=${id}`;
}

/** A person's avatar from their public profile (cached per person). */
function ActorAvatar({ id, size }: { id: string; size: number }) {
  const profile = useQuery({
    queryKey: queryKeys.publicUser(id),
    queryFn: ({ signal }) => api.call('getUser', { params: { id }, signal }),
  });
  const user = profile.data;
  return (
    <Avatar
      initial={user ? initialOf(user) : ''}
      seed={id}
      imageUrl={user?.profileImageUrl ?? null}
      size={size}
      className="ring-2 ring-card"
    />
  );
}

/** Up to three of the people, overlapping, the newest in front. */
function Actors({ ids }: { ids: string[] }) {
  const shown = ids.slice(0, 3);
  return (
    <span className="flex shrink-0 -space-x-3" data-testid="actor-avatars">
      {shown.map((id, i) => (
        <span key={id} style={{ zIndex: shown.length - i }}>
          <ActorAvatar id={id} size={shown.length > 1 ? 32 : 40} />
        </span>
      ))}
    </span>
  );
}

/** One notification, or a group of them: unread ones with a dot and a tinted card. */
export function NotificationItem({
  group,
  open,
}: {
  group: NotificationGroup;
  open(group: NotificationGroup): void;
}) {
  const n = { ...group.lead, title: group.title, isRead: group.isRead };
  const Icon = ICONS[n.type] ?? Bell;
  const withAvatars = (n.type === 'like' || n.type === 'follow') && group.actorIds.length > 0;
  return (
    <li key={n.id}>
      <button
        type="button"
        onClick={() => open(group)}
        data-notification-id={n.id}
        data-unread={n.isRead ? undefined : 'true'}
        className={cn(
          'flex w-full items-start gap-3 rounded-2xl border p-3.5 text-left shadow-sm transition-colors sm:p-4',
          n.isRead
            ? 'bg-card hover:bg-muted/60'
            : 'border-primary/30 bg-primary-soft hover:bg-primary-soft/80',
        )}
      >
        {withAvatars ? (
          <Actors ids={group.actorIds} />
        ) : (
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
        )}
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{serverText(n.title)}</span>
          <span
            className={cn('block text-sm', n.isRead ? 'text-foreground/80' : 'text-primary-soft-foreground')}
          >
            {/* A message's text is the sender's own words; the others are the server's sentences. */}
            {n.type === 'message' ? n.message : serverText(n.message)}
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
            <span className="sr-only">{t('Unread')}</span>
          </span>
        )}
      </button>
      {isInvitation(n.type) && <InvitationAnswer notification={n} />}
    </li>
  );
}
