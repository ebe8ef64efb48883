import { MediaUploaded, objectPathForKey, uploadKeyPrefix } from '@waco/contracts';
import { type ColumnType, type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Subscription } from '../bus/event-bus';
import { idempotentHandler } from '../bus/inbox';
import { readCopyWhenCaughtUp } from '../events/copy-lag';

// Which user uploaded which image, as media's `MediaUploaded` events tell: a service that takes
// image paths from users (posts' photos, identity's profile photo) accepts only the user's own
// completed uploads. Each such service keeps this table in its own schema.

/** The `uploaded_media` table, for a service's kysely schema. */
export interface UploadedMediaCopyTable {
  uploaded_media: {
    object_path: string;
    owner_id: string;
    uploaded_at: ColumnType<Date, Date | string, Date | string>;
  };
}

/** The `uploaded_media` table: one row per completed upload. */
export const uploadedMediaMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      CREATE TABLE IF NOT EXISTS uploaded_media (
        object_path text PRIMARY KEY,
        owner_id uuid NOT NULL,
        uploaded_at timestamptz NOT NULL
      )`.execute(db);
  },
};

/** media's `MediaUploaded` → uploaded_media, once per event (redeliveries change nothing). */
export function uploadedMediaSubscription<DB>(db: Kysely<DB>, consumer: string): Subscription {
  return {
    consumer,
    producer: 'media',
    types: [MediaUploaded.type],
    handle: idempotentHandler(db, consumer, async (event, trx) => {
      const { objectPath, ownerId } = MediaUploaded.schema.parse(event.data);
      await sql`
        INSERT INTO uploaded_media (object_path, owner_id, uploaded_at)
        VALUES (${objectPath}, ${ownerId}, ${event.occurredAt})
        ON CONFLICT (object_path) DO NOTHING`.execute(trx);
    }),
  };
}

/** Which of these object paths the user uploaded. */
export async function pathsUploadedBy<DB>(
  db: Kysely<DB>,
  ownerId: string,
  paths: readonly string[],
): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const { rows } = await sql<{ object_path: string }>`
    SELECT object_path FROM uploaded_media
    WHERE owner_id = ${ownerId} AND object_path = ANY(${[...paths]}::text[])`.execute(db);
  return new Set(rows.map((r) => r.object_path));
}

/** How long a request waits to hear of an upload it does not know yet, by default. */
export const UPLOAD_NOTICE_WAIT_MS = 10_000;

/** The option of a service that takes photos from forms (tests shorten the wait). */
export interface UploadNoticeOptions {
  /** How long a photo a form names may wait for media's word of its upload (`UPLOAD_NOTICE_WAIT_MS`). */
  uploadNoticeWaitMs?: number;
}

/**
 * The paths among `paths` that the user uploaded. Media tells of an upload by an event, so a
 * request sent right after its upload may come first: look again until every path under the
 * user's own uploads is known or `waitMs` has passed, then answer what is known (the caller
 * refuses the rest). Any other path is answered at once: it can never become theirs.
 */
export async function awaitUploadsBy<DB>(
  db: Kysely<DB>,
  ownerId: string,
  paths: readonly string[],
  waitMs: number,
): Promise<Set<string>> {
  // Only a path under the user's own prefix may yet be announced as theirs: for any other (a
  // typo, someone else's photo, a made-up path) there is nothing to wait for.
  const own = objectPathForKey(uploadKeyPrefix(ownerId));
  const awaited = paths.filter((p) => p.startsWith(own));
  return readCopyWhenCaughtUp(
    () => pathsUploadedBy(db, ownerId, paths),
    (known) => awaited.every((p) => known.has(p)),
    waitMs,
  );
}

/**
 * Whether the one photo a form names (none: yes) is the user's upload, waiting as
 * `awaitUploadsBy` does. Asked before a command, with no lock held: a form sent right after its
 * photo's upload may arrive before media's word of it.
 */
export async function photoUploadedBy<DB>(
  db: Kysely<DB>,
  userId: string,
  imageUrl: string | null | undefined,
  waitMs: number,
): Promise<boolean> {
  if (!imageUrl) return true;
  return (await awaitUploadsBy(db, userId, [imageUrl], waitMs)).has(imageUrl);
}
