import { randomUUID } from 'node:crypto';
import {
  COMMENT_LIMITS,
  CommentLimitReached,
  DUPLICATE_POST,
  NEW_ACCOUNT_DAYS,
  POSTING_LIMITS,
  PostingLimitReached,
} from '@waco/contracts';
import { newAccountHourly, publishMember, type TestResponse, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { samplePost, startPosts } from './harness';

// The limits per member on posting and commenting (libs/contracts' member-limits.ts), through the
// HTTP API on a real Postgres: a new account's hour, an established one's, the duplicate rule, a
// burst sent all at once, and the record moderators see.

const posts = startedForFile(() => startPosts({ service: { memberLimits: true } }));
const NEW_HOURLY = newAccountHourly(POSTING_LIMITS);

/** A member identity announced `daysAgo`, verified or not; resolves once posts knows it all. */
async function member(daysAgo: number, verified: boolean) {
  const userId = await publishMember(posts.bus, daysAgo, verified);
  await waitFor(
    async () =>
      (
        await posts.query<{ v: boolean }>('SELECT email_verified AS v FROM authors WHERE id = $1', [userId])
      )[0]?.v === verified,
    20_000,
    'posts to know the member',
  );
  return userId;
}

/** The n-th post of a member: words of its own, so that only the count can refuse it. */
const nth = (n: number) => ({
  ...samplePost(),
  title: `Thing number ${n}`,
  description: `${['Oak', 'Pine', 'Elm', 'Ash', 'Maple', 'Cedar'][n % 6]} item ${'x'.repeat(n)} for sale`,
});

const post = (as: string, body: object) => posts.call('POST', '/api/posts', { as, json: body });

/**
 * A new account refused for the rest of the hour: 429, in words naming its limit (`make 5
 * posts`) and what it may do again (`post`), and most of an hour to wait (its first was just now).
 */
function expectRefusedForTheHour(refused: TestResponse, limit: string, again: string) {
  expect(refused.status).toBe(429);
  expect(refused.body.message).toMatch(
    new RegExp(
      `^New or unverified accounts can ${limit} an hour\\. You can ${again} again in (60 minutes|1 hour)\\.$`,
    ),
  );
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(3000);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

describe('a new account', () => {
  it(`posts ${NEW_HOURLY} times in an hour, then gets 429 with when to try again, and moderators hear once`, async () => {
    const ada = await member(0, false);
    for (let n = 1; n <= NEW_HOURLY; n++) expect((await post(ada, nth(n))).status).toBe(201);
    const before = await posts.counts();
    expectRefusedForTheHour(await post(ada, nth(NEW_HOURLY + 1)), `make ${NEW_HOURLY} posts`, 'post');
    // Refused again: still nothing posted, and the burst is recorded once.
    expect((await post(ada, nth(NEW_HOURLY + 2))).status).toBe(429);
    expect((await posts.counts()).posts).toBe(before.posts);
    const burst = await posts.waitForPublished(PostingLimitReached.type, (d) => d.userId === ada);
    expect(burst.data).toMatchObject({ userId: ada, per: 'hour', max: NEW_HOURLY, newAccount: true });
    const recorded = await posts.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE type = 'PostingLimitReached' AND data->>'userId' = $1`,
      [ada],
    );
    expect(Number(recorded[0]?.n)).toBe(1);
  });

  it('sending a burst all at once passes no more than the limit', async () => {
    const bob = await member(0, false);
    const answers = await Promise.all(
      Array.from({ length: NEW_HOURLY + 5 }, (_, n) => post(bob, nth(n + 1)).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(NEW_HOURLY);
    expect(answers.filter((s) => s === 429)).toHaveLength(5);
  });

  it('an account identity has not told posts of yet counts as new', async () => {
    const unknown = randomUUID();
    for (let n = 1; n <= NEW_HOURLY; n++) expect((await post(unknown, nth(n))).status).toBe(201);
    expect((await post(unknown, nth(NEW_HOURLY + 1))).status).toBe(429);
  });
});

describe('an established account', () => {
  it(`older than ${NEW_ACCOUNT_DAYS} days and verified, has the higher limit`, async () => {
    const carol = await member(NEW_ACCOUNT_DAYS + 7, true);
    for (let n = 1; n <= NEW_HOURLY + 2; n++) expect((await post(carol, nth(n))).status).toBe(201);
  });

  it("older but unverified, keeps the new accounts' limit", async () => {
    const dan = await member(NEW_ACCOUNT_DAYS + 7, false);
    for (let n = 1; n <= NEW_HOURLY; n++) expect((await post(dan, nth(n))).status).toBe(201);
    expect((await post(dan, nth(NEW_HOURLY + 1))).status).toBe(429);
  });
});

describe('near-duplicate posts', () => {
  it('the same words with other digits, case, spacing or punctuation are refused with 409', async () => {
    const eve = await member(NEW_ACCOUNT_DAYS + 7, true);
    const first = await post(eve, { ...samplePost(), title: 'Cheap watches 1', description: 'Best prices!' });
    expect(first.status).toBe(201);
    const before = await posts.counts();
    for (const [title, description] of [
      ['Cheap watches 2', 'Best prices!'],
      ['CHEAP   WATCHES #60', 'best prices'],
      ['Cheap-watches 3', 'Best. Prices. 100%'],
    ]) {
      const again = await post(eve, { ...samplePost(), title, description });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(DUPLICATE_POST);
    }
    expect(await posts.counts()).toEqual(before);
    // Other words pass, and another member may post the same.
    expect(
      (await post(eve, { ...samplePost(), title: 'Cheap watches', description: 'Other words' })).status,
    ).toBe(201);
    const frank = await member(NEW_ACCOUNT_DAYS + 7, true);
    expect(
      (await post(frank, { ...samplePost(), title: 'Cheap watches 1', description: 'Best prices!' })).status,
    ).toBe(201);
  });

  it('a deleted post may be posted again', async () => {
    const gina = await member(NEW_ACCOUNT_DAYS + 7, true);
    const first = await post(gina, { ...samplePost(), title: 'Typo in the titel', description: 'A chair' });
    expect((await posts.call('DELETE', `/api/posts/${first.body.id}`, { as: gina })).status).toBeLessThan(
      300,
    );
    expect(
      (await post(gina, { ...samplePost(), title: 'Typo in the titel', description: 'A chair' })).status,
    ).toBe(201);
  });
});

describe('comments', () => {
  const NEW_COMMENTS_HOURLY = newAccountHourly(COMMENT_LIMITS);
  const comment = (as: string, postId: string, n: number, parentId?: string) =>
    posts.call('POST', `/api/posts/${postId}/comments`, { as, json: { content: `Comment ${n}`, parentId } });

  it(`a new account comments ${NEW_COMMENTS_HOURLY} times in an hour, then gets 429 with when to try again, and moderators hear once`, async () => {
    const owner = await member(NEW_ACCOUNT_DAYS + 7, true);
    const thread = await posts.createPost(owner);
    const ivy = await member(0, false);
    // Replies count as comments; deleting one does not give it back.
    const first = await comment(ivy, thread.id, 1);
    expect(first.status).toBe(201);
    expect((await posts.call('DELETE', `/api/comments/${first.body.id}`, { as: ivy })).status).toBe(204);
    const parent = await comment(owner, thread.id, 0);
    for (let n = 2; n <= NEW_COMMENTS_HOURLY; n++)
      expect((await comment(ivy, thread.id, n, n % 2 ? parent.body.id : undefined)).status).toBe(201);
    const before = await posts.query<{ n: string }>('SELECT count(*) AS n FROM comments');
    expectRefusedForTheHour(
      await comment(ivy, thread.id, NEW_COMMENTS_HOURLY + 1),
      `write ${NEW_COMMENTS_HOURLY} comments`,
      'comment',
    );
    expect((await comment(ivy, thread.id, NEW_COMMENTS_HOURLY + 2, parent.body.id)).status).toBe(429);
    expect(await posts.query('SELECT count(*) AS n FROM comments')).toEqual(before);
    const burst = await posts.waitForPublished(CommentLimitReached.type, (d) => d.userId === ivy);
    expect(burst.data).toMatchObject({
      userId: ivy,
      per: 'hour',
      max: NEW_COMMENTS_HOURLY,
      newAccount: true,
    });
    // Another member still comments, and the writer still posts (a limit of its own).
    expect((await comment(owner, thread.id, 99)).status).toBe(201);
    expect((await post(ivy, nth(1))).status).toBe(201);
  });

  it('a burst of comments sent all at once passes no more than the limit', async () => {
    const owner = await member(NEW_ACCOUNT_DAYS + 7, true);
    const target = await posts.createPost(owner);
    const jo = await member(0, false);
    const answers = await Promise.all(
      Array.from({ length: NEW_COMMENTS_HOURLY + 4 }, (_, n) =>
        comment(jo, target.id, n).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(NEW_COMMENTS_HOURLY);
    expect(answers.filter((s) => s === 429)).toHaveLength(4);
  });

  it('an established account has the higher limit', async () => {
    const owner = await member(NEW_ACCOUNT_DAYS + 7, true);
    const target = await posts.createPost(owner);
    const kim = await member(NEW_ACCOUNT_DAYS + 7, true);
    for (let n = 1; n <= NEW_COMMENTS_HOURLY + 2; n++)
      expect((await comment(kim, target.id, n)).status).toBe(201);
  });
});
