import { ReportsResolved } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { CONSUMER, type NotificationsDeps } from '../commands/deps';
import { moderation } from '../db/moderation';
import { reportOutcomeNotifications } from '../domain/moderation-rules';
import { streamHandlers } from './batch-handler';
import { NOTHING, notifying } from './event-outcome';

/**
 * moderation's events: blocks and suspensions → notifications' copy (a blocker hears nothing
 * caused by the member they blocked), and `ReportsResolved` → each reporter hears the outcome.
 * One subscription: a consumer reads each producer's stream once.
 */
export function moderationSubscription(deps: NotificationsDeps): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'moderation',
    types: [...moderation.types, ReportsResolved.type],
    handle: streamHandlers(deps, {
      decide: async (event, trx) => {
        if (event.type !== ReportsResolved.type) {
          await moderation.record(trx, event);
          return NOTHING;
        }
        // One notification per reporter: each has its own source id, derived from the event's.
        const drafts = reportOutcomeNotifications(ReportsResolved.schema.parse(event.data));
        return notifying(event, drafts, { perRecipient: true });
      },
    }).handle,
  };
}
