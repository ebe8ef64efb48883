import { EVENT_NOT_FOUND, GROUP_NOT_FOUND, LAST_ADMIN_CANNOT_LEAVE } from '@waco/contracts';
import { groupsService } from '@waco/groups';
import { waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';
import { expectRebuildToMatchLive } from './support/rebuild';

// Groups and community events end to end, through the gateway of the embedded stack: private
// groups and their events invisible to outsiders, capacity and waitlist under concurrent
// sign-ups, calendars, and the read tables rebuilt from the log.

const stack = useEmbeddedTestStack('grp', { rateLimits: { general: 1_000_000, auth: 1_000_000 } });
const { call, signUp, signUpAll } = stack;

/** A start a week from now, as a form sends it (an offset, not UTC). */
const nextWeek = (hours = 0) => {
  const at = new Date(Date.now() + 7 * 24 * 3600 * 1000 + hours * 3600 * 1000);
  at.setUTCMilliseconds(0);
  return at.toISOString().replace('Z', '+00:00');
};

const createGroup = async (who: Member, body: Record<string, unknown>) => {
  const answer = await call(who, 'POST', '/api/groups', body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string; membersCount: number };
};
const createEvent = async (who: Member, body: Record<string, unknown>) => {
  const answer = await call(who, 'POST', '/api/events', {
    title: 'Trail clean-up',
    location: 'Cameron Park, Redgate entrance',
    startDate: nextWeek(),
    ...body,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string };
};
const listedEventIds = async (who: Member | null, query = '') =>
  ((await call(who, 'GET', `/api/events${query}`)).body as { id: string }[]).map((e) => e.id);

describe('a private group', () => {
  it('shows outsiders its name only, and its members and events to nobody but its members', async () => {
    const [ada, bob, eve] = await signUpAll('Ada', 'Bob', 'Eve');
    const club = await createGroup(ada, {
      name: 'Sanger Heights book club',
      description: 'We read one novel a month',
      neighborhood: 'sanger_heights',
      isPublic: false,
    });
    const meeting = await createEvent(ada, { title: 'March meeting', groupId: club.id, isPublic: true });
    const openEvent = await createEvent(ada, { title: 'Open porch reading' });

    for (const outsider of [eve, null]) {
      const who = outsider ? 'a member outside it' : 'a guest';
      const seen = (await call(outsider, 'GET', `/api/groups/${club.id}`)).body;
      expect(seen, who).toMatchObject({
        name: 'Sanger Heights book club',
        isPublic: false,
        description: null,
      });
      expect(seen.neighborhood, who).toBeNull();
      expect(seen.membersCount, who).toBe(0);
      const listed = (await call(outsider, 'GET', '/api/groups?search=book%20club')).body as {
        id: string;
        description: string | null;
      }[];
      expect(listed.find((g) => g.id === club.id)?.description, who).toBeNull();
      // The neighbourhood filter would tell where it is: it passes over it.
      const near = (await call(outsider, 'GET', '/api/groups?neighborhood=sanger_heights')).body as {
        id: string;
      }[];
      expect(
        near.map((g) => g.id),
        who,
      ).not.toContain(club.id);
      expect(await listedEventIds(outsider), who).not.toContain(meeting.id);
      expect(await listedEventIds(outsider, `?groupId=${club.id}`), who).toEqual([]);
      expect(await listedEventIds(outsider), who).toContain(openEvent.id);
      const event = await call(outsider, 'GET', `/api/events/${meeting.id}`);
      expect([event.status, event.body.message], who).toEqual([404, EVENT_NOT_FOUND]);
      expect((await call(outsider, 'GET', `/api/events/${meeting.id}/ics`)).status, who).toBe(404);
    }
    const members = await call(eve, 'GET', `/api/groups/${club.id}/members`);
    expect([members.status, members.body.message]).toEqual([404, GROUP_NOT_FOUND]);
    expect((await call(eve, 'GET', `/api/events/${meeting.id}/attendees`)).status).toBe(404);
    expect((await call(eve, 'POST', `/api/events/${meeting.id}/attend`)).status).toBe(404);
    // Nor can an outsider put an event in it.
    const intruding = await call(eve, 'POST', '/api/events', {
      title: 'Crash',
      location: 'x',
      startDate: nextWeek(),
      groupId: club.id,
    });
    expect(intruding.status).toBe(404);

    // Bob asks; Ada approves; then he sees it all.
    const asked = await call(bob, 'POST', `/api/groups/${club.id}/join`);
    expect(asked.body.membership).toEqual({ status: 'requested', role: null });
    expect((await call(bob, 'GET', `/api/groups/${club.id}/requests`)).status).toBe(404);
    const requests = (await call(ada, 'GET', `/api/groups/${club.id}/requests`)).body as { userId: string }[];
    expect(requests.map((r) => r.userId)).toEqual([bob.id]);
    const approved = await call(ada, 'POST', `/api/groups/${club.id}/requests/${bob.id}`, { approve: true });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.membersCount).toBe(2);
    expect((await call(bob, 'GET', `/api/groups/${club.id}`)).body).toMatchObject({
      description: 'We read one novel a month',
      membersCount: 2,
      membership: { status: 'member', role: 'member' },
    });
    expect(await listedEventIds(bob)).toContain(meeting.id);
    expect((await call(bob, 'POST', `/api/events/${meeting.id}/attend`)).body.status).toBe('attending');
    const attendees = (await call(bob, 'GET', `/api/events/${meeting.id}/attendees`)).body as {
      userId: string;
    }[];
    expect(attendees.map((a) => a.userId)).toEqual([bob.id]);
  });
});

describe('a group’s members and roles', () => {
  it('counts members exactly, keeps the last admin until they hand over, and lets admins run it', async () => {
    const ada = await signUp('Ada');
    const crew = await createGroup(ada, { name: 'Cameron Park trail crew', neighborhood: 'cameron_park' });
    expect(crew.membersCount).toBe(1);
    const joiners = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(`Hiker${String.fromCharCode(65 + i)}`)),
    );
    const joined = await Promise.all(joiners.map((m) => call(m, 'POST', `/api/groups/${crew.id}/join`)));
    expect(joined.map((a) => a.status)).toEqual(joiners.map(() => 200));
    expect((await call(null, 'GET', `/api/groups/${crew.id}`)).body.membersCount).toBe(13);
    const [first, second] = joiners as [Member, Member];
    expect((await call(second, 'POST', `/api/groups/${crew.id}/leave`)).body.membersCount).toBe(12);

    const leaving = await call(ada, 'POST', `/api/groups/${crew.id}/leave`);
    expect([leaving.status, leaving.body.message]).toEqual([409, LAST_ADMIN_CANNOT_LEAVE]);
    expect(
      (await call(first, 'PUT', `/api/groups/${crew.id}/members/${first.id}`, { role: 'admin' })).status,
    ).toBe(403);
    const promoted = await call(ada, 'PUT', `/api/groups/${crew.id}/members/${first.id}`, { role: 'admin' });
    expect(promoted.body).toMatchObject({ userId: first.id, role: 'admin' });
    expect((await call(ada, 'POST', `/api/groups/${crew.id}/leave`)).status).toBe(200);
    const removed = await call(first, 'DELETE', `/api/groups/${crew.id}/members/${joiners[2]?.id}`);
    expect(removed.body.membersCount).toBe(10);
    const members = (await call(first, 'GET', `/api/groups/${crew.id}/members`)).body as {
      userId: string;
      role: string;
    }[];
    expect(members.length).toBe(10);
    // The twelve joined at once: who of them stands longest is the order their joins were decided in.
    expect(members.find((m) => m.userId === first.id)).toMatchObject({ role: 'admin' });
    expect(members.filter((m) => m.role === 'admin').length).toBe(1);

    // Most members first.
    const small = await createGroup(ada, { name: 'Cameron Park birders', neighborhood: 'cameron_park' });
    const byMembers = (
      (await call(null, 'GET', '/api/groups?sort=members&search=Cameron%20Park')).body as { id: string }[]
    ).map((g) => g.id);
    expect(byMembers.indexOf(crew.id)).toBeLessThan(byMembers.indexOf(small.id));
  });
});

