import { randomUUID } from 'node:crypto';
import {
  EventAttendeeJoined,
  EventAttendeeLeft,
  EventAttendeePromoted,
  EventCancelled,
  EventChanged,
  EventScheduled,
} from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueReminders } from '../src/db/community-events';
import { type Notifications, type Replicas, startReplicas } from './harness';

// Community events' reminders with two replicas on one database, and across a restart: each
// attending member gets the day's and the hour's reminder once; a change of time or place, or a
// cancellation, tells those signed up once, even when the event is delivered again.

const HOUR_MS = 3_600_000;
let clock = new Date();
// Each replica's clock is `clock`, counting its reads (harness.ts): the sweeper reads it once a
// round, so a count that grows says the replica kept looking after the reminders went out.
const roundsGoBy = async () => {
  const { reads } = replicas;
  const seen = { ...reads };
  await waitFor(
    () => reads.first > seen.first + 3 && (reads.second > seen.second + 3 || reads.third > seen.third + 3),
  );
};

let replicas: Replicas;
let first: Notifications;
beforeAll(async () => {
  replicas = await startReplicas(() => clock, { reminderEveryMs: 20 });
  first = replicas.first;
}, 60_000);
afterAll(async () => {
  await replicas?.stop();
});

/** An event starting at `start`, organised by `organiser`, and members signed up in order. */
async function scheduleEvent(organiser: string, start: Date, attending: string[], waitlisted: string[] = []) {
  const eventId = randomUUID();
  const streamId = `event-${eventId}`;
  let position = 0;
  const at = (p = ++position) => ({ streamId, streamPosition: p });
  const events = [
    await publishAs(
      first.bus,
      EventScheduled,
      {
        eventId,
        creatorId: organiser,
        groupId: null,
        title: 'Trail clean-up',
        description: null,
        location: 'Cameron Park, Redgate entrance',
        startDate: start.toISOString(),
        endDate: null,
        imageUrl: null,
        isPublic: true,
        maxAttendees: attending.length,
        createdAt: new Date().toISOString(),
      },
      at(),
    ),
  ];
  for (const [status, ids] of [
    ['attending', attending],
    ['waitlisted', waitlisted],
  ] as const)
    for (const userId of ids)
      events.push(
        await publishAs(
          first.bus,
          EventAttendeeJoined,
          { eventId, userId, status, joinedAt: new Date().toISOString() },
          at(),
        ),
      );
  await first.handled(...events);
  return { eventId, next: at };
}

const ofType = async (userId: string, type: string) =>
  (await first.notificationsOf(userId)).filter((n) => n.type === type);

describe('claiming reminders', () => {
  it('two claims at once never take the same reminder', async () => {
    const organiser = await first.registerUser('Pat', 'Organiser');
    const start = new Date(Date.now() + 30 * 24 * HOUR_MS);
    // The clock stays before these reminders: the sweepers leave them to the claims below.
    clock = new Date(start.getTime() - 30 * HOUR_MS);
    const events: string[] = [];
    for (let i = 0; i < 6; i++) events.push((await scheduleEvent(organiser, start, [])).eventId);
    const dbs = [first.running.database.db, replicas.other().running.database.db];
    const due = new Date(start.getTime() - 20 * HOUR_MS);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (dbs[i % 2] as (typeof dbs)[0]).transaction().execute((trx) => claimDueReminders(trx, due, 2)),
      ),
    );
    const taken = claims.flat().map((c) => `${c.eventId}|${c.kind}`);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.filter((t) => events.some((e) => t.startsWith(e)))).toHaveLength(6);
  });
});

