import type { AttendeeStatus, CommunityEvent, EventsQuery, GroupRole } from '@waco/contracts';
import { NOBODY, PERSON_COLUMNS, personOf } from '@waco/platform';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { GroupFacts } from '../domain/events';
import type { CalendarEntry } from '../domain/icalendar';
import { eventNotHidden, groupNotHidden } from './moderation';
import type { EventRow, GroupsDatabase } from './schema';

type Db = Kysely<GroupsDatabase>;

/**
 * Whether moderators hid the event, or its group, from the viewer (its organiser, and the group's
 * owner, still see theirs).
 */
export async function hiddenEventFrom(db: Db, row: EventRow, viewerId: string | null): Promise<boolean> {
  const { rows } = await sql<{ visible: boolean }>`
    SELECT ${eventNotHidden(sql`${row.id}::uuid`, sql`${row.creator_id}::uuid`, viewerId)}
      AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = ${row.group_id}::uuid
                      AND NOT ${groupNotHidden(sql.ref('g.id'), sql.ref('g.creator_id'), viewerId)}) AS visible`.execute(
    db,
  );
  return rows[0]?.visible === false;
}

/** The event's row, or undefined. */
export function findEvent(db: Db, eventId: string): Promise<EventRow | undefined> {
  return db.selectFrom('community_events').selectAll().where('id', '=', eventId).executeTakeFirst();
}

/**
 * What a decision about an event needs of its group: whether it is public and the member's role
 * in it; null when the event has no group or its group is closed.
 */
export async function groupFactsOf(
  db: Db,
  groupId: string | null | undefined,
  userId: string | null,
): Promise<GroupFacts | null> {
  if (!groupId) return null;
  const row = await db
    .selectFrom('groups as g')
    .leftJoin('group_memberships as m', (join) =>
      join.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', userId ?? NOBODY),
    )
    .select(['g.is_public', 'm.role'])
    .where('g.id', '=', groupId)
    .where('g.closed', '=', false)
    .executeTakeFirst();
  return row ? { isPublic: row.is_public, viewerRole: (row.role as GroupRole | null) ?? null } : null;
}

/** The event's group facts for the viewer, read by the event's id. */
export async function eventGroupFacts(
  db: Db,
  eventId: string,
  userId: string | null,
): Promise<GroupFacts | null> {
  const event = await db
    .selectFrom('community_events')
    .select('group_id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return groupFactsOf(db, event?.group_id, userId);
}

/** The viewer's place at the event: attending, waitlisted, or null. */
export async function statusAt(
  db: Db,
  eventId: string,
  userId: string | null,
): Promise<AttendeeStatus | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('event_attendees')
    .select('status')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.status as AttendeeStatus | undefined) ?? null;
}

export function toEvent(row: EventRow, myStatus: AttendeeStatus | null): CommunityEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date?.toISOString() ?? null,
    imageUrl: row.image_url,
    creatorId: row.creator_id,
    groupId: row.group_id,
    isPublic: row.is_public,
    maxAttendees: row.max_attendees,
    attendeesCount: row.attendees_count,
    waitlistCount: row.waitlist_count,
    cancelled: row.cancelled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    myStatus,
  };
}

/**
 * The events the viewer may list (visibility.ts's `listedFor`, in SQL): a group's events when
 * the viewer is a member, or when the group and the event are both public; an event without a
 * group when it is public, or the viewer organises or attends it.
 */
const listed = (viewerId: string) => sql<boolean>`(
  CASE WHEN e.group_id IS NOT NULL
    THEN m.role IS NOT NULL OR (g.is_public AND e.is_public)
    ELSE e.is_public OR e.creator_id = ${viewerId}::uuid OR a.status IS NOT NULL
  END)`;

/** Upcoming events (or those of a range), the soonest first, that the viewer may see. */
export async function listEvents(
  db: Db,
  viewerId: string | null,
  query: z.output<typeof EventsQuery>,
  now: Date,
) {
  const viewer = viewerId ?? NOBODY;
  const rows = await db
    .selectFrom('community_events as e')
    .leftJoin('groups as g', 'g.id', 'e.group_id')
    .leftJoin('group_memberships as m', (join) =>
      join.onRef('m.group_id', '=', 'e.group_id').on('m.user_id', '=', viewer),
    )
    .leftJoin('event_attendees as a', (join) =>
      join.onRef('a.event_id', '=', 'e.id').on('a.user_id', '=', viewer),
    )
    .selectAll('e')
    .select('a.status as my_status')
    .where('e.cancelled', '=', false)
    // A closed group's events go with it.
    .where((w) => w.or([w('e.group_id', 'is', null), w('g.closed', '=', false)]))
    .where(listed(viewer))
    // What moderators hid, the event or its group, is gone for all but its organiser or owner.
    .where(eventNotHidden(sql.ref('e.id'), sql.ref('e.creator_id'), viewerId))
    .where((w) =>
      w.or([w('e.group_id', 'is', null), groupNotHidden(sql.ref('g.id'), sql.ref('g.creator_id'), viewerId)]),
    )
    .where('e.start_date', '>=', new Date(query.from ?? now))
    .$if(query.to !== undefined, (q) => q.where('e.start_date', '<', new Date(query.to ?? now)))
    .$if(query.groupId !== undefined, (q) => q.where('e.group_id', '=', query.groupId ?? NOBODY))
    .orderBy('e.start_date')
    .orderBy('e.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map((row) => toEvent(row, (row.my_status as AttendeeStatus | null) ?? null));
}

/** Who has a place (in the order they got it), then the waitlist (first come first). */
export async function attendeesOf(db: Db, eventId: string) {
  const rows = await db
    .selectFrom('event_attendees as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.event_id', 'a.user_id', 'a.status', 'a.joined_at', ...PERSON_COLUMNS])
    .where('a.event_id', '=', eventId)
    .orderBy(sql`a.status = 'waitlisted'`)
    .orderBy('a.position')
    .limit(5000)
    .execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    userId: r.user_id,
    status: r.status as AttendeeStatus,
    joinedAt: r.joined_at.toISOString(),
    ...personOf(r),
  }));
}

/** The events the member attends (not the waitlist), for their calendar: a year back onward. */
export async function eventsAttendedBy(db: Db, userId: string, now: Date): Promise<EventRow[]> {
  const since = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
  return db
    .selectFrom('community_events as e')
    .innerJoin('event_attendees as a', 'a.event_id', 'e.id')
    .selectAll('e')
    .where('a.user_id', '=', userId)
    .where('a.status', '=', 'attending')
    .where('e.start_date', '>=', since)
    .orderBy('e.start_date')
    .limit(1000)
    .execute();
}

/** An event as a calendar file shows it: the event's fields a calendar names (icalendar.ts). */
export function toCalendarEntry(row: EventRow): CalendarEntry {
  return toEvent(row, null);
}

/** Whose calendar address this secret's hash is, or undefined. */
export async function calendarOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}