describe('an event with 10 places', () => {
  it('never overbooks under 50 concurrent sign-ups, and a departure promotes the first waitlisted', async () => {
    const host = await signUp('Host');
    const event = await createEvent(host, { title: 'Youth league try-outs', maxAttendees: 10 });
    const people: Member[] = [];
    for (let i = 0; i < 50; i++) people.push(await signUp(`Player${String.fromCharCode(65 + (i % 26))}`));

    const started = performance.now();
    const answers = await Promise.all(
      people.map((who) => call(who, 'POST', `/api/events/${event.id}/attend`)),
    );
    const elapsedMs = Math.round(performance.now() - started);
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    const attending = answers.filter((a) => a.body.status === 'attending').length;
    const waitlisted = answers.filter((a) => a.body.status === 'waitlisted').length;
    const stored = (await call(host, 'GET', `/api/events/${event.id}`)).body;
    console.log(
      `50 concurrent sign-ups for 10 places: ${elapsedMs} ms; ${attending} attending, ${waitlisted} waitlisted; ` +
        `attendeesCount ${stored.attendeesCount}, waitlistCount ${stored.waitlistCount}`,
    );
    expect([attending, waitlisted]).toEqual([10, 40]);
    expect([stored.attendeesCount, stored.waitlistCount]).toEqual([10, 40]);
    const list = (await call(host, 'GET', `/api/events/${event.id}/attendees`)).body as {
      userId: string;
      status: string;
    }[];
    expect(list.filter((a) => a.status === 'attending').length).toBe(10);
    expect(list.filter((a) => a.status === 'waitlisted').length).toBe(40);

    // The first waitlisted (in the order places were decided) takes the place freed.
    const leaver = people.find((p) => answers[people.indexOf(p)]?.body.status === 'attending') as Member;
    const firstWaiting = list.find((a) => a.status === 'waitlisted')?.userId;
    const left = await call(leaver, 'POST', `/api/events/${event.id}/leave`);
    expect(left.body).toMatchObject({ status: null, attendeesCount: 10, waitlistCount: 39 });
    const promoted = people.find((p) => p.id === firstWaiting) as Member;
    expect((await call(promoted, 'GET', `/api/events/${event.id}`)).body).toMatchObject({
      myStatus: 'attending',
      attendeesCount: 10,
      waitlistCount: 39,
    });
  }, 180_000);
});

