import { sqlMigration } from '@waco/platform';

/**
 * Notifications made before their actor's name arrived ("Someone liked your post"), found by
 * actor when the name comes (`nameActor`): a small partial index, since such notifications are
 * few and every sign-up looks for them.
 */
export const unnamedActors = sqlMigration(
  `
      CREATE INDEX notifications_unnamed_actor_idx ON notifications (actor_id)
      WHERE title LIKE 'Someone %'`,
);
