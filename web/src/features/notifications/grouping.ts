import type { Notification } from '@waco/contracts';
import { t } from '../../i18n/i18n';

/** Notifications of one kind about one post, shown as one line ("Emily Carter and 3 others liked your post"). */
export interface NotificationGroup {
  /** The newest of them: its id, time, link and message stand for the group. */
  lead: Notification;
  all: Notification[];
  /** The different people, newest first. */
  actorIds: string[];
  title: string;
  isRead: boolean;
}

/** Kinds that group by post, with the end of their title after the actor's name. */
// Likes, comments and replies group by post, follows by the member followed (their related id):
// the title's words are in the grouped messages below.
const GROUPED: Partial<Record<Notification['type'], string[]>> = {
  like: [' liked your post'],
  comment: [' commented on your post'],
  comment_reply: [' replied to your comment'],
  follow: [' started following you'],
  // A mention in a comment or in the post itself: one line per post for both.
  post_mention: [' mentioned you in a comment', ' mentioned you in a post'],
};

/** "Ana Diaz and 3 others liked your post" (commented on it, replied to your comment, started following you). */
function groupTitle(type: Notification['type'], name: string, others: number) {
  if (type === 'post_mention')
    return t('{name} and {others, plural, one {# other} other {# others}} mentioned you', { name, others });
  if (type === 'follow')
    return t('{name} and {others, plural, one {# other} other {# others}} started following you', {
      name,
      others,
    });
  if (type === 'comment')
    return t('{name} and {others, plural, one {# other} other {# others}} commented on your post', {
      name,
      others,
    });
  if (type === 'comment_reply')
    return t('{name} and {others, plural, one {# other} other {# others}} replied to your comment', {
      name,
      others,
    });
  return t('{name} and {others, plural, one {# other} other {# others}} liked your post', { name, others });
}

/**
 * Groups a newest-first list: the likes of one post (its comments, the replies to one's comments
 * on it) become one entry (at the newest one's place) naming the latest "and N others"; anything
 * else stays on its own.
 */
export function groupNotifications(list: Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byKey = new Map<string, NotificationGroup>();
  for (const n of list) {
    const suffix = GROUPED[n.type];
    const key = suffix && n.relatedId ? `${n.type}:${n.relatedId}` : null;
    const existing = key ? byKey.get(key) : undefined;
    if (existing) {
      existing.all.push(n);
      if (n.actorId && !existing.actorIds.includes(n.actorId)) existing.actorIds.push(n.actorId);
      existing.isRead &&= n.isRead;
      continue;
    }
    const group = {
      lead: n,
      all: [n],
      actorIds: n.actorId ? [n.actorId] : [],
      title: n.title,
      isRead: n.isRead,
    };
    groups.push(group);
    if (key) byKey.set(key, group);
  }
  for (const group of groups) {
    const suffix = GROUPED[group.lead.type]?.find((end) => group.lead.title.endsWith(end));
    const others = group.actorIds.length - 1;
    if (!suffix || others < 1) continue;
    const name = group.lead.title.slice(0, -suffix.length);
    group.title = groupTitle(group.lead.type, name, others);
  }
  return groups;
}
