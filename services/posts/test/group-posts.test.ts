import { randomUUID } from 'node:crypto';
import {
  GROUP_MEMBERS_ONLY_POSTS,
  GROUP_NOT_FOUND,
  GroupHiddenByModerators,
  GroupMemberJoined,
  GroupRestoredByModerators,
  Post,
  SitemapPosts,
} from '@waco/contracts';
import { type PlayedGroup, playGroup as playGroupOn, publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

// Posts in a group: posts learns groups and memberships from groups' events (its copy), lets
// members post in their groups, keeps a private group's posts from everyone else, and lets a
// group's moderators and admins remove its posts and comments.

let posts: Posts;
beforeAll(async () => {
  // An outsider's post waits this long for a membership that may be on its way before refusal.
  posts = await startPosts({ service: { uploadNoticeWaitMs: 500 } });
});
afterAll(() => posts?.stop());

const playGroup = (creatorId: string, isPublic: boolean) => playGroupOn(posts.bus, creatorId, isPublic);

/** Posts in the group as `as` once posts' copy has them as a member; resolves to the post. */
async function postIn(as: string, groupId: string, title: string) {
  const res = await posts.call('POST', '/api/posts', {
    as,
    json: {
      category: 'sale',
      title,
      description: `${title} #bookswap`,
      neighborhood: 'sanger_heights',
      groupId,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Post.parse(res.body);
}

const idsOf = (body: { posts: Array<{ id: string }> }) => body.posts.map((p) => p.id);
async function listIds(path: string, as?: string) {
  const res = await posts.call('GET', path, { as });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return idsOf(res.body);
}

describe('posts in a private group', () => {
  let ada: string;
  let bob: string;
  let cleo: string;
  let group: PlayedGroup;
  let secret: Post;
  let open: { id: string };

  beforeAll(async () => {
    ada = await posts.registerUser('Ada', 'Lovelace');
    bob = await posts.registerUser('Bob', 'Builder');
    cleo = await posts.registerUser('Cleo', 'Outsider');
    group = await playGroup(ada, false);
    await group.join(bob);
    secret = await postIn(ada, group.groupId, 'Book club swap list');
    open = await posts.createPost(cleo, { title: 'Everyone can see this lamp' });
  });

  it('is its members’: at its address, in their home feed, search and tag pages, and in its group feed', async () => {
    expect(secret.groupId).toBe(group.groupId);
    for (const member of [ada, bob]) {
      expect((await posts.call('GET', `/api/posts/${secret.id}`, { as: member })).status).toBe(200);
      expect(await listIds('/api/posts', member)).toContain(secret.id);
      expect(await listIds('/api/posts?search=swap', member)).toContain(secret.id);
      expect(await listIds('/api/hashtags/bookswap/posts', member)).toContain(secret.id);
      expect(await listIds(`/api/posts?groupId=${group.groupId}`, member)).toEqual([secret.id]);
      expect((await posts.call('GET', `/api/posts/${secret.id}/comments`, { as: member })).status).toBe(200);
    }
  });

  it('is nowhere for an outsider or a guest: 404 at its address, absent from every list, the sitemap and the tags', async () => {
    for (const viewer of [cleo, undefined]) {
      expect((await posts.call('GET', `/api/posts/${secret.id}`, { as: viewer })).status).toBe(404);
      expect((await posts.call('GET', `/api/posts/${secret.id}/comments`, { as: viewer })).status).toBe(404);
      const feed = await listIds('/api/posts', viewer);
      expect(feed).toContain(open.id);
      expect(feed).not.toContain(secret.id);
      expect(await listIds('/api/posts?search=swap', viewer)).not.toContain(secret.id);
      expect(await listIds('/api/posts?search=swpa', viewer)).not.toContain(secret.id);
      expect(await listIds('/api/hashtags/bookswap/posts', viewer)).not.toContain(secret.id);
      // Nor counted on the tag: the count would tell of the post.
      expect((await posts.call('GET', '/api/hashtags/bookswap', { as: viewer })).body.usageCount).toBe(0);
      expect(await listIds(`/api/users/${ada}/posts`, viewer)).not.toContain(secret.id);
      const groupFeed = await posts.call('GET', `/api/posts?groupId=${group.groupId}`, { as: viewer });
      expect(groupFeed.status).toBe(404);
      expect(groupFeed.body.message).toBe(GROUP_NOT_FOUND);
    }
    const sitemap = SitemapPosts.parse((await posts.call('GET', '/internal/sitemap/posts')).body);
    expect(sitemap.posts.map((p) => p.id)).not.toContain(secret.id);
    const tags = (await posts.call('GET', '/api/hashtags')).body.tags.map((t: { name: string }) => t.name);
    expect(tags).not.toContain('bookswap');
    // Nor can an outsider act on it as if they had seen it.
    expect(
      (await posts.call('POST', `/api/posts/${secret.id}/comments`, { as: cleo, json: { content: 'hi' } }))
        .status,
    ).toBe(404);
  });

  it('an outsider cannot post in it (404, as if not there); a member who leaves no longer sees it', async () => {
    const refused = await posts.call('POST', '/api/posts', {
      as: cleo,
      json: { category: 'sale', title: 'Sneaking in', description: 'x', groupId: group.groupId },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(GROUP_NOT_FOUND);
    const unknown = await posts.call('POST', '/api/posts', {
      as: cleo,
      json: { category: 'sale', title: 'Nowhere group', description: 'x', groupId: randomUUID() },
    });
    expect(unknown.status).toBe(404);

    const dan = await posts.registerUser('Dan', 'Leaver');
    await group.join(dan);
    // The in-process bus resolves a publish once every consumer has handled it.
    expect((await posts.call('GET', `/api/posts/${secret.id}`, { as: dan })).status).toBe(200);
    const left = await group.leave(dan);
    expect((await posts.call('GET', `/api/posts/${secret.id}`, { as: dan })).status).toBe(404);
    expect(await listIds('/api/posts', dan)).not.toContain(secret.id);
    // The join, redelivered after the leave, is older: it changes nothing.
    await posts.bus.publish('groups', {
      ...left,
      id: randomUUID(),
      type: GroupMemberJoined.type,
      streamPosition: left.streamPosition - 1,
      data: {
        groupId: group.groupId,
        userId: dan,
        role: 'member',
        joinedAt: left.occurredAt,
        approvedBy: null,
      },
    });
    await posts.bus.publish('groups', left);
    const rows = await posts.query<{ role: string | null }>(
      'SELECT role FROM group_members_copy WHERE group_id = $1 AND user_id = $2',
      [group.groupId, dan],
    );
    expect(rows).toEqual([{ role: null }]);
  });

  it('keeps mentions of its members only: an outsider mentioned is not linked nor told', async () => {
    const res = await posts.call('POST', '/api/posts', {
      as: ada,
      json: {
        category: 'sale',
        title: 'Who has the next book',
        description: 'Ask @Bob Builder or @Cleo Outsider',
        groupId: group.groupId,
        mentions: [
          { userId: bob, name: 'Bob Builder' },
          { userId: cleo, name: 'Cleo Outsider' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Post.parse(res.body).mentions?.map((m) => m.userId)).toEqual([bob]);
  });
});

describe('posts in a public group', () => {
  it('are seen by everyone at their address and on the group’s page, but fill only its members’ home feeds; only members post', async () => {
    const ada = await posts.registerUser('Ada', 'Public');
    const eve = await posts.registerUser('Eve', 'Neighbour');
    const group = await playGroup(ada, true);
    const post = await postIn(ada, group.groupId, 'Trail clean-up sign-up');
    for (const viewer of [eve, undefined]) {
      expect((await posts.call('GET', `/api/posts/${post.id}`, { as: viewer })).status).toBe(200);
      expect(await listIds(`/api/posts?groupId=${group.groupId}`, viewer)).toEqual([post.id]);
      expect(await listIds('/api/posts', viewer)).not.toContain(post.id);
      expect(await listIds(`/api/users/${ada}/posts`, viewer)).toContain(post.id);
    }
    const refused = await posts.call('POST', '/api/posts', {
      as: eve,
      json: { category: 'sale', title: 'Not a member yet', description: 'x', groupId: group.groupId },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(GROUP_MEMBERS_ONLY_POSTS);
    // A member who just joined may post at once: the post waits for the copy to hear of it.
    await group.join(eve);
    await postIn(eve, group.groupId, 'Now a member');
  });
});

describe("a group's moderators and admins", () => {
  it('remove posts and comments in their group; a plain member cannot, nor a moderator elsewhere', async () => {
    const ada = await posts.registerUser('Ada', 'Admin');
    const mo = await posts.registerUser('Mo', 'Moderator');
    const pat = await posts.registerUser('Pat', 'Plain');
    const group = await playGroup(ada, true);
    await group.join(mo);
    await group.join(pat);
    await group.setRole(mo, 'moderator');
    const elsewhere = await posts.createPost(pat, { title: 'Not in any group' });
    const byPat = await postIn(pat, group.groupId, 'Off-topic sale');
    const comment = await posts.call('POST', `/api/posts/${byPat.id}/comments`, {
      as: pat,
      json: { content: 'bump' },
    });
    expect(comment.status).toBe(201);
    const byMo = await postIn(mo, group.groupId, 'Meeting notes');

    expect((await posts.call('DELETE', `/api/posts/${byMo.id}`, { as: pat })).status).toBe(403);
    expect((await posts.call('DELETE', `/api/posts/${elsewhere.id}`, { as: mo })).status).toBe(403);
    expect((await posts.call('DELETE', `/api/comments/${comment.body.id}`, { as: mo })).status).toBe(204);
    expect((await posts.call('DELETE', `/api/posts/${byPat.id}`, { as: mo })).status).toBe(204);
    expect((await posts.call('DELETE', `/api/posts/${byMo.id}`, { as: ada })).status).toBe(204);
    expect(await listIds(`/api/posts?groupId=${group.groupId}`, ada)).toEqual([]);
    expect((await posts.call('GET', `/api/posts/${elsewhere.id}`)).status).toBe(200);
  });
});

describe('a group hidden by site moderators', () => {
  it('takes its posts with it for all but their authors, and gives them back when restored', async () => {
    const ada = await posts.registerUser('Ada', 'Hidden');
    const bob = await posts.registerUser('Bob', 'Member');
    const moderator = await posts.registerUser('Mo', 'Derator');
    const group = await playGroup(ada, true);
    await group.join(bob);
    const post = await postIn(bob, group.groupId, 'Hidden club flyer');
    const seenBy = async (viewer?: string) =>
      (await posts.call('GET', `/api/posts/${post.id}`, { as: viewer })).status === 200 &&
      (await listIds(`/api/posts?groupId=${group.groupId}`, viewer)).includes(post.id);
    for (const viewer of [ada, bob, undefined]) expect(await seenBy(viewer)).toBe(true);
    // Moderation's decisions on one target are on one stream, at increasing positions.
    const target = `moderation-group-${group.groupId}`;

    await publishAs(
      posts.bus,
      GroupHiddenByModerators,
      {
        groupId: group.groupId,
        ownerId: ada,
        by: 'moderator',
        moderatorId: moderator,
        note: null,
        hiddenAt: new Date().toISOString(),
      },
      { streamId: target, streamPosition: 1 },
    );
    await waitFor(async () => !(await seenBy(undefined)));
    // Its group's admin, a guest: gone everywhere; its author keeps it.
    for (const viewer of [ada, undefined]) {
      expect((await posts.call('GET', `/api/posts/${post.id}`, { as: viewer })).status).toBe(404);
      expect(await listIds(`/api/posts?groupId=${group.groupId}`, viewer)).not.toContain(post.id);
    }
    expect(await seenBy(bob)).toBe(true);

    await publishAs(
      posts.bus,
      GroupRestoredByModerators,
      {
        groupId: group.groupId,
        ownerId: ada,
        moderatorId: moderator,
        restoredAt: new Date().toISOString(),
      },
      { streamId: target, streamPosition: 2 },
    );
    await waitFor(() => seenBy(undefined));
    expect(await seenBy(ada)).toBe(true);
  });
});
