import { randomUUID } from 'node:crypto';
import { type PlayedGroup, playGroup, registerAdaAndBob, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { type Messaging, startMessaging } from './harness';

// A private group's posts are its members' only, in messaging too: messaging keeps a copy of
// groups' events, and a message is about such a post only between two members of its group.
// For anyone else the post is as one messaging never heard of: an outsider learns nothing of it.

// Ada made the private group, Bob is a member, Eve is not; the group's post is Ada's.
let the: { ada: string; bob: string; eve: string; club: PlayedGroup; swap: string };
const messaging = startedForFile(startMessaging, async (m) => {
  const { ada, bob } = await registerAdaAndBob(m.registerUser);
  const eve = await m.registerUser('Eve', 'Outsider');
  const club = await playGroup(m.bus, ada, false);
  await club.join(bob);
  await untilMember(m, club.groupId, bob, true);
  const swap = await m.publishPost(ada, 'Book club swap list', ['/objects/posts/swap.jpg'], club.groupId);
  the = { ada, bob, eve, club, swap };
});

/** Resolves once messaging's copy of groups has `userId` as a member of the group (or no longer). */
const untilMember = ({ query }: Messaging, groupId: string, userId: string, member: boolean) =>
  waitFor(async () => {
    const [row] = await query('SELECT role FROM group_members_copy WHERE group_id = $1 AND user_id = $2', [
      groupId,
      userId,
    ]);
    return row !== undefined && (row.role !== null) === member;
  });

const send = (as: string, recipientId: string, content: string, postId?: string) =>
  messaging.call('POST', '/api/messages', { as, json: { recipientId, content, postId } });
const start = (as: string, recipientId: string, postId: string) =>
  messaging.call('POST', '/api/conversations', { as, json: { recipientId, postId } });
const summaryOf = async (as: string, other: string) => {
  const list = await messaging.call('GET', '/api/messages', { as });
  return list.body.find((c: { otherUserId: string }) => c.otherUserId === other);
};
/** What MessageSent says of the message's post. */
const postOfSent = async (messageId: string) => {
  const sent = await messaging.waitForPublished('MessageSent', (d) => d.messageId === messageId);
  return (sent.data as { postId?: string }).postId;
};

describe("a private group's post", () => {
  it('is, to an outsider messaging its author, as a post messaging never heard of', async () => {
    const { ada, bob, eve, swap } = the;
    const unknown = randomUUID();
    for (const postId of [swap, unknown]) {
      expect(await start(eve, ada, postId)).toMatchObject({ status: 200 });
      const res = await send(eve, ada, 'Is this still for swap?', postId);
      expect(res.status).toBe(201);
      expect(await postOfSent(res.body.id)).toBeUndefined();
    }
    expect((await summaryOf(eve, ada)).post).toBeUndefined();
    expect((await summaryOf(ada, eve)).post).toBeUndefined();
    // Nor does naming it to another member (not by either of the two) tell it exists: not a 400.
    expect((await send(eve, bob, 'Seen the swap list?', swap)).status).toBe(201);
  });

  it('is not attached by a member to a conversation with an outsider', async () => {
    const { ada, eve, swap } = the;
    const res = await send(ada, eve, 'Look at our swap list', swap);
    expect(res.status).toBe(201);
    expect(await postOfSent(res.body.id)).toBeUndefined();
    expect((await summaryOf(eve, ada)).post).toBeUndefined();
  });

  it('is talked about by two members, and shown unavailable to one who left the group', async () => {
    const { ada, bob, club, swap } = the;
    const res = await send(bob, ada, 'Can I add two books?', swap);
    expect(res.status).toBe(201);
    expect(await postOfSent(res.body.id)).toBe(swap);
    const shown = (await summaryOf(ada, bob)).post;
    expect(shown).toMatchObject({ id: swap, available: true, title: 'Book club swap list' });
    expect(shown.thumbnailUrl).toBe('/objects/posts/swap.jpg?w=480');
    expect((await summaryOf(bob, ada)).post).toEqual(shown);

    await club.leave(bob);
    await untilMember(messaging, club.groupId, bob, false);
    const gone = { id: swap, available: false, title: null, thumbnailUrl: null };
    expect((await summaryOf(bob, ada)).post).toEqual(gone);
    expect((await summaryOf(ada, bob)).post).toEqual(shown);
    // Nor can either name it again: the two are no longer both members.
    const again = await send(ada, bob, 'Still want to add them?', swap);
    expect(again.status).toBe(201);
    expect(await postOfSent(again.body.id)).toBeUndefined();
  });

  it('of a group messaging has not heard of yet counts as private', async () => {
    const { ada, eve } = the;
    const unheard = await messaging.publishPost(ada, 'Secret garden tour', [], randomUUID());
    const res = await send(eve, ada, 'Garden tour?', unheard);
    expect(res.status).toBe(201);
    expect(await postOfSent(res.body.id)).toBeUndefined();
  });
});

describe("a public group's post", () => {
  it('is talked about by anyone with its author, as a post in no group', async () => {
    const { bob, eve } = the;
    const porch = await playGroup(messaging.bus, bob, true);
    await untilMember(messaging, porch.groupId, bob, true);
    const swing = await messaging.publishPost(bob, 'Porch swing', [], porch.groupId);
    const res = await send(eve, bob, 'The swing?', swing);
    expect(res.status).toBe(201);
    expect(await postOfSent(res.body.id)).toBe(swing);
    expect((await summaryOf(eve, bob)).post).toMatchObject({
      id: swing,
      available: true,
      title: 'Porch swing',
    });
  });
});
