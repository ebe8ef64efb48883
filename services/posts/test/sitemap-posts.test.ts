import { PostHiddenByModerators, SitemapPosts, UserSuspended } from '@waco/contracts';
import { publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

// The posts sitemap.xml lists (the gateway asks): what a guest finds in the feed, less the
// posts of suspended members.

let posts: Posts;
beforeAll(async () => {
  posts = await startPosts();
});
afterAll(() => posts?.stop());

const listed = async (query = '') => {
  const res = await posts.call('GET', `/internal/sitemap/posts${query}`);
  expect(res.status).toBe(200);
  return SitemapPosts.parse(res.body);
};
const ids = async (query = '') => (await listed(query)).posts.map((p) => p.id);

describe('GET /internal/sitemap/posts', () => {
  it('lists live posts newest first with when each last changed, and leaves out hidden, deleted, expired and suspended members’ posts', async () => {
    const ada = await posts.registerUser('Ada', 'Lovelace');
    const bob = await posts.registerUser('Bob', 'Builder');
    const kept = await posts.createPost(ada, { title: 'Road bike' });
    const hidden = await posts.createPost(ada, { title: 'Hidden lamp' });
    const deleted = await posts.createPost(ada, { title: 'Deleted desk' });
    const expired = await posts.createPost(ada, { title: 'Expired chair' });
    const suspended = await posts.createPost(bob, { title: 'Suspended sofa' });
    const edited = await posts.createPost(ada, { title: 'Edited table' });
    expect(await ids()).toEqual([edited, suspended, expired, deleted, hidden, kept].map((p) => p.id));

    expect((await posts.call('DELETE', `/api/posts/${deleted.id}`, { as: ada })).status).toBe(204);
    await posts.query(`UPDATE posts SET visible_until = now() - interval '1 second' WHERE id = $1`, [
      expired.id,
    ]);
    await publishAs(posts.bus, PostHiddenByModerators, {
      postId: hidden.id,
      ownerId: ada,
      by: 'moderator',
      moderatorId: bob,
      note: null,
      hiddenAt: new Date().toISOString(),
    });
    await publishAs(posts.bus, UserSuspended, {
      userId: bob,
      moderatorId: ada,
      note: null,
      suspendedAt: new Date().toISOString(),
    });
    const patch = await posts.call('PATCH', `/api/posts/${edited.id}`, {
      as: ada,
      json: { title: 'Oak table' },
    });
    expect(patch.status).toBe(200);

    const wanted = [edited.id, kept.id];
    await waitFor(
      async () => JSON.stringify(await ids()) === JSON.stringify(wanted),
      20_000,
      'the sitemap list',
    );
    const { total, posts: page } = await listed();
    expect(total).toBe(2);
    // The edit is its last change.
    expect(page[0]?.updatedAt).toBe(patch.body.updatedAt);
    expect(page[1]?.updatedAt).toBe((kept as { updatedAt?: string }).updatedAt);
  });

  it('pages: limit and offset, with the total of all', async () => {
    const all = await listed();
    const second = await listed('?limit=1&offset=1');
    expect(second.total).toBe(all.total);
    expect(second.posts).toEqual(all.posts.slice(1, 2));
  });

  it('refuses a page over the sitemap limit of 50,000 with 400', async () => {
    const res = await posts.call('GET', '/internal/sitemap/posts?limit=50001');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/limit is at most 50000/);
  });
});
