import { type Database, type EventBus, type EventStore, RuleBroken } from '@waco/platform';
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

/** What `admin grant|revoke` answers. */
export interface AdminChange {
  email: string;
  userId: string;
  admin: boolean;
  /** False when the member already held (or did not hold) the role. */
  changed: boolean;
}

type Databases = { identity: Database; moderation: Database };

/** The two databases of services running in this process (a stack's `services`, as tests start it). */
export const databasesOf = (services: Record<keyof Databases, { database: Database }>): Databases => ({
  identity: services.identity.database,
  moderation: services.moderation.database,
});

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
  const { moderation, deps } = await operatorOf(databases.moderation);
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

/** Grants or revokes the admin role (`AdminGranted`, `AdminRevoked`): the operator's console. */
export async function changeAdmin(databases: Databases, email: string, grant: boolean): Promise<AdminChange> {
  const member = await memberAndModeration(databases, email);
  const result = await member.moderation.setAdmin(member.deps, member.userId, grant);
  return { email: member.email, ...result };
}

/**
 * Hands a dead letter back or drops it as the operator, recorded in moderation's audit list
 * (`DeadLetterHandled`, no administrator). False when the bus no longer holds it.
 */
export async function operatorDeadLetter(
  moderationDb: Database,
  bus: Pick<EventBus, 'listDeadLetters' | 'redriveDeadLetter' | 'dropDeadLetter'>,
  id: string,
  action: 'redrive' | 'drop',
): Promise<boolean> {
  const { moderation, deps } = await operatorOf(moderationDb);
  try {
    return (await moderation.handleDeadLetter(deps, bus, { id, action, adminId: null })).done;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return false;
    throw err;
  }
}

/** moderation's event store on its database, through whose command handler the operator's events go. */
async function operatorOf(database: Database) {
  const moderation = await import('@waco/moderation');
  const events: EventStore<unknown> = {
    db: database.db,
    schema: database.schema,
    projections: (moderation.moderationService.projections ?? []) as EventStore<unknown>['projections'],
  };
  return { moderation, deps: { events: events as never, now: () => new Date() } };
}
