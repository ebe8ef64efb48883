import { AttendanceSet, type EventEnvelope, FilterUsed, PostCreated } from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import type { Kysely } from 'kysely';
import { type PostsDatabase, PROJECTED_TABLES } from '../db/schema';
import { projectAttendance } from './attendance';
import { projectComment } from './comments';
import { projectFilterUsed } from './filter-usage';
import { projectLifecycle } from './lifecycle';
import { projectPostsCreated } from './posts';
import { projectReactions, REACTION_EVENT_TYPES } from './reactions';

/**
 * Brings the read tables up to date with events, in order. The one entry point for both live
 * writes (inside the append's transaction) and rebuilds, so both produce the same tables.
 * Posts created and reactions (likes, saves and their undoing) between two other events are
 * written together: the posts first (a reaction's post is always created before it), then the
 * reactions (reactions.ts keeps each member's sequence on a post). A rebuild of 100 000 posts
 * and a million likes is then a few statements a page.
 */
export async function applyEvents(trx: Kysely<PostsDatabase>, events: EventEnvelope[]) {
  let created: EventEnvelope[] = [];
  let reactions: EventEnvelope[] = [];
  const flush = async () => {
    await projectPostsCreated(trx, created);
    await projectReactions(trx, reactions);
    created = [];
    reactions = [];
  };
  for (const event of events) {
    if (event.type === PostCreated.type) created.push(event);
    else if (REACTION_EVENT_TYPES.includes(event.type)) reactions.push(event);
    else {
      await flush();
      if (event.type === AttendanceSet.type) await projectAttendance(trx, event);
      else if (event.type === FilterUsed.type) await projectFilterUsed(trx, event);
      else if (!(await projectComment(trx, event))) await projectLifecycle(trx, event);
    }
  }
  await flush();
}

/**
 * posts' read model of its own events. `authors` and `uploaded_media` are not in it: they are
 * copies of other services' events, which this service does not store, so a rebuild keeps them.
 */
export const postsProjection = defineProjection<PostsDatabase>({
  name: 'posts',
  tables: PROJECTED_TABLES,
  // The feeds', profiles' and lists' indexes: no statement here finds rows by them (they go by
  // ids and by member and post), so a rebuild builds them after the replay.
  readOnlyIndexes: [
    'posts_feed_idx',
    'posts_category_feed_idx',
    'posts_neighborhood_feed_idx',
    'posts_user_feed_idx',
    'posts_active_expiry_idx',
    'posts_group_feed_idx',
    'posts_visible_until_idx',
    'post_likes_user_recent_idx',
    'saved_posts_user_recent_idx',
    'post_hashtags_recent_idx',
    'user_filter_preferences_top_idx',
    'saved_searches_user_idx',
    'comments_thread_idx',
    'comments_user_idx',
  ],
  apply: applyEvents,
});
