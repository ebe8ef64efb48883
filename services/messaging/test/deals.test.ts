import { randomUUID } from 'node:crypto';
import { conversationIdOf, PostClosed, UserBlocked, UserDeleted, UserSuspended } from '@waco/contracts';
import { rebuildProjections } from '@waco/platform';
import { publishAs, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { dealsProjection } from '../src/projections/deals';
import { startMessaging } from './harness';

// Deals in a conversation about a post: offers, pending, ratings after the sale, the standing a
// profile shows, and what an account's deletion does to its ratings. Ada sells; others buy.

let ada: string;
const messaging = startedForFile(startMessaging, async (m) => {
  ada = await m.registerUser('Ada', 'Seller');
});

const send = (as: string, recipientId: string, content: string, postId?: string) =>
  messaging.call('POST', '/api/messages', { as, json: { recipientId, content, postId } });
const offer = (as: string | undefined, conversationId: string, json: unknown) =>
  messaging.call('POST', `/api/conversations/${conversationId}/offers`, { as, json });
const answer = (as: string | undefined, conversationId: string, offerId: string, json: unknown) =>
  messaging.call('POST', `/api/conversations/${conversationId}/offers/${offerId}`, { as, json });
const deal = (as: string | undefined, conversationId: string) =>
  messaging.call('GET', `/api/conversations/${conversationId}/deal`, { as });
const rate = (as: string | undefined, conversationId: string, json: unknown) =>
  messaging.call('POST', `/api/conversations/${conversationId}/rating`, { as, json });
const standing = async (userId: string) =>
  (await messaging.call('GET', `/api/users/${userId}/standing`)).body;

/** A buyer who asked about a new post of Ada's: their conversation and the post. */
async function buyerAsking(first: string) {
  const buyer = await messaging.registerUser(first, 'Buyer');
  const postId = await messaging.publishPost(ada, `${first}'s pick`);
  expect((await send(buyer, ada, 'Is this still available?', postId)).status).toBe(201);
  return { buyer, postId, conversationId: conversationIdOf(buyer, ada) };
}

/** posts announces the post sold to `buyerId` (a position after its creation). */
async function soldTo(postId: string, buyerId: string | undefined) {
  await publishAs(
    messaging.bus,
    PostClosed,
    { postId, ownerId: ada, category: 'sale', reason: 'sold', ...(buyerId ? { buyerId } : {}) },
    { streamId: `post-${postId}`, streamPosition: 5 },
  );
  await waitFor(
    async () =>
      (await messaging.query('SELECT standing FROM posts WHERE id = $1', [postId]))[0]?.standing === 'sold',
  );
}

const eventCount = async () => Number((await messaging.query('SELECT count(*) AS n FROM events'))[0]?.n);

describe('who may use the deal routes', () => {
  it('a guest gets 401, anyone but the two 404, the two their answers; standing is public', async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Matrix');
    const stranger = await messaging.registerUser('Sam', 'Stranger');
    const offerId = randomUUID();
    const routes = [
      () => deal(undefined, conversationId),
      () => offer(undefined, conversationId, { postId, amount: 10 }),
      () => answer(undefined, conversationId, offerId, { answer: 'decline' }),
      () => rate(undefined, conversationId, { postId, score: 5, note: 'ok' }),
    ];
    for (const route of routes) expect((await route()).status).toBe(401);
    const asStranger = [
      deal(stranger, conversationId),
      offer(stranger, conversationId, { postId, amount: 10 }),
      answer(stranger, conversationId, offerId, { answer: 'decline' }),
      rate(stranger, conversationId, { postId, score: 5, note: 'ok' }),
    ];
    for (const res of await Promise.all(asStranger)) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Conversation not found');
    }
    expect((await deal(buyer, conversationId)).status).toBe(200);
    expect((await deal(ada, conversationId)).status).toBe(200);
    // The seller cannot open with an offer on their own post; the buyer can.
    expect((await offer(ada, conversationId, { postId, amount: 10 })).status).toBe(403);
    const made = await offer(buyer, conversationId, { postId, amount: 10 });
    expect(made.status).toBe(201);
    // Only the one it was made to answers it.
    expect((await answer(buyer, conversationId, made.body.id, { answer: 'accept' })).status).toBe(403);
    expect((await answer(ada, conversationId, offerId, { answer: 'accept' })).status).toBe(404);
    const standingAsGuest = await messaging.call('GET', `/api/users/${ada}/standing`);
    expect(standingAsGuest.status).toBe(200);
  });
});

