import {
  BusinessHiddenByModerators,
  BusinessRestoredByModerators,
  type EventEnvelope,
  parseEvent,
  ReviewHiddenByModerators,
  ReviewRestoredByModerators,
} from '@waco/contracts';
import { commandDepsIn } from '@waco/platform';
import type { Kysely } from 'kysely';
import { onBusiness } from '../commands/businesses';
import type { DirectoryDeps } from '../commands/deps';
import type { DirectoryDatabase } from '../db/schema';

const HIDING_EVENTS = [
  BusinessHiddenByModerators,
  BusinessRestoredByModerators,
  ReviewHiddenByModerators,
  ReviewRestoredByModerators,
] as const;

/**
 * moderation hid a reported business or review (three members' reports pending review, or a
 * moderator's decision), or showed it again: a command on the business's stream, in the inbox's
 * transaction, so that the average leaves out a hidden review and a rebuild from directory's own
 * log says the same. A review deleted meanwhile has nothing left to hide.
 */
export function moderationHiding(deps: DirectoryDeps) {
  return {
    types: HIDING_EVENTS.map((e) => e.type),
    async onHiding(trx: Kysely<DirectoryDatabase>, stored: EventEnvelope) {
      const event = parseEvent(HIDING_EVENTS, stored);
      if (!event) return;
      const within = commandDepsIn(deps, trx);
      const hidden = event.type === 'BusinessHiddenByModerators' || event.type === 'ReviewHiddenByModerators';
      if ('businessId' in event.data) {
        await onBusiness(within, event.data.businessId, null, { type: 'set-hidden', hidden });
        return;
      }
      const { reviewId } = event.data;
      const review = await trx
        .selectFrom('business_reviews')
        .select('business_id')
        .where('id', '=', reviewId)
        .executeTakeFirst();
      if (review)
        await onBusiness(within, review.business_id, null, { type: 'set-review-hidden', reviewId, hidden });
    },
  };
}
