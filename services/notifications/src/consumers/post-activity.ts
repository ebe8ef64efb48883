import { AttendanceSet, PostLiked } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { nameOf } from '../db/users';
import { CONSUMER, type NotificationsDeps } from '../deps';
import { attendanceNotification, likeNotification } from '../domain/notification-rules';
import { notify } from './notify';
import { pushingHandlers } from './pushing-handler';

/** posts' `PostLiked` and `AttendanceSet` → a notification to the post's owner. */
export function postActivitySubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'posts',
    types: [PostLiked.type, AttendanceSet.type],
    ...pushingHandlers(
      deps,
      async (event, trx) => {
        if (event.type === PostLiked.type) {
          const data = PostLiked.schema.parse(event.data);
          return notify(trx, likeNotification(data, await nameOf(trx, data.userId)), event);
        }
        const data = AttendanceSet.schema.parse(event.data);
        return notify(trx, attendanceNotification(data, await nameOf(trx, data.userId)), event);
      },
      // Both name the post's owner, the one notified.
      (event) => [(event.data as { ownerId?: string }).ownerId],
    ),
  };
}