describe('changes to an event', () => {
  it('tell those signed up once, move the reminders, and a cancellation drops them', async () => {
    const organiser = await first.registerUser('Rita', 'Organiser');
    const ada = await first.registerUser('Ada', 'Goes');
    const bob = await first.registerUser('Bob', 'Waits');
    const cal = await first.registerUser('Cal', 'Left');
    const start = new Date(Date.now() + 10 * 24 * HOUR_MS);
    clock = new Date();
    const { eventId, next } = await scheduleEvent(organiser, start, [organiser, ada, cal], [bob]);
    const left = await publishAs(
      first.bus,
      EventAttendeeLeft,
      { eventId, userId: cal, status: 'attending', leftAt: new Date().toISOString() },
      next(),
    );
    const promoted = await publishAs(
      first.bus,
      EventAttendeePromoted,
      { eventId, userId: bob, promotedAt: new Date().toISOString() },
      next(),
    );
    await first.handled(left, promoted);

    const later = new Date(start.getTime() + 24 * HOUR_MS);
    const changed = await publishAs(
      first.bus,
      EventChanged,
      {
        eventId,
        editorId: organiser,
        location: 'Cameron Park Zoo gate',
        startDate: later.toISOString(),
        endDate: null,
        changedAt: new Date().toISOString(),
      },
      next(),
    );
    await first.handled(changed);
    // Delivered again: the inbox makes nothing more of it.
    await first.bus.publish('groups', changed);
    await waitFor(async () => (await ofType(ada, 'community_event_changed')).length === 1);
    for (const userId of [ada, bob]) {
      const [notice] = await ofType(userId, 'community_event_changed');
      expect(notice?.title).toBe('“Trail clean-up” changed');
      expect(notice?.message).toMatch(/^The event is now .+, now at Cameron Park Zoo gate$/);
    }
    expect(await ofType(organiser, 'community_event_changed'), 'not the one who changed it').toEqual([]);
    expect(await ofType(cal, 'community_event_changed'), 'not one who left').toEqual([]);

    // The old start's day reminder is gone; the new start's comes.
    clock = new Date(start.getTime() - 23 * HOUR_MS);
    await roundsGoBy();
    expect(await ofType(ada, 'event_reminder')).toEqual([]);
    clock = new Date(later.getTime() - 23 * HOUR_MS);
    await waitFor(async () => (await ofType(bob, 'event_reminder')).length === 1);

    const cancelled = await publishAs(
      first.bus,
      EventCancelled,
      { eventId, cancelledBy: organiser, cancelledAt: new Date().toISOString() },
      next(),
    );
    await first.handled(cancelled);
    await first.bus.publish('groups', cancelled);
    clock = new Date(later.getTime() - 30 * 60_000);
    await roundsGoBy();
    for (const userId of [ada, bob]) {
      expect(await ofType(userId, 'community_event_cancelled')).toHaveLength(1);
      expect(await ofType(userId, 'event_reminder'), 'no hour reminder of a cancelled event').toHaveLength(1);
    }
    const [notice] = await ofType(ada, 'community_event_cancelled');
    expect(notice?.title).toBe('“Trail clean-up” was cancelled');
  });
});

// Last: the in-process bus keeps handing events to the replica stopped here.
describe('event reminders', () => {
  it('reach each attending member once a day before and once an hour before, with two replicas and a restart', async () => {
    const organiser = await first.registerUser('Olive', 'Organiser');
    const going = await first.registerUsers(['Ada', 'One'], ['Bea', 'Two'], ['Cal', 'Three']);
    const waiting = await first.registerUser('Dan', 'Waits');
    // The clock back to today: reminders of events long started are forgotten.
    clock = new Date();
    const start = new Date(Date.now() + 3 * 24 * HOUR_MS);
    const { eventId } = await scheduleEvent(organiser, start, going, [waiting]);

    clock = new Date(start.getTime() - 23 * HOUR_MS);
    for (const userId of going)
      await waitFor(async () => (await ofType(userId, 'event_reminder')).length === 1);
    await roundsGoBy();

    // A restart: the second replica stops, a new one starts on the same database.
    await replicas.restart();
    clock = new Date(start.getTime() - 50 * 60_000);
    for (const userId of going)
      await waitFor(async () => (await ofType(userId, 'event_reminder')).length === 2);
    await roundsGoBy();

    for (const userId of going) {
      const reminders = await ofType(userId, 'event_reminder');
      expect(reminders.map((n) => n.title)).toEqual([
        '“Trail clean-up” starts tomorrow',
        '“Trail clean-up” starts in an hour',
      ]);
      expect(reminders[0]?.message).toMatch(/^Starts .+ at Cameron Park, Redgate entrance$/);
      expect(reminders[0]?.related_id).toBe(eventId);
    }
    expect(await ofType(waiting, 'event_reminder'), 'the waitlist is not reminded').toEqual([]);
  });
});
