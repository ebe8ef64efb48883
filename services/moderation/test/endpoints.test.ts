import { randomUUID } from 'node:crypto';
import {
  AUTO_HIDE_REPORTS,
  BLOCK_SELF,
  MODERATORS_ONLY,
  REPORT_OWN_TARGET,
  REPORT_TARGET_NOT_FOUND,
  suspendedMessage,
} from '@waco/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Moderation, startModeration } from './harness';

let moderation: Moderation;
// The five roles of the authorization matrix (a guest is no one), and the owner's post.
let [owner, reporter, member, moderator, postId] = ['', '', '', '', ''];

beforeAll(async () => {
  moderation = await startModeration();
  const names = ['Otto Owner', 'Rita Reporter', 'Mo Member', 'Meg Moderator'].map((n) => n.split(' '));
  const ids = await Promise.all(names.map(([f, l]) => moderation.member(`${f}`, `${l}`)));
  [owner, reporter, member, moderator] = ids as [string, string, string, string];
  await moderation.grantModerator(moderator);
  postId = await moderation.post(owner);
});
afterAll(() => moderation?.stop());

const report = (as: string, json: Record<string, unknown>) =>
  moderation.call('POST', '/api/reports', { as, json });
const queue = (as?: string, status = 'open') =>
  moderation.call('GET', `/api/moderation/reports?status=${status}`, { as });
const resolve = (as: string, id: string, json: Record<string, unknown>) =>
  moderation.call('POST', `/api/moderation/reports/${id}/resolve`, { as, json });

describe('the authorization matrix', () => {
  type Role = 'guest' | 'member' | 'reporter' | 'owner' | 'moderator';
  const who = (role: Role) => ({ guest: undefined, member, reporter, owner, moderator })[role];
  const moderatorOnly = [
    ['GET', '/api/moderation/reports'],
    ['GET', '/api/moderation/audit'],
    ['POST', `/api/moderation/reports/${randomUUID()}/resolve`, { action: 'dismiss' }],
    ['POST', `/api/moderation/users/${randomUUID()}/reinstate`],
    ['PUT', `/api/moderation/users/${randomUUID()}/verified`, { verified: true }],
  ] as const;
  const members = [
    ['POST', '/api/reports', { targetType: 'user', targetId: randomUUID(), reason: 'spam' }],
    ['GET', '/api/reports/mine'],
    ['POST', `/api/users/${randomUUID()}/block`],
    ['DELETE', `/api/users/${randomUUID()}/block`],
    ['GET', '/api/user/blocks'],
    ['GET', '/api/user/moderation'],
  ] as const;

  it.each(moderatorOnly)(
    '%s %s: 401 guests, 403 member, reporter and owner, moderators pass',
    async (method, url, json?) => {
      const before = await moderation.counts();
      const status = async (role: Role) =>
        (await moderation.call(method, url, { as: who(role), json })).status;
      expect(await status('guest')).toBe(401);
      for (const role of ['member', 'reporter', 'owner'] as const) {
        const res = await moderation.call(method, url, { as: who(role), json });
        expect([role, res.status, res.body.message]).toEqual([role, 403, MODERATORS_ONLY]);
      }
      expect(await moderation.counts()).toEqual(before);
      // A moderator gets past the check: the list, or the 404/409 of an unknown report or member.
      expect([200, 404, 409]).toContain(await status('moderator'));
    },
  );

  it.each(members)('%s %s: 401 guests, every signed-in role passes', async (method, url, json?) => {
    expect((await moderation.call(method, url, { json })).status).toBe(401);
    for (const role of ['member', 'reporter', 'owner', 'moderator'] as const) {
      const res = await moderation.call(method, url, { as: who(role), json });
      expect([role, res.status]).not.toEqual([role, 401]);
      expect([role, res.status]).not.toEqual([role, 403]);
    }
  });
});

