import { COMMENT_LIMITS, DUPLICATE_POST, FIRST_MESSAGE_LIMITS, POSTING_LIMITS } from '@waco/contracts';
import { changeModerator, databasesOf } from '@waco/launcher/ops/moderators';
import { newAccountHourly, waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Answer, Member } from './support/members';

// Spam, as it was found against `npm start`: a brand-new account posting "Cheap watches 1…60" in
// a few seconds. Through the gateway of the embedded stack, with the limits per member as
// `npm start` has them: the near-identical posts are refused, then the new account's hourly
// limit, with a sentence and Retry-After; messaging strangers and commenting are limited too;
// moderators see the bursts (posts' and messaging's events, kept by moderation).

const stack = useEmbeddedTestStack('lim', { memberLimits: true });
const { call, signUp } = stack;

const watches = (i: number, words = 'Best prices in Waco, DM me') => ({
  category: 'sale',
  title: `Cheap watches ${i}`,
  description: `${words} ${i}`,
  neighborhood: 'downtown',
  price: '20',
});

describe('a brand-new account posting "Cheap watches 1…60"', () => {
  it('gets one post in; the near-identical rest 409, then the hourly limit 429 with when to retry; moderators see the burst', async () => {
    const spammer = await signUp('Spammer');
    const answers: Answer[] = [];
    for (let i = 1; i <= 60; i++) answers.push(await call(spammer, 'POST', '/api/posts', watches(i)));
    expect(answers.map((a) => a.status)).toEqual([201, ...Array(59).fill(409)]);
    expect(answers[1]?.body.message).toBe(DUPLICATE_POST);

    // Other words each time: up to the new account's hourly limit, then 429.
    const limit = newAccountHourly(POSTING_LIMITS);
    const words = [
      'Rolex',
      'Omega',
      'Seiko',
      'Casio',
      'Tissot',
      'Citizen',
      'Swatch',
      'Timex',
      'Breitling',
      'Hublot',
    ];
    for (let i = 1; i < limit; i++)
      expect((await call(spammer, 'POST', '/api/posts', watches(i, words[i] as string))).status).toBe(201);
    const refused = await call(spammer, 'POST', '/api/posts', watches(99, 'Patek'));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      new RegExp(`^New or unverified accounts can make ${limit} posts an hour\\. You can post again in `),
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);

    // Messaging strangers: the new account's hourly limit of new people, then 429.
    const strangers: Member[] = [];
    for (let i = 0; i <= newAccountHourly(FIRST_MESSAGE_LIMITS); i++)
      strangers.push(await signUp(`Neighbour${i}`));
    // Messaging learns of new members from identity's events, a moment after they sign up.
    const ids = strangers.map((s) => s.id);
    await waitFor(async () => {
      const { rows } = await stack.running.stack.services.messaging.database.pool.query(
        'SELECT count(*)::int AS n FROM users WHERE id = ANY($1::uuid[])',
        [ids],
      );
      return rows[0]?.n === ids.length;
    });
    const sent = [];
    for (const stranger of strangers)
      sent.push(
        await call(spammer, 'POST', '/api/messages', { recipientId: stranger.id, content: 'Cheap watches!' }),
      );
    expect(sent.map((a) => a.status)).toEqual([...Array(strangers.length - 1).fill(201), 429]);
    expect(sent.at(-1)?.retryAfter).toMatch(/^\d+$/);

    // A moderator sees both bursts, naming the member.
    const meg = await signUp('Meg');
    await changeModerator(databasesOf(stack.running.stack.services), meg.email, true);
    const bursts = await waitFor(async () => {
      const res = await call(meg, 'GET', '/api/moderation/bursts');
      return res.status === 200 && res.body.bursts.length === 2 && res.body.bursts;
    });
    expect(bursts).toMatchObject([
      { member: { id: spammer.id, firstName: 'Spammer' }, action: 'first-message', newAccount: true },
      { member: { id: spammer.id, firstName: 'Spammer' }, action: 'post', per: 'hour', max: limit },
    ]);
    expect((await call(spammer, 'GET', '/api/moderation/bursts')).status).toBe(403);
  });
});

describe('a brand-new account pasting a pitch under posts', () => {
  it('comments up to the hourly limit, then 429 with when to retry; moderators see the burst', async () => {
    const owner = await signUp('Olive');
    const post = (await call(owner, 'POST', '/api/posts', watches(1, 'A real sale'))).body as { id: string };
    const pitcher = await signUp('Pitcher');
    const limit = newAccountHourly(COMMENT_LIMITS);
    for (let i = 1; i <= limit; i++) {
      const res = await call(pitcher, 'POST', `/api/posts/${post.id}/comments`, {
        content: `Cheap watches ${i}`,
      });
      expect(res.status).toBe(201);
    }
    const refused = await call(pitcher, 'POST', `/api/posts/${post.id}/comments`, {
      content: 'Cheap watches!',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^New or unverified accounts can write ${limit} comments an hour\\. You can comment again in `,
      ),
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(3000);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);

    const mod = await signUp('Moe');
    await changeModerator(databasesOf(stack.running.stack.services), mod.email, true);
    const burst = await waitFor(async () => {
      const res = await call(mod, 'GET', '/api/moderation/bursts');
      return (
        res.status === 200 &&
        res.body.bursts.find((b: { member: { id: string } }) => b.member.id === pitcher.id)
      );
    });
    expect(burst).toMatchObject({ action: 'comment', per: 'hour', max: limit, newAccount: true });
  });
});
