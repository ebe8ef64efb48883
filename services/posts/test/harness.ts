import { randomUUID } from 'node:crypto';
import {
  type CreatePostRequest,
  type EventDefinition,
  type EventEnvelope,
  MediaUploaded,
  ProfileUpdated,
  postsEvents,
  UserRegistered,
} from '@waco/contracts';
import { type EventBus, USER_ID_HEADER } from '@waco/platform';
import { createTestBus, startTestService, testEnvelope } from '@waco/platform/testing';
import type { z } from 'zod';
import { createPostsService, type PostsServiceOptions } from '../src/service';

/**
 * Posts on a fresh schema and a bus (in-process unless asked for JetStream), with a recorder of
 * what it publishes and helpers that play identity and media by publishing their events.
 */
export async function startPosts(options: { bus?: 'memory' | 'nats'; service?: PostsServiceOptions } = {}) {
  const testBus = await createTestBus(options.bus ?? 'memory');
  const published: EventEnvelope[] = [];
  await testBus.bus.subscribe({
    consumer: 'posts-test',
    producer: 'posts',
    types: postsEvents.map((e) => e.type),
    handle: async (event) => {
      published.push(event);
    },
  });
  const running = await startTestService(createPostsService(options.service), { bus: testBus.bus });

  /** A request as it arrives from the gateway: `as` plays the gateway's `x-user-id` header. */
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, init: CallInit = {}) {
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (init.json !== undefined) {
      payload = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    }
    if (init.raw !== undefined) payload = init.raw;
    if (init.contentType) headers['content-type'] = init.contentType;
    if (init.as) headers[USER_ID_HEADER] = init.as;
    const res = await running.app.inject({ method, url, headers, payload });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = res.body;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    return { status: res.statusCode, body: body as any };
  }

  /** A user identity announced, as identity would; resolves once posts has their name. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace') {
    const userId = randomUUID();
    await publish(testBus.bus, 'identity', `user-${userId}`, UserRegistered, {
      userId,
      email: `${userId}@example.com`,
      firstName,
      lastName,
      profileImageUrl: null,
      registeredAt: new Date().toISOString(),
    });
    return userId;
  }

  /** Creates a post through the API; resolves to it. Fails the test on anything but 201. */
  async function createPost(as: string, overrides: Partial<CreatePostRequest> = {}) {
    const res = await call('POST', '/api/posts', { as, json: { ...samplePost(), ...overrides } });
    if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; title: string; [key: string]: unknown };
  }

  /** Row counts of every table a request could write. */
  async function counts() {
    const { rows } = await running.database.pool.query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM posts)::int AS posts,
             (SELECT count(*) FROM post_likes)::int AS likes,
             (SELECT count(*) FROM saved_posts)::int AS saves,
             (SELECT count(*) FROM event_attendance)::int AS attendance,
             (SELECT count(*) FROM user_filter_preferences)::int AS filters,
             (SELECT count(*) FROM events)::int AS events`);
    return rows[0];
  }

  /** Waits until the bus has delivered an event that matches. */
  async function waitForPublished(
    type: string,
    match: (data: Record<string, unknown>) => boolean = () => true,
  ) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = published.find((e) => e.type === type && match(e.data as Record<string, unknown>));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${type}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  return {
    running,
    bus: testBus.bus,
    db: running.database.db,
    published,
    call,
    registerUser,
    createPost,
    counts,
    waitForPublished,
    publishProfileUpdate: (data: z.input<typeof ProfileUpdated.schema>) =>
      publish(testBus.bus, 'identity', `user-${data.userId}`, ProfileUpdated, data),
    publishUpload: (ownerId: string, objectPath: string) =>
      publish(testBus.bus, 'media', `media-${objectPath}`, MediaUploaded, {
        objectPath,
        ownerId,
        contentType: 'image/jpeg',
        size: 1000,
        width: 800,
        height: 600,
      }),
    query: <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      running.database.pool.query<R>(text, values).then((r) => r.rows),
    async stop() {
      await running.stop();
      await testBus.close();
    },
  };
}

export type Posts = Awaited<ReturnType<typeof startPosts>>;

export interface CallInit {
  json?: unknown;
  raw?: string;
  contentType?: string;
  as?: string;
}

/** Publishes another service's event as that service's outbox would. */
export async function publish<S extends z.ZodType>(
  bus: EventBus,
  producer: string,
  streamId: string,
  definition: EventDefinition<string, S>,
  data: z.input<S>,
) {
  const event = testEnvelope(definition, data, { streamId });
  await bus.ensureStream(producer);
  await bus.publish(producer, event);
  return event;
}

export function samplePost(): CreatePostRequest {
  return {
    category: 'sale',
    title: 'Oak rocking chair',
    description: 'Solid oak, refinished last spring. Pick up near Cameron Park.',
    neighborhood: 'cameron_park',
    price: '45',
  };
}

/** Resolves once `probe` answers something other than undefined (polls every 20 ms). */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
