import {
  CommentHiddenByModerators,
  CommentRestoredByModerators,
  type EventEnvelope,
  EventHiddenByModerators,
  EventRestoredByModerators,
  GroupHiddenByModerators,
  GroupRestoredByModerators,
  PostHiddenByModerators,
  PostRestoredByModerators,
  UserBlocked,
  UserReinstated,
  UserSuspended,
  UserUnblocked,
} from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { z } from 'zod';
import type { Subscription } from '../bus/event-bus';
import { idempotentHandler } from '../bus/inbox';

// A service's copy of what moderation decided and the service enforces itself: who
// blocked whom, who is suspended, and (for posts) which posts moderators hid. Kept from
// moderation's events, as `userDirectory` keeps users: the service never asks moderation while
// answering a request. Each row remembers the position of the event that wrote it in its stream
// (a pair's blocks, a member's standing, a post's reports: one stream each), so an older event
// handled late (redelivered, or by another of several consumers) never overwrites a newer one.

/** The tables of the copy, for a service's kysely schema. */
export interface ModerationCopyTables {
  moderation_blocks: {
    blocker_id: string;
    blocked_id: string;
    blocked: boolean;
    note: string | null;
    position: number;
  };
  moderation_suspensions: {
    user_id: string;
    suspended: boolean;
    note: string | null;
    position: number;
  };
}
export interface HiddenPostsCopyTable {
  moderation_hidden_posts: {
    post_id: string;
    hidden: boolean;
    note: string | null;
    position: number;
  };
}

export interface HiddenCommentsCopyTable {
  moderation_hidden_comments: {
    comment_id: string;
    hidden: boolean;
    note: string | null;
    position: number;
  };
}

/** Groups and community events moderators hid (the groups service's concern). */
export interface HiddenGroupsEventsCopyTables {
  moderation_hidden_groups: { group_id: string; hidden: boolean; note: string | null; position: number };
  moderation_hidden_events: { event_id: string; hidden: boolean; note: string | null; position: number };
}

export interface ModerationCopies {
  /** Creates the copy's tables (a migration of its own in each service). */
  readonly migration: Migration;
  /** moderation's events the copy is made of. */
  readonly types: readonly string[];
  /** The subscription to moderation's events, once per event through the inbox. */
  subscription<DB>(db: Kysely<DB>, consumer: string): Subscription;
  /** Applies one of moderation's events (others are ignored); for a service's own subscription. */
  record<DB>(db: Kysely<DB>, event: EventEnvelope): Promise<void>;
  /** The member's suspension, or undefined when they are not suspended. */
  suspensionOf<DB>(db: Kysely<DB>, userId: string): Promise<{ note: string | null } | undefined>;
  /** True when either of the two blocked the other. */
  blockedBetween<DB>(db: Kysely<DB>, a: string, b: string): Promise<boolean>;
  /** True when `blockerId` blocked `blockedId` (one way). */
  hasBlocked<DB>(db: Kysely<DB>, blockerId: string, blockedId: string): Promise<boolean>;
  /** `hasBlocked` for many pairs in one query: answers the pairs blocked, as `blocker|blocked`. */
  blockedPairs<DB>(
    db: Kysely<DB>,
    pairs: Array<[blockerId: string, blockedId: string]>,
  ): Promise<Set<string>>;
}

/** Which row one of moderation's events sets: its table, key columns and flag (on or off). */
interface CopyRule {
  table:
    | 'moderation_blocks'
    | 'moderation_suspensions'
    | 'moderation_hidden_posts'
    | 'moderation_hidden_comments'
    | 'moderation_hidden_groups'
    | 'moderation_hidden_events';
  flag: 'blocked' | 'suspended' | 'hidden';
  keys(data: Record<string, string | null>): Record<string, string>;
  on: boolean;
}
type Data = Record<string, string | null>;
const rule = (table: CopyRule['table'], flag: CopyRule['flag'], keys: CopyRule['keys']) => (on: boolean) =>
  ({ table, flag, keys, on }) satisfies CopyRule;
const blocks = rule('moderation_blocks', 'blocked', (d: Data) => ({
  blocker_id: `${d.blockerId}`,
  blocked_id: `${d.blockedId}`,
}));
const suspensions = rule('moderation_suspensions', 'suspended', (d: Data) => ({ user_id: `${d.userId}` }));
const hiddenPosts = rule('moderation_hidden_posts', 'hidden', (d: Data) => ({ post_id: `${d.postId}` }));
const hiddenComments = rule('moderation_hidden_comments', 'hidden', (d: Data) => ({
  comment_id: `${d.commentId}`,
}));
const hiddenGroups = rule('moderation_hidden_groups', 'hidden', (d: Data) => ({ group_id: `${d.groupId}` }));
const hiddenEvents = rule('moderation_hidden_events', 'hidden', (d: Data) => ({ event_id: `${d.eventId}` }));
type CopyEvent = { type: string; schema: z.ZodType<Data> };
/** Each copy's row: the event that sets its flag, the one that clears it, and where it stands. */
const FLAG_EVENTS: [on: CopyEvent, off: CopyEvent, rule: ReturnType<typeof rule>][] = [
  [UserBlocked, UserUnblocked, blocks],
  [UserSuspended, UserReinstated, suspensions],
  [PostHiddenByModerators, PostRestoredByModerators, hiddenPosts],
  [CommentHiddenByModerators, CommentRestoredByModerators, hiddenComments],
  [GroupHiddenByModerators, GroupRestoredByModerators, hiddenGroups],
  [EventHiddenByModerators, EventRestoredByModerators, hiddenEvents],
];
/** moderation's events, each with the definition that validates it and the row it sets. */
const COPIES = new Map<string, { event: CopyEvent; rule: CopyRule }>(
  FLAG_EVENTS.flatMap(([on, off, copy]) => [
    [on.type, { event: on, rule: copy(true) }],
    [off.type, { event: off, rule: copy(false) }],
  ]),
);