describe('reporting', () => {
  it('files a report (201); the same report again is the same report', async () => {
    const first = await report(reporter, {
      targetType: 'post',
      targetId: postId,
      reason: 'scam',
      details: 'Asks for wire',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      targetType: 'post',
      targetId: postId,
      reason: 'scam',
      status: 'open',
    });
    const again = await report(reporter, { targetType: 'post', targetId: postId, reason: 'spam' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const mine = await moderation.call('GET', '/api/reports/mine', { as: reporter });
    expect(mine.body.reports.filter((r: { targetId: string }) => r.targetId === postId)).toHaveLength(1);
  });

  it('refuses one’s own post, what does not exist, and bad input, writing nothing', async () => {
    const before = await moderation.counts();
    const own = await report(owner, { targetType: 'post', targetId: postId, reason: 'scam' });
    expect(own).toMatchObject({ status: 400, body: { message: REPORT_OWN_TARGET } });
    const missing = await report(reporter, { targetType: 'post', targetId: randomUUID(), reason: 'scam' });
    expect(missing).toMatchObject({ status: 404, body: { message: REPORT_TARGET_NOT_FOUND } });
    const reason = await report(reporter, { targetType: 'post', targetId: postId, reason: 'ugly' });
    expect(reason).toMatchObject({ status: 400, body: { field: 'reason' } });
    const type = await report(reporter, { targetType: 'listing', targetId: postId, reason: 'spam' });
    expect(type.status).toBe(400);
    // A comment moderation has not heard of is nothing to report.
    const comment = await report(reporter, { targetType: 'comment', targetId: postId, reason: 'spam' });
    expect(comment).toMatchObject({ status: 404, body: { message: REPORT_TARGET_NOT_FOUND } });
    expect(await moderation.counts()).toEqual(before);
  });

  it('lets only a conversation’s members report its messages', async () => {
    const messageId = await moderation.message(owner, reporter);
    expect(
      (await report(member, { targetType: 'message', targetId: messageId, reason: 'harassment' })).status,
    ).toBe(404);
    const ok = await report(reporter, { targetType: 'message', targetId: messageId, reason: 'harassment' });
    expect(ok.status).toBe(201);
  });

  it(`hides a post at once when ${AUTO_HIDE_REPORTS} members report it; a dismissal restores it and tells the reporters`, async () => {
    const scam = await moderation.post(owner, 'Puppies, pay shipping first');
    const reporters = [reporter, member, await moderation.member('Third', 'Reporter')];
    for (const [i, as] of reporters.entries()) {
      expect(
        (await report(as, { targetType: 'post', targetId: scam, reason: i ? 'spam' : 'scam' })).status,
      ).toBe(201);
    }
    const hidden = await moderation.waitForPublished('PostHiddenByModerators', (d) => d.postId === scam);
    expect(hidden.data).toMatchObject({ by: 'reports', ownerId: owner });

    const open = await queue(moderator);
    const entry = open.body.cases.find((c: { target: { id: string } }) => c.target.id === scam);
    expect(entry).toMatchObject({
      count: 3,
      target: {
        type: 'post',
        title: 'Puppies, pay shipping first',
        hidden: true,
        owner: { firstName: 'Otto' },
      },
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'scam', count: 1 },
      ],
    });

    const dismissed = await resolve(moderator, entry.id, { action: 'dismiss', note: 'A real breeder' });
    expect(dismissed).toMatchObject({ status: 200, body: { action: 'dismiss', resolvedReports: 3 } });
    await moderation.waitForPublished('PostRestoredByModerators', (d) => d.postId === scam);
    const resolved = await moderation.waitForPublished('ReportsResolved', (d) => d.targetId === scam);
    expect(((resolved.data as { reporterIds: string[] }).reporterIds ?? []).sort()).toEqual(
      [...reporters].sort(),
    );
    const mine = await moderation.call('GET', '/api/reports/mine', { as: member });
    expect(mine.body.reports.find((r: { targetId: string }) => r.targetId === scam)).toMatchObject({
      status: 'dismissed',
      outcomeNote: 'A real breeder',
    });
    expect((await resolve(moderator, entry.id, { action: 'dismiss' })).status).toBe(409);
  });
});

