import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@waco/contracts';
import { describe, expect, it } from 'vitest';
import {
  applySettingsUpdate,
  deliveryOf,
  notificationMailDueAt,
  settingsFrom,
  unsubscribed,
} from '../src/domain/delivery-rules';
import { type DigestPost, digestOf, lastFinishedPeriod } from '../src/domain/digest-rules';
import { readUnsubscribeToken, unsubscribeToken } from '../src/mail/unsubscribe-token';

const withKind = (
  kind: keyof NotificationSettings['kinds'],
  channels: { app: boolean; push: boolean; email: boolean },
) => applySettingsUpdate(DEFAULT_NOTIFICATION_SETTINGS, { kinds: { [kind]: channels } });

describe('where a notification goes (per-kind choices)', () => {
  it('given no settings, every kind comes in the app and by push, never by email (as before settings)', () => {
    for (const type of [
      'like',
      'comment',
      'comment_reply',
      'post_mention',
      'follow',
      'message',
      'followed_post',
    ] as const)
      expect(deliveryOf(undefined, type)).toEqual({ app: true, push: true, email: false });
  });

  it('given likes by email only, a like is mailed and neither stored nor pushed; a comment is unchanged', () => {
    const settings = withKind('likes', { app: false, push: false, email: true });
    expect(deliveryOf(settings, 'like')).toEqual({ app: false, push: false, email: true });
    // An event answer is one of the likes' kind.
    expect(deliveryOf(settings, 'interested')).toEqual({ app: false, push: false, email: true });
    expect(deliveryOf(settings, 'comment')).toEqual({ app: true, push: true, email: false });
  });

  it('given a kind turned off everywhere, it comes not at all', () => {
    const settings = withKind('follows', { app: false, push: false, email: false });
    expect(deliveryOf(settings, 'follow')).toEqual({ app: false, push: false, email: false });
  });

  it('a push shows an in-app notification: push without the app is no push', () => {
    const settings = withKind('messages', { app: false, push: true, email: false });
    expect(deliveryOf(settings, 'message').push).toBe(false);
  });

  it('each kind is its own: replies, mentions and alerts follow their own choice', () => {
    let settings = withKind('replies', { app: true, push: false, email: true });
    settings = applySettingsUpdate(settings, {
      kinds: { mentions: { app: false, push: false, email: false } },
    });
    settings = applySettingsUpdate(settings, { kinds: { alerts: { app: true, push: true, email: true } } });
    expect(deliveryOf(settings, 'comment_reply')).toEqual({ app: true, push: false, email: true });
    expect(deliveryOf(settings, 'post_mention')).toEqual({ app: false, push: false, email: false });
    expect(deliveryOf(settings, 'followed_post')).toEqual({ app: true, push: true, email: true });
    expect(deliveryOf(settings, 'comment')).toEqual({ app: true, push: true, email: false });
  });

  it('notifications that are not a choice (a post closed, a report resolved) always come in the app', () => {
    const off = Object.fromEntries(
      Object.keys(DEFAULT_NOTIFICATION_SETTINGS.kinds).map((k) => [
        k,
        { app: false, push: false, email: false },
      ]),
    );
    const settings = applySettingsUpdate(DEFAULT_NOTIFICATION_SETTINGS, { kinds: off });
    expect(deliveryOf(settings, 'post_closed')).toEqual({ app: true, push: true, email: false });
    expect(deliveryOf(settings, 'report_resolved')).toEqual({ app: true, push: true, email: false });
  });

  it('stored settings missing a kind (or from an older shape) read as the defaults for it', () => {
    const settings = settingsFrom({
      kinds: { likes: { email: true } },
      digest: 'weekly',
      digestNeighborhood: null,
    });
    expect(settings.kinds.likes).toEqual({ app: true, push: true, email: true });
    expect(settings.kinds.follows).toEqual({ app: true, push: true, email: false });
    expect(settings.digest).toBe('weekly');
  });

  it('an unsubscribe link turns off every kind’s email, or the digest, and nothing else', () => {
    let settings = withKind('likes', { app: true, push: false, email: true });
    settings = { ...settings, digest: 'daily' };
    const noMail = unsubscribed(settings, 'notifications');
    expect(noMail.kinds.likes).toEqual({ app: true, push: false, email: false });
    expect(noMail.digest).toBe('daily');
    expect(unsubscribed(settings, 'digest')).toMatchObject({
      digest: 'off',
      kinds: { likes: { email: true } },
    });
  });
});

describe('notification mails are bounded', () => {
  const timing = { gatherMs: 5 * 60_000, spacingMs: 60 * 60_000 };
  const at = new Date('2026-11-20T10:00:00Z');

  it('a first mail gathers for five minutes', () => {
    expect(notificationMailDueAt(at, null, timing)).toEqual(new Date('2026-11-20T10:05:00Z'));
  });

  it('the next waits an hour after the last one sent', () => {
    expect(notificationMailDueAt(at, new Date('2026-11-20T09:30:00Z'), timing)).toEqual(
      new Date('2026-11-20T10:30:00Z'),
    );
  });
});

