import type { ReportTargetType } from '@waco/contracts';
import { readCopyWhenCaughtUp } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { ModerationDatabase } from './schema';
import { users } from './users';

type Db = Kysely<ModerationDatabase>;

/**
 * Whose the reported thing is, waiting up to `waitMs` for this service to hear of it: posts,
 * comments, messages and members are announced by events, and a report sent right after one may arrive
 * first. Null when it is still unknown (or not the reporter's to report).
 */
export async function awaitTargetOwner(
  db: Db,
  type: ReportTargetType,
  id: string,
  reporterId: string,
  waitMs: number,
): Promise<string | null> {
  return readCopyWhenCaughtUp(
    () => targetOwnerOf(db, type, id, reporterId),
    (owner) => owner !== null,
    waitMs,
  );
}

/** Where this service keeps its copy of each kind of reported thing, and the column that names whose it is. */
const OWNED_COPIES = {
  post: { table: 'known_posts', owner: 'user_id' },
  comment: { table: 'known_comments', owner: 'user_id' },
  // A business is its adder's: who answers for a listing made to harass.
  business: { table: 'known_businesses', owner: 'added_by' },
  review: { table: 'known_reviews', owner: 'user_id' },
  group: { table: 'known_groups', owner: 'user_id' },
  event: { table: 'known_events', owner: 'user_id' },
} as const;

/**
 * Whose the reported thing is (a group's: its owner; an event's: its organiser), as this
 * service's copies say, or null when the reporter cannot report it: no such thing, or a message of a conversation they are not in
 * (the same answer as for one that does not exist).
 */
export async function targetOwnerOf(
  db: Db,
  type: ReportTargetType,
  id: string,
  reporterId: string,
): Promise<string | null> {
  if (type === 'user') return (await users.find(db, id)) ? id : null;
  if (type === 'message') {
    const message = await db
      .selectFrom('known_messages')
      .select(['sender_id', 'recipient_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!message || (message.sender_id !== reporterId && message.recipient_id !== reporterId)) return null;
    return message.sender_id;
  }
  const copy = OWNED_COPIES[type];
  const row = await db
    .selectFrom(copy.table)
    .select(sql<string>`${sql.ref(copy.owner)}`.as('owner_id'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.owner_id ?? null;
}

/** The member's suspension, or null. */
export async function suspensionOf(db: Db, userId: string) {
  const row = await db
    .selectFrom('suspensions')
    .select(['note', 'since'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the member is listed in a role's table (`moderators`, `admins`). */
async function holdsRole(db: Db, role: 'moderators' | 'admins', userId: string): Promise<boolean> {
  const row = await db.selectFrom(role).select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Whether a member holds the admin role (the operator's console). */
export function isAdmin(db: Db, userId: string): Promise<boolean> {
  return holdsRole(db, 'admins', userId);
}

/** Whether the member is a moderator (the platform's check of `auth: 'moderator'` endpoints). */
export function isModerator(db: Db, userId: string): Promise<boolean> {
  return holdsRole(db, 'moderators', userId);
}
