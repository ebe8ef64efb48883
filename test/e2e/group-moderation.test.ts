import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Reports and moderation reach groups and community events, end to end through the gateway:
// members report a group or an event, moderation knows it from groups' events, a site moderator
// hides it (or three reports do) and the groups service leaves it out for all but its owner.

const stack = useEmbeddedTestStack('gmod', { rateLimits: { general: 1_000_000, auth: 1_000_000 } });
const { call, signUp, signUpAll } = stack;

const created = async (who: Member, path: string, body: Record<string, unknown>) => {
  const answer = await call(who, 'POST', path, body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string };
};
const report = (who: Member, targetType: 'group' | 'event', targetId: string) =>
  call(who, 'POST', '/api/reports', { targetType, targetId, reason: 'scam' });
const listed = async (who: Member | null, path: string) =>
  ((await call(who, 'GET', path)).body as { id: string }[]).map((x) => x.id);
const inWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('a reported group and event', () => {
  it('reach the queue; a moderator hides them and they vanish for everyone but their owner; dismissing keeps them', async () => {
    const [owner, neighbour, meg] = await signUpAll('Otto', 'Nina', 'Meg');
    await changeModerator(databasesOf(stack.running.stack.services), meg.email, true);
    const group = await created(owner, '/api/groups', { name: 'Crypto riches club' });
    const event = await created(owner, '/api/events', {
      title: 'Send money, get more back',
      location: 'Downtown',
      startDate: inWeek(),
    });
    const kept = await created(owner, '/api/events', {
      title: 'Honest yard sale',
      location: 'Elm St',
      startDate: inWeek(),
    });

    // The owner cannot report their own; a neighbour can (moderation hears of them by events).
    expect((await report(owner, 'group', group.id)).status).toBe(400);
    for (const [type, id] of [
      ['group', group.id],
      ['event', event.id],
      ['event', kept.id],
    ] as const)
      await waitFor(async () => ((await report(neighbour, type, id)).status === 201 ? true : undefined));

    const queue = (await call(meg, 'GET', '/api/moderation/reports?status=open')).body as {
      cases: { id: string; target: { type: string; id: string; title: string; hidden: boolean } }[];
    };
    const caseOf = (id: string) => queue.cases.find((c) => c.target.id === id);
    expect(caseOf(group.id)?.target).toMatchObject({
      type: 'group',
      title: 'Crypto riches club',
      hidden: false,
    });
    expect(caseOf(event.id)?.target).toMatchObject({ type: 'event', title: 'Send money, get more back' });

    for (const id of [group.id, event.id]) {
      const hidden = await call(meg, 'POST', `/api/moderation/reports/${caseOf(id)?.id}/resolve`, {
        action: 'hide',
      });
      expect(hidden.status, hidden.text).toBe(200);
    }
    const dismissed = await call(meg, 'POST', `/api/moderation/reports/${caseOf(kept.id)?.id}/resolve`, {
      action: 'dismiss',
    });
    expect(dismissed.status).toBe(200);

    // Gone for others, at their address and in every list, once groups hears of it.
    await waitFor(async () =>
      (await call(neighbour, 'GET', `/api/groups/${group.id}`)).status === 404 ? true : undefined,
    );
    await waitFor(async () =>
      (await call(neighbour, 'GET', `/api/events/${event.id}`)).status === 404 ? true : undefined,
    );
    for (const viewer of [neighbour, null]) {
      expect((await call(viewer, 'GET', `/api/groups/${group.id}`)).status).toBe(404);
      expect((await call(viewer, 'GET', `/api/events/${event.id}`)).status).toBe(404);
      expect(await listed(viewer, '/api/groups?search=crypto')).not.toContain(group.id);
      const events = await listed(viewer, '/api/events');
      expect(events).not.toContain(event.id);
      expect(events).toContain(kept.id);
    }
    // Their owner still finds them.
    expect((await call(owner, 'GET', `/api/groups/${group.id}`)).status).toBe(200);
    expect((await call(owner, 'GET', `/api/events/${event.id}`)).status).toBe(200);
    expect(await listed(owner, '/api/groups?search=crypto')).toContain(group.id);
    // The queue shows them hidden, resolved.
    const resolved = (await call(meg, 'GET', '/api/moderation/reports?status=resolved')).body as {
      cases: { target: { id: string; hidden: boolean } }[];
    };
    expect(resolved.cases.find((c) => c.target.id === group.id)?.target.hidden).toBe(true);
  });

  it("three neighbours' reports hide an event at once, pending review", async () => {
    const owner = await signUp('Olga');
    const reporters = [await signUp('Rita'), await signUp('Rob'), await signUp('Ria')];
    const event = await created(owner, '/api/events', {
      title: 'Pyramid night',
      location: 'Elm St',
      startDate: inWeek(),
    });
    for (const reporter of reporters)
      await waitFor(async () =>
        (await report(reporter, 'event', event.id)).status === 201 ? true : undefined,
      );
    await waitFor(async () =>
      (await call(reporters[0] as Member, 'GET', `/api/events/${event.id}`)).status === 404
        ? true
        : undefined,
    );
    expect(await listed(null, '/api/events')).not.toContain(event.id);
    expect((await call(owner, 'GET', `/api/events/${event.id}`)).status).toBe(200);
  });
});
