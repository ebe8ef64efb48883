import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  type EventEnvelope,
  PostClosed,
  PostCreated,
  PostDeleted,
  PostExpired,
  PostHiddenByModerators,
  PostReopened,
  UserBlocked,
  UserSuspended,
} from '@waco/contracts';
import { postCreatedData, publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type DigestMail, startDigestMail } from './digest-mail';
import { type Notifications, startNotifications } from './harness';

// What a digest lists, from the events notifications hears: never a post closed (sold, filled,
// cancelled), expired, deleted or hidden by moderators, nor one by a suspended member or by
// someone the recipient blocked; a post reopened is back in it.

const DAY_MS = 86_400_000;
let mail: DigestMail;
let n: Notifications;

beforeAll(async () => {
  mail = await startDigestMail('digest-contents');
  n = await startNotifications({
    service: {
      ...mail.options,
      // A day ahead: yesterday's digest is today's posts.
      now: () => new Date(Date.now() + DAY_MS),
    },
  });
}, 60_000);
afterAll(async () => {
  await n?.stop();
  await mail?.stop();
});

const TITLES = {
  kept: 'Kept: a rocking chair',
  reopened: 'Reopened: a desk',
  sold: 'Sold: a bike',
  expired: 'Expired: a lamp',
  deleted: 'Deleted: a rug',
  hidden: 'Hidden: cheap watches',
  bySuspended: 'By the suspended: a sofa',
  byBlocked: 'By the blocked: a kettle',
};
type Key = keyof typeof TITLES;

describe('a digest', () => {
  it('leaves out posts closed, expired, deleted or hidden, and those by a suspended or blocked member', async () => {
    const [owner, suspended, blocked, reader] = [
      await n.registerUser('Olga', 'Owner'),
      await n.registerUser('Sam', 'Suspended'),
      await n.registerUser('Bea', 'Blocked'),
      await n.registerUser('Rita', 'Reader'),
    ];
    const ids = Object.fromEntries(Object.keys(TITLES).map((k) => [k, randomUUID()])) as Record<Key, string>;
    const positions = new Map<string, number>();
    /** One of a post's events, next on its stream. */
    const onPost = <S extends z.ZodType>(
      definition: EventDefinition<string, S>,
      postId: string,
      data: z.input<S>,
    ) => {
      const position = (positions.get(postId) ?? 0) + 1;
      positions.set(postId, position);
      return publishAs(n.bus, definition, data, { streamId: `post-${postId}`, streamPosition: position });
    };
    const events: EventEnvelope[] = [];
    for (const key of Object.keys(TITLES) as Key[]) {
      const ownerId = key === 'bySuspended' ? suspended : key === 'byBlocked' ? blocked : owner;
      const data = postCreatedData({
        postId: ids[key],
        ownerId,
        title: TITLES[key],
        neighborhood: 'sanger_heights',
      });
      events.push(await onPost(PostCreated, ids[key], data));
    }
    const ref = (postId: string) => ({ postId, ownerId: owner, category: 'sale' as const });
    const at = new Date().toISOString();
    events.push(
      await onPost(PostClosed, ids.sold, { ...ref(ids.sold), reason: 'sold' }),
      await onPost(PostExpired, ids.expired, { ...ref(ids.expired), expiresAt: at }),
      await onPost(PostDeleted, ids.deleted, { ...ref(ids.deleted), imagePaths: [] }),
      await onPost(PostClosed, ids.reopened, { ...ref(ids.reopened), reason: 'cancelled' }),
      await onPost(PostReopened, ids.reopened, ref(ids.reopened)),
      await publishAs(
        n.bus,
        PostHiddenByModerators,
        { postId: ids.hidden, ownerId: owner, by: 'reports', moderatorId: null, note: null, hiddenAt: at },
        { streamId: `target-post-${ids.hidden}`, streamPosition: 1 },
      ),
      await publishAs(
        n.bus,
        UserSuspended,
        { userId: suspended, moderatorId: owner, note: null, suspendedAt: at },
        { streamId: `member-${suspended}`, streamPosition: 1 },
      ),
      await publishAs(
        n.bus,
        UserBlocked,
        { blockerId: reader, blockedId: blocked, blockedAt: at },
        { streamId: `block-${reader}-${blocked}`, streamPosition: 1 },
      ),
    );
    await n.handled(...events);
    // Addresses are learnt from identity's registrations, on their own consumer.
    await waitFor(async () => {
      const rows = await n.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mail_addresses WHERE user_id = $1',
        [reader],
      );
      return rows[0]?.n === 1;
    });
    const settings = await n.running.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { 'x-user-id': reader, 'content-type': 'application/json' },
      payload: JSON.stringify({ digest: 'daily', digestNeighborhood: 'sanger_heights' }),
    });
    expect(settings.statusCode).toBe(200);
    const digest = await waitFor(async () => (await mail.digestsTo(reader))[0]);
    expect(digest.text).toContain(TITLES.kept);
    expect(digest.text).toContain(TITLES.reopened);
    for (const key of ['sold', 'expired', 'deleted', 'hidden', 'bySuspended', 'byBlocked'] as const)
      expect(digest.text, key).not.toContain(TITLES[key]);
  });
});
