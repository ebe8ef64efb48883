import {
  CLOSE_REASON_LABELS,
  EXPIRY_REMINDER_DAYS,
  type PostClosed,
  type PostDeleted,
  type PostEdited,
  type PostExpiringSoon,
} from '@waco/contracts';
import type { z } from 'zod';
import { type NotificationDraft, newPostDraft, quoted } from './notification-rules';

type Data<E extends { schema: z.ZodType }> = z.infer<E['schema']>;

/** Dates as people in Waco read them. */
export const whenFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The same notification to each of several people, never to the one who acted. */
export function toEach(
  recipients: string[],
  actorId: string | null,
  draft: Omit<NotificationDraft, 'recipientId'>,
): NotificationDraft[] {
  return [...new Set(recipients)]
    .filter((id) => id !== actorId)
    .map((recipientId) => ({ ...draft, recipientId }));
}

/**
 * The lifecycle's notifications name the post by its title, from notifications' own copy (post
 * events carry none). A post it has no title for is one whose owner's account was deleted (the
 * copy learns a title from PostCreated, before anyone can follow the post): nobody is told.
 */

/** A post's title (see above), who acted on it, and who follows it: its savers and an event's attendees. */
export interface PostAudience {
  postTitle: string | undefined;
  actorId: string | null;
  savers: string[];
  attendees: string[];
}

/**
 * A post closed: those who saved it hear it was sold, filled or cancelled; a cancelled event's
 * attendees hear it too.
 */
export function closedNotifications(
  data: Data<typeof PostClosed>,
  { postTitle, actorId, savers, attendees }: PostAudience,
): NotificationDraft[] {
  if (postTitle === undefined) return [];
  const recipients = data.reason === 'cancelled' ? [...savers, ...attendees] : savers;
  const what = data.category === 'event' ? 'An event you follow' : 'A post you saved';
  return toEach(recipients, actorId, {
    type: 'post_closed',
    title: `${quoted(postTitle)} was marked ${CLOSE_REASON_LABELS[data.reason].toLowerCase()}`,
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
  { postTitle, actorId, savers, attendees }: PostAudience,
): NotificationDraft[] {
  if (postTitle === undefined) return [];
  const drafts: NotificationDraft[] = [];
  const { changes, previous } = data;
  const actor = actorId ?? data.ownerId;
  if (changes.price && previous.price && Number(changes.price) < Number(previous.price)) {
    drafts.push(
      ...toEach(savers, actorId, {
        type: 'price_drop',
        title: `Price drop: ${quoted(postTitle)}`,
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
        title: `${quoted(postTitle)} changed`,
        message: `The event is ${news.join(', ')}`,
        relatedId: data.postId,
        actorId: actor,
      }),
    );
  }
  return drafts;
}

/** A deleted post tells those who saved it. */
export function deletedNotifications(
  data: Data<typeof PostDeleted>,
  { postTitle, actorId, savers }: PostAudience,
): NotificationDraft[] {
  if (postTitle === undefined) return [];
  return toEach(savers, actorId, {
    type: 'post_deleted',
    title: `${quoted(postTitle)} was removed`,
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
  return newPostDraft(post, recipientId, {
    type: 'saved_search_match',
    title: 'New post matching your saved search',
  });
}

/** Three days before a post expires, its owner is reminded to renew it. */
export function expiryReminder(
  data: Data<typeof PostExpiringSoon>,
  postTitle: string | undefined,
): NotificationDraft | null {
  if (postTitle === undefined) return null;
  return {
    recipientId: data.ownerId,
    type: 'expiry_reminder',
    title: `Your post expires in ${EXPIRY_REMINDER_DAYS} days`,
    message: `${quoted(postTitle)}: renew it to keep it in the feed`,
    relatedId: data.postId,
    actorId: data.ownerId,
  };
}
