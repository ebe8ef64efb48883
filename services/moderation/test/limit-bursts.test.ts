import { CommentLimitReached, FirstMessageLimitReached, PostingLimitReached } from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Moderation, startModeration } from './harness';

// Bursts: members who reached a limit per member, as posts and messaging tell, listed for
// moderators (GET /api/moderation/bursts) with the member's name, newest first.

let moderation: Moderation;
beforeAll(async () => {
  moderation = await startModeration();
});
afterAll(() => moderation?.stop());

const bursts = (as: string) => moderation.call('GET', '/api/moderation/bursts', { as });

describe('GET /api/moderation/bursts', () => {
  it('lists each burst once, newest first, with who and which limit', async () => {
    const moderator = await moderation.moderator('Mo', 'Derator');
    const spammer = await moderation.member('Cheap', 'Watches');
    const data = { userId: spammer, per: 'hour' as const, max: 10, newAccount: true };
    const posting = await publishAs(
      moderation.bus,
      PostingLimitReached,
      { ...data, reachedAt: new Date(Date.now() - 60_000).toISOString() },
      { streamId: `limit-post-${spammer}-1` },
    );
    // Delivered twice (a redelivery): still one burst.
    await moderation.bus.publish('posts', posting);
    await publishAs(
      moderation.bus,
      CommentLimitReached,
      { ...data, max: 20, reachedAt: new Date(Date.now() - 30_000).toISOString() },
      { streamId: `limit-comment-${spammer}-1` },
    );
    await publishAs(
      moderation.bus,
      FirstMessageLimitReached,
      { ...data, reachedAt: new Date().toISOString() },
      { streamId: `limit-first-message-${spammer}-1` },
    );
    const answer = await waitFor(async () => {
      const res = await bursts(moderator);
      return res.body.bursts?.length === 3 && res;
    });
    expect(answer.status).toBe(200);
    expect(answer.body.bursts).toMatchObject([
      {
        member: { id: spammer, firstName: 'Cheap', lastName: 'Watches' },
        action: 'first-message',
        per: 'hour',
        max: 10,
        newAccount: true,
        memberSuspended: false,
      },
      { member: { id: spammer }, action: 'comment', max: 20 },
      { member: { id: spammer }, action: 'post', id: posting.id },
    ]);
  });

  it('is for moderators only', async () => {
    const res = await bursts(await moderation.member('Nosy', 'Neighbour'));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only moderators can do this');
  });
});
