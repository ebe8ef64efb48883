import type {
  AttendanceSet,
  CommentAdded,
  MessageSent,
  NotificationType,
  OfferAccepted,
  OfferDeclined,
  OfferMade,
  PostLiked,
  UserFollowed,
} from '@waco/contracts';
import type { z } from 'zod';

type Data<E extends { schema: z.ZodType }> = z.infer<E['schema']>;

/** A notification decided from an event, before it is stored. */
export interface NotificationDraft {
  recipientId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId: string;
  actorId: string;
  /**
   * The same actor doing the same thing to the same post again within the repeat window (an
   * unlike and a like again) tells the recipient nothing new: no second notification.
   */
  repeatKey?: { kind: string; postId: string };
}

/** What a notification calls someone whose name has not reached notifications yet. */
export const UNNAMED = 'Someone';

/** What a notification calls someone: their name, or a stand-in when it is not known yet. */
export function displayName(user: { firstName: string | null; lastName: string | null } | undefined): string {
  const name = [user?.firstName, user?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || UNNAMED;
}

/** A post's title as a notification shows it. */
export const quoted = (text: string) => `“${text}”`;

/** The titles that name their actor, each starting with the name. */
const likedTitle = (name: string) => `${name} liked your post`;
const answeredTitle = (name: string, status: 'going' | 'interested') =>
  `${name} ${status === 'going' ? 'is going to' : 'is interested in'} your event`;
const messagedTitle = (name: string) => `${name} sent you a message`;
const commentedTitle = (name: string) => `${name} commented on your post`;
const repliedTitle = (name: string) => `${name} replied to your comment`;
const followedTitle = (name: string) => `${name} started following you`;
const followedPostTitle = (name: string) => `${name} posted something new`;
export const invitedTitle = (name: string, to: 'group' | 'event' = 'group') =>
  to === 'group' ? `${name} invited you to join a group` : `${name} invited you to an event`;
const mentionedTitle = (name: string, where: MentionPlace) =>
  where === 'comment' ? `${name} mentioned you in a comment` : `${name} mentioned you in a post`;

/**
 * Each title a notification got while its actor was unnamed, and the same title naming them: the
 * titles to change once the name is known (a member called "Someone Else" keeps theirs).
 */
export function unnamedTitles(name: string): Array<{ unnamed: string; named: string }> {
  const titles = [
    likedTitle,
    messagedTitle,
    commentedTitle,
    repliedTitle,
    followedTitle,
    followedPostTitle,
    (n: string) => invitedTitle(n, 'group'),
    (n: string) => invitedTitle(n, 'event'),
    (n: string) => mentionedTitle(n, 'comment'),
    (n: string) => mentionedTitle(n, 'post'),
    (n: string) => answeredTitle(n, 'going'),
    (n: string) => answeredTitle(n, 'interested'),
  ];
  return titles.map((title) => ({ unnamed: title(UNNAMED), named: title(name) }));
}

/** A like tells the post's owner, unless they liked their own post. */
export function likeNotification(
  data: Data<typeof PostLiked>,
  actorName: string,
  post: { title?: string },
): NotificationDraft | null {
  if (data.userId === data.ownerId) return null;
  // The events carry no title: notifications' copy comes from PostCreated (it may lag).
  const message = post.title === undefined ? 'Your post' : quoted(post.title);
  return {
    recipientId: data.ownerId,
    type: 'like',
    title: likedTitle(actorName),
    message,
    relatedId: data.postId,
    actorId: data.userId,
    repeatKey: { kind: 'like', postId: data.postId },
  };
}

/**
 * A response to an event tells its owner who responded and how ("Ada Lovelace is going to your
 * event"), unless they responded to their own, or nothing changed.
 */
export function attendanceNotification(
  data: Data<typeof AttendanceSet>,
  actorName: string,
  post: { title?: string },
): NotificationDraft | null {
  if (data.userId === data.ownerId || data.status === data.previousStatus) return null;
  const message = post.title === undefined ? 'Your event' : quoted(post.title);
  return {
    recipientId: data.ownerId,
    type: 'interested',
    title: answeredTitle(actorName, data.status === 'going' ? 'going' : 'interested'),
    message,
    relatedId: data.postId,
    actorId: data.userId,
    repeatKey: { kind: `attendance:${data.status}`, postId: data.postId },
  };
}

/** A message tells its recipient, with the first words of it (a camera for a photo alone). */
export function messageNotification(data: Data<typeof MessageSent>, senderName: string): NotificationDraft {
  return {
    recipientId: data.recipientId,
    type: 'message',
    title: messagedTitle(senderName),
    // A photo sent without words shows as one.
    message: data.excerpt || '📷',
    relatedId: data.conversationId,
    actorId: data.senderId,
  };
}

/** Where a mention was written. */
export type MentionPlace = 'comment' | 'post';

/**
 * A mention tells the person mentioned ("Ana Diaz mentioned you in a comment"), never the writer;
 * it leads to the post. The same writer mentioning them on the same post again within the repeat
 * window (an edit, a second comment) tells nothing new. Blocks were applied when it was written,
 * and again when notifications are stored.
 */
export function mentionNotifications(
  mentioned: readonly string[],
  about: { postId: string; actorId: string; where: MentionPlace },
  actorName: string,
  post: { title?: string },
): NotificationDraft[] {
  const message = post.title === undefined ? 'A post' : quoted(post.title);
  return [...new Set(mentioned)]
    .filter((id) => id !== about.actorId)
    .map((recipientId) => ({
      recipientId,
      type: 'post_mention' as const,
      title: mentionedTitle(actorName, about.where),
      message,
      relatedId: about.postId,
      actorId: about.actorId,
      repeatKey: { kind: `mention:${about.where}`, postId: about.postId },
    }));
}

/** The drafts, those to people a mention already tells left out: one notification each. */
export function besideMentions(
  drafts: Array<NotificationDraft | null>,
  mentions: readonly NotificationDraft[],
): NotificationDraft[] {
  const told = new Set(mentions.map((m) => m.recipientId));
  return [
    ...drafts.filter((d): d is NotificationDraft => d !== null && !told.has(d.recipientId)),
    ...mentions,
  ];
}

/**
 * A comment tells the post's author ("Ana Diaz commented on your post"), and a reply the author of
 * the comment it answers ("… replied to your comment"); nobody hears of their own words, and a
 * post's author who is also the parent's hears once, of the reply. Both lead to the post. Those
 * it mentions hear of the mention instead (`mentionNotifications`).
 */
export function commentNotifications(
  data: Data<typeof CommentAdded>,
  actorName: string,
  post: { title?: string },
): NotificationDraft[] {
  const mentions = mentionNotifications(
    data.mentions.map((m) => m.userId),
    { postId: data.postId, actorId: data.userId, where: 'comment' },
    actorName,
    post,
  );
  return besideMentions(commentOrReply(data, actorName, post), mentions);
}

function commentOrReply(
  data: Data<typeof CommentAdded>,
  actorName: string,
  post: { title?: string },
): NotificationDraft[] {
  const message = post.title === undefined ? 'Your post' : quoted(post.title);
  const drafts: NotificationDraft[] = [];
  const about = { message, relatedId: data.postId, actorId: data.userId };
  const replyTo = data.parentAuthorId;
  if (replyTo && replyTo !== data.userId)
    drafts.push({ recipientId: replyTo, type: 'comment_reply', title: repliedTitle(actorName), ...about });
  if (data.ownerId !== data.userId && data.ownerId !== replyTo)
    drafts.push({ recipientId: data.ownerId, type: 'comment', title: commentedTitle(actorName), ...about });
  return drafts;
}

/**
 * A follow tells the member followed who follows them now. Its related id is the member followed,
 * so that the web groups a member's new followers in one line ("Ana and 3 others started following
 * you"); a follow, an unfollow and a follow again within the repeat window tell nothing new.
 */
export function followNotification(
  data: Data<typeof UserFollowed>,
  actorName: string,
): NotificationDraft | null {
  if (data.followerId === data.followingId) return null;
  return {
    recipientId: data.followingId,
    type: 'follow',
    title: followedTitle(actorName),
    message: 'Tap to see their profile',
    relatedId: data.followingId,
    actorId: data.followerId,
    repeatKey: { kind: 'follow', postId: data.followingId },
  };
}

/** A new post tells those who follow its author with alerts on (never the author). */
export function followedPostNotification(
  post: { postId: string; ownerId: string; title: string },
  authorName: string,
  recipientId: string,
): NotificationDraft | null {
  return newPostDraft(post, recipientId, { type: 'followed_post', title: followedPostTitle(authorName) });
}

/** A new post told to someone, never to its author: `what` says which notification it is. */
export function newPostDraft(
  post: { postId: string; ownerId: string; title: string },
  recipientId: string,
  what: Pick<NotificationDraft, 'type' | 'title'>,
): NotificationDraft | null {
  if (recipientId === post.ownerId) return null;
  return { recipientId, ...what, message: quoted(post.title), relatedId: post.postId, actorId: post.ownerId };
}

/** An amount in cents as a notification writes it: "$1,250.00". */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The offer notifications' titles, each starting with the name. */
const offeredTitle = (name: string, amount: string, post: string) => `${name} offered ${amount} for ${post}`;
const counteredTitle = (name: string, amount: string, post: string) =>
  `${name} countered with ${amount} for ${post}`;
const acceptedTitle = (name: string, amount: string, post: string) =>
  `${name} accepted your offer of ${amount} for ${post}`;
const declinedTitle = (name: string, amount: string | undefined, post: string) =>
  // An older refusal carries no amount.
  amount === undefined
    ? `${name} declined your offer for ${post}`
    : `${name} declined your offer of ${amount} for ${post}`;

/** A deal's step as the offer consumer hands it to `offerNotification`. */
export type OfferStep =
  | { type: 'made'; data: Data<typeof OfferMade> }
  | { type: 'accepted'; data: Data<typeof OfferAccepted> }
  | { type: 'declined'; data: Data<typeof OfferDeclined> };

/**
 * A deal's step tells the other member of the conversation, naming the post and the amount ("Bob
 * offered $45.00 for “Porch swing”"): an offer or a counter-offer its recipient, an acceptance or
 * a refusal the offer's maker. A refusal that a counter-offer follows says nothing: the counter
 * tells it. It leads to the conversation.
 */
export function offerNotification(
  step: OfferStep,
  actorName: string,
  post: { title?: string },
): NotificationDraft | null {
  const about = post.title === undefined ? 'the post' : quoted(post.title);
  const relatedId = step.data.conversationId;
  if (step.type === 'made') {
    const { toId, fromId, amountCents, counterOf } = step.data;
    const to = { type: 'offer' as const, recipientId: toId, actorId: fromId, relatedId };
    const message = 'Accept, decline or counter it in the conversation';
    if (counterOf) return { ...to, title: counteredTitle(actorName, dollars(amountCents), about), message };
    return { ...to, title: offeredTitle(actorName, dollars(amountCents), about), message };
  }
  if (step.type === 'declined' && step.data.countered) return null;
  const { byId, sellerId, buyerId } = step.data;
  // The answer goes to whoever made the offer: the other of the two.
  const to = {
    type: 'offer' as const,
    recipientId: byId === sellerId ? buyerId : sellerId,
    actorId: byId,
    relatedId,
  };
  if (step.type === 'accepted')
    return {
      ...to,
      title: acceptedTitle(actorName, dollars(step.data.amountCents), about),
      message: 'The post is pending until it is marked sold',
    };
  const amount = step.data.amountCents === undefined ? undefined : dollars(step.data.amountCents);
  return { ...to, title: declinedTitle(actorName, amount, about), message: 'Open the conversation to reply' };
}
