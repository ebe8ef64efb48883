import {
  INVITATION_BLOCKED,
  INVITEE_CANNOT_SEE_EVENT,
  MEMBER_NOT_FOUND,
  NO_INVITATION,
} from '@waco/contracts';
import { createNotificationsService } from '@waco/notifications';
import { InProcessBus } from '@waco/platform';
import { startTestService, testLogger, waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// A community event's reminders and notices, and invitations to a group, through the gateway:
// groups decides, notifications hears of it and tells those signed up, or the invitee. Its clock is the test's, so a day passes at once (two
// replicas and a restart: services/notifications/test/event-reminders.test.ts).

const HOUR_MS = 3_600_000;
let clock = new Date();
let reads = 0;
// Shared with a second notifications replica (the stack closes it).
const bus = new InProcessBus(testLogger);
const stack = useEmbeddedTestStack('rem', {
  bus,
  rateLimits: { general: 1_000_000, auth: 1_000_000 },
  notifications: {
    reminderEveryMs: 50,
    now: () => {
      reads++;
      return clock;
    },
  },
});
const { call, signUp, signUpAll } = stack;
const notificationsPool = () => stack.stack.services.notifications.database.pool;
const groupsPool = () => stack.stack.services.groups.database.pool;

/** The sweeper looked a few more times (it reads the clock once a round). */
const roundsGoBy = async () => {
  const seen = reads;
  await waitFor(() => reads > seen + 3);
};
const notificationsOf = async (who: Member, type: string) =>
  (
    (await call(who, 'GET', '/api/notifications')).body.notifications as Array<{
      type: string;
      title: string;
      message: string;
      relatedId: string;
    }>
  ).filter((n) => n.type === type);
const told = (who: Member, type: string, count: number) =>
  waitFor(async () => (await notificationsOf(who, type)).length === count);
/**
 * `from` invites `who` at `path`: groups knows a member from identity's events, which may reach it
 * after the sign-up's answer, so an invitee it does not know yet is invited again; any other
 * answer is the test's to check.
 */
const invite = (from: Member, path: string, who: Member) =>
  waitFor(
    async () => {
      const answer = await call(from, 'POST', path, { userId: who.id });
      return answer.status === 404 && answer.text.includes(MEMBER_NOT_FOUND) ? false : answer;
    },
    20_000,
    `${path} to know the invitee`,
  );

describe("a community event's reminders and notices", () => {
  it('remind those attending a day and an hour before, once, and tell everyone signed up of a change and a cancellation', async () => {
    const [ada, bob, cal, dan] = await signUpAll('Ada', 'Bob', 'Cal', 'Dan');
    const start = new Date(Date.now() + 3 * 24 * HOUR_MS);
    start.setUTCMilliseconds(0);
    const created = await call(ada, 'POST', '/api/events', {
      title: 'Trail clean-up',
      location: 'Cameron Park, Redgate entrance',
      startDate: start.toISOString(),
      maxAttendees: 2,
    });
    expect(created.status, created.text).toBe(201);
    const eventId = created.body.id as string;
    for (const who of [bob, cal, dan]) {
      const answer = await call(who, 'POST', `/api/events/${eventId}/attend`);
      expect(answer.status, answer.text).toBeLessThan(300);
    }

    const moved = await call(ada, 'PATCH', `/api/events/${eventId}`, { location: 'Cameron Park Zoo gate' });
    expect(moved.status, moved.text).toBe(200);
    for (const who of [bob, cal, dan]) await told(who, 'community_event_changed', 1);
    const [notice] = await notificationsOf(dan, 'community_event_changed');
    expect(notice).toMatchObject({
      title: '“Trail clean-up” changed',
      message: 'The event is now at Cameron Park Zoo gate',
      relatedId: eventId,
    });
    expect(await notificationsOf(ada, 'community_event_changed'), 'not the organiser who changed it').toEqual(
      [],
    );

    clock = new Date(start.getTime() - 23 * HOUR_MS);
    for (const who of [bob, cal]) await told(who, 'event_reminder', 1);
    clock = new Date(start.getTime() - 40 * 60_000);
    for (const who of [bob, cal]) await told(who, 'event_reminder', 2);
    await roundsGoBy();
    const reminders = await notificationsOf(bob, 'event_reminder');
    expect(reminders.map((n) => n.title).sort()).toEqual([
      '“Trail clean-up” starts in an hour',
      '“Trail clean-up” starts tomorrow',
    ]);
    expect(reminders[0]?.message).toMatch(/^Starts .+ at Cameron Park Zoo gate$/);
    expect(await notificationsOf(dan, 'event_reminder'), 'the waitlist is not reminded').toEqual([]);

    const cancelled = await call(ada, 'POST', `/api/events/${eventId}/cancel`);
    expect(cancelled.status, cancelled.text).toBeLessThan(300);
    for (const who of [bob, cal, dan]) await told(who, 'community_event_cancelled', 1);
  });
});

describe('an invitation to a group', () => {
  it('reaches the invitee, lets them into a private group at once, or is declined; never across a block', async () => {
    const [ada, bob, cal, eve] = await signUpAll('Ada', 'Bob', 'Cal', 'Eve');
    const club = await call(ada, 'POST', '/api/groups', {
      name: 'Sanger Heights book club',
      isPublic: false,
    });
    expect(club.status, club.text).toBe(201);
    const groupId = club.body.id as string;

    // Only members invite.
    const outsider = await call(eve, 'POST', `/api/groups/${groupId}/invitations`, { userId: cal.id });
    expect(outsider.status, outsider.text).toBe(404);

    for (const who of [bob, cal]) {
      const invited = await invite(ada, `/api/groups/${groupId}/invitations`, who);
      expect(invited.status, invited.text).toBe(200);
    }
    const again = await call(ada, 'POST', `/api/groups/${groupId}/invitations`, { userId: bob.id });
    expect(again.status).toBe(409);
    await told(bob, 'group_invitation', 1);
    const [invitation] = await notificationsOf(bob, 'group_invitation');
    expect(invitation).toMatchObject({
      title: expect.stringMatching(/^Ada\S* .* invited you to join a group$/),
      message: 'Open it to accept or decline',
      relatedId: groupId,
    });

    // Accepting joins the private group with no request to approve.
    const accepted = await call(bob, 'POST', `/api/groups/${groupId}/invitations/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({
      membership: { status: 'member', role: 'member' },
      membersCount: 2,
    });
    const declined = await call(cal, 'POST', `/api/groups/${groupId}/invitations/decline`);
    expect(declined.body).toMatchObject({ membership: { status: 'none' } });
    const twice = await call(cal, 'POST', `/api/groups/${groupId}/invitations/accept`);
    expect([twice.status, twice.body.error ?? twice.body.message]).toEqual([404, NO_INVITATION]);

    // A block, either way, refuses the invitation with why.
    expect((await call(eve, 'POST', `/api/users/${bob.id}/block`)).status).toBe(200);
    // Groups hears of the block by moderation's event: the invitation is tried once it has (an
    // invitation tried before would be sent, and reach Eve, as any invitation made before a block).
    await waitFor(async () => {
      const { rows } = await groupsPool().query(
        'SELECT 1 FROM moderation_blocks WHERE blocked AND blocker_id = $1 AND blocked_id = $2',
        [eve.id, bob.id],
      );
      return rows.length > 0;
    });
    const refused = await invite(bob, `/api/groups/${groupId}/invitations`, eve);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.text).toContain(INVITATION_BLOCKED);
    expect(await notificationsOf(eve, 'group_invitation')).toEqual([]);

    // The export holds the invitations sent and those waiting.
    const invitedAgain = await invite(bob, `/api/groups/${groupId}/invitations`, cal);
    expect(invitedAgain.status, invitedAgain.text).toBe(200);
    const exported = await fetch(`${stack.base}/api/user/export`, { headers: { cookie: cal.cookie } });
    const data = (await exported.json()) as Record<string, Array<Record<string, unknown>>>;
    expect(data.groupInvitations).toEqual([expect.objectContaining({ groupId, invitedBy: bob.id })]);
  });
});

describe('an invitation to an event', () => {
  it("signs the invitee up when accepted, reaches only those who may see it, and is in the invitee's export", async () => {
    const [ada, bob, eve] = await signUpAll('Ada', 'Bob', 'Eve');
    const club = await call(ada, 'POST', '/api/groups', { name: 'Cameron Park trail crew', isPublic: false });
    const groupId = club.body.id as string;
    expect((await invite(ada, `/api/groups/${groupId}/invitations`, bob)).status).toBe(200);
    expect((await call(bob, 'POST', `/api/groups/${groupId}/invitations/accept`)).status).toBe(200);
    const created = await call(ada, 'POST', '/api/events', {
      title: 'Saturday walk',
      location: 'Cameron Park',
      startDate: new Date(Date.now() + 5 * 24 * HOUR_MS).toISOString(),
      groupId,
      maxAttendees: 1,
    });
    expect(created.status, created.text).toBe(201);
    const eventId = created.body.id as string;

    // Eve is outside the private group: its event is not hers to be invited to.
    const outsider = await invite(ada, `/api/events/${eventId}/invitations`, eve);
    expect([outsider.status, outsider.text.includes(INVITEE_CANNOT_SEE_EVENT)]).toEqual([409, true]);

    const invited = await call(ada, 'POST', `/api/events/${eventId}/invitations`, { userId: bob.id });
    expect(invited.status, invited.text).toBe(200);
    await told(bob, 'event_invitation', 1);
    const [notice] = await notificationsOf(bob, 'event_invitation');
    expect(notice).toMatchObject({ message: 'Open it to accept or decline', relatedId: eventId });
    expect(notice?.title).toMatch(/invited you to an event$/);
    const exported = await fetch(`${stack.base}/api/user/export`, { headers: { cookie: bob.cookie } });
    const data = (await exported.json()) as Record<string, Array<Record<string, unknown>>>;
    expect(data.eventInvitations).toEqual([expect.objectContaining({ eventId, invitedBy: ada.id })]);

    const accepted = await call(bob, 'POST', `/api/events/${eventId}/invitations/accept`);
    expect(accepted.body).toMatchObject({ eventId, status: 'attending', attendeesCount: 1 });
    const again = await call(bob, 'POST', `/api/events/${eventId}/invitations/decline`);
    expect(again.status).toBe(404);
  });
});

// Last: the in-process bus keeps handing events to the replica stopped here.
describe('reminders with a second notifications replica, and a restart', () => {
  it('each attending member gets each reminder once, whichever replica claims it', async () => {
    const ada = await signUp('Ada');
    const going = [await signUp('Bob'), await signUp('Cal'), await signUp('Dee')];
    clock = new Date();
    const starts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const start = new Date(Date.now() + 4 * 24 * HOUR_MS + i * 60_000);
      start.setUTCMilliseconds(0);
      const created = await call(ada, 'POST', '/api/events', {
        title: `Porch reading ${i}`,
        location: 'Sanger Heights',
        startDate: start.toISOString(),
      });
      expect(created.status, created.text).toBe(201);
      for (const who of going) await call(who, 'POST', `/api/events/${created.body.id}/attend`);
      starts.push(start.toISOString());
    }
    // Every sign-up in notifications' copy before a replica joins (the replica takes its share of events).
    await waitFor(async () => {
      const { rows } = await notificationsPool().query(
        "SELECT count(*)::int AS n FROM community_event_attendees WHERE status = 'attending'",
      );
      return rows[0]?.n >= 24;
    });
    let replicaRounds = 0;
    const replicaClock = () => {
      replicaRounds++;
      return clock;
    };
    const replica = () =>
      startTestService(createNotificationsService({ reminderEveryMs: 20, now: replicaClock }), {
        bus,
        schema: `notifications${stack.suffix}`,
        keepSchema: true,
        identityUrl: stack.stack.services.identity.url,
      });
    let second = await replica();
    try {
      // All the day-before reminders come due at once: both replicas sweep them.
      const last = new Date(starts.at(-1) as string);
      clock = new Date(last.getTime() - 23 * HOUR_MS);
      await waitFor(async () => (await notificationsOf(going[0] as Member, 'event_reminder')).length >= 4);
      // The replica stops mid-way and another starts; the rest, then the hour's, follow.
      await second.stop();
      second = await replica();
      for (const who of going) await told(who, 'event_reminder', 8);
      clock = new Date(new Date(starts[0] as string).getTime() - 30 * 60_000);
      for (const who of going) await told(who, 'event_reminder', 16);
      await roundsGoBy();
      expect(replicaRounds, 'the replicas swept too').toBeGreaterThan(3);
      for (const who of going) {
        const titles = (await notificationsOf(who, 'event_reminder')).map((n) => n.title);
        expect(new Set(titles).size, 'no reminder twice').toBe(16);
      }
    } finally {
      await second.stop();
    }
  });
});
