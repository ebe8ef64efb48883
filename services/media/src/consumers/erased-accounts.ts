import { UserDeleted } from '@waco/contracts';
import { handleCommand, idempotentHandler, inTransaction, type Subscription } from '@waco/platform';
import type { MediaDeps } from '../commands/deps';
import { uploadDecider, uploadStream } from '../domain/upload';

/** The durable consumer that erases a deleted account's photos. */
export const ERASED_ACCOUNTS_CONSUMER = 'media-erased-accounts';

/** DeleteObjects takes at most this many keys a request. */
const DELETE_BATCH = 1000;

/**
 * identity's `UserDeleted` → every photo the member uploaded leaves the object store, the
 * original and every variant, and is retired so no instance serves it from memory.
 * The objects go first, then the events commit with the inbox row: should the transaction fail,
 * the event comes again and deleting what is already gone changes nothing.
 */
export function erasedAccountsSubscription(deps: MediaDeps): Subscription {
  const handle = idempotentHandler(deps.db, ERASED_ACCOUNTS_CONSUMER, async (event, trx) => {
    const { userId } = UserDeleted.schema.parse(event.data);
    const uploads = await trx
      .selectFrom('uploads')
      .select(['key', 'variants'])
      .where('owner_id', '=', userId)
      .execute();
    const keys = uploads.flatMap((upload) => [upload.key, ...(upload.variants ?? []).map((v) => v.key)]);
    for (let i = 0; i < keys.length; i += DELETE_BATCH)
      await deps.store.deleteMany(keys.slice(i, i + DELETE_BATCH));
    const store = inTransaction(deps.events, trx);
    for (const { key } of uploads)
      await handleCommand(store, uploadStream(key), uploadDecider, { type: 'retire', key });
    if (keys.length > 0)
      deps.logger.info({ userId, objects: keys.length }, "deleted account's photos erased");
  });
  return {
    consumer: ERASED_ACCOUNTS_CONSUMER,
    producer: UserDeleted.producer,
    types: [UserDeleted.type],
    handle,
  };
}
