import { BLOCKED_COMMENTING, CommentPage } from '@waco/contracts';
import { SseClient, waitFor } from '@waco/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Comments through the gateway of the embedded stack (as `npm start` runs it): a guest's 401
// before anything is read, the count exact under 20 comments at once, who may edit and delete,
// blocks, the notifications the post's author and a replied-to member get, and a post's live
// thread reaching a guest.

const stack = useEmbeddedTestStack('cmt');
const { call, signUp, createSalePost: createPost } = stack;
const comment = (who: Member | null, postId: string, content: string, parentId?: string) =>
  call(who, 'POST', `/api/posts/${postId}/comments`, { content, parentId });

let owner: Member;
let ana: Member;
let ben: Member;
beforeAll(async () => {
  [owner, ana, ben] = [await signUp('Olga'), await signUp('Ana'), await signUp('Ben')];
});

describe('comments through the gateway', () => {
  it('lets a guest read, and answers a guest who writes 401 before reading the body', async () => {
    const post = await createPost(owner, 'Guest reads comments');
    expect((await comment(ana, post.id, 'Hello')).status).toBe(201);
    const read = await call(null, 'GET', `/api/posts/${post.id}/comments`);
    expect(read.status).toBe(200);
    expect(CommentPage.parse(read.body).comments.map((c) => c.content)).toEqual(['Hello']);
    const c = read.body.comments[0].id;
    // Even a body that would be refused (NUL, too long) gets the 401 first.
    for (const [method, path, json] of [
      ['POST', `/api/posts/${post.id}/comments`, { content: 'x\u0000'.repeat(3000) }],
      ['PATCH', `/api/comments/${c}`, { content: '' }],
      ['DELETE', `/api/comments/${c}`, undefined],
      ['POST', `/api/comments/${c}/like`, undefined],
    ] as const) {
      const res = await call(null, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('counts 20 comments sent at once exactly, on the card and in the thread', async () => {
    const post = await createPost(owner, 'Twenty at once');
    const writers = [ana, ben];
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => comment(writers[i % 2] as Member, post.id, `Comment number ${i}`)),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect((await call(null, 'GET', `/api/posts/${post.id}`)).body.commentsCount).toBe(20);
    const feed = await call(null, 'GET', '/api/posts?search=Twenty');
    expect(feed.body.posts.find((p: { id: string }) => p.id === post.id).commentsCount).toBe(20);
    const first = CommentPage.parse(
      (await call(null, 'GET', `/api/posts/${post.id}/comments?limit=15`)).body,
    );
    const second = CommentPage.parse(
      (await call(null, 'GET', `/api/posts/${post.id}/comments?limit=15&cursor=${first.nextCursor}`)).body,
    );
    expect(first.total).toBe(20);
    const ids = [...first.comments, ...second.comments].map((c) => c.id);
    expect(new Set(ids).size).toBe(20);
    expect(second.nextCursor).toBeNull();
  });

  it('lets only the writer edit or delete: the authorization matrix', async () => {
    const post = await createPost(owner, 'Who may change');
    const byAna = (await comment(ana, post.id, 'Ana wrote this')).body.id as string;
    const cases: Array<[string, Member | null, number]> = [
      ['a guest', null, 401],
      ["the post's author", owner, 403],
      ['another member', ben, 403],
      ['the writer', ana, 200],
    ];
    for (const [who, member, status] of cases) {
      const res = await call(member, 'PATCH', `/api/comments/${byAna}`, { content: `Edited by ${who}` });
      expect(res.status, `edit by ${who}`).toBe(status);
    }
    for (const [who, member, status] of cases) {
      const res = await call(member, 'DELETE', `/api/comments/${byAna}`);
      expect(res.status, `delete by ${who}`).toBe(status === 200 ? 204 : status);
    }
    // Gone: a second delete, an edit, a like are 404.
    expect((await call(ana, 'DELETE', `/api/comments/${byAna}`)).status).toBe(404);
    expect((await call(ana, 'PATCH', `/api/comments/${byAna}`, { content: 'Back' })).status).toBe(404);
    expect((await call(ben, 'POST', `/api/comments/${byAna}/like`)).status).toBe(404);
  });

  it("notifies the post's author and the replied-to member; a block stops comments both ways", async () => {
    const post = await createPost(owner, 'Notify me');
    const asked = (await comment(ana, post.id, 'Still available?')).body.id as string;
    expect((await comment(ben, post.id, 'Me too', asked)).status).toBe(201);
    const types = async (who: Member) =>
      (
        (await call(who, 'GET', '/api/notifications')).body.notifications as {
          type: string;
          relatedId: string;
        }[]
      )
        .filter((n) => n.relatedId === post.id)
        .map((n) => n.type)
        .sort();
    await waitFor(async () => (await types(owner)).length === 2, 10_000, "the owner's notifications");
    expect(await types(owner)).toEqual(['comment', 'comment']);
    await waitFor(
      async () => (await types(ana)).length === 1,
      10_000,
      "the replied-to member's notification",
    );
    expect(await types(ana)).toEqual(['comment_reply']);

    expect((await call(owner, 'POST', `/api/users/${ben.id}/block`)).status).toBe(200);
    const refused = await waitFor(async () => {
      const res = await comment(ben, post.id, 'Hello?');
      return res.status === 403 && res;
    }, 10_000);
    expect(refused.body.message).toBe(BLOCKED_COMMENTING);
    const seen = CommentPage.parse((await call(owner, 'GET', `/api/posts/${post.id}/comments`)).body);
    expect(seen.comments.map((c) => c.content)).toEqual(['Still available?']);
  });

  it("signals a guest's open thread of a comment, a comment hidden by three reports, and a deletion", async () => {
    const post = await createPost(owner, 'Live thread for a guest');
    const guest = await SseClient.open(`${stack.base}/api/posts/${post.id}/comments/stream`);
    expect(guest.status).toBe(200);
    expect(guest.headers['cache-control']).toBe('no-store, no-transform');
    await guest.waitFor((e) => e.event === 'thread' && e.data.commentsCount === 0);
    const signalled = (after: number, count: number) =>
      guest.until(
        () =>
          guest
            .named('thread')
            .slice(after)
            .find((e) => e.data.commentsCount === count),
        15_000,
        `a signal with ${count} comments`,
      );
    try {
      const written = await comment(ana, post.id, 'Call me on 555-0199');
      expect(written.status).toBe(201);
      await signalled(1, 1);
      // Three members report it: the third hides it; the guest's thread is told, and reads it hidden.
      let seen = guest.named('thread').length;
      const reporters = [owner, ben, await signUp('Cleo')];
      for (const reporter of reporters) {
        const res = await call(reporter, 'POST', '/api/reports', {
          targetType: 'comment',
          targetId: written.body.id,
          reason: 'spam',
        });
        expect(res.status).toBe(201);
      }
      await signalled(seen, 1);
      const read = await call(null, 'GET', `/api/posts/${post.id}/comments`);
      expect(read.text).not.toContain('555-0199');
      seen = guest.named('thread').length;
      expect((await call(ana, 'DELETE', `/api/comments/${written.body.id}`)).status).toBe(204);
      await signalled(seen, 0);
      // Nothing the stream carried named a comment or its writer.
      for (const e of guest.named('thread'))
        expect(e.data).toEqual({ postId: post.id, commentsCount: e.data.commentsCount });
    } finally {
      guest.close();
    }
  });
});
