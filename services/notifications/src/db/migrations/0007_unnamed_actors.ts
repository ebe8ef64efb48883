import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Notifications made before their actor's name arrived ("Someone liked your post"), found by
 * actor when the name comes (`nameActor`): a small partial index, since such notifications are
 * few and every sign-up looks for them.
 */
export const unnamedActors: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE INDEX notifications_unnamed_actor_idx ON notifications (actor_id)
      WHERE title LIKE 'Someone %'`.execute(db);
  },
};
