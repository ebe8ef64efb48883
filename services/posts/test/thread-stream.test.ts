import {
  CommentHiddenByModerators,
  CommentRestoredByModerators,
  PostHiddenByModerators,
  THREAD_STREAM_FULL,
} from '@waco/contracts';
import { publishAs, SseClient } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Posts, startPosts } from './harness';

// A post's live thread (`GET /api/posts/:id/comments/stream`) through posts' own API, on the
// in-process bus: anyone may open it, guests included; each comment written, edited, deleted,
// hidden or restored by moderators signals it, with the count and nothing else; a post one may
// not see has no stream; a full post is refused 503.

let posts: Posts;
let owner: string;
let ana: string;
beforeAll(async () => {
  posts = await startPosts({
    over: 'http',
    service: { threadStreams: { maxPerPost: 3 } },
  });
  owner = await posts.registerUser('Olga', 'Owner');
  ana = await posts.registerUser('Ana', 'Diaz');
});
afterAll(() => posts?.stop());

const streams: SseClient[] = [];
afterAll(() => {
  for (const s of streams) s.close();
});

/** Opens a post's live thread as a guest, or as a member (`as`, the gateway's header). */
async function openThread(postId: string, as?: string) {
  const stream = await SseClient.open(
    `${posts.url}/api/posts/${postId}/comments/stream`,
    as ? { 'x-user-id': as } : {},
  );
  streams.push(stream);
  return stream;
}

const comment = async (as: string, postId: string, content: string) => {
  const res = await posts.call('POST', `/api/posts/${postId}/comments`, { as, json: { content } });
  expect(res.status).toBe(201);
  return res.body as { id: string };
};

/** Resolves with the `thread` event after the first `after` ones that matches. */
const nextSignal = (stream: SseClient, after: number, match: (d: { commentsCount: number }) => boolean) =>
  stream.until(
    () =>
      stream
        .named('thread')
        .slice(after)
        .find((e) => match(e.data)),
    15_000,
    'a thread signal',
  );

describe('a post’s live thread', () => {
  it('tells a guest of a comment, its edit, its hiding and restoring, and its deletion', async () => {
    const post = await posts.createPost(owner);
    const guest = await openThread(post.id);
    expect(guest.status).toBe(200);
    expect(guest.headers['content-type']).toBe('text/event-stream');
    expect(guest.headers['cache-control']).toBe('no-store, no-transform');
    // It opens with the count as it is.
    const opened = await guest.waitFor((e) => e.event === 'thread');
    expect(opened.data).toEqual({ postId: post.id, commentsCount: 0 });

    const byAna = await comment(ana, post.id, 'Is it still available? My number is 555-0100');
    const added = await nextSignal(guest, 1, (d) => d.commentsCount === 1);
    // Public facts only: never the text, nor who wrote it.
    expect(Object.keys(added.data).sort()).toEqual(['commentsCount', 'postId']);

    let seen = guest.named('thread').length;
    expect(
      (
        await posts.call('PATCH', `/api/comments/${byAna.id}`, {
          as: ana,
          json: { content: 'Still for sale?' },
        })
      ).status,
    ).toBe(200);
    await nextSignal(guest, seen, (d) => d.commentsCount === 1);

    seen = guest.named('thread').length;
    const hiddenAt = new Date().toISOString();
    await publishAs(
      posts.bus,
      CommentHiddenByModerators,
      { commentId: byAna.id, ownerId: ana, by: 'moderator', moderatorId: owner, note: null, hiddenAt },
      { streamId: `target-comment-${byAna.id}`, streamPosition: 1 },
    );
    await nextSignal(guest, seen, (d) => d.commentsCount === 1);
    // By then the thread read again shows it hidden.
    const read = await posts.call('GET', `/api/posts/${post.id}/comments`);
    expect(JSON.stringify(read.body)).not.toContain('555-0100');

    seen = guest.named('thread').length;
    await publishAs(
      posts.bus,
      CommentRestoredByModerators,
      { commentId: byAna.id, ownerId: ana, moderatorId: owner, restoredAt: new Date().toISOString() },
      { streamId: `target-comment-${byAna.id}`, streamPosition: 2 },
    );
    await nextSignal(guest, seen, (d) => d.commentsCount === 1);

    seen = guest.named('thread').length;
    expect((await posts.call('DELETE', `/api/comments/${byAna.id}`, { as: ana })).status).toBe(204);
    await nextSignal(guest, seen, (d) => d.commentsCount === 0);
  });

  it('tells a reader when the post itself is deleted: read again, it is gone', async () => {
    const post = await posts.createPost(owner);
    const guest = await openThread(post.id);
    await guest.waitFor((e) => e.event === 'thread');
    await comment(ana, post.id, 'Is it still there?');
    await nextSignal(guest, 1, (d) => d.commentsCount === 1);
    const seen = guest.named('thread').length;
    expect((await posts.call('DELETE', `/api/posts/${post.id}`, { as: owner })).status).toBe(204);
    const removed = await nextSignal(guest, seen, (d) => 'removed' in d);
    expect(removed.data).toEqual({ postId: post.id, commentsCount: 0, removed: true });
    expect((await posts.call('GET', `/api/posts/${post.id}`)).status).toBe(404);
  });

  it('reaches every open stream of the post, members’ and guests’, and no other post’s', async () => {
    const post = await posts.createPost(owner);
    const other = await posts.createPost(owner);
    const [guest, member, elsewhere] = [
      await openThread(post.id),
      await openThread(post.id, owner),
      await openThread(other.id),
    ];
    for (const s of [guest, member, elsewhere]) await s.waitFor((e) => e.event === 'thread');
    await comment(ana, post.id, 'Hello');
    await nextSignal(guest, 1, (d) => d.commentsCount === 1);
    await nextSignal(member, 1, (d) => d.commentsCount === 1);
    // A later comment on the other post reaches its stream, and it alone.
    await comment(ana, other.id, 'Hi there');
    await nextSignal(elsewhere, 1, (d) => d.commentsCount === 1);
    expect(elsewhere.named('thread').map((e) => e.data.postId)).toEqual([other.id, other.id]);
  });

  it('has no stream for a post one may not see, nor a post that does not exist', async () => {
    const post = await posts.createPost(owner);
    await publishAs(
      posts.bus,
      PostHiddenByModerators,
      {
        postId: post.id,
        ownerId: owner,
        by: 'moderator',
        moderatorId: ana,
        note: null,
        hiddenAt: new Date().toISOString(),
      },
      { streamId: `target-post-${post.id}`, streamPosition: 1 },
    );
    const refused = await openThread(post.id);
    expect(refused.status).toBe(404);
    // Its owner still sees it, and its thread.
    expect((await openThread(post.id, owner)).status).toBe(200);
    expect((await openThread('0190a000-0000-7000-8000-0000000000ff')).status).toBe(404);
    expect((await openThread('not-a-post')).status).toBe(400);
  });

  it('refuses a stream past the cap per post with 503 and Retry-After, and takes one again once one closes', async () => {
    const post = await posts.createPost(owner);
    const open = [await openThread(post.id), await openThread(post.id), await openThread(post.id)];
    const refused = await openThread(post.id);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.errorBody).toMatchObject({ message: THREAD_STREAM_FULL });
    // Another post is not full.
    expect((await openThread((await posts.createPost(owner)).id)).status).toBe(200);
    (open[0] as SseClient).close();
    await expect
      .poll(async () => {
        const again = await openThread(post.id);
        return again.status;
      })
      .toBe(200);
  });
});
