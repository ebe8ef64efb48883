import {
  EmailVerified,
  type EventEnvelope,
  FORMER_MEMBER,
  foldForSearch,
  type Language,
  languageOf,
  ProfileUpdated,
  UserDeleted,
  UserRegistered,
} from '@waco/contracts';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { z } from 'zod';
import type { Subscription } from '../bus/event-bus';
import { idempotentBatchHandler, idempotentHandler } from '../bus/inbox';
import { assertIdentifier } from '../db/database';

// A service's copy of identity's users, as `UserRegistered` and `ProfileUpdated` tell: names and
// avatars that the service shows (post authors, conversation lists, notification titles) without
// ever calling identity. The email is not copied: no other service shows it. Each service keeps
// the table in its own schema, under the name its queries join (posts: `authors`).

/** The table's row, for a service's kysely schema. */
export interface UserDirectoryTable {
  id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

/**
 * How long a member has had their account, and whether they verified its email: what the limits
 * per member (libs/contracts' member-limits.ts) go by. Only for a directory made with
 * `{ standing: true }`.
 */
export interface AccountStanding {
  /** When they signed up (for members known before the directory kept it: at most then). */
  registeredAt: Date | null;
  emailVerified: boolean;
}

/** The name a directory made with `{ searchNames: true }` keeps for search: first and last, folded. */
export function searchNameOf(firstName: string | null, lastName: string | null): string {
  return foldForSearch([firstName, lastName].filter(Boolean).join(' '));
}

/** A user as a service knows them. */
export interface DirectoryUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export interface UserDirectory {
  /** The table's name in the service's schema. */
  readonly table: string;
  /**
   * Creates the table, or completes one an older migration created (a table without avatars
   * gains the column, empty until the user's next profile update): existing rows stay.
   */
  readonly migration: Migration;
  /**
   * identity's events → the table, once per event (redeliveries change nothing). `UserDeleted`
   * renames the user "Former member" without a photo, then runs `onDeleted` (the service
   * erasing its own copy of the user's data) in the same transaction.
   */
  subscription<DB>(db: Kysely<DB>, consumer: string, hooks?: DirectoryHooks<DB>): Subscription;
  /** Keeps the user an event tells of; an older event never overwrites a newer one. */
  record<DB>(db: Kysely<DB>, event: EventEnvelope): Promise<void>;
  /** The user, or undefined when identity has not told of them (yet). */
  find<DB>(db: Kysely<DB>, userId: string): Promise<DirectoryUser | undefined>;
  /** `find` for many users in one query: those known, by id. */
  findMany<DB>(db: Kysely<DB>, userIds: string[]): Promise<Map<string, DirectoryUser>>;
  /**
   * The language the user reads the app in (`en` when unknown); only for a directory made with
   * `{ languages: true }`, which keeps the column.
   */
  languageOf<DB>(db: Kysely<DB>, userId: string): Promise<Language>;
  /**
   * The member's standing (only for a directory made with `{ standing: true }`); undefined when
   * identity has not told of them yet (they signed up a moment ago).
   */
  standingOf<DB>(db: Kysely<DB>, userId: string): Promise<AccountStanding | undefined>;
}

/** The member a registration or a profile change names. */
const NamedUser = z.object({ userId: z.string() });

/** What a service does besides renaming when an account is deleted. */
export interface DirectoryHooks<DB> {
  onDeleted?(trx: Kysely<DB>, userId: string, event: EventEnvelope): Promise<void>;
  /** After a user's name is recorded (signed up, or changed their profile). */
  onNamed?(trx: Kysely<DB>, userId: string): Promise<void>;
}

/**
 * The building block for one service's copy of users, kept in `table`. With `languages`, it also
 * keeps each user's language (notifications: the language of their pushes); the migration adds
 * the column to a table made without it (English until the user's next event says otherwise).
 * With `standing`, it keeps when each member signed up and whether they verified their email
 * (`EmailVerified`): the migration gives members already in the table their last change as the
 * sign-up time (they are at least that old) and counts them verified (they were members before
 * the directory could tell), while every new member starts unverified. With `searchNames`, it
 * keeps `search_name`, the full name folded for search (`foldForSearch`: no case, no accents),
 * which the migration fills in for the rows already there.
 */
export function userDirectory(
  table = 'users',
  options: { languages?: boolean; standing?: boolean; searchNames?: boolean } = {},
): UserDirectory {
  assertIdentifier(table);
  const id = sql.table(table);
  const languages = options.languages === true;
  const standing = options.standing === true;
  const searchNames = options.searchNames === true;
  /** Keeps the row's folded name with its names, unless a newer event already changed them. */
  const foldName = async (
    db: Kysely<unknown>,
    userId: string,
    firstName: string | null,
    lastName: string | null,
  ) => {
    if (!searchNames) return;
    await sql`UPDATE ${id} SET search_name = ${searchNameOf(firstName, lastName)}
      WHERE id = ${userId} AND first_name IS NOT DISTINCT FROM ${firstName}
        AND last_name IS NOT DISTINCT FROM ${lastName}`.execute(db);
  };
  const directory: UserDirectory = {
    table,
    migration: {
      async up(db: Kysely<unknown>) {
        await sql`
          CREATE TABLE IF NOT EXISTS ${id} (
            id uuid PRIMARY KEY,
            first_name text,
            last_name text,
            profile_image_url text,
            updated_at timestamptz NOT NULL
          )`.execute(db);
        await sql`ALTER TABLE ${id} ADD COLUMN IF NOT EXISTS profile_image_url text`.execute(db);
        if (languages)
          await sql`ALTER TABLE ${id} ADD COLUMN IF NOT EXISTS language text NOT NULL DEFAULT 'en'`.execute(
            db,
          );
        if (standing) {
          await sql`ALTER TABLE ${id} ADD COLUMN IF NOT EXISTS registered_at timestamptz`.execute(db);
          await sql`UPDATE ${id} SET registered_at = updated_at WHERE registered_at IS NULL`.execute(db);
          await sql`ALTER TABLE ${id} ADD COLUMN IF NOT EXISTS email_verified boolean NOT NULL DEFAULT true`.execute(
            db,
          );
          await sql`ALTER TABLE ${id} ALTER COLUMN email_verified SET DEFAULT false`.execute(db);
        }
        if (searchNames) {
          await sql`ALTER TABLE ${id} ADD COLUMN IF NOT EXISTS search_name text NOT NULL DEFAULT ''`.execute(
            db,
          );
          // The rows already there, folded here (TypeScript's Unicode, as every later event is).
          for (;;) {
            const { rows } = await sql<{ id: string; first_name: string | null; last_name: string | null }>`
              SELECT id, first_name, last_name FROM ${id}
              WHERE search_name = '' AND coalesce(first_name, last_name) IS NOT NULL LIMIT 1000`.execute(db);
            if (rows.length === 0) break;
            await sql`
              UPDATE ${id} AS u SET search_name = f.name
              FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => searchNameOf(r.first_name, r.last_name) || ' ')}::text[])
                AS f(id, name)
              WHERE u.id = f.id`.execute(db);
          }
        }
      },
    },

    subscription<DB>(db: Kysely<DB>, consumer: string, hooks?: DirectoryHooks<DB>) {
      const apply = async (event: EventEnvelope, trx: Kysely<DB>) => {
        await directory.record(trx, event);
        if (event.type === EmailVerified.type) return;
        if (event.type === UserDeleted.type)
          await hooks?.onDeleted?.(trx, UserDeleted.schema.parse(event.data).userId, event);
        else await hooks?.onNamed?.(trx, NamedUser.parse(event.data).userId);
      };
      return {
        consumer,
        producer: 'identity',
        types: [
          UserRegistered.type,
          ProfileUpdated.type,
          UserDeleted.type,
          ...(standing ? [EmailVerified.type] : []),
        ],
        handle: idempotentHandler(db, consumer, apply),
        handleBatch: async (events) => {
          await idempotentBatchHandler(db, consumer, apply)(events);
        },
      };
    },

    async record(db, event) {
      if (event.type === EmailVerified.type) {
        if (!standing) return;
        // Its sign-up came first on the user's stream: the row is there.
        const { userId } = EmailVerified.schema.parse(event.data);
        await sql`UPDATE ${id} SET email_verified = true WHERE id = ${userId}`.execute(db);
        return;
      }
      if (event.type === UserDeleted.type) {
        const { userId } = UserDeleted.schema.parse(event.data);
        // The row stays (what the user made still names someone), as "Former member".
        await sql`
          INSERT INTO ${id} AS u (id, first_name, last_name, profile_image_url, updated_at)
          VALUES (${userId}, ${FORMER_MEMBER.firstName}, ${FORMER_MEMBER.lastName}, NULL, ${event.occurredAt})
          ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
            profile_image_url = NULL, updated_at = EXCLUDED.updated_at`.execute(db);
        await foldName(db as Kysely<unknown>, userId, FORMER_MEMBER.firstName, FORMER_MEMBER.lastName);
        if (languages) await sql`UPDATE ${id} SET language = 'en' WHERE id = ${userId}`.execute(db);
        return;
      }
      const registered = event.type === UserRegistered.type ? UserRegistered.schema.parse(event.data) : null;
      const data = registered ?? ProfileUpdated.schema.parse(event.data);
      // A user's events come in order (one stream), but a redelivered older one must not win.
      await sql`
        INSERT INTO ${id} AS u (id, first_name, last_name, profile_image_url, updated_at)
        VALUES (${data.userId}, ${data.firstName}, ${data.lastName}, ${data.profileImageUrl},
                ${event.occurredAt})
        ON CONFLICT (id) DO UPDATE SET
          first_name = EXCLUDED.first_name,
          last_name = EXCLUDED.last_name,
          profile_image_url = EXCLUDED.profile_image_url,
          updated_at = EXCLUDED.updated_at
        WHERE u.updated_at <= EXCLUDED.updated_at`.execute(db);
      await foldName(db as Kysely<unknown>, data.userId, data.firstName, data.lastName);
      // The earliest time told wins: the sign-up's own, or (a profile change heard first) a bound.
      if (standing) {
        const at = registered ? registered.registeredAt : event.occurredAt;
        await sql`
          UPDATE ${id} SET registered_at = LEAST(coalesce(registered_at, ${at}::timestamptz), ${at}::timestamptz)
          WHERE id = ${data.userId}`.execute(db);
      }
      // An event from before languages says nothing of it; a newer event already kept wins.
      if (languages && data.language !== undefined)
        await sql`
          UPDATE ${id} SET language = ${languageOf(data.language)}
          WHERE id = ${data.userId} AND updated_at <= ${event.occurredAt}`.execute(db);
    },

    async find(db, userId) {
      const { rows } = await sql<DirectoryUser>`
        SELECT id, first_name AS "firstName", last_name AS "lastName",
               profile_image_url AS "profileImageUrl"
        FROM ${id} WHERE id = ${userId}`.execute(db);
      return rows[0];
    },

    async findMany(db, userIds) {
      if (userIds.length === 0) return new Map();
      const { rows } = await sql<DirectoryUser>`
        SELECT id, first_name AS "firstName", last_name AS "lastName",
               profile_image_url AS "profileImageUrl"
        FROM ${id} WHERE id = ANY(${[...new Set(userIds)]}::uuid[])`.execute(db);
      return new Map(rows.map((row) => [row.id, row]));
    },

    async standingOf(db, userId) {
      if (!standing) throw new Error(`the ${table} directory keeps no standing`);
      const { rows } = await sql<AccountStanding>`
        SELECT registered_at AS "registeredAt", email_verified AS "emailVerified"
        FROM ${id} WHERE id = ${userId}`.execute(db);
      return rows[0];
    },

    async languageOf(db, userId) {
      if (!languages) return 'en';
      const { rows } = await sql<{
        language: string;
      }>`SELECT language FROM ${id} WHERE id = ${userId}`.execute(db);
      return languageOf(rows[0]?.language);
    },
  };
  return directory;
}

/** Who no viewer is: a guest's id in joins, so that a guest matches no row of a member's (a membership, a review). */
export const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A person's name and photo in a list of people (members, reviewers): the user directory joined as `u`. */
export const PERSON_COLUMNS = ['u.first_name', 'u.last_name', 'u.profile_image_url'] as const;

/** The person's name and photo as the lists answer them (null for someone the directory lacks). */
export function personOf(row: {
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
}) {
  return {
    firstName: row.first_name ?? null,
    lastName: row.last_name ?? null,
    profileImageUrl: row.profile_image_url ?? null,
  };
}