describe('offers', () => {
  it('bob offers, ada counters, bob accepts: OfferAccepted names the post, and the offers read so', async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Bob');
    const made = await offer(buyer, conversationId, { postId, amount: '45' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fromId: buyer, toId: ada, amountCents: 4500, status: 'open' });
    // One open offer at a time.
    expect((await offer(buyer, conversationId, { postId, amount: 40 })).status).toBe(409);

    const countered = await answer(ada, conversationId, made.body.id, { answer: 'counter', amount: 50 });
    expect(countered.status).toBe(200);
    expect(countered.body.map((o: { status: string }) => o.status)).toEqual(['countered', 'open']);
    const counter = countered.body[1];
    expect(counter).toMatchObject({ fromId: ada, toId: buyer, amountCents: 5000 });
    // The countered offer is answered already.
    expect((await answer(ada, conversationId, made.body.id, { answer: 'accept' })).status).toBe(409);

    const accepted = await answer(buyer, conversationId, counter.id, { answer: 'accept' });
    expect(accepted.status).toBe(200);
    const event = await messaging.waitForPublished('OfferAccepted', (d) => d.offerId === counter.id);
    expect(event.data).toMatchObject({ postId, sellerId: ada, buyerId: buyer, amountCents: 5000 });
    const seen = await deal(ada, conversationId);
    expect(seen.body.offers.map((o: { status: string }) => o.status)).toEqual(['countered', 'accepted']);
    expect(seen.body.post).toMatchObject({ id: postId, ownerId: ada });
    // No more offers on a post whose offer was accepted here.
    expect((await offer(buyer, conversationId, { postId, amount: 60 })).status).toBe(409);
  });

  it('refuses bad amounts and answers with 400 and the rule, writing nothing', async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Nat');
    const before = await eventCount();
    for (const amount of [0, -1, '1.234', '1e3', 1_000_000.01, 'lots', null, true, [], {}]) {
      const res = await offer(buyer, conversationId, { postId, amount });
      expect(res.status, JSON.stringify(amount)).toBe(400);
      expect(res.body.message).toMatch(/offer is an amount|Invalid/);
    }
    for (const body of [{ answer: 'counter' }, { answer: 'accept', amount: 5 }, { answer: 'maybe' }]) {
      expect((await answer(ada, conversationId, randomUUID(), body)).status).toBe(400);
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses offers across a block, and a post that is not by either of the two', async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Blocked');
    const others = await messaging.publishPost(buyer, 'Not Ada’s');
    const stranger = await messaging.registerUser('Ola', 'Other');
    const strangers = await messaging.publishPost(stranger, 'Ola’s lamp');
    expect((await offer(buyer, conversationId, { postId: strangers, amount: 5 })).status).toBe(400);
    // Bob's own post: he is its seller, so he cannot open with an offer on it.
    expect((await offer(buyer, conversationId, { postId: others, amount: 5 })).status).toBe(403);
    const block = await publishAs(messaging.bus, UserBlocked, {
      blockerId: ada,
      blockedId: buyer,
      blockedAt: new Date().toISOString(),
    });
    await waitFor(
      async () =>
        (
          await messaging.query('SELECT 1 FROM moderation_blocks WHERE blocked AND blocker_id = $1', [ada])
        )[0],
    );
    expect(block.type).toBe('UserBlocked');
    expect((await offer(buyer, conversationId, { postId, amount: 5 })).status).toBe(403);
  });
});

