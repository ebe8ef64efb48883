import type { NotificationSettings } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { settingsFrom } from '../domain/delivery-rules';
import type { NotificationsDatabase } from './schema';

type Db = Kysely<NotificationsDatabase>;

/** The member's settings (the defaults when they never changed any). */
export async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  return (
    (await settingsOfMany(db, [userId])).get(userId) ??
    settingsFrom({ kinds: {}, digest: 'off', digestNeighborhood: null })
  );
}

/** The settings of those who changed theirs, in one query (absent: the defaults). */
export async function settingsOfMany(db: Db, userIds: string[]): Promise<Map<string, NotificationSettings>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{
    user_id: string;
    kinds: Record<string, unknown>;
    digest: string;
    digest_neighborhood: string | null;
  }>`
    SELECT user_id::text, kinds, digest, digest_neighborhood FROM notification_settings
    WHERE user_id = ANY(${ids}::uuid[])`.execute(db);
  return new Map(
    rows.map((r) => [
      r.user_id,
      settingsFrom({ kinds: r.kinds, digest: r.digest, digestNeighborhood: r.digest_neighborhood }),
    ]),
  );
}

/** Stores the member's settings whole. */
export async function saveSettings(db: Db, userId: string, settings: NotificationSettings) {
  await sql`
    INSERT INTO notification_settings (user_id, kinds, digest, digest_neighborhood, updated_at)
    VALUES (${userId}, ${JSON.stringify(settings.kinds)}::jsonb, ${settings.digest}, ${settings.digestNeighborhood}, now())
    ON CONFLICT (user_id) DO UPDATE SET kinds = EXCLUDED.kinds, digest = EXCLUDED.digest,
      digest_neighborhood = EXCLUDED.digest_neighborhood, updated_at = now()`.execute(db);
}

/** Locks the member's settings row (made if missing) for a read-change-write in `trx`. */
export async function lockSettings(trx: Db, userId: string): Promise<NotificationSettings> {
  await sql`INSERT INTO notification_settings (user_id) VALUES (${userId}) ON CONFLICT DO NOTHING`.execute(
    trx,
  );
  await sql`SELECT 1 FROM notification_settings WHERE user_id = ${userId} FOR UPDATE`.execute(trx);
  return settingsOf(trx, userId);
}
