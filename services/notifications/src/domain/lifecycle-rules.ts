import {
  CLOSE_REASON_LABELS,
  EXPIRY_REMINDER_DAYS,
  type PostClosed,
  type PostDeleted,
  type PostEdited,
  type PostExpiringSoon,
} from '@waco/contracts';
import type { z } from 'zod';
import { type NotificationDraft, postName } from './notification-rules';

type Data<E extends { schema: z.ZodType }> = z.infer<E['schema']>;

/** Dates as people in Waco read them. */
const whenFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The same notification to each of several people, never to the one who acted. */
function toEach(
  recipients: string[],
  actorId: string | null,
  draft: Omit<NotificationDraft, 'recipientId'>,
): NotificationDraft[] {
  return [...new Set(recipients)]
    .filter((id) => id !== actorId)
    .map((recipientId) => ({ ...draft, recipientId }));
}

/**
 * A post closed: those who saved it hear it was sold, filled or cancelled; a cancelled event's
 * attendees hear it too.
 */
export function closedNotifications(
  data: Data<typeof PostClosed>,
  title: string | undefined,
  actorId: string | null,
  savers: string[],
  attendees: string[],
): NotificationDraft[] {
  const recipients = data.reason === 'cancelled' ? [...savers, ...attendees] : savers;
  const what = data.category === 'event' ? 'An event you follow' : 'A post you saved';
  return toEach(recipients, actorId, {
    type: 'post_closed',
    title: `${postName(title)} was marked ${CLOSE_REASON_LABELS[data.reason].toLowerCase()}`,
    message: what,
    relatedId: data.postId,
    actorId: actorId ?? data.ownerId,
  });
}

/**
 * An edit: a lower price tells those who saved the post; a new date or address of an event
 * tells those who answered it.
 */
export function editedNotifications(
  data: Data<typeof PostEdited>,
  title: string | undefined,
  actorId: string | null,
  savers: string[],
  attendees: string[],
): NotificationDraft[] {
  const drafts: NotificationDraft[] = [];
  const { changes, previous } = data;
  const actor = actorId ?? data.ownerId;
  if (changes.price && previous.price && Number(changes.price) < Number(previous.price)) {
    drafts.push(
      ...toEach(savers, actorId, {
        type: 'price_drop',
        title: `Price drop: ${postName(title, 'a post you saved')}`,
        message: `Now $${changes.price} (was $${previous.price})`,
        relatedId: data.postId,
        actorId: actor,
      }),
    );
  }
  if (data.category === 'event' && (changes.eventDate || changes.address !== undefined)) {
    const news: string[] = [];
    if (changes.eventDate) news.push(`now ${whenFormat.format(new Date(changes.eventDate))}`);
    if (changes.address !== undefined)
      news.push(changes.address ? `now at ${changes.address}` : 'place to be announced');
    drafts.push(
      ...toEach(attendees, actorId, {
        type: 'event_changed',
        title: `${postName(title, 'An event you answered')} changed`,
        message: `The event is ${news.join(', ')}`,
        relatedId: data.postId,
        actorId: actor,
      }),
    );
  }
  return drafts;
}

/**
 * A deleted post tells those who saved it, by its title; without one (its owner's account was
 * deleted, and their titles with it) nobody is told about it.
 */
export function deletedNotifications(
  data: Data<typeof PostDeleted>,
  title: string | undefined,
  actorId: string | null,
  savers: string[],
): NotificationDraft[] {
  if (title === undefined) return [];
  return toEach(savers, actorId, {
    type: 'post_deleted',
    title: `${postName(title)} was removed`,
    message: 'A post you saved was deleted by the person who posted it',
    relatedId: data.postId,
    actorId: actorId ?? data.ownerId,
  });
}

/** A new post that matches someone's saved search (never their own post). */
export function savedSearchNotification(
  post: { postId: string; ownerId: string; title: string },
  recipientId: string,
): NotificationDraft | null {
  if (recipientId === post.ownerId) return null;
  return {
    recipientId,
    type: 'saved_search_match',
    title: 'New post matching your saved search',
    message: postName(post.title),
    relatedId: post.postId,
    actorId: post.ownerId,
  };
}

/** Three days before a post expires, its owner is reminded to renew it. */
export function expiryReminder(
  data: Data<typeof PostExpiringSoon>,
  title: string | undefined,
): NotificationDraft {
  return {
    recipientId: data.ownerId,
    type: 'expiry_reminder',
    title: `Your post expires in ${EXPIRY_REMINDER_DAYS} days`,
    message: `${postName(title, 'Your post')}: renew it to keep it in the feed`,
    relatedId: data.postId,
    actorId: data.ownerId,
  };
}