/** The copies' tables: name, key columns, flag. */
const TABLES = [
  ['moderation_blocks', ['blocker_id', 'blocked_id'], 'blocked'],
  ['moderation_suspensions', ['user_id'], 'suspended'],
  ['moderation_hidden_posts', ['post_id'], 'hidden'],
  ['moderation_hidden_comments', ['comment_id'], 'hidden'],
  ['moderation_hidden_groups', ['group_id'], 'hidden'],
  ['moderation_hidden_events', ['event_id'], 'hidden'],
] as const;

/** Which option keeps each copy of hidden things (the others are kept by every service). */
const OPTION_OF = {
  moderation_hidden_posts: 'hiddenPosts',
  moderation_hidden_comments: 'hiddenComments',
  moderation_hidden_groups: 'hiddenGroupsEvents',
  moderation_hidden_events: 'hiddenGroupsEvents',
} as const;

/**
 * The building block; `hiddenPosts` adds the copy of hidden posts, `hiddenComments` that of
 * hidden comments (posts' own concerns), `hiddenGroupsEvents` those of hidden groups and events
 * (groups').
 */
export function moderationCopies(
  options: { hiddenPosts?: boolean; hiddenComments?: boolean; hiddenGroupsEvents?: boolean } = {},
): ModerationCopies {
  const kept = (table: string) => {
    const option = OPTION_OF[table as keyof typeof OPTION_OF];
    return option === undefined || options[option] === true;
  };
  const types = [...COPIES].filter(([, { rule }]) => kept(rule.table)).map(([type]) => type);
  const copies: ModerationCopies = {
    types,
    migration: {
      async up(db: Kysely<unknown>) {
        // Each copy: its key, its flag (blocked, suspended, hidden), a note, the event's position.
        for (const [table, keys, flag] of TABLES) {
          if (!kept(table)) continue;
          const keyColumns = keys.map((k) => `${k} uuid NOT NULL`).join(', ');
          await sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (${sql.raw(keyColumns)},
            ${sql.ref(flag)} boolean NOT NULL, note text, position bigint NOT NULL,
            PRIMARY KEY (${sql.raw(keys.join(', '))}))`.execute(db);
        }
        // "Did either block the other?" reads the pair both ways.
        await sql`
          CREATE INDEX IF NOT EXISTS moderation_blocks_blocked_idx
            ON moderation_blocks (blocked_id, blocker_id) WHERE blocked`.execute(db);
      },
    },

    subscription(db, consumer) {
      return {
        consumer,
        producer: 'moderation',
        types,
        handle: idempotentHandler(db, consumer, (event, trx) => copies.record(trx, event)),
      };
    },

    async record(db, event) {
      const known = COPIES.get(event.type);
      if (!known || !kept(known.rule.table)) return;
      const copy = known.rule;
      const data = known.event.schema.parse(event.data);
      const keys = copy.keys(data);
      const on = copy.on;
      const note = on ? (data.note ?? null) : null;
      const table = sql.table(copy.table);
      const columns = Object.keys(keys);
      // The newer event wins: a row is only overwritten by a later position of its stream.
      await sql`
        INSERT INTO ${table} AS c (${sql.join(columns.map((c) => sql.ref(c)))}, ${sql.ref(copy.flag)}, note, position)
        VALUES (${sql.join(Object.values(keys))}, ${on}, ${note}, ${event.streamPosition})
        ON CONFLICT (${sql.join(columns.map((c) => sql.ref(c)))}) DO UPDATE
          SET ${sql.ref(copy.flag)} = EXCLUDED.${sql.ref(copy.flag)}, note = EXCLUDED.note, position = EXCLUDED.position
          WHERE c.position < EXCLUDED.position`.execute(db);
    },

    async suspensionOf(db, userId) {
      const { rows } = await sql<{ note: string | null }>`
        SELECT note FROM moderation_suspensions WHERE user_id = ${userId} AND suspended`.execute(db);
      return rows[0];
    },

    async blockedBetween(db, a, b) {
      const { rows } = await sql`
        SELECT 1 FROM moderation_blocks
        WHERE blocked AND ((blocker_id = ${a} AND blocked_id = ${b}) OR (blocker_id = ${b} AND blocked_id = ${a}))
        LIMIT 1`.execute(db);
      return rows.length > 0;
    },

    async hasBlocked(db, blockerId, blockedId) {
      const { rows } = await sql`
        SELECT 1 FROM moderation_blocks
        WHERE blocked AND blocker_id = ${blockerId} AND blocked_id = ${blockedId}`.execute(db);
      return rows.length > 0;
    },

    async blockedPairs(db, pairs) {
      if (pairs.length === 0) return new Set();
      const { rows } = await sql<{ blocker_id: string; blocked_id: string }>`
        /* prepared */ SELECT b.blocker_id, b.blocked_id
        FROM moderation_blocks b
        JOIN unnest(${pairs.map((p) => p[0])}::uuid[], ${pairs.map((p) => p[1])}::uuid[]) AS p(blocker_id, blocked_id)
          ON b.blocker_id = p.blocker_id AND b.blocked_id = p.blocked_id
        WHERE b.blocked`.execute(db);
      return new Set(rows.map((r) => `${r.blocker_id}|${r.blocked_id}`));
    },
  };
  return copies;
}
