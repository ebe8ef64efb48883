import { randomUUID } from 'node:crypto';
import {
  CommentLiked,
  MemberVerificationSet,
  PostCreated,
  REPUTATION_POINTS,
  ReportsResolved,
  UserSuspended,
} from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { startIdentity } from './harness';

// Badges, reputation and the verified mark from other services' events, as identity's consumer
// keeps them: a redelivered event acts once, and a moderator's decision lowers the reputation.

const identity = startedForFile(startIdentity);

const profile = async (userId: string) => (await identity.call('GET', `/api/users/${userId}`)).body;
const badgeTypes = async (userId: string) =>
  ((await profile(userId)).badges as { badgeType: string }[]).map((b) => b.badgeType);
const post = (ownerId: string, category: 'sale' | 'event' = 'sale') =>
  publishAs(identity.bus, PostCreated, {
    postId: randomUUID(),
    ownerId,
    category,
    title: 'A lamp',
    description: 'Works',
    neighborhood: 'downtown',
    price: '5',
    company: null,
    salary: null,
    eventDate: category === 'event' ? new Date(Date.now() + 86_400_000).toISOString() : null,
    address: null,
    contactPhone: null,
    contactEmail: null,
    imagePaths: [],
  });

describe('standing from events', () => {
  it('earns the first post badge once and scores the post once, though the event comes twice', async () => {
    const { user } = await identity.signUp();
    const event = await post(user.id);
    // The bus hands the same event again (a redelivery): the inbox makes it nothing.
    await identity.bus.publish('posts', event);
    await waitFor(async () => (await badgeTypes(user.id)).includes('first_post'));
    expect(await badgeTypes(user.id)).toEqual(['first_post']);
    expect((await profile(user.id)).reputationScore).toBe(REPUTATION_POINTS.perPost);
    await identity.waitForPublished('BadgeEarned', (d) => d.userId === user.id);
    const earned = identity.published.filter(
      (e) => e.type === 'BadgeEarned' && (e.data as { userId: string }).userId === user.id,
    );
    expect(earned).toHaveLength(1);
  });

  it('hosts an event, and counts likes on comments (not one’s own)', async () => {
    const { user } = await identity.signUp();
    const other = randomUUID();
    await post(user.id, 'event');
    const like = (userId: string) =>
      publishAs(identity.bus, CommentLiked, {
        postId: randomUUID(),
        ownerId: other,
        category: 'sale',
        commentId: randomUUID(),
        authorId: user.id,
        userId,
      });
    await like(other);
    await like(user.id);
    const p = REPUTATION_POINTS;
    await waitFor(
      async () =>
        (await profile(user.id)).reputationScore === p.perPost + p.perEventHosted + p.perCommentLike,
    );
    expect(await badgeTypes(user.id)).toEqual(['first_post', 'event_host']);
  });

  it('is lowered by an upheld report and a suspension; the verified mark follows moderation', async () => {
    const { user } = await identity.signUp();
    for (let i = 0; i < 40; i++) await post(user.id);
    const before = 40 * REPUTATION_POINTS.perPost;
    await waitFor(async () => (await profile(user.id)).reputationScore === before);
    const moderatorId = randomUUID();
    await publishAs(identity.bus, ReportsResolved, {
      targetType: 'comment',
      targetId: randomUUID(),
      targetOwnerId: user.id,
      reportIds: [randomUUID()],
      reporterIds: [randomUUID()],
      action: 'suspend',
      note: null,
      moderatorId,
      resolvedAt: new Date().toISOString(),
    });
    await publishAs(identity.bus, UserSuspended, {
      userId: user.id,
      moderatorId,
      note: null,
      suspendedAt: new Date().toISOString(),
    });
    const p = REPUTATION_POINTS;
    await waitFor(
      async () => (await profile(user.id)).reputationScore === before + p.perUpheldReport + p.perSuspension,
    );

    expect((await profile(user.id)).isVerified).toBe(false);
    const verified = (on: boolean, position: number) =>
      publishAs(
        identity.bus,
        MemberVerificationSet,
        { userId: user.id, verified: on, moderatorId, at: new Date().toISOString() },
        { streamId: `member-${user.id}`, streamPosition: position },
      );
    await verified(true, 3);
    await waitFor(async () => (await profile(user.id)).isVerified === true);
    // An older event handled late never overwrites a newer one.
    await verified(false, 2);
    expect((await profile(user.id)).isVerified).toBe(true);
    await verified(false, 4);
    await waitFor(async () => (await profile(user.id)).isVerified === false);
  });
});
