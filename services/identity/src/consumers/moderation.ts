import { UserBlocked } from '@waco/contracts';
import { inboxSubscription, type Subscription } from '@waco/platform';
import type { IdentityDeps } from '../commands/deps';
import { endFollowsBetween } from '../commands/follows';
import { moderation } from '../db/moderation';

/**
 * moderation's blocks and suspensions, copied for the follow command's refusals; a block also ends
 * the follows between the two, both ways, in the same inbox transaction (so exactly once).
 */
export function moderationSubscription(deps: IdentityDeps): Subscription {
  const source = { consumer: 'identity-moderation', producer: 'moderation', types: [...moderation.types] };
  return inboxSubscription(deps.db, source, async (event, trx) => {
    await moderation.record(trx, event);
    if (event.type !== UserBlocked.type) return;
    const data = UserBlocked.schema.parse(event.data);
    await endFollowsBetween(deps, trx, data, {
      actorId: data.blockerId,
      causationId: event.id,
      correlationId: event.correlationId,
    });
  });
}
