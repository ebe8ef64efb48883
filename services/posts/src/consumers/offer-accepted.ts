import { OfferAccepted } from '@waco/contracts';
import {
  type EventStore,
  handleCommand,
  inboxSubscription,
  inTransaction,
  type Subscription,
} from '@waco/platform';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import { postDeciderFor } from '../domain/post';
import { postStream } from '../domain/streams';

/**
 * messaging's OfferAccepted → the post is pending (PostMarkedPending), once per event (the
 * inbox), in the inbox's transaction; the decider leaves a post that is not an active sale as it is.
 */
export const offerAcceptedSubscription = (
  db: Kysely<PostsDatabase>,
  store: EventStore<PostsDatabase>,
  consumer: string,
): Subscription =>
  inboxSubscription(
    db,
    { consumer, producer: 'messaging', types: [OfferAccepted.type] },
    async (event, trx) => {
      const { postId, buyerId, offerId } = OfferAccepted.schema.parse(event.data);
      await handleCommand(
        inTransaction(store, trx),
        postStream(postId),
        postDeciderFor(postId),
        { type: 'pend', buyerId, offerId },
        { actorId: null },
      );
    },
  );
