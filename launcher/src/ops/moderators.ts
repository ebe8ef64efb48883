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

/** What `verified grant|revoke` answers. */
export interface VerifiedChange {
  email: string;
  userId: string;
  verified: boolean;
  /** False when the member already carried (or did not carry) the mark. */
  changed: boolean;
}

type Databases = { identity: Database; moderation: Database };

/**
 * The member with this email, as identity's users say (the email lives only there), and
 * moderation's event store, through whose command handler its events are recorded: its tables
 * change in the same commit and its outbox relay publishes them. The same code for both back
 * ends: the distributed one opens the two schemas itself, the embedded process passes its
 * services' databases.
 */
async function memberAndModeration(databases: Databases, email: string) {
  const normalised = email.trim().toLowerCase();
  const { rows } = await sql<{ id: string }>`SELECT id FROM users WHERE email = ${normalised}`.execute(
    databases.identity.db,
  );
  const userId = rows[0]?.id;
  if (!userId) throw new RuleBroken(`No member signed up with ${normalised}`, { status: 404 });
  const moderation = await import('@waco/moderation');
  const events: EventStore<unknown> = {
    db: databases.moderation.db,
    schema: databases.moderation.schema,
    projections: (moderation.moderationService.projections ?? []) as EventStore<unknown>['projections'],
  };
  const deps = { events: events as never, now: () => new Date() };
  return { email: normalised, userId, deps, moderation };
}

/** Grants or revokes the moderator role (`ModeratorGranted`, `ModeratorRevoked`). */
export async function changeModerator(
  databases: Databases,
  email: string,
  grant: boolean,
): Promise<ModeratorChange> {
  const member = await memberAndModeration(databases, email);
  const result = await member.moderation.setModerator(member.deps, member.userId, grant);
  return { email: member.email, ...result };
}

/** Sets or takes away the verified mark (`MemberVerificationSet`, by the operator: no moderator). */
export async function changeVerified(
  databases: Databases,
  email: string,
  grant: boolean,
): Promise<VerifiedChange> {
  const member = await memberAndModeration(databases, email);
  const result = await member.moderation.setVerified(member.deps, member.userId, grant, null);
  return { email: member.email, ...result };
}
