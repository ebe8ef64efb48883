import { COMMENT_HIDDEN, CommentPage, REPUTATION_POINTS } from '@waco/contracts';
import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { waitFor } from '@waco/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Badges, reputation, the verified mark and reported comments through the gateway of the
// embedded stack: identity builds badges from posts' and moderation's events, moderators set the
// verified mark, and three members' reports hide a comment for everyone but its writer.

const stack = useEmbeddedTestStack('bdg');
const { call, signUp, createSalePost: createPost } = stack;
const thread = async (who: Member | null, postId: string) =>
  CommentPage.parse((await call(who, 'GET', `/api/posts/${postId}/comments`)).body).comments;
const profile = async (userId: string) => (await call(null, 'GET', `/api/users/${userId}`)).body;

let owner: Member;
let writer: Member;
let moderator: Member;
let reporters: Member[];
beforeAll(async () => {
  owner = await signUp('Olga');
  writer = await signUp('Walt');
  moderator = await signUp('Meg');
  reporters = [await signUp('Rita'), await signUp('Rob'), await signUp('Ria')];
  await changeModerator(databasesOf(stack.stack.services), moderator.email, true);
}, 60_000);

describe('badges and reputation', () => {
  it('earns the first post badge and its points from the post, shown on the profile and exported', async () => {
    await createPost(owner, 'A sturdy bookshelf');
    await waitFor(async () => (await profile(owner.id)).badges?.length === 1);
    const shown = await profile(owner.id);
    expect(shown.badges).toEqual([{ badgeType: 'first_post', earnedAt: expect.any(String) }]);
    expect(shown.reputationScore).toBe(REPUTATION_POINTS.perPost);
    const exported = await call(owner, 'GET', '/api/user/export');
    expect(exported.status).toBe(200);
    expect(exported.body.badges).toEqual([
      expect.objectContaining({ badgeType: 'first_post', userId: owner.id }),
    ]);
    expect(exported.body.standing).toEqual([
      expect.objectContaining({ reputationScore: REPUTATION_POINTS.perPost }),
    ]);
  });
});

describe('the verified mark', () => {
  it('answers a guest 401 first, any other member 403, and a moderator sets it for profile, cards and threads', async () => {
    const path = `/api/moderation/users/${owner.id}/verified`;
    expect((await call(null, 'PUT', path, { verified: 'maybe' })).status).toBe(401);
    expect((await call(writer, 'PUT', path, { verified: true })).status).toBe(403);
    expect((await call(moderator, 'PUT', path, { verified: 'yes' })).status).toBe(400);
    const unknown = await call(moderator, 'PUT', `/api/moderation/users/${crypto.randomUUID()}/verified`, {
      verified: true,
    });
    expect(unknown.status).toBe(404);
    expect((await profile(owner.id)).isVerified).toBe(false);

    const set = await call(moderator, 'PUT', path, { verified: true });
    expect(set).toMatchObject({ status: 200, body: { userId: owner.id, verified: true } });
    await waitFor(async () => (await profile(owner.id)).isVerified === true);

    const post = await createPost(owner, 'Verified seller lamp');
    expect(
      (await call(writer, 'POST', `/api/posts/${post.id}/comments`, { content: 'Still there?' })).status,
    ).toBe(201);
    expect((await call(owner, 'POST', `/api/posts/${post.id}/comments`, { content: 'Yes!' })).status).toBe(
      201,
    );
    await waitFor(
      async () => (await thread(null, post.id)).find((c) => c.userId === owner.id)?.user.isVerified,
    );
    const byWriter = (await thread(null, post.id)).find((c) => c.userId === writer.id);
    expect(byWriter?.user.isVerified).toBe(false);
    const card = (await call(null, 'GET', `/api/posts/${post.id}`)).body;
    expect(card.user.isVerified).toBe(true);

    expect((await call(moderator, 'PUT', path, { verified: false })).body.verified).toBe(false);
    await waitFor(async () => (await profile(owner.id)).isVerified === false);
  });
});