describe('digests', () => {
  it('a daily digest covers yesterday (UTC), a weekly one last week from Monday', () => {
    const friday = new Date('2026-11-27T15:00:00Z');
    expect(lastFinishedPeriod(friday, 'daily')).toEqual({
      key: 'daily:2026-11-26',
      from: new Date('2026-11-26T00:00:00Z'),
      to: new Date('2026-11-27T00:00:00Z'),
    });
    expect(lastFinishedPeriod(friday, 'weekly')).toEqual({
      key: 'weekly:2026-11-16',
      from: new Date('2026-11-16T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
    // A Monday's weekly digest is the week that just ended.
    expect(lastFinishedPeriod(new Date('2026-11-23T00:00:01Z'), 'weekly').key).toBe('weekly:2026-11-16');
  });

  const member = randomUUID();
  const [followed, neighbour, blocker] = [randomUUID(), randomUUID(), randomUUID()];
  const post = (
    ownerId: string,
    neighborhood: string,
    hour: number,
    state: Partial<Pick<DigestPost, 'open' | 'hidden' | 'ownerSuspended'>> = {},
  ): DigestPost => ({
    postId: randomUUID(),
    ownerId,
    title: `Post at ${hour}`,
    neighborhood,
    createdAt: new Date(Date.UTC(2026, 10, 26, hour)),
    open: true,
    hidden: false,
    ownerSuspended: false,
    ...state,
  });

  it('lists posts of those followed, then of the neighbourhood, newest first, never one’s own or a blocked member’s', () => {
    const posts = [
      post(followed, 'downtown', 9),
      post(neighbour, 'cameron_park', 8),
      post(neighbour, 'cameron_park', 11),
      post(member, 'cameron_park', 10),
      post(blocker, 'cameron_park', 12),
      post(followed, 'cameron_park', 7),
      post(neighbour, 'downtown', 13),
    ];
    const digest = digestOf(posts, {
      userId: member,
      neighborhood: 'cameron_park',
      following: new Set([followed]),
      blocked: new Set([blocker]),
    });
    expect(digest?.following.map((p) => p.title)).toEqual(['Post at 9', 'Post at 7']);
    expect(digest?.neighborhood.map((p) => p.title)).toEqual(['Post at 11', 'Post at 8']);
  });

  it('leaves out posts closed or expired, hidden by moderators, or by a suspended member, in both parts', () => {
    const suspended = randomUUID();
    const posts = [
      post(followed, 'downtown', 9, { open: false }),
      post(followed, 'downtown', 10, { hidden: true }),
      post(followed, 'downtown', 8),
      post(neighbour, 'cameron_park', 11, { open: false }),
      post(neighbour, 'cameron_park', 12, { hidden: true }),
      post(suspended, 'cameron_park', 13, { ownerSuspended: true }),
      post(neighbour, 'cameron_park', 7),
    ];
    const digest = digestOf(posts, {
      userId: member,
      neighborhood: 'cameron_park',
      following: new Set([followed, suspended]),
      blocked: new Set(),
    });
    expect(digest?.following.map((p) => p.title)).toEqual(['Post at 8']);
    expect(digest?.neighborhood.map((p) => p.title)).toEqual(['Post at 7']);
    // Only such posts: no digest at all.
    expect(
      digestOf([post(neighbour, 'cameron_park', 9, { open: false })], {
        userId: member,
        neighborhood: 'cameron_park',
        following: new Set(),
        blocked: new Set(),
      }),
    ).toBeNull();
  });

  it('nothing to tell is no digest', () => {
    expect(
      digestOf([post(neighbour, 'downtown', 9)], {
        userId: member,
        neighborhood: null,
        following: new Set(),
        blocked: new Set(),
      }),
    ).toBeNull();
  });
});

describe('unsubscribe tokens', () => {
  const secret = 'a-test-secret-that-is-long-enough-000';
  const now = new Date('2026-11-27T12:00:00Z');
  const userId = randomUUID();

  it('name who and which mails, signed', () => {
    const token = unsubscribeToken(secret, userId, 'digest', now);
    expect(readUnsubscribeToken(secret, token, now)).toEqual({ userId, what: 'digest' });
  });

  it('refuse a forged, altered, foreign-secret or expired token', () => {
    const token = unsubscribeToken(secret, userId, 'notifications', now);
    const [, what, expires, signature] = token.split('.');
    const other = randomUUID();
    expect(readUnsubscribeToken(secret, `${other}.${what}.${expires}.${signature}`, now)).toBeUndefined();
    expect(readUnsubscribeToken(secret, `${userId}.digest.${expires}.${signature}`, now)).toBeUndefined();
    expect(
      readUnsubscribeToken(secret, `${userId}.${what}.${Number(expires) + 1}.${signature}`, now),
    ).toBeUndefined();
    expect(readUnsubscribeToken('another-secret-that-is-long-enough-00', token, now)).toBeUndefined();
    expect(readUnsubscribeToken(secret, 'garbage', now)).toBeUndefined();
    expect(readUnsubscribeToken(secret, token, new Date(now.getTime() + 91 * 86_400_000))).toBeUndefined();
  });
});
