import { FOLLOW_BLOCKED, FOLLOW_SELF, FollowAlertsSet, UserFollowed, UserUnfollowed } from '@waco/contracts';
import { newEvent, RuleBroken } from '@waco/platform';
import { deciderSpecification } from '@waco/platform/testing';
import { describe, it } from 'vitest';
import { type FollowCommand, followDecider } from '../src/domain/follows';

const ana = '0190a8f0-0000-7000-8000-00000000000a';
const ben = '0190a8f0-0000-7000-8000-00000000000b';
const now = new Date('2026-01-01T10:00:00Z');
const pair = { followerId: ana, followingId: ben };
const followed = newEvent(UserFollowed, { ...pair, followedAt: '2025-12-01T00:00:00.000Z', alerts: false });
const follow = (overrides: Partial<Extract<FollowCommand, { type: 'follow' }>> = {}): FollowCommand => ({
  type: 'follow',
  ...pair,
  now,
  suspension: null,
  blocked: false,
  ...overrides,
});
const unfollow: FollowCommand = { type: 'unfollow', ...pair, now, reason: 'unfollowed' };

describe('following a member', () => {
  const spec = deciderSpecification(followDecider);

  it('given no follow, when Ana follows Ben, then she follows him, alerts off', () => {
    spec
      .given([])
      .when(follow())
      .then([newEvent(UserFollowed, { ...pair, followedAt: now.toISOString(), alerts: false })]);
  });

  it.each<[string, Partial<Extract<FollowCommand, { type: 'follow' }>>, string | RegExp]>([
    ['given no follow, when Ana follows herself, then it is refused', { followingId: ana }, FOLLOW_SELF],
    [
      'given Ben blocked Ana (or she him), when she follows him, then it is refused in words a block already shows',
      { blocked: true },
      FOLLOW_BLOCKED,
    ],
    [
      'given a suspended member, when they follow, then it is refused with the suspension',
      { suspension: { note: 'spam' } },
      /suspended/,
    ],
  ])('%s', (_title, overrides, refusal) => {
    spec.given([]).when(follow(overrides)).thenThrows(RuleBroken, refusal);
  });

  it('given Ana follows Ben, when she follows him twice, then nothing happens', () => {
    spec.given([followed]).when(follow()).thenNothingHappens();
    spec
      .given([followed])
      .when(follow({ alerts: false }))
      .thenNothingHappens();
  });

  it('given Ana follows Ben, when she follows again with alerts, then only the alerts change', () => {
    spec
      .given([followed])
      .when(follow({ alerts: true }))
      .then([newEvent(FollowAlertsSet, { ...pair, alerts: true })]);
  });

  it('given Ana follows Ben, when she unfollows, then the follow ends; twice, then nothing more', () => {
    spec
      .given([followed])
      .when(unfollow)
      .then([newEvent(UserUnfollowed, { ...pair, unfollowedAt: now.toISOString(), reason: 'unfollowed' })]);
    const ended = newEvent(UserUnfollowed, { ...pair, unfollowedAt: now.toISOString(), reason: 'blocked' });
    spec.given([followed, ended]).when(unfollow).thenNothingHappens();
  });

  it('given an unfollow, when Ana follows again, then she follows anew', () => {
    const ended = newEvent(UserUnfollowed, {
      ...pair,
      unfollowedAt: now.toISOString(),
      reason: 'unfollowed',
    });
    spec
      .given([followed, ended])
      .when(follow({ alerts: true }))
      .then([newEvent(UserFollowed, { ...pair, followedAt: now.toISOString(), alerts: true })]);
  });
});