describe('resolutions, suspensions and the audit list', () => {
  it('suspends the owner: they cannot report until reinstated, and everything is audited', async () => {
    const spammer = await moderation.member('Sam', 'Spammer');
    const spam = await moderation.post(spammer, 'Buy followers');
    const filed = await report(reporter, { targetType: 'post', targetId: spam, reason: 'spam' });
    const res = await resolve(moderator, filed.body.id, { action: 'suspend', note: 'Spam ring' });
    expect(res.status).toBe(200);
    await moderation.waitForPublished('UserSuspended', (d) => d.userId === spammer);
    await moderation.waitForPublished(
      'PostHiddenByModerators',
      (d) => d.postId === spam && d.by === 'moderator',
    );

    const refused = await report(spammer, { targetType: 'user', targetId: reporter, reason: 'harassment' });
    expect(refused).toMatchObject({ status: 403, body: { message: suspendedMessage('Spam ring') } });
    const standing = await moderation.call('GET', '/api/user/moderation', { as: spammer });
    expect(standing.body).toMatchObject({ isModerator: false, suspension: { note: 'Spam ring' } });

    expect(
      (await moderation.call('POST', `/api/moderation/users/${spammer}/reinstate`, { as: moderator })).status,
    ).toBe(200);
    expect(
      (await moderation.call('POST', `/api/moderation/users/${spammer}/reinstate`, { as: moderator })).status,
    ).toBe(409);
    expect(
      (await report(spammer, { targetType: 'user', targetId: reporter, reason: 'harassment' })).status,
    ).toBe(201);

    const audit = await moderation.call('GET', '/api/moderation/audit', { as: moderator });
    const actions = audit.body.entries.map(
      (e: { action: string; targetId: string }) => `${e.action} ${e.targetId}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining([`suspend ${spam}`, `reinstate ${spammer}`, `grant_moderator ${moderator}`]),
    );
    expect(audit.body.entries.find((e: { action: string }) => e.action === 'suspend')).toMatchObject({
      moderatorId: moderator,
      moderatorName: 'Meg Moderator',
      note: 'Spam ring',
    });
  });

  it('hides only posts', async () => {
    const filed = await report(member, { targetType: 'user', targetId: owner, reason: 'other' });
    expect((await resolve(moderator, filed.body.id, { action: 'hide' })).status).toBe(400);
    expect((await resolve(moderator, filed.body.id, { action: 'ban' })).status).toBe(400);
  });

  it('takes the moderator role away when the operator revokes it', async () => {
    const temp = await moderation.member('Tem', 'Porary');
    expect(await moderation.grantModerator(temp)).toMatchObject({ moderator: true, changed: true });
    expect(await moderation.grantModerator(temp)).toMatchObject({ changed: false });
    expect((await queue(temp)).status).toBe(200);
    await moderation.grantModerator(temp, false);
    expect((await queue(temp)).status).toBe(403);
  });
});

describe('blocks', () => {
  it('blocks, lists and unblocks a member; refuses oneself and unknown members', async () => {
    const blocked = await moderation.call('POST', `/api/users/${owner}/block`, { as: member });
    expect(blocked).toMatchObject({ status: 200, body: { userId: owner, blocked: true } });
    await moderation.waitForPublished('UserBlocked', (d) => d.blockerId === member && d.blockedId === owner);
    const list = await moderation.call('GET', '/api/user/blocks', { as: member });
    expect(list.body.blocks).toMatchObject([{ user: { id: owner, firstName: 'Otto', lastName: 'Owner' } }]);

    expect((await moderation.call('POST', `/api/users/${member}/block`, { as: member })).body.message).toBe(
      BLOCK_SELF,
    );
    expect((await moderation.call('POST', `/api/users/${randomUUID()}/block`, { as: member })).status).toBe(
      404,
    );

    const unblocked = await moderation.call('DELETE', `/api/users/${owner}/block`, { as: member });
    expect(unblocked.body).toEqual({ userId: owner, blocked: false });
    expect((await moderation.call('GET', '/api/user/blocks', { as: member })).body.blocks).toEqual([]);
  });
});
