import { type EventStore, inTransaction } from '@waco/platform';
import type { Kysely } from 'kysely';
import { deleteComment } from '../commands/comments';
import { deletePost } from '../commands/post-lifecycle';
import { removeSavedSearch } from '../commands/saved-searches';
import type { PostsDatabase } from '../db/schema';

/**
 * An account was deleted: each of its posts is deleted as its owner would
 * (`PostDeleted`), so they leave every list (feed, search, profiles, saved, liked) and a rebuild
 * keeps them out; so is each of its saved searches (`SavedSearchDeleted`: the row goes, here and
 * in notifications' copy); and so is each of its comments (`CommentDeleted`: the text goes, and a
 * comment with replies reads "Comment deleted"; the sealed text in the log opens to nothing once
 * identity destroyed the key). Its likes of comments stay counted, as its likes of posts do. The author's name is "Former member" through the user directory
 * (`authors`).
 * Runs in the inbox's transaction: a redelivery finds the posts already gone.
 */
export function erasePostsOf(store: EventStore<PostsDatabase>) {
  return async (trx: Kysely<PostsDatabase>, userId: string) => {
    const posts = await trx.selectFrom('posts').select('id').where('user_id', '=', userId).execute();
    const ctx = { store: inTransaction(store, trx), actorId: userId };
    for (const { id } of posts) await deletePost(ctx, id);
    const comments = await trx
      .selectFrom('comments')
      .select('id')
      .where('user_id', '=', userId)
      .where('deleted', '=', false)
      .execute();
    for (const { id } of comments) await deleteComment(ctx, id);
    const searches = await trx
      .selectFrom('saved_searches')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    for (const { id } of searches) await removeSavedSearch(ctx, id);
    // What they searched for and chose (its events' values are sealed: a rebuild skips them).
    await trx.deleteFrom('user_filter_preferences').where('user_id', '=', userId).execute();
  };
}
