import { commandDepsIn } from '@waco/platform';
import type { Kysely } from 'kysely';
import { onBusiness } from '../commands/businesses';
import type { DirectoryDeps } from '../commands/deps';
import type { DirectoryDatabase } from '../db/schema';

/**
 * An account was deleted (identity's UserDeleted), in the inbox's transaction: a redelivery finds
 * it all done. Its reviews go, each business's average recomputed by the deletion's event; its
 * waiting claims are declined; a business it owned stays listed, unowned and unverified. What it
 * wrote that stays in place (an owner's answers, a business's description) loses its text, as the
 * log's copy, sealed with its destroyed key, now reads to a rebuild.
 */
export function eraseDirectoryDataOf(deps: DirectoryDeps) {
  return async (trx: Kysely<DirectoryDatabase>, userId: string) => {
    const within = commandDepsIn(deps, trx);
    const touched = await trx
      .selectFrom('businesses as b')
      .select('b.id')
      .where((w) =>
        w.or([
          w('b.owner_id', '=', userId),
          w.exists(
            w
              .selectFrom('business_reviews as r')
              .select('r.id')
              .whereRef('r.business_id', '=', 'b.id')
              .where('r.author_id', '=', userId),
          ),
          w.exists(
            w
              .selectFrom('business_claims as c')
              .select('c.business_id')
              .whereRef('c.business_id', '=', 'b.id')
              .where('c.claimant_id', '=', userId),
          ),
        ]),
      )
      .execute();
    for (const { id } of touched) await onBusiness(within, id, null, { type: 'account-deleted', userId });
    await trx
      .updateTable('business_reviews')
      .set({ reply: null, reply_by: null, replied_at: null })
      .where('reply_by', '=', userId)
      .execute();
    await trx
      .updateTable('businesses')
      .set({ description: null })
      .where('description_by', '=', userId)
      .execute();
  };
}
