import { EXPIRY_REMINDER_DAYS } from '@waco/contracts';
import { type EventStore, handleCommand } from '@waco/platform';
import { sql } from 'kysely';
import type { PostsDatabase } from '../db/schema';
import { postDeciderFor, type SweepCommand } from '../domain/post';
import { postStream } from '../domain/streams';

/** Posts handled per kind and per sweep; the next sweep takes the rest. */
const BATCH = 200;

/**
 * Records the expiries and the owners' reminders that are due. Every replica may sweep at the
 * same time: each post's command takes its stream's lock and its decider records an expiry (or a
 * reminder for one expiry date) only once, so two sweeps never record one twice; the read
 * table's `state` and `reminded_for` keep finished posts out of the next query.
 */
export async function sweepExpiries(
  store: EventStore<PostsDatabase>,
  now = new Date(),
): Promise<{ expired: number; reminded: number }> {
  const at = now.toISOString();
  const { rows: due } = await sql<{ id: string; expires_at: Date; kind: SweepCommand['type'] }>`
    (SELECT id, expires_at, 'expire' AS kind FROM posts
      WHERE state = 'active' AND expires_at <= ${at}::timestamptz ORDER BY expires_at LIMIT ${BATCH})
    UNION ALL
    (SELECT id, expires_at, 'remind' FROM posts
      WHERE state = 'active' AND expires_at > ${at}::timestamptz
        AND expires_at <= ${at}::timestamptz + make_interval(days => ${EXPIRY_REMINDER_DAYS})
        AND reminded_for IS DISTINCT FROM expires_at
      ORDER BY expires_at LIMIT ${BATCH})`.execute(store.db);
  const done = { expired: 0, reminded: 0 };
  for (const row of due) {
    const command: SweepCommand = {
      type: row.kind,
      now: at,
      knownExpiresAt: new Date(row.expires_at).toISOString(),
    };
    const { events } = await handleCommand(store, postStream(row.id), postDeciderFor(row.id), command, {
      actorId: null,
    });
    if (events.length > 0) done[row.kind === 'expire' ? 'expired' : 'reminded']++;
  }
  return done;
}
