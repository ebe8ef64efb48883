import { ReportsResolved } from '@waco/contracts';
import type { Subscription } from '@waco/platform';
import { v5 as uuidv5 } from 'uuid';
import { moderation } from '../db/moderation';
import { CONSUMER, type NotificationsDeps } from '../deps';
import { reportOutcomeNotifications } from '../domain/moderation-rules';
import { notify } from './notify';
import { pushingHandler } from './pushing-handler';

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
    handle: pushingHandler(deps, async (event, trx) => {
      if (event.type !== ReportsResolved.type) {
        await moderation.record(trx, event);
        return [];
      }
      const pushes = [];
      for (const draft of reportOutcomeNotifications(ReportsResolved.schema.parse(event.data))) {
        // One notification per reporter: each has its own source id, derived from the event's.
        pushes.push(...(await notify(trx, draft, { ...event, id: uuidv5(draft.recipientId, event.id) })));
      }
      return pushes;
    }),
  };
}
