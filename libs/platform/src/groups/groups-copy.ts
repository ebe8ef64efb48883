import {
  type EventEnvelope,
  GroupClosed,
  GroupCreated,
  GroupHandedOver,
  GroupMemberJoined,
  GroupMemberLeft,
  GroupMemberRoleChanged,
  type GroupRole,
} from '@waco/contracts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Subscription } from '../bus/event-bus';
import { inboxSubscription } from '../bus/inbox-subscription';
import { sqlMigration } from '../db/sql-migration';

// A service's copy of the groups service's groups and memberships: which groups are public, and
// who is a member with which role. Who sees a private group's posts (its members only) is decided
// from it, so the service never asks groups while answering (as `followsCopy` keeps identity's
// follows). All of a group's events are on its one stream (`group-{id}`): each row keeps the
// position of the event that wrote it, so an older event handled late (redelivered, or by another
// consumer of several) never overwrites a newer one. posts and messaging keep it, each in its schema.

/** The copy's tables, for a service's kysely schema. `role` null: not (or no longer) a member. */
export interface GroupCopyTables {
  group_copies: { group_id: string; is_public: boolean; position: number };
  group_members_copy: { group_id: string; user_id: string; role: GroupRole | null; position: number };
}

/** What the copy says of a group and one member of it. */
export interface GroupFacts {
  /** Whether the copy knows the group. */
  known: boolean;
  isPublic: boolean;
  /** The member's role in it; null: not a member. */
  role: GroupRole | null;
}

/**
 * The copy's tables, for the service's migration: the very statements posts' migration
 * 0014_group_posts sent (a migration that has run never changes).
 */
export const groupsCopyMigration = sqlMigration(
  `CREATE TABLE group_copies (
     group_id uuid PRIMARY KEY,
     is_public boolean NOT NULL,
     position bigint NOT NULL
   )`,
  `CREATE TABLE group_members_copy (
     group_id uuid NOT NULL,
     user_id uuid NOT NULL,
     role text,
     position bigint NOT NULL,
     PRIMARY KEY (group_id, user_id)
   )`,
  `CREATE INDEX group_members_copy_member_idx ON group_members_copy (user_id, group_id) WHERE role IS NOT NULL`,
);

const TYPES = [
  GroupCreated.type,
  GroupMemberJoined.type,
  GroupMemberLeft.type,
  GroupMemberRoleChanged.type,
  GroupHandedOver.type,
  GroupClosed.type,
];

async function setRole<DB>(
  db: Kysely<DB>,
  groupId: string,
  userId: string,
  role: GroupRole | null,
  at: number,
) {
  await sql`
    INSERT INTO group_members_copy AS c (group_id, user_id, role, position)
    VALUES (${groupId}, ${userId}, ${role}, ${at})
    ON CONFLICT (group_id, user_id) DO UPDATE SET role = EXCLUDED.role, position = EXCLUDED.position
      WHERE c.position < EXCLUDED.position`.execute(db);
}

/** Applies one of groups' events to the copy. */
export async function recordGroupEvent<DB>(db: Kysely<DB>, event: EventEnvelope) {
  const at = event.streamPosition;
  switch (event.type) {
    case GroupCreated.type: {
      const d = GroupCreated.schema.parse(event.data);
      await sql`
        INSERT INTO group_copies (group_id, is_public, position) VALUES (${d.groupId}, ${d.isPublic}, ${at})
        ON CONFLICT (group_id) DO NOTHING`.execute(db);
      return;
    }
    case GroupMemberJoined.type: {
      const d = GroupMemberJoined.schema.parse(event.data);
      return setRole(db, d.groupId, d.userId, d.role, at);
    }
    case GroupMemberRoleChanged.type: {
      const d = GroupMemberRoleChanged.schema.parse(event.data);
      return setRole(db, d.groupId, d.userId, d.role, at);
    }
    case GroupHandedOver.type: {
      const d = GroupHandedOver.schema.parse(event.data);
      return setRole(db, d.groupId, d.toUserId, 'admin', at);
    }
    case GroupMemberLeft.type: {
      const d = GroupMemberLeft.schema.parse(event.data);
      return setRole(db, d.groupId, d.userId, null, at);
    }
    case GroupClosed.type: {
      // A closed group has no members left; its posts stay as visible as the group was (a
      // private one's: to nobody but their authors' own lists).
      const d = GroupClosed.schema.parse(event.data);
      await sql`UPDATE group_members_copy SET role = NULL, position = ${at}
                WHERE group_id = ${d.groupId} AND position < ${at}`.execute(db);
      return;
    }
  }
}

/** The subscription to groups' events that keeps the copy, once per event through the inbox. */
export function groupsCopySubscription<DB>(db: Kysely<DB>, consumer: string): Subscription {
  return inboxSubscription(db, { consumer, producer: 'groups', types: TYPES }, (event, trx) =>
    recordGroupEvent(trx, event),
  );
}

/** A member's role in a group (null: not a member), and whether the copy knows the group and it is public. */
export async function groupFactsOf<DB>(
  db: Kysely<DB>,
  groupId: string,
  userId: string | null | undefined,
): Promise<GroupFacts> {
  const { rows } = await sql<{ is_public: boolean; role: GroupRole | null }>`
    SELECT g.is_public,
           (SELECT m.role FROM group_members_copy m
            WHERE m.group_id = g.group_id AND m.user_id = ${userId ?? null}::uuid) AS role
    FROM group_copies g WHERE g.group_id = ${groupId}`.execute(db);
  const row = rows[0];
  return row
    ? { known: true, isPublic: row.is_public, role: row.role }
    : { known: false, isPublic: false, role: null };
}

/** The condition: the viewer is a member of the group of the post `p` (a row with `group_id`). */
export const memberOfPostGroup = (viewerId: string) =>
  sql`EXISTS (SELECT 1 FROM group_members_copy m
              WHERE m.group_id = p.group_id AND m.user_id = ${viewerId}::uuid AND m.role IS NOT NULL)`;

/**
 * The condition a post `p` (a row with `group_id`) meets for the viewer (undefined: a guest): it
 * belongs to no group, or to a public one, or the viewer is a member of its (private) group. A
 * group the copy does not know yet counts as private: nothing shows before its visibility is known.
 */
export function groupVisibleTo(viewerId: string | null | undefined): RawBuilder<unknown> {
  const open = sql`p.group_id IS NULL OR EXISTS (SELECT 1 FROM group_copies g WHERE g.group_id = p.group_id AND g.is_public)`;
  return viewerId ? sql`(${open} OR ${memberOfPostGroup(viewerId)})` : sql`(${open})`;
}
