import { UserFollowed } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import { FOLLOW_ALERT_TYPES, recordFollowAlerts } from '../db/follow-alerts';
import { learnNames, nameOf } from '../db/users';
import { followNotification } from '../domain/notification-rules';
import { streamHandlers } from './batch-handler';
import { NOTHING, notifying } from './event-outcome';

const FOLLOWS_CONSUMER = `${CONSUMER}-follows`;

/**
 * identity's follow events: `UserFollowed` → a notification to the member followed (not when they
 * blocked the follower: the store's rule); every one of them → the copy of whose follows ask for
 * alerts when the member followed posts (post-lifecycle.ts tells them). Its own durable consumer:
 * notifications' main one reads identity's users for names.
 */
export function followsSubscription(deps: NotificationsDeps): Subscription {
  const followed = (event: { type: string; data: unknown }) =>
    event.type === UserFollowed.type ? UserFollowed.schema.parse(event.data) : null;
  return {
    consumer: FOLLOWS_CONSUMER,
    producer: 'identity',
    types: FOLLOW_ALERT_TYPES,
    ...streamHandlers(deps, {
      consumer: FOLLOWS_CONSUMER,
      decide: async (event, trx) => {
        await recordFollowAlerts(trx, event);
        const data = followed(event);
        if (!data) return NOTHING;
        return notifying(event, followNotification(data, await nameOf(trx, data.followerId)));
      },
      streamsOf: (event) => [followed(event)?.followingId],
      readAhead: (events, trx) =>
        learnNames(
          trx,
          events.map((e) => followed(e)?.followerId),
        ),
    }),
  };
}
