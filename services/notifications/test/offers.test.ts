import { randomUUID } from 'node:crypto';
import {
  conversationIdOf,
  FORMER_MEMBER,
  OfferAccepted,
  OfferDeclined,
  OfferMade,
  PostCreated,
  translateServerMessage,
  UserBlocked,
  UserDeleted,
} from '@waco/contracts';
import { postCreatedData, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/users';
import { onlyNotificationOf, startNotifications } from './harness';

// messaging's offer events → an `offer` notification to the other member of the deal, live.

const n = startedForFile(startNotifications);

/** A seller's post with a title notifications has learnt, and a deal about it with a buyer. */
async function deal(sellerId: string, buyerId: string, title = 'Porch swing') {
  const postId = randomUUID();
  await n.handled(
    await n.publish(PostCreated, postCreatedData({ postId, ownerId: sellerId, title, category: 'sale' })),
  );
  const ref = { conversationId: conversationIdOf(sellerId, buyerId), postId, sellerId, buyerId };
  const stream = { streamId: `offers-${ref.conversationId}` };
  let position = 0;
  const at = () => new Date().toISOString();
  return {
    ref,
    offer: (fromId: string, toId: string, amountCents: number, counterOf?: string) =>
      n.publish(
        OfferMade,
        { ...ref, offerId: randomUUID(), fromId, toId, amountCents, madeAt: at(), counterOf },
        { ...stream, streamPosition: ++position },
      ),
    accept: (offerId: string, byId: string, amountCents: number) =>
      n.publish(
        OfferAccepted,
        { ...ref, offerId, byId, amountCents, at: at() },
        { ...stream, streamPosition: ++position },
      ),
    decline: (offerId: string, byId: string, amountCents: number, countered = false) =>
      n.publish(
        OfferDeclined,
        { ...ref, offerId, byId, amountCents, countered, at: at() },
        { ...stream, streamPosition: ++position },
      ),
  };
}

/** Registers the members one after the other (first and last names), answering their ids in order. */
async function members<T extends [string, string][]>(...names: T): Promise<{ [K in keyof T]: string }> {
  return (await n.registerUsers(...names)) as { [K in keyof T]: string };
}

const offerIdOf = (event: { data: unknown }) => (event.data as { offerId: string }).offerId;

describe('offers', () => {
  it('tells the seller of an offer live, naming the post and the amount, leading to the conversation', async () => {
    const [maria, bob] = await members(['Maria', 'Lopez'], ['Bob', 'Hill']);
    const d = await deal(maria, bob);
    const stream = await n.openStream(maria);
    const made = await d.offer(bob, maria, 4500);
    const pushed = await stream.waitFor((e) => e.event === 'notification');
    expect(pushed.data).toMatchObject({
      userId: maria,
      type: 'offer',
      title: 'Bob Hill offered $45.00 for “Porch swing”',
      relatedId: d.ref.conversationId,
      actorId: bob,
    });
    await n.handled(made);
    // The buyer who made it hears nothing of their own offer.
    expect(await n.notificationsOf(bob)).toEqual([]);
    expect(translateServerMessage('Bob Hill offered $45.00 for “Porch swing”', 'es')).toBe(
      'Bob Hill ofreció $45.00 por “Porch swing”',
    );
  });

  it('tells the buyer of an acceptance and of a refusal, and the other of a counter-offer once', async () => {
    const [maria, bob] = await members(['Maria', 'Soto'], ['Bob', 'Reyes']);
    const d = await deal(maria, bob);
    const first = await d.offer(bob, maria, 4000);
    // Maria counters: the refusal that goes with it says nothing, the counter-offer tells Bob.
    const countered = await d.decline(offerIdOf(first), maria, 4000, true);
    const counter = await d.offer(maria, bob, 4500, offerIdOf(first));
    const declined = await d.decline(offerIdOf(counter), bob, 4500);
    const again = await d.offer(bob, maria, 4250);
    const accepted = await d.accept(offerIdOf(again), maria, 4250);
    await n.handled(first, countered, counter, declined, again, accepted);
    expect((await n.notificationsOf(bob)).map((x) => x.title)).toEqual([
      'Maria Soto countered with $45.00 for “Porch swing”',
      'Maria Soto accepted your offer of $42.50 for “Porch swing”',
    ]);
    expect((await n.notificationsOf(maria)).map((x) => x.title)).toEqual([
      'Bob Reyes offered $40.00 for “Porch swing”',
      'Bob Reyes declined your offer of $45.00 for “Porch swing”',
      'Bob Reyes offered $42.50 for “Porch swing”',
    ]);
    expect(translateServerMessage('Maria Soto accepted your offer of $42.50 for “Porch swing”', 'es')).toBe(
      'Maria Soto aceptó tu oferta de $42.50 por “Porch swing”',
    );
  });

  it('gives one notification for an offer event delivered twice', async () => {
    const [ana, cy] = await members(['Ana', 'Diaz'], ['Cy', 'Cole']);
    const d = await deal(ana, cy);
    const made = await d.offer(cy, ana, 1000);
    await n.bus.publish('messaging', { ...made });
    await n.bus.publish('messaging', { ...made });
    await n.handled(made);
    const only = await onlyNotificationOf(n, ana);
    expect(only?.title).toBe('Cy Cole offered $10.00 for “Porch swing”');
  });

  it('tells nothing to a member who blocked the other', async () => {
    const [gus, hal] = await members(['Gus', 'Gray'], ['Hal', 'Hart']);
    const d = await deal(hal, gus);
    await n.handled(
      await n.publish(UserBlocked, { blockerId: hal, blockedId: gus, blockedAt: new Date().toISOString() }),
    );
    const made = await d.offer(gus, hal, 2500);
    const accepted = await d.accept(offerIdOf(made), hal, 2500);
    await n.handled(made, accepted);
    expect(await n.notificationsOf(hal)).toEqual([]);
    // A block keeps the blocker from the blocked member's notifications too.
    expect(await n.notificationsOf(gus)).toEqual([]);
  });

  it('tells nothing to a deleted account, nor of one', async () => {
    const [ivy, jo, kim] = await members(['Ivy', 'Ives'], ['Jo', 'Judd'], ['Kim', 'Kerr']);
    const toDeleted = await deal(ivy, jo);
    const ofDeleted = await deal(kim, ivy);
    await n.publish(UserDeleted, { userId: ivy, deletedAt: new Date().toISOString() });
    await waitFor(
      async () => (await users.find(n.running.database.db, ivy))?.firstName === FORMER_MEMBER.firstName,
    );
    const made = await toDeleted.offer(jo, ivy, 3000);
    const accepted = await ofDeleted.accept(randomUUID(), ivy, 3000);
    await n.handled(made, accepted);
    expect(await n.notificationsOf(ivy)).toEqual([]);
    expect(await n.notificationsOf(kim)).toEqual([]);
  });
});
