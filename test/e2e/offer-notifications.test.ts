import { conversationIdOf } from '@waco/contracts';
import { waitFor } from '@waco/platform/testing';
import { describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// A deal's offers through the gateway: messaging decides, notifications hears of each step on the
// bus and tells the other member, naming the post and the amount, leading to the conversation.

const stack = useEmbeddedTestStack('ofn', { rateLimits: { general: 100_000, auth: 100_000 } });
const { call, signUp, createSalePost } = stack;

type Told = { type: string; title: string; message: string; relatedId: string; actorId: string };
const offerNotificationsOf = async (who: Member) =>
  ((await call(who, 'GET', '/api/notifications')).body.notifications as Told[]).filter(
    (n) => n.type === 'offer',
  );
/** Waits until the member has `count` offer notifications; answers them, newest first. */
async function told(who: Member, count: number) {
  await waitFor(async () => (await offerNotificationsOf(who)).length >= count);
  return offerNotificationsOf(who);
}

describe('offers tell the other member', () => {
  it('an offer tells the seller, a counter the buyer, an acceptance the one who offered: each once', async () => {
    const [maria, bob] = [await signUp('Maria'), await signUp('Bob')];
    const post = await createSalePost(maria, 'Porch swing');
    const conversationId = conversationIdOf(maria.id, bob.id);
    const asked = await call(bob, 'POST', '/api/messages', {
      recipientId: maria.id,
      content: 'Is this still available?',
      postId: post.id,
    });
    expect(asked.status).toBe(201);
    const offers = `/api/conversations/${encodeURIComponent(conversationId)}/offers`;

    const made = await call(bob, 'POST', offers, { postId: post.id, amount: '40' });
    expect(made.status).toBe(201);
    const [offered] = await told(maria, 1);
    expect(offered).toMatchObject({
      title: 'Bob Tester offered $40.00 for “Porch swing”',
      relatedId: conversationId,
      actorId: bob.id,
    });

    const countered = await call(maria, 'POST', `${offers}/${made.body.id}`, {
      answer: 'counter',
      amount: 45,
    });
    expect(countered.status).toBe(200);
    const counter = (countered.body as Array<{ id: string; status: string }>).find(
      (o) => o.status === 'open',
    );
    expect((await told(bob, 1)).map((n) => n.title)).toEqual([
      'Maria Tester countered with $45.00 for “Porch swing”',
    ]);

    expect((await call(bob, 'POST', `${offers}/${counter?.id}`, { answer: 'accept' })).status).toBe(200);
    const [accepted] = await told(maria, 2);
    expect(accepted?.title).toBe('Bob Tester accepted your offer of $45.00 for “Porch swing”');
    // Nobody heard of their own steps, and each step told once.
    expect(await offerNotificationsOf(bob)).toHaveLength(1);
    expect(await offerNotificationsOf(maria)).toHaveLength(2);
  }, 60_000);

  it('a photo goes without words; a message with neither is refused with a 400', async () => {
    const [ana, cy] = [await signUp('Ana'), await signUp('Cy')];
    const empty = await call(ana, 'POST', '/api/messages', { recipientId: cy.id, content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'A message needs text or a photo', field: 'content' });
    const none = await call(ana, 'POST', '/api/messages', { recipientId: cy.id });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: 'A message needs text or a photo' });
  });
});
