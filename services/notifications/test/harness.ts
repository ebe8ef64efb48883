import { randomUUID } from 'node:crypto';
import {
  AttendanceSet,
  ConversationRead,
  conversationIdOf,
  type EventEnvelope,
  MessageSent,
  messageExcerpt,
  PostLiked,
  ProfileUpdated,
  UserRegistered,
} from '@waco/contracts';
import { type EventBus, type RunningService, startService, USER_ID_HEADER } from '@waco/platform';
import {
  createTestBus,
  dropSchema,
  requirePostgres,
  TEST_DATABASE_URL,
  testEnvelope,
  testLogger,
  uniqueName,
} from '@waco/platform/testing';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { NotificationsDatabase } from '../src/db/schema';
import { createNotificationsService, type NotificationsServiceOptions } from '../src/service';
import { SseClient } from './sse-client';

type Definition<S extends z.ZodType> = { type: string; producer: string; schemaVersion: number; schema: S };

/** An event as its producer's outbox would publish it. */
export const envelope = testEnvelope;

/** Plays identity, posts and messaging on a bus: publishes the events they would. */
export function producers(bus: EventBus) {
  // Each conversation is a stream: its events come with increasing positions, as messaging's do.
  const positions = new Map<string, number>();
  const nextPosition = (conversationId: string) => {
    const position = (positions.get(conversationId) ?? 0) + 1;
    positions.set(conversationId, position);
    return { streamId: `conversation-${conversationId}`, streamPosition: position };
  };
  const publish = async <S extends z.ZodType>(
    definition: Definition<S>,
    data: z.input<S>,
    overrides: Partial<EventEnvelope> = {},
  ) => {
    const event = envelope(definition, data, overrides);
    await bus.publish(definition.producer, event);
    return event;
  };
  return {
    publish,
    registerUser: async (firstName: string, lastName: string) => {
      const userId = randomUUID();
      await publish(UserRegistered, {
        userId,
        email: `${userId}@example.com`,
        firstName,
        lastName,
        profileImageUrl: null,
        registeredAt: new Date().toISOString(),
      });
      return userId;
    },
    renameUser: (userId: string, firstName: string, lastName: string) =>
      publish(ProfileUpdated, {
        userId,
        firstName,
        lastName,
        bio: null,
        location: null,
        profileImageUrl: null,
      }),
    like: (userId: string, post: Post, overrides: Partial<EventEnvelope> = {}) =>
      publish(PostLiked, { ...post, userId }, overrides),
    attend: (
      userId: string,
      post: Post,
      status: 'interested' | 'going',
      previousStatus: 'interested' | 'going' | null = null,
    ) => publish(AttendanceSet, { ...post, userId, status, previousStatus }),
    message: (senderId: string, recipientId: string, content: string) => {
      const conversationId = conversationIdOf(senderId, recipientId);
      return publish(
        MessageSent,
        {
          messageId: uuidv7(),
          conversationId,
          senderId,
          recipientId,
          content,
          excerpt: messageExcerpt(content),
          sentAt: new Date().toISOString(),
        },
        nextPosition(conversationId),
      );
    },
    read: (readerId: string, conversationId: string) =>
      publish(
        ConversationRead,
        { conversationId, readerId, readAt: new Date().toISOString() },
        nextPosition(conversationId),
      ),
  };
}

export interface Post {
  postId: string;
  ownerId: string;
  title: string;
  category: 'sale' | 'job' | 'event';
}

export const postOf = (
  ownerId: string,
  title = 'Oak rocking chair',
  category: Post['category'] = 'sale',
): Post => ({
  postId: randomUUID(),
  ownerId,
  title,
  category,
});

/** A notifications instance on a given bus and schema: what a test calls and opens streams on. */
export async function startInstance(
  bus: EventBus,
  schema: string,
  options: NotificationsServiceOptions = {},
): Promise<Instance> {
  await requirePostgres();
  const running = await startService(createNotificationsService(options), {
    databaseUrl: TEST_DATABASE_URL,
    schema,
    bus,
    logger: testLogger,
    poolSize: 5,
  });
  return instanceOf(running);
}

function instanceOf(running: RunningService<NotificationsDatabase>) {
  const streams: SseClient[] = [];
  async function call(method: 'GET' | 'PUT', url: string, as?: string) {
    const headers: Record<string, string> = as ? { [USER_ID_HEADER]: as } : {};
    const res = await running.app.inject({ method, url, headers });
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    return { status: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as any };
  }
  return {
    running,
    url: running.url,
    call,
    /** Opens the user's live stream as the gateway would forward it (or as a guest). */
    async openStream(as: string | undefined, lastEventId?: string) {
      const headers: Record<string, string> = {};
      if (as) headers[USER_ID_HEADER] = as;
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const stream = await SseClient.open(`${running.url}/api/stream`, headers);
      streams.push(stream);
      return stream;
    },
    query: <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      running.database.pool.query<R>(text, values).then((r) => r.rows),
    async stop() {
      for (const s of streams) s.close();
      await running.stop();
    },
  };
}

export type Instance = ReturnType<typeof instanceOf>;

/** One notifications instance on a fresh schema and its own bus, with producers to feed it. */
export async function startNotifications(
  options: { bus?: 'memory' | 'nats'; service?: NotificationsServiceOptions } = {},
) {
  const testBus = await createTestBus(options.bus ?? 'memory');
  const schema = uniqueName('notifications');
  const instance = await startInstance(testBus.bus, schema, options.service);
  const feed = producers(testBus.bus);

  /** Waits until every given event has been handled (its inbox row is there). */
  async function handled(...events: EventEnvelope[]) {
    await eventually(async () => {
      const rows = await instance.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM processed_messages WHERE message_id = ANY($1::uuid[])',
        [events.map((e) => e.id)],
      );
      return rows[0]?.n === events.length ? true : undefined;
    });
  }

  /** Registers a user and waits until notifications knows their name. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    const userId = await feed.registerUser(firstName, lastName);
    await eventually(async () =>
      (await instance.query('SELECT 1 FROM users WHERE id = $1', [userId])).length ? true : undefined,
    );
    return userId;
  }

  return {
    ...instance,
    ...feed,
    registerUser,
    bus: testBus.bus,
    schema,
    handled,
    notificationsOf: (userId: string) =>
      instance.query<{ type: string; title: string; message: string; related_id: string; is_read: boolean }>(
        'SELECT type, title, message, related_id, is_read FROM notifications WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      ),
    async stop() {
      await instance.stop();
      await testBus.close();
      await dropSchema(schema);
    },
  };
}

export type Notifications = Awaited<ReturnType<typeof startNotifications>>;

/** Resolves once `probe` answers something other than undefined (checks every 10 ms). */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
