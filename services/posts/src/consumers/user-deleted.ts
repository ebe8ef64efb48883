import { type EventStore, inTransaction } from '@waco/platform';
import type { Kysely } from 'kysely';
import { deletePost } from '../commands/post-lifecycle';
import type { PostsDatabase } from '../db/schema';

/**
 * An account was deleted (issue 17): each of its posts is deleted as its owner would
 * (`PostDeleted`), so they leave every list (feed, search, profiles, saved, liked) and a rebuild
 * keeps them out; the author's name is "Former member" through the user directory (`authors`).
 * Runs in the inbox's transaction: a redelivery finds the posts already gone.
 */
export function erasePostsOf(store: EventStore<PostsDatabase>) {
  return async (trx: Kysely<PostsDatabase>, userId: string) => {
    const posts = await trx.selectFrom('posts').select('id').where('user_id', '=', userId).execute();
    for (const { id } of posts) await deletePost({ store: inTransaction(store, trx), actorId: userId }, id);
  };
}
