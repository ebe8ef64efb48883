import { randomUUID } from 'node:crypto';
import {
  conversationIdOf,
  PostDeleted,
  PostEdited,
  PostHiddenByModerators,
  PostRestoredByModerators,
} from '@waco/contracts';
import { publishAs, registerAdaAndBob, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { startMessaging } from './harness';

// A conversation shows the post it is about (the latest one a message named).

let ada: string;
let bob: string;
let carol: string;
let carolsPost: string;
const messaging = startedForFile(startMessaging, async (m) => {
  ({ ada, bob } = await registerAdaAndBob(m.registerUser));
  carol = await m.registerUser('Carol', 'Brazos');
  carolsPost = await newPost(carol, 'Carol’s couch');
});

const postRow = async (postId: string) =>
  (await messaging.query('SELECT title, image_path FROM posts WHERE id = $1', [postId]))[0];
const newPost = (ownerId: string, title: string, imagePaths: string[] = []) =>
  messaging.publishPost(ownerId, title, imagePaths);

const send = (as: string, recipientId: string, content: string, postId?: unknown) =>
  messaging.call('POST', '/api/messages', { as, json: { recipientId, content, postId } });
const summaryOf = async (as: string, other: string) => {
  const list = await messaging.call('GET', '/api/messages', { as });
  return list.body.find((c: { otherUserId: string }) => c.otherUserId === other);
};

describe('a message about a post', () => {
  it('records the post in MessageSent and shows its title and smallest photo to both', async () => {
    const chair = await newPost(bob, 'Rocking chair', ['/objects/posts/chair.jpg', '/objects/posts/b.jpg']);
    const res = await send(ada, bob, 'Is the chair still for sale?', chair);
    expect(res.status).toBe(201);
    const event = await messaging.waitForPublished('MessageSent', (d) => d.messageId === res.body.id);
    expect(event.data).toMatchObject({ postId: chair });
    const expected = {
      id: chair,
      available: true,
      title: 'Rocking chair',
      thumbnailUrl: '/objects/posts/chair.jpg?w=480',
    };
    expect((await summaryOf(ada, bob)).post).toEqual(expected);
    expect((await summaryOf(bob, ada)).post).toEqual(expected);
  });

  it('keeps the latest post named: a message about none keeps it, one about another replaces it', async () => {
    const dan = await messaging.registerUser('Dan', 'Dell');
    const bike = await newPost(dan, 'Bicycle');
    const lamp = await newPost(dan, 'Lamp');
    await send(ada, dan, 'Hi, the bicycle?', bike);
    await send(dan, ada, 'Still here');
    expect((await summaryOf(ada, dan)).post).toMatchObject({ id: bike, title: 'Bicycle' });
    // The poster answering about their own post counts too.
    await send(dan, ada, 'I also have a lamp', lamp);
    expect((await summaryOf(ada, dan)).post).toMatchObject({ id: lamp, title: 'Lamp', thumbnailUrl: null });
  });

  it('has no post when no message named one (and old events without it)', async () => {
    await send(carol, bob, 'Hello');
    expect((await summaryOf(carol, bob)).post).toBeUndefined();
  });

  it('follows the post: an edited title, then hidden (but not from its owner), then deleted', async () => {
    const eve = await messaging.registerUser('Eve', 'Elm');
    const desk = await newPost(eve, 'Desk', ['/objects/posts/desk.jpg']);
    await send(ada, eve, 'Desk?', desk);
    const edited = { postId: desk, ownerId: eve, category: 'sale' as const };
    await publishAs(
      messaging.bus,
      PostEdited,
      { ...edited, changes: { title: 'Oak desk', imagePaths: [] }, previous: {} },
      { streamId: `post-${desk}`, streamPosition: 2 },
    );
    await waitFor(async () => ((await postRow(desk))?.title === 'Oak desk' ? true : undefined));
    expect((await summaryOf(ada, eve)).post).toEqual({
      id: desk,
      available: true,
      title: 'Oak desk',
      thumbnailUrl: null,
    });

    const hide = { postId: desk, ownerId: eve, moderatorId: randomUUID() };
    await publishAs(
      messaging.bus,
      PostHiddenByModerators,
      { ...hide, by: 'moderator', note: null, hiddenAt: new Date().toISOString() },
      { streamId: `target-post-${desk}`, streamPosition: 1 },
    );
    const gone = { id: desk, available: false, title: null, thumbnailUrl: null };
    await waitFor(async () => ((await summaryOf(ada, eve)).post.available ? undefined : true));
    expect((await summaryOf(ada, eve)).post).toEqual(gone);
    expect((await summaryOf(eve, ada)).post).toMatchObject({ available: true, title: 'Oak desk' });
    // Nor can a new message name it.
    expect((await send(ada, eve, 'Still?', desk)).status).toBe(404);
    await publishAs(
      messaging.bus,
      PostRestoredByModerators,
      { ...hide, restoredAt: new Date().toISOString() },
      { streamId: `target-post-${desk}`, streamPosition: 2 },
    );
    await waitFor(async () => ((await summaryOf(ada, eve)).post.available ? true : undefined));

    await publishAs(
      messaging.bus,
      PostDeleted,
      { ...edited, imagePaths: [] },
      { streamId: `post-${desk}`, streamPosition: 3 },
    );
    await waitFor(async () => ((await postRow(desk)) ? undefined : true));
    expect((await summaryOf(ada, eve)).post).toEqual(gone);
    expect((await summaryOf(eve, ada)).post).toEqual(gone);
  });
});

describe('a post that cannot be named', () => {
  it.each([
    ['not an id', (): string => 'chair', 400, undefined],
    ['by someone else', (): string => carolsPost, 400, 'This post is not by either of you'],
  ] as const)('is refused when %s, and nothing is written', async (_, postId, status, message) => {
    const before = await messaging.counts();
    for (const res of [
      await send(ada, bob, 'About this', postId()),
      await messaging.call('POST', '/api/conversations', {
        as: ada,
        json: { recipientId: bob, postId: postId() },
      }),
    ]) {
      expect(res.status).toBe(status);
      expect(res.body.field).toBe('postId');
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await messaging.counts()).toEqual(before);
  });

  it('is not recorded when messaging has not heard of it (yet): the message goes all the same', async () => {
    const fay = await messaging.registerUser('Fay', 'Fox');
    const unknown = randomUUID();
    const start = await messaging.call('POST', '/api/conversations', {
      as: ada,
      json: { recipientId: fay, postId: unknown },
    });
    expect(start.status).toBe(200);
    const res = await send(ada, fay, 'Hello about your post', unknown);
    expect(res.status).toBe(201);
    const event = await messaging.waitForPublished('MessageSent', (d) => d.messageId === res.body.id);
    expect(event.data).not.toHaveProperty('postId');
    expect((await summaryOf(ada, fay)).post).toBeUndefined();
  });

  it('starts the conversation about a post by the one messaged', async () => {
    const shed = await newPost(bob, 'Shed');
    const res = await messaging.call('POST', '/api/conversations', {
      as: ada,
      json: { recipientId: bob, postId: shed },
    });
    expect(res).toEqual({ status: 200, body: { conversationId: conversationIdOf(ada, bob) } });
  });
});
