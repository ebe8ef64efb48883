import {
  ERASED,
  type EventEnvelope,
  MemberRated,
  OfferAccepted,
  OfferDeclined,
  OfferMade,
} from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import { DEAL_TABLES, type MessagingDatabase } from '../db/schema';

type Db = Kysely<MessagingDatabase>;

const answered = (trx: Db, offerId: string, status: 'accepted' | 'declined' | 'countered', at: string) =>
  trx.updateTable('offers').set({ status, answered_at: at }).where('id', '=', offerId).execute();

/** Offers and ratings from their streams' events, live (in the command's transaction) and on a rebuild. */
export async function applyDealEvents(trx: Db, events: EventEnvelope[]) {
  for (const event of events) {
    if (event.type === OfferMade.type) {
      const d = OfferMade.schema.parse(event.data);
      await sql`INSERT INTO offers (id, conversation_id, post_id, seller_id, buyer_id, from_id, to_id, amount_cents, status, created_at)
        VALUES (${d.offerId}, ${d.conversationId}, ${d.postId}, ${d.sellerId}, ${d.buyerId}, ${d.fromId}, ${d.toId},
                ${d.amountCents}, 'open', ${d.madeAt})
        ON CONFLICT (id) DO NOTHING`.execute(trx);
    } else if (event.type === OfferAccepted.type) {
      const d = OfferAccepted.schema.parse(event.data);
      await answered(trx, d.offerId, 'accepted', d.at);
    } else if (event.type === OfferDeclined.type) {
      const d = OfferDeclined.schema.parse(event.data);
      await answered(trx, d.offerId, d.countered ? 'countered' : 'declined', d.at);
    } else if (event.type === MemberRated.type) {
      const d = MemberRated.schema.parse(event.data);
      // A note is required: an erased one means its writer's account was deleted, and their
      // ratings go with it (the averages are counted from this table).
      if (d.note === ERASED) continue;
      await sql`INSERT INTO ratings (id, post_id, rater_id, ratee_id, score, note, created_at)
        VALUES (${d.ratingId}, ${d.postId}, ${d.raterId}, ${d.rateeId}, ${d.score}, ${d.note}, ${d.ratedAt})
        ON CONFLICT DO NOTHING`.execute(trx);
    }
  }
}

export const dealsProjection = defineProjection<MessagingDatabase>({
  name: 'deals',
  tables: DEAL_TABLES,
  apply: applyDealEvents,
});
