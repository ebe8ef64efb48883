import {
  AttendanceSet,
  CommentAdded,
  CommentEdited,
  PostCreated,
  PostEdited,
  PostLiked,
} from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { z } from 'zod';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import { learnTitles, titleOf } from '../db/post-titles';
import { learnNames, nameOf } from '../db/users';
import {
  attendanceNotification,
  commentNotifications,
  likeNotification,
  mentionNotifications,
} from '../domain/notification-rules';
import { streamHandlers } from './batch-handler';
import { both, NOTHING, notifying } from './event-outcome';
import { POST_LIFECYCLE_HANDLERS } from './post-lifecycle';

/** The ids a posts event may carry: the post, its owner, who acted (saved searches: no post). */
const PostEventIds = z.object({
  postId: z.string().optional(),
  ownerId: z.string().optional(),
  userId: z.string().optional(),
  parentAuthorId: z.string().nullish(),
});
/** The people an event mentions and tells: a new text's mentions, an edit's first ones. */
const MentionedIds = z.object({
  mentions: z.array(z.object({ userId: z.string() })).optional(),
  newlyMentioned: z.array(z.string()).optional(),
});
function mentionedBy(event: { type: string; data: unknown }): string[] {
  const data = MentionedIds.parse(event.data);
  if (event.type === CommentAdded.type || event.type === PostCreated.type)
    return (data.mentions ?? []).map((m) => m.userId);
  return data.newlyMentioned ?? [];
}
const idsOf = (event: { data: unknown }) => PostEventIds.parse(event.data);

/**
 * posts' events. `PostLiked` and `AttendanceSet` → a notification to the post's owner; `CommentAdded`
 * → one to the post's owner, one to the author of the comment replied to, and one to each person
 * it mentions (`CommentEdited`, `PostCreated` and `PostEdited`: those they mention first); the
 * lifecycle's events (post-lifecycle.ts) → copies of who follows what, and their notifications.
 * One subscription for the producer: a durable reads its producer's whole stream once.
 */
export function postActivitySubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'posts',
    types: [PostLiked.type, CommentAdded.type, CommentEdited.type, ...Object.keys(POST_LIFECYCLE_HANDLERS)],
    ...streamHandlers(deps, {
      decide: async (event, trx) => {
        if (event.type === PostLiked.type) {
          const data = PostLiked.schema.parse(event.data);
          const [name, title] = [await nameOf(trx, data.userId), await titleOf(trx, data.postId)];
          return notifying(event, likeNotification(data, name, { title }));
        }
        if (event.type === CommentAdded.type) {
          const data = CommentAdded.schema.parse(event.data);
          const [name, title] = [await nameOf(trx, data.userId), await titleOf(trx, data.postId)];
          return notifying(event, commentNotifications(data, name, { title }));
        }
        if (event.type === CommentEdited.type) {
          const data = CommentEdited.schema.parse(event.data);
          if (data.newlyMentioned.length === 0) return NOTHING;
          const [name, title] = [await nameOf(trx, data.userId), await titleOf(trx, data.postId)];
          const about = { postId: data.postId, actorId: data.userId, where: 'comment' as const };
          return notifying(event, mentionNotifications(data.newlyMentioned, about, name, { title }), {
            perRecipient: true,
          });
        }
        const lifecycle = POST_LIFECYCLE_HANDLERS[event.type];
        const outcome = lifecycle ? await lifecycle(event, trx) : NOTHING;
        if (event.type !== AttendanceSet.type) return outcome;
        const data = AttendanceSet.schema.parse(event.data);
        const [name, title] = [await nameOf(trx, data.userId), await titleOf(trx, data.postId)];
        return both(outcome, notifying(event, attendanceNotification(data, name, { title })));
      },
      // A like, an answer and a comment notify the post's owner (a reply, the parent's author too), named in the event: their cursors are locked
      // up front for the batch. The lifecycle's notifications go to savers, attendees and
      // saved-search owners read inside the handler; their cursors are locked as they are met.
      streamsOf: (event) => {
        if (event.type === CommentAdded.type) {
          const ids = idsOf(event);
          return [ids.ownerId, ids.parentAuthorId ?? undefined, ...mentionedBy(event)];
        }
        if (
          event.type === CommentEdited.type ||
          event.type === PostCreated.type ||
          event.type === PostEdited.type
        )
          return mentionedBy(event);
        return event.type === PostLiked.type || event.type === AttendanceSet.type
          ? [idsOf(event).ownerId]
          : [];
      },
      // Who liked or answered, and the post's title, in each notification: one query each for
      // the batch.
      readAhead: async (events, trx) => {
        const ids = events.map(idsOf);
        await learnNames(
          trx,
          ids.map((e) => e.userId),
        );
        await learnTitles(
          trx,
          ids.map((e) => e.postId),
        );
      },
    }),
  };
}
