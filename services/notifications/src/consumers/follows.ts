import { UserFollowed } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import { learnNames, nameOf } from '../db/users';
import { followNotification } from '../domain/notification-rules';
import { streamHandlers } from './batch-handler';
import { notifying } from './event-outcome';

/**
 * identity's `UserFollowed` → a notification to the member followed (not when they blocked the
 * follower: the store's rule). Its own durable consumer: notifications' main one reads identity's
 * users for names.
 */
export function followsSubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: `${CONSUMER}-follows`,
    producer: 'identity',
    types: [UserFollowed.type],
    ...streamHandlers(deps, {
      consumer: `${CONSUMER}-follows`,
      decide: async (event, trx) => {
        const data = UserFollowed.schema.parse(event.data);
        return notifying(event, followNotification(data, await nameOf(trx, data.followerId)));
      },
      streamsOf: (event) => [UserFollowed.schema.parse(event.data).followingId],
      readAhead: (events, trx) =>
        learnNames(
          trx,
          events.map((e) => UserFollowed.schema.parse(e.data).followerId),
        ),
    }),
  };
}
