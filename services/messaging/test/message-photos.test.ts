import { randomUUID } from 'node:crypto';
import { publishMediaUploaded, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { startMessaging } from './harness';

// Photos in messages: the sender's own uploads (media's MediaUploaded), carried in MessageSent
// (media then serves them to the two members only: services/media/test/photo-uses.test.ts).

let ada: string;
let bob: string;
const messaging = startedForFile(startMessaging, async (m) => {
  ada = await m.registerUser('Ada', 'Photos');
  bob = await m.registerUser('Bob', 'Photos');
});

const uploaded = async (ownerId: string) => {
  const objectPath = `/objects/uploads/${ownerId}/${randomUUID()}.jpg`;
  await publishMediaUploaded(messaging.bus, ownerId, objectPath);
  await waitFor(
    async () =>
      (await messaging.query('SELECT 1 FROM uploaded_media WHERE object_path = $1', [objectPath]))[0],
  );
  return objectPath;
};
const send = (as: string, recipientId: string, imagePaths: unknown) =>
  messaging.call('POST', '/api/messages', { as, json: { recipientId, content: 'The chair', imagePaths } });

describe('a message with photos', () => {
  it('carries the sender’s own uploads to the thread and the event', async () => {
    const [front, side] = [await uploaded(ada), await uploaded(ada)];
    const res = await send(ada, bob, [front, side]);
    expect(res.status).toBe(201);
    expect(res.body.imagePaths).toEqual([front, side]);
    const event = await messaging.waitForPublished('MessageSent', (d) => d.messageId === res.body.id);
    expect(event.data).toMatchObject({ imagePaths: [front, side] });
    const thread = await messaging.call('GET', `/api/messages?conversationId=${res.body.conversationId}`, {
      as: bob,
    });
    expect(thread.body.at(-1)).toMatchObject({ id: res.body.id, imagePaths: [front, side] });
    // A message without photos has none.
    const plain = await send(bob, ada, undefined);
    expect(plain.body).not.toHaveProperty('imagePaths');
  });

  it('refuses another’s upload, a path that is no upload, and more than four; nothing is written', async () => {
    const bobs = await uploaded(bob);
    const mine = await uploaded(ada);
    const before = await messaging.counts();
    const foreign = await send(ada, bob, [bobs]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ field: 'imagePaths' });
    for (const imagePaths of [['/etc/passwd'], ['/objects/../x.jpg'], [mine, mine, mine, mine, mine], 'x'])
      expect((await send(ada, bob, imagePaths)).status).toBe(400);
    expect(await messaging.counts()).toEqual(before);
  }, 20_000);
});
