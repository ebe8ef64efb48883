import { randomUUID } from 'node:crypto';
import { conversationIdOf } from '@waco/contracts';
import { rebuildProjections } from '@waco/platform';
import { publishUserRegistered, registerAdaAndBob, waitFor } from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';
import { describe, expect, it } from 'vitest';
import { conversationsProjection } from '../src/projections/conversations';
import { startMessaging } from './harness';

/** Events on both buses, the users copy under redelivery, and the rebuild from the log. */
describe.each(['memory', 'nats'] as const)('on the %s bus', (bus) => {
  let ada: string;
  let bob: string;
  const messaging = startedForFile(
    () => startMessaging({ bus }),
    async (m) => {
      ({ ada, bob } = await registerAdaAndBob(m.registerUser));
    },
  );

  it('publishes MessageSent and ConversationRead in stream order', async () => {
    const conversationId = conversationIdOf(ada, bob);
    const sent = await messaging.call('POST', '/api/messages', {
      as: ada,
      json: { recipientId: bob, content: 'Hi' },
    });
    await messaging.call('PUT', '/api/messages/read', { as: bob, json: { conversationId } });
    const read = await messaging.waitForPublished(
      'ConversationRead',
      (d) => d.conversationId === conversationId,
    );
    const message = await messaging.waitForPublished('MessageSent', (d) => d.messageId === sent.body.id);
    expect(message.streamPosition).toBe(1);
    expect(read).toMatchObject({
      streamId: `conversation-${conversationId}`,
      streamPosition: 2,
      actorId: bob,
    });
  });

  it('keeps one copy of a user when identity’s event is delivered twice', async () => {
    const userId = randomUUID();
    const { event } = await publishUserRegistered(messaging.bus, {
      userId,
      email: 'cc@example.com',
      firstName: 'Cy',
      lastName: 'Cole',
    });
    // A relay that crashed before moving its checkpoint publishes again; JetStream would drop a
    // second copy with the same message id, so on it the redelivery is played by the handler's
    // inbox alone (a later event under a different id is covered by the `updated_at` rule).
    await messaging.bus.publish('identity', { ...event });
    await waitFor(async () =>
      (await messaging.query('SELECT 1 FROM processed_messages WHERE message_id = $1', [event.id])).length
        ? true
        : undefined,
    );
    const copies = await messaging.query('SELECT first_name FROM users WHERE id = $1', [userId]);
    expect(copies).toEqual([{ first_name: 'Cy' }]);
  });

  it('rebuilds messages and conversation lists from the log, identical to the live tables', async () => {
    const carol = await messaging.registerUser('Carol', 'Brazos');
    // Messages about a post and without one: the latest post named is kept.
    const couch = await messaging.publishPost(carol, 'Couch');
    for (let i = 0; i < 5; i++) {
      await messaging.call('POST', '/api/messages', {
        as: i % 2 ? ada : carol,
        json: { recipientId: i % 2 ? carol : ada, content: `m${i}`, ...(i === 1 ? { postId: couch } : {}) },
      });
    }
    await messaging.call('PUT', '/api/messages/read', {
      as: ada,
      json: { conversationId: conversationIdOf(ada, carol) },
    });
    const snapshot = () =>
      Promise.all([
        messaging.query('SELECT * FROM messages ORDER BY id'),
        messaging.query('SELECT * FROM conversation_members ORDER BY user_id, conversation_id'),
      ]);
    const before = await snapshot();
    expect(before[1].map((row) => row.post_id)).toContain(couch);
    const { events } = await rebuildProjections(messaging.running.database, [conversationsProjection]);
    expect(events).toBeGreaterThanOrEqual(7);
    expect(await snapshot()).toEqual(before);
  });
});
