import { rebuildProjections } from '@waco/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTED_TABLES } from '../src/db/schema';
import { moderationProjection } from '../src/projections/moderation';
import { type Moderation, startModeration } from './harness';

/** moderation's events on both buses, and the rebuild of every one of its read tables. */
describe.each(['memory', 'nats'] as const)('on the %s bus', (bus) => {
  let moderation: Moderation;
  let moderator: string;
  let members: string[];

  beforeAll(async () => {
    moderation = await startModeration({ bus });
    moderator = await moderation.member('Meg', 'Moderator');
    members = [];
    for (const name of ['Ann', 'Ben', 'Cy', 'Di']) members.push(await moderation.member(name, 'Neighbour'));
    await moderation.grantModerator(moderator);
  });
  afterAll(() => moderation?.stop());

  const member = (i: number) => () => members[i] as string;
  const [ann, ben, cy, di] = [member(0), member(1), member(2), member(3)];

  it('rebuilds reports, moderators, administrators, suspensions, blocks, hidden posts and comments, verified members and the audit list identical to the live tables', async () => {
    const post = await moderation.post(ann());
    const other = await moderation.post(ann(), 'Second post');
    const report = (as: string, targetType: string, targetId: string) =>
      moderation.call('POST', '/api/reports', { as, json: { targetType, targetId, reason: 'spam' } });
    for (const as of [ben(), cy(), di()]) expect((await report(as, 'post', post)).status).toBe(201);
    const filed = await report(ben(), 'post', other);
    const user = await report(cy(), 'user', di());
    const resolve = (id: string, action: string) =>
      moderation.call('POST', `/api/moderation/reports/${id}/resolve`, {
        as: moderator,
        json: { action, note: 'n' },
      });
    expect((await resolve(filed.body.id, 'hide')).status).toBe(200);
    expect((await resolve(user.body.id, 'suspend')).status).toBe(200);
    expect(
      (await moderation.call('POST', `/api/moderation/users/${di()}/reinstate`, { as: moderator })).status,
    ).toBe(200);
    expect((await resolve((await report(ben(), 'user', di())).body.id, 'suspend')).status).toBe(200);
    await moderation.call('POST', `/api/users/${ben()}/block`, { as: ann() });
    await moderation.call('POST', `/api/users/${cy()}/block`, { as: ann() });
    await moderation.call('DELETE', `/api/users/${cy()}/block`, { as: ann() });
    await moderation.waitForPublished('UserUnblocked', (d) => d.blockedId === cy());
    const comment = await moderation.comment(ann(), post);
    // Di is suspended by now: the moderator is the third reporter.
    for (const as of [ben(), cy(), moderator])
      expect((await report(as, 'comment', comment)).status).toBe(201);
    const verified = await moderation.call('PUT', `/api/moderation/users/${ann()}/verified`, {
      as: moderator,
      json: { verified: true },
    });
    expect(verified.body).toEqual({ userId: ann(), verified: true });
    // The operator makes Ben an administrator; from the console he makes Cy a moderator.
    await moderation.grantAdmin(ben());
    const promoted = await moderation.call('PUT', `/api/admin/users/${cy()}/moderator`, {
      as: ben(),
      json: { moderator: true },
    });
    expect(promoted.body).toEqual({ userId: cy(), moderator: true, changed: true });

    const snapshot = () =>
      Promise.all(PROJECTED_TABLES.map((table) => moderation.query(`SELECT * FROM ${table} ORDER BY 1, 2`)));
    const before = await snapshot();
    // reports, moderators, admins, suspensions, blocks, hidden posts and comments, hidden businesses,
    // reviews, groups and events (none here: test/e2e/directory.test.ts and group-moderation.test.ts
    // hide those), verified members, audit
    expect(before.map((rows) => rows.length)).toEqual([9, 2, 1, 1, 1, 2, 1, 0, 0, 0, 0, 1, 10]);
    const { events } = await rebuildProjections(moderation.running.database, [moderationProjection]);
    expect(events).toBeGreaterThanOrEqual(21);
    expect(await snapshot()).toEqual(before);
  });
});
