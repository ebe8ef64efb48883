import {
  AttendanceSet,
  AttendanceWithdrawn,
  type EventEnvelope,
  PostClosed,
  PostCreated,
  PostDeleted,
  PostEdited,
  PostExpiringSoon,
  PostSaved,
  PostUnsaved,
  SavedSearchCreated,
  SavedSearchDeleted,
} from '@waco/contracts';
import type { Kysely } from 'kysely';
import {
  claimSavedSearchMatches,
  followersOf,
  forgetPost,
  forgetSavedSearch,
  recordFollower,
  recordSavedSearch,
} from '../db/post-followers';
import type { NotificationsDatabase } from '../db/schema';
import type { StreamPush } from '../db/stream-log';
import {
  closedNotifications,
  deletedNotifications,
  editedNotifications,
  expiryReminder,
  savedSearchNotification,
} from '../domain/lifecycle-rules';
import { notify } from './notify';

type Handler = (event: EventEnvelope, trx: Kysely<NotificationsDatabase>) => Promise<StreamPush[]>;

const nothing: StreamPush[] = [];

/**
 * posts' lifecycle events (issue 15): the copies of who follows what (saves, event answers,
 * saved searches), and the notifications to them. AttendanceSet is also posts-activity's (its
 * owner's notification): both run in that one handler, see post-activity.ts.
 */
export const POST_LIFECYCLE_HANDLERS: Record<string, Handler> = {
  [PostSaved.type]: async (event, trx) => {
    const { postId, userId } = PostSaved.schema.parse(event.data);
    await recordFollower(trx, 'post_savers', {
      postId,
      userId,
      active: true,
      position: event.streamPosition,
    });
    return nothing;
  },
  [PostUnsaved.type]: async (event, trx) => {
    const { postId, userId } = PostUnsaved.schema.parse(event.data);
    await recordFollower(trx, 'post_savers', {
      postId,
      userId,
      active: false,
      position: event.streamPosition,
    });
    return nothing;
  },
  [AttendanceSet.type]: async (event, trx) => {
    const { postId, userId } = AttendanceSet.schema.parse(event.data);
    await recordFollower(trx, 'event_attendees', {
      postId,
      userId,
      active: true,
      position: event.streamPosition,
    });
    return nothing;
  },
  [AttendanceWithdrawn.type]: async (event, trx) => {
    const { postId, userId } = AttendanceWithdrawn.schema.parse(event.data);
    await recordFollower(trx, 'event_attendees', {
      postId,
      userId,
      active: false,
      position: event.streamPosition,
    });
    return nothing;
  },
  [SavedSearchCreated.type]: async (event, trx) => {
    await recordSavedSearch(trx, SavedSearchCreated.schema.parse(event.data));
    return nothing;
  },
  [SavedSearchDeleted.type]: async (event, trx) => {
    await forgetSavedSearch(trx, SavedSearchDeleted.schema.parse(event.data).searchId);
    return nothing;
  },
  [PostCreated.type]: async (event, trx) => {
    const post = PostCreated.schema.parse(event.data);
    const matched = await claimSavedSearchMatches(trx, post);
    return notify(
      trx,
      matched.map((userId) => savedSearchNotification(post, userId)).filter((d) => d !== null),
      event,
    );
  },
  [PostEdited.type]: async (event, trx) => {
    const data = PostEdited.schema.parse(event.data);
    const savers = await followersOf(trx, 'post_savers', data.postId);
    const attendees = await followersOf(trx, 'event_attendees', data.postId);
    return notify(trx, editedNotifications(data, event.actorId, savers, attendees), event);
  },
  [PostClosed.type]: async (event, trx) => {
    const data = PostClosed.schema.parse(event.data);
    const savers = await followersOf(trx, 'post_savers', data.postId);
    const attendees = await followersOf(trx, 'event_attendees', data.postId);
    return notify(trx, closedNotifications(data, event.actorId, savers, attendees), event);
  },
  [PostDeleted.type]: async (event, trx) => {
    const data = PostDeleted.schema.parse(event.data);
    const savers = await followersOf(trx, 'post_savers', data.postId);
    await forgetPost(trx, data.postId);
    return notify(trx, deletedNotifications(data, event.actorId, savers), event);
  },
  [PostExpiringSoon.type]: async (event, trx) =>
    notify(trx, expiryReminder(PostExpiringSoon.schema.parse(event.data)), event),
};
