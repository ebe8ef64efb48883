import { AttendanceSet, PostLiked } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { nameOf } from '../db/users';
import { CONSUMER, type NotificationsDeps } from '../deps';
import { attendanceNotification, likeNotification } from '../domain/notification-rules';
import { notify } from './notify';
import { POST_LIFECYCLE_HANDLERS } from './post-lifecycle';
import { pushingHandler } from './pushing-handler';

/**
 * posts' events. `PostLiked` and `AttendanceSet` → a notification to the post's owner; the
 * lifecycle's events (post-lifecycle.ts) → copies of who follows what, and their notifications.
 * One subscription for the producer: a durable reads its producer's whole stream once.
 */
export function postActivitySubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'posts',
    types: [PostLiked.type, ...Object.keys(POST_LIFECYCLE_HANDLERS)],
    handle: pushingHandler(deps, async (event, trx) => {
      if (event.type === PostLiked.type) {
        const data = PostLiked.schema.parse(event.data);
        return notify(trx, likeNotification(data, await nameOf(trx, data.userId)), event);
      }
      const lifecycle = POST_LIFECYCLE_HANDLERS[event.type];
      const pushes = lifecycle ? await lifecycle(event, trx) : [];
      if (event.type !== AttendanceSet.type) return pushes;
      const data = AttendanceSet.schema.parse(event.data);
      return notify(trx, attendanceNotification(data, await nameOf(trx, data.userId)), event);
    }),
  };
}
