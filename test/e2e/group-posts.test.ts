import { randomUUID } from 'node:crypto';
import { readPageTags, waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Posts in a group, end to end through the gateway of the embedded stack: posts learns the
// group and its members from groups' events; a private group's posts reach its members (their
// home feed, the group's feed) and nobody else: not the public feed, search, a tag's page, the
// sitemap, a link preview, the poster's profile as others see it, nor the post's address.

const stack = useEmbeddedTestStack('gpo', { rateLimits: { general: 1_000_000, auth: 1_000_000 } });
const { call, signUpAll } = stack;

const createGroup = async (who: Member, body: Record<string, unknown>) => {
  const answer = await call(who, 'POST', '/api/groups', body);
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string };
};
const postIn = async (who: Member, groupId: string, title: string) => {
  const answer = await call(who, 'POST', '/api/posts', {
    category: 'sale',
    title,
    description: `${title}, for the club only #clubswap`,
    neighborhood: 'sanger_heights',
    price: '5',
    groupId,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string; groupId: string };
};
/** `member` asks to join the private group and its admin approves. */
const admitted = async (admin: Member, member: Member, groupId: string) => {
  expect((await call(member, 'POST', `/api/groups/${groupId}/join`)).status).toBe(200);
  const approved = await call(admin, 'POST', `/api/groups/${groupId}/requests/${member.id}`, {
    approve: true,
  });
  expect(approved.status, approved.text).toBe(200);
};
const ids = async (who: Member | null, path: string) => {
  const answer = await call(who, 'GET', path);
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return (answer.body as { posts: { id: string }[] }).posts.map((p) => p.id);
};

describe('posts of a private group', () => {
  it('reach its members and nobody else, in any list, page, preview or sitemap', async () => {
    const [ada, bob, eve] = await signUpAll('Ada', 'Bob', 'Eve');
    const club = await createGroup(ada, { name: 'Sanger Heights book club', isPublic: false });
    // Bob asks, Ada approves: then Bob posts in the group (posts hears of it by groups' events).
    await admitted(ada, bob, club.id);
    // Eve follows Bob with alerts on: his group's post must not reach her that way either.
    const followed = await call(eve, 'POST', `/api/users/${bob.id}/follow`, { alerts: true });
    expect(followed.status, followed.text).toBeLessThan(300);
    // Notifications has heard of the follow once Bob is told of it.
    await waitFor(async () => {
      const list = (await call(bob, 'GET', '/api/notifications')).body as {
        notifications: { type: string }[];
      };
      return list.notifications.some((n) => n.type === 'follow') ? true : undefined;
    });
    const swap = await postIn(bob, club.id, 'Paperback swap box');
    expect(swap.groupId).toBe(club.id);
    const open = (await stack.createSalePost(eve, 'Porch swing for everyone')).id;

    for (const member of [ada, bob]) {
      expect((await call(member, 'GET', `/api/posts/${swap.id}`)).status).toBe(200);
      expect(await ids(member, '/api/posts?limit=50')).toContain(swap.id);
      expect(await ids(member, `/api/posts?groupId=${club.id}`)).toEqual([swap.id]);
      expect(await ids(member, '/api/posts?search=paperback')).toContain(swap.id);
    }
    // The member's answers are theirs: never stored by a shared cache.
    const memberFeed = await call(ada, 'GET', `/api/posts?groupId=${club.id}`);
    expect(memberFeed.headers.get('cache-control')).toContain('no-store');

    for (const outsider of [eve, null]) {
      const who = outsider ? 'a member outside it' : 'a guest';
      expect((await call(outsider, 'GET', `/api/posts/${swap.id}`)).status, who).toBe(404);
      expect((await call(outsider, 'GET', `/api/posts?groupId=${club.id}`)).status, who).toBe(404);
      expect((await call(outsider, 'GET', `/api/posts/${swap.id}/comments`)).status, who).toBe(404);
      const feed = await ids(outsider, '/api/posts?limit=50');
      expect(feed, who).toContain(open);
      expect(feed, who).not.toContain(swap.id);
      expect(await ids(outsider, '/api/posts?search=paperback'), who).not.toContain(swap.id);
      expect(await ids(outsider, '/api/hashtags/clubswap/posts'), who).not.toContain(swap.id);
      expect(await ids(outsider, `/api/users/${bob.id}/posts`), who).not.toContain(swap.id);
    }
    // A link preview and the page itself, as a crawler (a guest) opens them: nothing of it.
    const page = await fetch(`${stack.base}/post/${swap.id}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(readPageTags(html).meta['og:title']).toBeUndefined();
    expect(html).not.toContain('Paperback swap box');
    const sitemap = await (await fetch(`${stack.base}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/post/${open}`);
    expect(sitemap).not.toContain(`/post/${swap.id}`);
    // Bob's next post, outside the group, alerts Eve; the group's never did.
    const outside = (await stack.createSalePost(bob, 'Bookshelf, free to a good home')).id;
    const told = await waitFor(async () => {
      const list = (await call(eve, 'GET', '/api/notifications')).body as {
        notifications: { type: string; relatedId: string | null }[];
      };
      return list.notifications.some((n) => n.relatedId === outside) ? list.notifications : undefined;
    });
    expect(told.map((n) => n.relatedId)).not.toContain(swap.id);
    // Nor can an outsider post in it: 404, as if it were not there.
    const refused = await call(eve, 'POST', '/api/posts', {
      category: 'sale',
      title: 'Let me in',
      description: 'x',
      groupId: club.id,
    });
    expect(refused.status).toBe(404);
  });
});

describe("a group's moderators", () => {
  it("remove a post and a comment in their group; a member who leaves no longer sees a private group's posts", async () => {
    const [ada, mo, pat] = await signUpAll('Ada', 'Mo', 'Pat');
    const club = await createGroup(ada, { name: 'Cameron Park trail crew', isPublic: false });
    for (const m of [mo, pat]) await admitted(ada, m, club.id);
    expect(
      (await call(ada, 'PUT', `/api/groups/${club.id}/members/${mo.id}`, { role: 'moderator' })).status,
    ).toBe(200);
    const offTopic = await postIn(pat, club.id, 'Selling a used kayak');
    const comment = await call(pat, 'POST', `/api/posts/${offTopic.id}/comments`, {
      content: 'still for sale',
    });
    expect(comment.status, comment.text).toBe(201);
    // A plain member cannot remove another's post.
    const byAda = await postIn(ada, club.id, 'Saturday trail work');
    expect((await call(pat, 'DELETE', `/api/posts/${byAda.id}`)).status).toBe(403);
    // The moderator can, once posts has heard of the role (an event away).
    await waitFor(async () => {
      const res = await call(mo, 'DELETE', `/api/comments/${(comment.body as { id: string }).id}`);
      return res.status === 204 ? true : undefined;
    });
    expect((await call(mo, 'DELETE', `/api/posts/${offTopic.id}`)).status).toBe(204);
    expect(await ids(ada, `/api/posts?groupId=${club.id}`)).toEqual([byAda.id]);

    expect((await call(pat, 'POST', `/api/groups/${club.id}/leave`)).status).toBe(200);
    await waitFor(async () =>
      (await call(pat, 'GET', `/api/posts/${byAda.id}`)).status === 404 ? true : undefined,
    );
    expect(await ids(pat, '/api/posts?limit=50')).not.toContain(byAda.id);
  });
});

describe("a private group's post in messaging", () => {
  it('is talked about only between its members: an outsider is answered as for an unknown post', async () => {
    const [ada, bob, eve] = await signUpAll('Ada', 'Bob', 'Eve');
    const circle = await createGroup(ada, { name: 'Brook Oaks quilting circle', isPublic: false });
    await admitted(ada, bob, circle.id);
    const quilt = await postIn(ada, circle.id, 'Quilt fabric bundle');
    type Summary = { otherUserId: string; post?: { id: string; available: boolean; title: string | null } };
    const postShown = async (viewer: Member, other: Member) => {
      const list = await call(viewer, 'GET', '/api/messages');
      expect(list.status, list.text).toBe(200);
      return (list.body as Summary[]).find((c) => c.otherUserId === other.id)?.post;
    };
    const send = (from: Member, to: Member, content: string, postId: string) =>
      call(from, 'POST', '/api/messages', { recipientId: to.id, content, postId });

    // Two members talk about it (once messaging has heard of the post and of Bob's membership:
    // until then a message goes about no post) and both see its title.
    const shown = await waitFor(async () => {
      expect((await send(bob, ada, 'Can I have the blue squares?', quilt.id)).status).toBe(201);
      const post = await postShown(bob, ada);
      return post?.available ? post : undefined;
    });
    expect(shown).toMatchObject({ id: quilt.id, title: 'Quilt fabric bundle' });
    expect(await postShown(ada, bob)).toEqual(shown);

    // Eve, outside the group, messaging its author about it: the answers a post never heard of gets.
    const answersAbout = async (postId: string) => {
      const started = await call(eve, 'POST', '/api/conversations', { recipientId: ada.id, postId });
      const sent = await send(eve, ada, 'Is the quilt fabric still there?', postId);
      return [started.status, sent.status];
    };
    expect(await answersAbout(quilt.id)).toEqual(await answersAbout(randomUUID()));
    expect(await answersAbout(quilt.id)).toEqual([200, 201]);
    expect(await postShown(eve, ada)).toBeUndefined();
    expect(await postShown(ada, eve)).toBeUndefined();

    // Bob leaves the group: his conversation shows the post as no longer available; Ada's still shows it.
    expect((await call(bob, 'POST', `/api/groups/${circle.id}/leave`)).status).toBe(200);
    const gone = await waitFor(async () => {
      const post = await postShown(bob, ada);
      return post?.available === false ? post : undefined;
    });
    expect(gone).toEqual({ id: quilt.id, available: false, title: null, thumbnailUrl: null });
    expect(await postShown(ada, bob)).toEqual(shown);
  });
});
