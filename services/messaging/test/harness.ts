import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  type EventEnvelope,
  messagingEvents,
  ProfileUpdated,
  UserRegistered,
} from '@waco/contracts';
import { type EventBus, USER_ID_HEADER } from '@waco/platform';
import { createTestBus, startTestService, testEnvelope } from '@waco/platform/testing';
import type { z } from 'zod';
import { messagingService } from '../src/service';

/**
 * Messaging on a fresh schema and a bus (in-process unless asked for JetStream), with a recorder
 * of what it publishes and a helper that plays identity by publishing its events.
 */
export async function startMessaging(options: { bus?: 'memory' | 'nats' } = {}) {
  const testBus = await createTestBus(options.bus ?? 'memory');
  const published: EventEnvelope[] = [];
  await testBus.bus.subscribe({
    consumer: 'messaging-test',
    producer: 'messaging',
    types: messagingEvents.map((e) => e.type),
    handle: async (event) => {
      published.push(event);
    },
  });
  const running = await startTestService(messagingService, { bus: testBus.bus });

  /** A request as it arrives from the gateway: `as` plays the gateway's `x-user-id` header. */
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    init: { json?: unknown; as?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.as) headers[USER_ID_HEADER] = init.as;
    const payload = init.json === undefined ? undefined : JSON.stringify(init.json);
    const res = await running.app.inject({ method, url, headers, payload });
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as any };
  }

  /** A user announced, as identity would; resolves once messaging knows them. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    const userId = randomUUID();
    await publishIdentity(testBus.bus, UserRegistered, `user-${userId}`, {
      userId,
      email: `${userId}@example.com`,
      firstName,
      lastName,
      profileImageUrl: null,
      registeredAt: new Date().toISOString(),
    });
    await eventually(async () =>
      (await query('SELECT 1 FROM users WHERE id = $1', [userId])).length ? true : undefined,
    );
    return userId;
  }

  const query = <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    running.database.pool.query<R>(text, values).then((r) => r.rows);

  /** Row counts of every table a request could write. */
  async function counts() {
    const [row] = await query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM messages)::int AS messages,
             (SELECT count(*) FROM conversation_members)::int AS members,
             (SELECT count(*) FROM events)::int AS events`);
    return row;
  }

  /** Waits until the bus has delivered an event that matches. */
  function waitForPublished(type: string, match: (data: Record<string, unknown>) => boolean = () => true) {
    return eventually(() =>
      published.find((e) => e.type === type && match(e.data as Record<string, unknown>)),
    );
  }

  return {
    running,
    bus: testBus.bus,
    published,
    call,
    query,
    counts,
    registerUser,
    waitForPublished,
    publishProfileUpdate: (data: z.input<typeof ProfileUpdated.schema>) =>
      publishIdentity(testBus.bus, ProfileUpdated, `user-${data.userId}`, data),
    async stop() {
      await running.stop();
      await testBus.close();
    },
  };
}

export type Messaging = Awaited<ReturnType<typeof startMessaging>>;

/** Publishes identity's event as its outbox would; answers the envelope (to publish again). */
export async function publishIdentity<S extends z.ZodType>(
  bus: EventBus,
  definition: EventDefinition<string, S>,
  streamId: string,
  data: z.input<S>,
) {
  const event = testEnvelope(definition, data, { streamId });
  await bus.publish('identity', event);
  return event;
}

/** Resolves once `probe` answers something other than undefined (checks every 10 ms). */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}
