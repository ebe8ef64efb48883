import {
  BLOCKED_COMMENTING,
  COMMENT_DELETED,
  CommentPage,
  REPLY_TO_DELETED,
  UserBlocked,
  UserDeleted,
  UserSuspended,
} from '@waco/contracts';
import { publishAs } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { startPosts } from './harness';

// A post's thread through posts' own API: comments and replies, the order and paging, edits and
// deletions, likes, blocks, suspensions, a deleted account and the export.

let owner: string;
let ana: string;
let ben: string;
const posts = startedForFile(startPosts, async (p) => {
  owner = await p.registerUser('Olga', 'Owner');
  ana = await p.registerUser('Ana', 'Diaz');
  ben = await p.registerUser('Ben', 'Ross');
});

const comment = async (as: string, postId: string, content: string, parentId?: string) => {
  const res = await posts.call('POST', `/api/posts/${postId}/comments`, { as, json: { content, parentId } });
  if (res.status !== 201) throw new Error(`comment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; depth: number; content: string; isPostAuthor: boolean };
};
const thread = async (postId: string, as?: string, query = '') => {
  const res = await posts.call('GET', `/api/posts/${postId}/comments${query}`, as ? { as } : {});
  expect(res.status).toBe(200);
  return CommentPage.parse(res.body);
};
const countOf = async (postId: string) =>
  ((await posts.call('GET', `/api/posts/${postId}`)).body as { commentsCount: number }).commentsCount;

describe('a thread', () => {
  it('holds comments and replies two levels deep, in thread order, with the post author marked', async () => {
    const post = await posts.createPost(owner);
    const first = await comment(ana, post.id, 'Is it still available?');
    const second = await comment(ben, post.id, 'Would you take 30?');
    const answer = await comment(owner, post.id, 'Yes it is', first.id);
    const thanks = await comment(ana, post.id, 'Great, thanks!', answer.id);
    expect([first.depth, answer.depth, thanks.depth]).toEqual([1, 2, 3]);
    expect(answer.isPostAuthor).toBe(true);
    const page = await thread(post.id);
    expect(page.comments.map((c) => c.id)).toEqual([first.id, answer.id, thanks.id, second.id]);
    expect(page.comments.map((c) => c.isPostAuthor)).toEqual([false, true, false, false]);
    expect(page.total).toBe(4);
    expect(await countOf(post.id)).toBe(4);
    // A reply below the third level is refused.
    const deep = await posts.call('POST', `/api/posts/${post.id}/comments`, {
      as: ben,
      json: { content: 'Me too', parentId: thanks.id },
    });
    expect(deep.status).toBe(400);
  });

  it('pages top-level comments oldest first with a cursor that comments written meanwhile do not shift', async () => {
    const post = await posts.createPost(owner);
    const written = [];
    for (let i = 0; i < 5; i++) written.push((await comment(ana, post.id, `Comment ${i}`)).id);
    const one = await thread(post.id, undefined, '?limit=2');
    expect(one.comments.map((c) => c.id)).toEqual(written.slice(0, 2));
    await comment(ben, post.id, 'A late one');
    const two = await thread(post.id, undefined, `?limit=2&cursor=${one.nextCursor}`);
    expect(two.comments.map((c) => c.id)).toEqual(written.slice(2, 4));
    const bad = await posts.call('GET', `/api/posts/${post.id}/comments?cursor=nonsense`);
    expect(bad.status).toBe(400);
  });

  it('edits (marked edited) and deletes; a deleted comment with replies reads "Comment deleted"', async () => {
    const post = await posts.createPost(owner);
    const asked = await comment(ana, post.id, 'Is it still available?');
    const reply = await comment(owner, post.id, 'Yes', asked.id);
    const edited = await posts.call('PATCH', `/api/comments/${asked.id}`, {
      as: ana,
      json: { content: 'Still here?' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ content: 'Still here?', editedAt: expect.any(String) });

    expect((await posts.call('DELETE', `/api/comments/${asked.id}`, { as: ana })).status).toBe(204);
    const page = await thread(post.id);
    expect(page.comments.map((c) => [c.content, c.deleted])).toEqual([
      [COMMENT_DELETED, true],
      ['Yes', false],
    ]);
    expect(page.comments[0]?.user.firstName).toBeNull();
    expect(await countOf(post.id)).toBe(1);
    const toDeleted = await posts.call('POST', `/api/posts/${post.id}/comments`, {
      as: ben,
      json: { content: 'Hello?', parentId: asked.id },
    });
    expect(toDeleted.status).toBe(409);
    expect(toDeleted.body.message).toBe(REPLY_TO_DELETED);
    // Once its last reply goes, the deleted comment goes too.
    expect((await posts.call('DELETE', `/api/comments/${reply.id}`, { as: owner })).status).toBe(204);
    expect((await thread(post.id)).comments).toEqual([]);
    expect(await countOf(post.id)).toBe(0);
  });

  it('likes and unlikes a comment, counted exactly', async () => {
    const post = await posts.createPost(owner);
    const c = await comment(ana, post.id, 'Nice bike');
    const like = (as: string) => posts.call('POST', `/api/comments/${c.id}/like`, { as });
    expect((await like(ben)).body).toEqual({ liked: true, likesCount: 1 });
    expect((await like(owner)).body).toEqual({ liked: true, likesCount: 2 });
    expect((await thread(post.id, ben)).comments[0]).toMatchObject({ likesCount: 2, isLiked: true });
    expect((await like(ben)).body).toEqual({ liked: false, likesCount: 1 });
    expect((await thread(post.id, ben)).comments[0]).toMatchObject({ likesCount: 1, isLiked: false });
  });
});

describe('bad input', () => {
  it.each([
    ['empty', { content: '' }, 'Comment is required'],
    ['whitespace only', { content: '   \n ' }, 'Comment is required'],
    ['2001 characters', { content: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters'],
    [
      'a bidi control',
      { content: 'evil \u202Etxt.exe' },
      'Comment must not contain text-direction controls (U+202E)',
    ],
    ['a NUL', { content: 'nul \u0000' }, 'NUL'],
    ['no content', {}, 'Comment is required'],
    ['a parentId that is no id', { content: 'ok', parentId: 'not-a-uuid' }, 'parentId'],
    ['an unknown field', { content: 'ok', extra: 1 }, 'extra'],
  ])('refuses %s with 400 and says why, writing nothing', async (_label, json, message) => {
    const post = await posts.createPost(owner);
    const before = await posts.query('SELECT count(*)::int AS n FROM events');
    const res = await posts.call('POST', `/api/posts/${post.id}/comments`, { as: ana, json });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await posts.query('SELECT count(*)::int AS n FROM events')).toEqual(before);
  });

  it('answers 404 for an unknown post or comment, 403 for anyone but the writer', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await posts.call('POST', `/api/posts/${unknown}/comments`, { as: ana, json: { content: 'Hi' } }))
        .status,
    ).toBe(404);
    expect((await posts.call('GET', `/api/posts/${unknown}/comments`)).status).toBe(404);
    expect(
      (await posts.call('PATCH', `/api/comments/${unknown}`, { as: ana, json: { content: 'Hi' } })).status,
    ).toBe(404);
    const post = await posts.createPost(owner);
    const c = await comment(ana, post.id, 'Mine');
    expect(
      (await posts.call('PATCH', `/api/comments/${c.id}`, { as: owner, json: { content: 'Yours' } })).status,
    ).toBe(403);
    expect((await posts.call('DELETE', `/api/comments/${c.id}`, { as: ben })).status).toBe(403);
  });
});

describe('safety', () => {
  it('keeps members who blocked one another out of each other’s threads, both ways', async () => {
    const cal = await posts.registerUser('Cal', 'Block');
    const dee = await posts.registerUser('Dee', 'Blocked');
    const post = await posts.createPost(owner);
    const byCal = await comment(cal, post.id, 'From Cal');
    const byDee = await comment(dee, post.id, 'From Dee');
    await publishAs(posts.bus, UserBlocked, {
      blockerId: cal,
      blockedId: dee,
      blockedAt: new Date().toISOString(),
    });
    expect((await thread(post.id, cal)).comments.map((c) => c.id)).toEqual([byCal.id]);
    expect((await thread(post.id, dee)).comments.map((c) => c.id)).toEqual([byDee.id]);
    expect((await thread(post.id)).comments).toHaveLength(2);
    const reply = await posts.call('POST', `/api/posts/${post.id}/comments`, {
      as: dee,
      json: { content: 'Hey', parentId: byCal.id },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toBe(BLOCKED_COMMENTING);
    expect((await posts.call('POST', `/api/comments/${byDee.id}/like`, { as: cal })).status).toBe(403);
    // Commenting on the post of someone who blocked you is refused too.
    const calsPost = await posts.createPost(cal);
    expect(
      (await posts.call('POST', `/api/posts/${calsPost.id}/comments`, { as: dee, json: { content: 'Hi' } }))
        .status,
    ).toBe(403);
  });

  it('refuses a suspended member’s comment with 403', async () => {
    const sam = await posts.registerUser('Sam', 'Suspended');
    const post = await posts.createPost(owner);
    await publishAs(posts.bus, UserSuspended, {
      userId: sam,
      moderatorId: owner,
      note: null,
      suspendedAt: new Date().toISOString(),
    });
    const res = await posts.call('POST', `/api/posts/${post.id}/comments`, {
      as: sam,
      json: { content: 'Hi' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/suspended/);
  });

  it('erases a deleted account’s comments, keeps the replies under them, and exports comments and likes', async () => {
    const del = await posts.registerUser('Dora', 'Deleted');
    const post = await posts.createPost(owner);
    const mine = await comment(del, post.id, 'My words');
    await comment(ana, post.id, 'A reply', mine.id);
    const other = await comment(ana, post.id, 'Another');
    await posts.call('POST', `/api/comments/${other.id}/like`, { as: del });

    const exported = await posts.call('GET', `/internal/export/${del}`);
    expect(exported.status).toBe(200);
    expect(exported.body.comments).toEqual([expect.objectContaining({ id: mine.id, content: 'My words' })]);
    expect(exported.body.commentLikes).toEqual([expect.objectContaining({ commentId: other.id })]);

    await publishAs(posts.bus, UserDeleted, { userId: del, deletedAt: new Date().toISOString() });
    const page = await thread(post.id);
    expect(page.comments.map((c) => c.content)).toEqual([COMMENT_DELETED, 'A reply', 'Another']);
    expect(await posts.query('SELECT content FROM comments WHERE user_id = $1', [del])).toEqual([
      { content: '' },
    ]);
    expect(page.total).toBe(2);
  });

  it('takes a post’s thread with it when the post is deleted', async () => {
    const post = await posts.createPost(owner);
    const c = await comment(ana, post.id, 'Bye');
    await posts.call('POST', `/api/comments/${c.id}/like`, { as: ben });
    expect((await posts.call('DELETE', `/api/posts/${post.id}`, { as: owner })).status).toBe(204);
    expect(await posts.query('SELECT id FROM comments WHERE post_id = $1', [post.id])).toEqual([]);
    expect(await posts.query('SELECT id FROM comment_likes WHERE post_id = $1', [post.id])).toEqual([]);
    expect(
      (await posts.call('PATCH', `/api/comments/${c.id}`, { as: ana, json: { content: 'x' } })).status,
    ).toBe(404);
  });
});