describe('calendars', () => {
  it('gives an event as an .ics file, and a member the events they attend at a secret address', async () => {
    const ada = await signUp('Ada');
    const event = await createEvent(ada, {
      title: 'Farmers market, downtown',
      location: 'Downtown Waco; 500 Washington Ave',
      startDate: '2031-06-01T08:00:00-05:00',
      endDate: '2031-06-01T12:00:00-05:00',
    });
    const file = await call(null, 'GET', `/api/events/${event.id}/ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(file.text).toContain('DTSTART:20310601T130000Z\r\n');
    expect(file.text).toContain('DTEND:20310601T170000Z\r\n');
    expect(file.text).toContain('SUMMARY:Farmers market\\, downtown\r\n');
    expect(file.text).toContain('LOCATION:Downtown Waco\\; 500 Washington Ave\r\n');

    expect((await call(ada, 'POST', `/api/events/${event.id}/attend`)).body.status).toBe('attending');
    const feed = await call(ada, 'POST', '/api/calendar-feed');
    expect(feed.status).toBe(201);
    const calendar = await call(null, 'GET', feed.body.path);
    expect(calendar.status).toBe(200);
    expect(calendar.text).toContain(`UID:${event.id}@waco-commons`);
    // A new address replaces the old.
    const renewed = await call(ada, 'POST', '/api/calendar-feed');
    expect((await call(null, 'GET', feed.body.path)).status).toBe(404);
    expect((await call(null, 'GET', renewed.body.path)).status).toBe(200);
  });
});

describe('an account', () => {
  it('exports its groups and events; deleted, it leaves them: its group passes on, its place to the waitlist', async () => {
    const [dee, ben, cy, kim] = [
      await signUp('Dee'),
      await signUp('Ben'),
      await signUp('Cy'),
      await signUp('Kim'),
    ];
    const market = await createGroup(dee, { name: 'Downtown farmers market', neighborhood: 'downtown' });
    for (const who of [ben, cy])
      expect((await call(who, 'POST', `/api/groups/${market.id}/join`)).status).toBe(200);
    const own = await createEvent(dee, { title: 'Market day', groupId: market.id });
    const lecture = await createEvent(kim, { title: 'Local history talk', maxAttendees: 1 });
    expect((await call(dee, 'POST', `/api/events/${lecture.id}/attend`)).body.status).toBe('attending');
    expect((await call(cy, 'POST', `/api/events/${lecture.id}/attend`)).body.status).toBe('waitlisted');

    const exported = await (
      await fetch(`${stack.base}/api/user/export`, { headers: { cookie: dee.cookie } })
    ).json();
    expect(exported.groupMemberships).toEqual([
      expect.objectContaining({ groupId: market.id, role: 'admin' }),
    ]);
    expect(exported.eventsCreated).toEqual([expect.objectContaining({ id: own.id, title: 'Market day' })]);
    expect(exported.eventAttendance).toEqual([
      expect.objectContaining({ eventId: lecture.id, status: 'attending' }),
    ]);

    expect((await call(dee, 'DELETE', '/api/user', { password: 'correct horse battery' })).status).toBe(204);
    // The longest-standing member after her is the group's admin, with its name kept.
    await waitFor(
      async () => (await call(ben, 'GET', `/api/groups/${market.id}`)).body.membership.role === 'admin',
      20_000,
      "Ben to be the market group's admin",
    );
    expect((await call(ben, 'GET', `/api/groups/${market.id}`)).body).toMatchObject({
      name: 'Downtown farmers market',
      membersCount: 2,
      creatorId: ben.id,
    });
    expect((await call(cy, 'GET', `/api/events/${lecture.id}`)).body).toMatchObject({
      myStatus: 'attending',
      attendeesCount: 1,
      waitlistCount: 0,
    });
    expect((await call(ben, 'GET', `/api/events/${own.id}`)).body).toMatchObject({
      cancelled: true,
      title: '',
    });
  }, 60_000);
});

describe('the rebuild', () => {
  it("rebuilds groups' read tables from its log to what live writes made", async () => {
    await expectRebuildToMatchLive(stack.stack.services.groups, groupsService.projections ?? [], 60);
  });
});
