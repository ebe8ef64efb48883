import { MediaUploaded } from '@waco/contracts';
import { idempotentHandler, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import { CONSUMER } from './authors';

/**
 * media's `MediaUploaded` → uploaded_media: which user uploaded which object, so that a post
 * can be refused a photo its poster did not upload (the `requireUploadedMedia` option).
 */
export function uploadedMediaSubscription(db: Kysely<PostsDatabase>): Subscription {
  return {
    consumer: CONSUMER,
    producer: 'media',
    types: [MediaUploaded.type],
    handle: idempotentHandler(db, CONSUMER, async (event, trx) => {
      const { objectPath, ownerId } = MediaUploaded.schema.parse(event.data);
      await trx
        .insertInto('uploaded_media')
        .values({ object_path: objectPath, owner_id: ownerId, uploaded_at: event.occurredAt })
        .onConflict((oc) => oc.column('object_path').doNothing())
        .execute();
    }),
  };
}
