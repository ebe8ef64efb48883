import { randomUUID } from 'node:crypto';
import {
  conversationIdOf,
  MessageSent,
  PostCreated,
  PostDeleted,
  PostEdited,
  ProfileUpdated,
} from '@waco/contracts';
import { postCreatedData, publishAs, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { photoJpeg } from './fixtures';
import { type Media, newUserId, startMedia } from './harness';

/** A deleted post's photos stop being served once nothing uses them. */
let media: Media;
let jpeg: Buffer;

beforeAll(async () => {
  media = await startMedia();
  jpeg = await photoJpeg({ width: 64, height: 48 });
});
afterAll(() => media?.stop());

const post = (ownerId: string, imagePaths: string[]) =>
  postCreatedData({
    postId: randomUUID(),
    ownerId,
    title: 'Oak chair',
    description: 'Solid oak',
    price: '45.00',
    imagePaths,
  });
const served = async (path: string) => (await media.call('GET', path)).status;
const becomes = (path: string, status: number) =>
  waitFor(async () => (await served(path)) === status, 10_000, `${path} answering ${status}`);

/** Waits until the photo-uses consumer has handled an event (its inbox row is there). */
const handled = (eventId: string) =>
  waitFor(async () => {
    const rows = await media.query('SELECT 1 FROM processed_messages WHERE message_id = $1', [eventId]);
    return rows.length > 0;
  });

it('retires a deleted post’s photos, keeps those still used elsewhere, and restores one used again', async () => {
  const userId = newUserId();
  const [kept, dropped] = [await media.uploadSingle(userId, jpeg), await media.uploadSingle(userId, jpeg)];
  // Served while fresh, before any post uses it (the create form shows it).
  expect(await served(dropped.objectPath)).toBe(200);
  const first = post(userId, [kept.objectPath, dropped.objectPath]);
  const second = post(userId, [kept.objectPath]);
  await publishAs(media.bus, PostCreated, first);
  await publishAs(media.bus, PostCreated, second);
  await publishAs(media.bus, PostDeleted, { ...first, imagePaths: first.imagePaths });
  await becomes(dropped.objectPath, 404);
  expect(await served(kept.objectPath)).toBe(200);

  // An edit that drops the last use retires it; one that takes it back restores it.
  const ref = { postId: second.postId, ownerId: userId, title: 'Oak chair', category: 'sale' as const };
  await publishAs(media.bus, PostEdited, {
    ...ref,
    changes: { imagePaths: [] },
    previous: { imagePaths: [kept.objectPath] },
  });
  await becomes(kept.objectPath, 404);
  await publishAs(media.bus, PostEdited, {
    ...ref,
    changes: { imagePaths: [kept.objectPath] },
    previous: { imagePaths: [] },
  });
  await becomes(kept.objectPath, 200);
});

it('keeps a photo that a profile uses', async () => {
  const userId = newUserId();
  const photo = await media.uploadSingle(userId, jpeg);
  const used = post(userId, [photo.objectPath]);
  await publishAs(media.bus, PostCreated, used);
  const profile = await publishAs(media.bus, ProfileUpdated, {
    userId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    bio: null,
    location: null,
    profileImageUrl: photo.objectPath,
  });
  await handled(profile.id);
  const deleted = await publishAs(media.bus, PostDeleted, { ...used });
  await handled(deleted.id);
  expect(await served(photo.objectPath)).toBe(200);
});

it("serves a message's photo to the conversation's two members only, kept by no shared cache", async () => {
  const [sender, recipient, stranger] = [newUserId(), newUserId(), newUserId()];
  const photo = await media.uploadSingle(sender, jpeg);
  const conversationId = conversationIdOf(sender, recipient);
  const sent = await publishAs(media.bus, MessageSent, {
    messageId: randomUUID(),
    conversationId,
    senderId: sender,
    recipientId: recipient,
    content: 'The chair, from the side',
    excerpt: 'The chair, from the side',
    sentAt: new Date().toISOString(),
    imagePaths: [photo.objectPath],
  });
  await handled(sent.id);
  const as = async (userId: string | undefined, path = photo.objectPath) =>
    media.call('GET', path, { userId });
  for (const member of [sender, recipient]) {
    const res = await as(member);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect((await as(member, `${photo.objectPath}?w=480`)).status).toBe(200);
  }
  // Anyone else, and a guest, get what a photo that does not exist gets, in every size.
  for (const other of [stranger, undefined]) {
    expect((await as(other)).status).toBe(404);
    expect((await as(other, `${photo.objectPath}?w=480`)).status).toBe(404);
  }
  // Used in a post as well, it is as public as the post.
  const used = await publishAs(media.bus, PostCreated, post(sender, [photo.objectPath]));
  await handled(used.id);
  expect((await as(undefined)).status).toBe(200);
});
