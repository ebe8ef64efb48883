import type { AttendeeStatus } from '@waco/contracts';
import { type Kysely, sql } from 'kysely';
import { type CommunityEventCopy, type ReminderKind, remindersDue } from '../domain/community-event-rules';
import type { NotificationsDatabase } from './schema';

type Db = Kysely<NotificationsDatabase>;

/** The event as the copy holds it (undefined: never heard of, or cancelled and emptied). */
export async function communityEventOf(db: Db, eventId: string): Promise<CommunityEventCopy | undefined> {
  const row = await db
    .selectFrom('community_events')
    .select(['event_id', 'title', 'location', 'start_date'])
    .where('event_id', '=', eventId)
    .where('cancelled', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  const { title, location } = row;
  return { eventId: row.event_id, title, location, startDate: new Date(row.start_date) };
}

/** A new event: its copy, unless a later change or its cancellation was handled first. */
export async function recordCommunityEvent(
  db: Db,
  event: { eventId: string; title: string; location: string; startDate: string },
  position: number,
) {
  await sql`
    INSERT INTO community_events (event_id, title, location, start_date, position)
    VALUES (${event.eventId}, ${event.title}, ${event.location}, ${event.startDate}, ${position})
    ON CONFLICT (event_id) DO UPDATE SET title = excluded.title
      WHERE NOT community_events.cancelled`.execute(db);
}

/** A new time or place, if newer than what the copy holds; answers whether it was applied. */
export async function changeCommunityEvent(
  db: Db,
  change: { eventId: string; location: string; startDate: string },
  position: number,
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('community_events')
    .set({ location: change.location, start_date: change.startDate, position })
    .where('event_id', '=', change.eventId)
    .where('position', '<', position)
    .where('cancelled', '=', false)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/** Cancelled: its text dropped (the organiser's words), its reminders not yet sent with it. */
export async function cancelCommunityEvent(db: Db, eventId: string) {
  await db
    .updateTable('community_events')
    .set({ cancelled: true, title: '', location: '' })
    .where('event_id', '=', eventId)
    .execute();
  await db
    .deleteFrom('event_reminders')
    .where('event_id', '=', eventId)
    .where('sent_at', 'is', null)
    .execute();
  await db.deleteFrom('community_event_attendees').where('event_id', '=', eventId).execute();
}

/**
 * The event's reminders for its current start (decided at `at`): those of an earlier start not
 * yet sent are dropped, those of this start added once (a reminder already sent for this start
 * stays sent).
 */
export async function scheduleReminders(db: Db, eventId: string, at: Date) {
  const event = await communityEventOf(db, eventId);
  await db
    .deleteFrom('event_reminders')
    .where('event_id', '=', eventId)
    .where('sent_at', 'is', null)
    .$if(event !== undefined, (q) => q.where('start_date', '<>', (event as CommunityEventCopy).startDate))
    .execute();
  if (!event) return;
  const due = remindersDue(event.startDate, at);
  if (due.length === 0) return;
  await db
    .insertInto('event_reminders')
    .values(
      due.map(({ kind, dueAt }) => ({ event_id: eventId, kind, start_date: event.startDate, due_at: dueAt })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A member's place for the event (null: they left), if newer than what the copy holds. */
export async function recordAttendee(
  db: Db,
  attendee: { eventId: string; userId: string; status: AttendeeStatus | null },
  position: number,
) {
  await sql`
    INSERT INTO community_event_attendees (event_id, user_id, status, position)
    VALUES (${attendee.eventId}, ${attendee.userId}, ${attendee.status}, ${position})
    ON CONFLICT (event_id, user_id) DO UPDATE SET status = excluded.status, position = excluded.position
      WHERE community_event_attendees.position < excluded.position`.execute(db);
}

/** Who is signed up for an event: attending only, or with the waitlist too. */
export async function attendeesOf(db: Db, eventId: string, withWaitlist: boolean): Promise<string[]> {
  const rows = await db
    .selectFrom('community_event_attendees')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('status', 'in', withWaitlist ? ['attending', 'waitlisted'] : ['attending'])
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Claims reminders due at `now`, at most `limit`: each row is marked sent by exactly one
 * transaction (rows another sweeper holds are skipped, not waited for), and the caller writes
 * their notifications in the same transaction, so a reminder is sent once, or, rolled back, not
 * at all and claimed again.
 */
export async function claimDueReminders(
  trx: Db,
  now: Date,
  limit: number,
): Promise<Array<{ eventId: string; kind: ReminderKind; startDate: Date }>> {
  const { rows } = await sql<{ event_id: string; kind: ReminderKind; start_date: Date }>`
    UPDATE event_reminders SET sent_at = ${now}
    WHERE sent_at IS NULL AND (event_id, kind, start_date) IN (
      SELECT event_id, kind, start_date FROM event_reminders
      WHERE sent_at IS NULL AND due_at <= ${now}
      ORDER BY due_at LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING event_id, kind, start_date`.execute(trx);
  return rows.map((r) => ({ eventId: r.event_id, kind: r.kind, startDate: new Date(r.start_date) }));
}

/** Reminders of events started a day ago or more, sent or not, are of no more use. */
export async function forgetPastReminders(db: Db, now: Date) {
  await db
    .deleteFrom('event_reminders')
    .where('start_date', '<', new Date(now.getTime() - 24 * 3_600_000))
    .execute();
}