describe('ratings after the sale', () => {
  it('the two rate each other once, only after the post was sold between them; profiles count them', async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Rae');
    const note = { postId, score: 5, note: 'Friendly and on time.' };
    // Not sold yet.
    expect((await rate(buyer, conversationId, note)).status).toBe(409);
    await soldTo(postId, buyer);
    expect((await deal(buyer, conversationId)).body).toMatchObject({ canRate: true, rated: false });
    const given = await rate(buyer, conversationId, note);
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({ canRate: false, rated: true });
    expect((await rate(buyer, conversationId, note)).status).toBe(409);
    expect((await rate(ada, conversationId, { postId, score: 4, note: 'Paid in cash.' })).status).toBe(201);

    const adas = await standing(ada);
    expect(adas.ratingsCount).toBeGreaterThanOrEqual(1);
    expect(adas.ratings[0]).toMatchObject({
      score: 5,
      note: 'Friendly and on time.',
      raterName: 'Rae Buyer',
    });
    expect(await standing(buyer)).toMatchObject({ ratingsCount: 1, averageRating: 4 });
    // Out of range and without a note: 400.
    for (const body of [
      { ...note, score: 6 },
      { ...note, score: 0 },
      { ...note, score: 4.5 },
      { ...note, note: ' ' },
    ])
      expect((await rate(buyer, conversationId, body)).status).toBe(400);
  });

  it('is refused to someone sold to another, to two who never messaged about it, and to a suspended member', async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Uma');
    const other = await buyerAsking('Vic');
    await soldTo(postId, buyer);
    // Vic talked with Ada about another post; this one was sold to Uma.
    expect(
      (await rate(other.buyer, other.conversationId, { postId, score: 1, note: 'Sold it to someone else' }))
        .status,
    ).toBe(403);
    // Wes and Ada talked, but never about this post.
    const wes = await messaging.registerUser('Wes', 'Never');
    await send(wes, ada, 'Hello there');
    await soldTo(other.postId, wes);
    const res = await rate(wes, conversationIdOf(wes, ada), { postId: other.postId, score: 3, note: 'Hm' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You can only rate someone you messaged with about this post');
    // A suspended buyer cannot rate.
    await publishAs(messaging.bus, UserSuspended, {
      userId: buyer,
      moderatorId: randomUUID(),
      note: null,
      suspendedAt: new Date().toISOString(),
    });
    await waitFor(
      async () =>
        (await messaging.query('SELECT 1 FROM moderation_suspensions WHERE user_id = $1', [buyer]))[0],
    );
    expect((await rate(buyer, conversationId, { postId, score: 5, note: 'Great' })).status).toBe(403);
  });

  it('rebuilds offers and ratings from the log, identical to the live tables', async () => {
    const snapshot = () =>
      Promise.all([
        messaging.query('SELECT * FROM offers ORDER BY id'),
        messaging.query('SELECT * FROM ratings ORDER BY id'),
      ]);
    const before = await snapshot();
    expect(before[0].length).toBeGreaterThanOrEqual(3);
    expect(before[1].length).toBeGreaterThan(1);
    await rebuildProjections(messaging.running.database, [dealsProjection], {
      personalData: messaging.running.personalData,
    });
    expect(await snapshot()).toEqual(before);
  });

  it("an account deleted takes its ratings with it: the other's count and average follow", async () => {
    const { buyer, postId, conversationId } = await buyerAsking('Zed');
    await soldTo(postId, buyer);
    expect((await rate(ada, conversationId, { postId, score: 2, note: 'Late twice.' })).status).toBe(201);
    expect((await rate(buyer, conversationId, { postId, score: 1, note: 'Rude.' })).status).toBe(201);
    const before = await standing(ada);
    await publishAs(messaging.bus, UserDeleted, { userId: buyer, deletedAt: new Date().toISOString() });
    await waitFor(async () => (await standing(ada)).ratingsCount === before.ratingsCount - 1);
    const after = await standing(ada);
    expect(after.ratings.some((r: { note: string }) => r.note === 'Rude.')).toBe(false);
    expect(await standing(buyer)).toMatchObject({ ratingsCount: 1 });
  });
});

describe('typical reply time', () => {
  it('is the median minutes to the first reply in conversations others started lately', async () => {
    const quick = await messaging.registerUser('Quinn', 'Replies');
    const now = Date.now();
    const minutes = (m: number) => new Date(now - 3_600_000 * 5 + m * 60_000).toISOString();
    // Three conversations opened by others: answered after 10, 30 and 120 minutes; one opened
    // by Quinn (not counted) and one never answered (not counted).
    for (const [delay, opener] of [
      [10, 'a'],
      [30, 'b'],
      [120, 'c'],
      [1, 'self'],
      [null, 'e'],
    ] as const) {
      const other = randomUUID();
      const conversationId = conversationIdOf(other, quick);
      const [from, to] = opener === 'self' ? [quick, other] : [other, quick];
      await messaging.query(
        `INSERT INTO messages (id, conversation_id, sender_id, recipient_id, content, created_at)
         VALUES ($1, $2, $3, $4, 'hi', $5)`,
        [randomUUID(), conversationId, from, to, minutes(0)],
      );
      if (delay !== null)
        await messaging.query(
          `INSERT INTO messages (id, conversation_id, sender_id, recipient_id, content, created_at)
           VALUES ($1, $2, $3, $4, 'answer', $5)`,
          [randomUUID(), conversationId, to, from, minutes(delay)],
        );
    }
    expect((await standing(quick)).typicalReplyMinutes).toBe(30);
    const silent = await messaging.registerUser('Sid', 'Silent');
    expect((await standing(silent)).typicalReplyMinutes).toBeNull();
  });
});
