import type { EventEnvelope } from '@waco/contracts';
import * as contracts from '@waco/contracts';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { forgetDigestPost, recordDigestPost, setDigestPostOpen } from '../db/digest-posts';
import { alertedFollowersOf } from '../db/follow-alerts';
import {
  claimSavedSearchMatches,
  followersOf,
  forgetPost,
  forgetSavedSearch,
  recordFollower,
  recordSavedSearch,
} from '../db/post-followers';
import { forgetTitle, recordTitle, titleOf } from '../db/post-titles';
import type { NotificationsDatabase } from '../db/schema';
import { nameOf } from '../db/users';
import * as rules from '../domain/lifecycle-rules';
import {
  besideMentions,
  followedPostNotification,
  mentionNotifications,
  type NotificationDraft,
} from '../domain/notification-rules';
import { type EventOutcome, NOTHING, notifying } from './event-outcome';

type Handler = (event: EventEnvelope, trx: Kysely<NotificationsDatabase>) => Promise<EventOutcome>;

/** Those a post's news goes to, with its title and who acted (read before a deletion forgets them). */
async function audienceOf(
  trx: Kysely<NotificationsDatabase>,
  postId: string,
  event: EventEnvelope,
): Promise<rules.PostAudience> {
  const { savers, attendees } = await followersOf(trx, postId);
  return { postTitle: await titleOf(trx, postId), actorId: event.actorId, savers, attendees };
}

/** The mentions of a post's description: to each person it mentions (first), from its owner. */
async function postMentions(
  trx: Kysely<NotificationsDatabase>,
  post: { postId: string; ownerId: string },
  mentioned: readonly string[],
  title: string | undefined,
): Promise<NotificationDraft[]> {
  if (mentioned.length === 0) return [];
  const about = { postId: post.postId, actorId: post.ownerId, where: 'post' as const };
  return mentionNotifications(mentioned, about, await nameOf(trx, post.ownerId), { title });
}

/** What a save or an answer carries: the post and who follows it. */
const FollowData = z.object({ postId: z.string(), userId: z.string() });

/** A save (or answer) made or undone: the copy of who follows the post, and no notification. */
const follows =
  (table: 'post_savers' | 'event_attendees', active: boolean): Handler =>
  async (event, trx) => {
    const { postId, userId } = FollowData.parse(event.data);
    await recordFollower(trx, table, { postId, userId, active, position: event.streamPosition });
    return NOTHING;
  };

/** A post in or out of the digest (its stream's position orders the changes). */
const digestOpen =
  (open: boolean): Handler =>
  async (event, trx) => {
    const { postId } = z.object({ postId: z.string() }).parse(event.data);
    await setDigestPostOpen(trx, postId, open, event.streamPosition);
    return NOTHING;
  };

/**
 * posts' lifecycle events: the copies of who follows what (saves, event answers,
 * saved searches), and the notifications to them. AttendanceSet is also posts-activity's (its
 * owner's notification): both run in that one handler, see post-activity.ts.
 */
export const POST_LIFECYCLE_HANDLERS: Record<string, Handler> = {
  [contracts.PostSaved.type]: follows('post_savers', true),
  [contracts.PostUnsaved.type]: follows('post_savers', false),
  [contracts.AttendanceSet.type]: follows('event_attendees', true),
  [contracts.AttendanceWithdrawn.type]: follows('event_attendees', false),
  [contracts.SavedSearchCreated.type]: async (event, trx) => {
    await recordSavedSearch(trx, contracts.SavedSearchCreated.schema.parse(event.data));
    return NOTHING;
  },
  [contracts.SavedSearchDeleted.type]: async (event, trx) => {
    await forgetSavedSearch(trx, contracts.SavedSearchDeleted.schema.parse(event.data).searchId);
    return NOTHING;
  },
  [contracts.PostCreated.type]: async (event, trx) => {
    const post = contracts.PostCreated.schema.parse(event.data);
    // An erased owner's title opens empty: nothing to keep, nobody to tell.
    if (post.title === '') return NOTHING;
    await recordTitle(trx, post, post.title);
    const drafts: Array<NotificationDraft | null> = [];
    // A group's post is its group's: notifications does not know who may see a private group's,
    // so no digest, saved-search match or follower alert tells anyone of it (its mentions, which
    // posts keeps to the group's members, still do).
    if (!post.groupId) {
      await recordDigestPost(trx, post, event.occurredAt);
      const matched = await claimSavedSearchMatches(trx, post);
      drafts.push(...matched.map((userId) => rules.savedSearchNotification(post, userId)));
      // Those who follow the author with alerts on; one notification each (a saved search's first).
      const followers = (await alertedFollowersOf(trx, post.ownerId)).filter((id) => !matched.includes(id));
      if (followers.length > 0) {
        const name = await nameOf(trx, post.ownerId);
        drafts.push(...followers.map((id) => followedPostNotification(post, name, id)));
      }
    }
    // Those the description mentions hear of the mention (and of nothing else about this post).
    const mentioned = post.mentions.map((m) => m.userId);
    return notifying(event, besideMentions(drafts, await postMentions(trx, post, mentioned, post.title)), {
      perRecipient: mentioned.length > 0,
    });
  },
  [contracts.PostEdited.type]: async (event, trx) => {
    const data = contracts.PostEdited.schema.parse(event.data);
    if (data.changes.title) await recordTitle(trx, data, data.changes.title);
    const drafts = rules.editedNotifications(data, await audienceOf(trx, data.postId, event));
    const title = await titleOf(trx, data.postId);
    const mentions = await postMentions(trx, data, data.newlyMentioned, title);
    return notifying(event, besideMentions(drafts, mentions), { perRecipient: mentions.length > 0 });
  },
  [contracts.PostClosed.type]: async (event, trx) => {
    const data = contracts.PostClosed.schema.parse(event.data);
    await setDigestPostOpen(trx, data.postId, false, event.streamPosition);
    return notifying(event, rules.closedNotifications(data, await audienceOf(trx, data.postId, event)));
  },
  [contracts.PostDeleted.type]: async (event, trx) => {
    const data = contracts.PostDeleted.schema.parse(event.data);
    const audience = await audienceOf(trx, data.postId, event);
    await forgetPost(trx, data.postId);
    await forgetTitle(trx, data.postId);
    await forgetDigestPost(trx, data.postId);
    return notifying(event, rules.deletedNotifications(data, audience));
  },
  // Back in the digest (reopened, renewed), or out of it (expired): no one is told.
  [contracts.PostReopened.type]: digestOpen(true),
  [contracts.PostRenewed.type]: digestOpen(true),
  [contracts.PostExpired.type]: digestOpen(false),
  [contracts.PostExpiringSoon.type]: async (event, trx) => {
    const data = contracts.PostExpiringSoon.schema.parse(event.data);
    return notifying(event, rules.expiryReminder(data, await titleOf(trx, data.postId)));
  },
};
