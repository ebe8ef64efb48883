import {
  type EventEnvelope,
  MessageSent,
  PostCreated,
  PostDeleted,
  PostEdited,
  ProfileUpdated,
  UploadRetired,
} from '@waco/contracts';
import { handleCommand, idempotentHandler, inTransaction, type Subscription } from '@waco/platform';
import type { Kysely } from 'kysely';
import type { MediaDeps } from '../commands/deps';
import { CONVERSATION_USE } from '../db/photo-access';
import type { MediaDatabase } from '../db/schema';
import { keyFromObjectPath } from '../domain/keys';
import { uploadDecider, uploadStream } from '../domain/upload';
import type { ImageServer } from '../serving/image-server';

/** The durable consumer that keeps who uses which photo. */
export const PHOTO_USES_CONSUMER = 'media-photo-uses';

/** What an event says a user of photos (`post:{id}`, `profile:{userId}`) now uses; null: no change. */
function usesIn(event: EventEnvelope): { usedBy: string; paths: string[] } | null {
  switch (event.type) {
    case PostCreated.type: {
      const post = PostCreated.schema.parse(event.data);
      return { usedBy: `post:${post.postId}`, paths: post.imagePaths };
    }
    case PostEdited.type: {
      const { postId, changes } = PostEdited.schema.parse(event.data);
      return changes.imagePaths ? { usedBy: `post:${postId}`, paths: changes.imagePaths } : null;
    }
    case PostDeleted.type:
      return { usedBy: `post:${PostDeleted.schema.parse(event.data).postId}`, paths: [] };
    case ProfileUpdated.type: {
      const profile = ProfileUpdated.schema.parse(event.data);
      return {
        usedBy: `profile:${profile.userId}`,
        paths: profile.profileImageUrl ? [profile.profileImageUrl] : [],
      };
    }
    // A message's photos: used by its conversation, whose two members alone may see them.
    case MessageSent.type: {
      const message = MessageSent.schema.parse(event.data);
      if (!message.imagePaths?.length) return null;
      return {
        usedBy: `${CONVERSATION_USE}${message.conversationId}:${message.messageId}`,
        paths: message.imagePaths,
      };
    }
    default:
      return null;
  }
}

/**
 * Replaces what one user of photos uses; a photo it dropped that nothing else uses is retired
 * (no longer served), a photo it took up again is restored. In the inbox's transaction.
 */
async function recordUses(deps: MediaDeps, trx: Kysely<MediaDatabase>, usedBy: string, paths: string[]) {
  const before = await trx
    .deleteFrom('photo_uses')
    .where('used_by', '=', usedBy)
    .returning('object_path')
    .execute();
  if (paths.length > 0)
    await trx
      .insertInto('photo_uses')
      .values(paths.map((object_path) => ({ object_path, used_by: usedBy })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  const dropped = before.map((r) => r.object_path).filter((p) => !paths.includes(p));
  const store = inTransaction(deps.events, trx);
  for (const path of dropped) {
    const key = keyFromObjectPath(path);
    if (!key) continue;
    const stillUsed = await trx
      .selectFrom('photo_uses')
      .select('used_by')
      .where('object_path', '=', path)
      .executeTakeFirst();
    if (!stillUsed) await handleCommand(store, uploadStream(key), uploadDecider, { type: 'retire', key });
  }
  for (const path of paths) {
    const key = keyFromObjectPath(path);
    if (key) await handleCommand(store, uploadStream(key), uploadDecider, { type: 'restore', key });
  }
}

/** posts', identity's and messaging's events → who uses which photo; retirements when the last use goes. */
export function photoUsesSubscriptions(deps: MediaDeps): Subscription[] {
  const handle = idempotentHandler(deps.db, PHOTO_USES_CONSUMER, async (event, trx) => {
    const uses = usesIn(event);
    if (uses) await recordUses(deps, trx, uses.usedBy, uses.paths);
  });
  return [
    {
      consumer: PHOTO_USES_CONSUMER,
      producer: 'posts',
      types: [PostCreated.type, PostEdited.type, PostDeleted.type],
      handle,
    },
    { consumer: PHOTO_USES_CONSUMER, producer: 'identity', types: [ProfileUpdated.type], handle },
    { consumer: PHOTO_USES_CONSUMER, producer: 'messaging', types: [MessageSent.type], handle },
  ];
}

/** Every instance forgets a retired photo it kept in memory, so none serves it again. */
export function retiredPhotosSubscription(images: ImageServer): Subscription {
  return {
    consumer: 'media-retired-photos',
    producer: 'media',
    types: [UploadRetired.type],
    fanout: true,
    handle: async (event) => images.forget(UploadRetired.schema.parse(event.data).key),
  };
}
