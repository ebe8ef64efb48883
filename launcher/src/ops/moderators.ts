import { type Database, type EventStore, RuleBroken } from '@waco/platform';
import { sql } from 'kysely';

/** What `moderator grant|revoke` answers. */
export interface ModeratorChange {
  email: string;
  userId: string;
  moderator: boolean;
  /** False when the member already was (or was not) a moderator. */
  changed: boolean;
}

/**
 * Grants or revokes the moderator role of the member with this email: identity's users say who
 * that is (the email lives only there), and moderation records `ModeratorGranted` or
 * `ModeratorRevoked` through its command handler, so its tables change in the same commit and
 * its outbox relay publishes the event. The same code for both back ends: the distributed one
 * opens the two schemas itself, the embedded process passes its services' databases.
 */
export async function changeModerator(
  databases: { identity: Database; moderation: Database },
  email: string,
  grant: boolean,
): Promise<ModeratorChange> {
  const normalised = email.trim().toLowerCase();
  const { rows } = await sql<{ id: string }>`SELECT id FROM users WHERE email = ${normalised}`.execute(
    databases.identity.db,
  );
  const userId = rows[0]?.id;
  if (!userId) throw new RuleBroken(`No member signed up with ${normalised}`, { status: 404 });
  const { moderationService, setModerator } = await import('@waco/moderation');
  const events: EventStore<unknown> = {
    db: databases.moderation.db,
    schema: databases.moderation.schema,
    projections: (moderationService.projections ?? []) as EventStore<unknown>['projections'],
  };
  const result = await setModerator({ events: events as never, now: () => new Date() }, userId, grant);
  return { email: normalised, ...result };
}
