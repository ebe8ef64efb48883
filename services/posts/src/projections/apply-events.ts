import { AttendanceSet, type EventEnvelope, FilterUsed, PostCreated } from '@waco/contracts';
import { defineProjection } from '@waco/platform';
import type { Kysely } from 'kysely';
import { type PostsDatabase, PROJECTED_TABLES } from '../db/schema';
import { projectAttendance } from './attendance';
import { projectComment } from './comments';
import { projectFilterUsed } from './filter-usage';
import { projectLifecycle } from './lifecycle';
import { projectPostsCreated } from './posts';
import { projectReaction, REACTION_EVENT_TYPES } from './reactions';

/**
 * Brings the read tables up to date with events, in order. The one entry point for both live
 * writes (inside the append's transaction) and rebuilds, so both produce the same tables.
 * Runs of `PostCreated` are inserted together (a rebuild of 100 000 posts is then quick).
 */
export async function applyEvents(trx: Kysely<PostsDatabase>, events: EventEnvelope[]) {
  let created: EventEnvelope[] = [];
  for (const event of events) {
    if (event.type === PostCreated.type) {
      created.push(event);
      continue;
    }
    await projectPostsCreated(trx, created);
    created = [];
    if (REACTION_EVENT_TYPES.includes(event.type)) await projectReaction(trx, event);
    else if (event.type === AttendanceSet.type) await projectAttendance(trx, event);
    else if (event.type === FilterUsed.type) await projectFilterUsed(trx, event);
    else if (!(await projectComment(trx, event))) await projectLifecycle(trx, event);
  }
  await projectPostsCreated(trx, created);
}

/**
 * posts' read model of its own events. `authors` and `uploaded_media` are not in it: they are
 * copies of other services' events, which this service does not store, so a rebuild keeps them.
 */
export const postsProjection = defineProjection<PostsDatabase>({
  name: 'posts',
  tables: PROJECTED_TABLES,
  apply: applyEvents,
});