describe('reporting comments', () => {
  it('hides a comment at the third distinct report, for everyone but its writer; a moderator restores it', async () => {
    const post = await createPost(owner, 'Garden chairs');
    const added = await call(writer, 'POST', `/api/posts/${post.id}/comments`, {
      content: 'Wire me the money first',
    });
    const commentId = added.body.id as string;
    const report = (who: Member | null) =>
      call(who, 'POST', '/api/reports', { targetType: 'comment', targetId: commentId, reason: 'scam' });
    expect((await report(null)).status).toBe(401);
    expect((await report(writer)).status).toBe(400);
    for (const reporter of reporters.slice(0, 2)) expect((await report(reporter)).status).toBe(201);
    // Twice by the same member is one report: still shown.
    expect((await report(reporters[0] ?? null)).status).toBe(201);
    expect((await thread(null, post.id))[0]).toMatchObject({
      content: 'Wire me the money first',
      hidden: false,
    });
    expect((await report(reporters[2] ?? null)).status).toBe(201);

    await waitFor(async () => (await thread(null, post.id))[0]?.hidden === true);
    for (const viewer of [null, owner]) {
      const [shown] = await thread(viewer, post.id);
      expect(shown).toMatchObject({ content: COMMENT_HIDDEN, hidden: true, user: { firstName: null } });
      expect(JSON.stringify(shown)).not.toContain('Wire me');
    }
    // Its writer still reads it, marked hidden.
    expect((await thread(writer, post.id))[0]).toMatchObject({
      content: 'Wire me the money first',
      hidden: true,
    });

    const queue = await call(moderator, 'GET', '/api/moderation/reports');
    const found = (queue.body.cases as { id: string; target: { type: string; id: string } }[]).find(
      (c) => c.target.id === commentId,
    );
    expect(found?.target).toMatchObject({
      type: 'comment',
      postId: post.id,
      text: 'Wire me the money first',
      hidden: true,
    });
    const dismissed = await call(moderator, 'POST', `/api/moderation/reports/${found?.id}/resolve`, {
      action: 'dismiss',
    });
    expect(dismissed.status).toBe(200);
    await waitFor(async () => (await thread(null, post.id))[0]?.hidden === false);
    expect((await thread(null, post.id))[0]?.content).toBe('Wire me the money first');
  });

  it('a suspended member can neither comment nor follow, and their reputation falls', async () => {
    const suspendedOne = await signUp('Sam');
    for (const title of ['Old bike', 'Desk lamp', 'Rain boots']) await createPost(suspendedOne, title);
    await waitFor(
      async () => (await profile(suspendedOne.id)).reputationScore === 3 * REPUTATION_POINTS.perPost,
    );
    const post = await createPost(owner, 'Moving sale');
    const commentId = (
      await call(suspendedOne, 'POST', `/api/posts/${post.id}/comments`, { content: 'Spam link' })
    ).body.id as string;
    const filed = await call(reporters[0] ?? null, 'POST', '/api/reports', {
      targetType: 'comment',
      targetId: commentId,
      reason: 'spam',
    });
    const suspended = await call(moderator, 'POST', `/api/moderation/reports/${filed.body.id}/resolve`, {
      action: 'suspend',
    });
    expect(suspended.status).toBe(200);
    await waitFor(
      async () =>
        (await call(suspendedOne, 'POST', `/api/posts/${post.id}/comments`, { content: 'Again' })).status ===
        403,
    );
    // identity hears of the suspension on its own, maybe after posts (a follow made meanwhile stays).
    await waitFor(
      async () => (await call(suspendedOne, 'POST', `/api/users/${owner.id}/follow`, {})).status === 403,
    );
    await waitFor(async () => (await thread(null, post.id))[0]?.content === COMMENT_HIDDEN);
    await waitFor(async () => (await profile(suspendedOne.id)).reputationScore === 0);
  });
});
