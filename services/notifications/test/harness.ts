import { randomUUID } from 'node:crypto';
import {
  AttendanceSet,
  CommentAdded,
  ConversationRead,
  conversationIdOf,
  type EventDefinition,
  type EventEnvelope,
  type Language,
  MessageSent,
  messageExcerpt,
  PostCreated,
  PostLiked,
  UserBlocked,
} from '@waco/contracts';
import { type EventBus, type RunningService, USER_ID_HEADER } from '@waco/platform';
import {
  createTestBus,
  dropSchema,
  postCreatedData,
  publishAs,
  publishProfileUpdated,
  publishUserRegistered,
  queryRows,
  SseClient,
  startTestService,
  testClient,
  uniqueName,
  waitFor,
} from '@waco/platform/testing';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { NotificationsDatabase } from '../src/db/schema';
import { users } from '../src/db/users';
import { createNotificationsService, type NotificationsServiceOptions } from '../src/service';

/** Plays identity, posts and messaging on a bus: publishes the events they would. */
export function producers(bus: EventBus) {
  // Each conversation is a stream: its events come with increasing positions, as messaging's do.
  const positions = new Map<string, number>();
  const nextPosition = (conversationId: string) => {
    const position = (positions.get(conversationId) ?? 0) + 1;
    positions.set(conversationId, position);
    return { streamId: `conversation-${conversationId}`, streamPosition: position };
  };
  // posts announces every post with PostCreated, the only event (with PostEdited) that carries its
  // title: the first event of a test's post (a `Post`, with its title) is preceded by one too.
  const announced = new Set<string>();
  const announce = async (post: Partial<Post>) => {
    if (!post.postId || !post.ownerId || typeof post.title !== 'string' || announced.has(post.postId)) return;
    announced.add(post.postId);
    const { postId, ownerId, title, category = 'sale' } = post;
    await publishAs(bus, PostCreated, postCreatedData({ postId, ownerId, title, category }));
  };
  const publish = async <S extends z.ZodType>(
    definition: EventDefinition<string, S>,
    data: z.input<S>,
    overrides: Partial<EventEnvelope> = {},
  ) => {
    if (definition.type === PostCreated.type) announced.add((data as { postId: string }).postId);
    else await announce(data as Partial<Post>);
    return publishAs(bus, definition, data, overrides);
  };
  return {
    publish,
    registerUser: async (firstName: string, lastName: string, language?: Language) =>
      (await publishUserRegistered(bus, { firstName, lastName, language })).userId,
    renameUser: (userId: string, firstName: string, lastName: string, language?: Language) =>
      publishProfileUpdated(bus, {
        userId,
        firstName,
        lastName,
        bio: null,
        location: null,
        profileImageUrl: null,
        language,
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
    /** posts' `CommentAdded` on `post` by `userId`: a reply when `parent` is given, with its mentions. */
    comment: (
      post: Post,
      userId: string,
      {
        parent = null,
        mentioned = [],
      }: { parent?: { commentId: string; authorId: string } | null; mentioned?: string[] } = {},
    ) =>
      publish(CommentAdded, {
        postId: post.postId,
        ownerId: post.ownerId,
        category: post.category,
        commentId: randomUUID(),
        userId,
        content: mentioned.length > 0 ? '@Someone look at this' : 'Is it still available?',
        parentId: parent?.commentId ?? null,
        parentAuthorId: parent?.authorId ?? null,
        depth: parent ? 2 : 1,
        mentions: mentioned.map((id) => ({ userId: id, start: 0, end: 8 })),
      }),
    /** Moderation's `UserBlocked`: `blockerId` blocked `blockedId`. */
    block: (blockerId: string, blockedId: string) =>
      publish(UserBlocked, { blockerId, blockedId, blockedAt: new Date().toISOString() }),
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
  const running = await startTestService(createNotificationsService(options), {
    bus,
    schema,
    keepSchema: true,
    poolSize: 5,
  });
  return instanceOf(running);
}

function instanceOf(running: RunningService<NotificationsDatabase>) {
  const streams: SseClient[] = [];
  const request = testClient(running.app);
  /** A request as it arrives from the gateway: `as` plays the gateway's `x-user-id` header. */
  const call = (method: 'GET' | 'PUT', url: string, as?: string) => request(method, url, { as });
  return {
    running,
    url: running.url,
    call,
    /**
     * Opens the user's live stream as the gateway would forward it (or as a guest), and resolves
     * once it has started: its first event came, so the server has read where the stream begins.
     * The headers come before that read; a stream opened without Last-Event-ID replays nothing
     * committed before it (its first `unread` counts it), so a test that acted on the headers
     * alone would race the read and, on a loaded machine, miss what it caused.
     */
    async openStream(as: string | undefined, lastEventId?: string) {
      const headers: Record<string, string> = {};
      if (as) headers[USER_ID_HEADER] = as;
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      const stream = await SseClient.open(`${running.url}/api/stream`, headers);
      streams.push(stream);
      if (stream.status === 200) await stream.waitFor(() => true);
      return stream;
    },
    query: queryRows(running.database.pool),
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
    await waitFor(async () => {
      const rows = await instance.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM processed_messages WHERE message_id = ANY($1::uuid[])',
        [events.map((e) => e.id)],
      );
      return rows[0]?.n === events.length;
    });
  }

  /** Registers a user and waits until notifications knows their name. */
  async function registerUser(firstName = 'Ada', lastName = 'Lovelace', language?: Language) {
    const userId = await feed.registerUser(firstName, lastName, language);
    await waitFor(() => users.find(instance.running.database.db, userId));
    return userId;
  }

  return {
    ...instance,
    ...feed,
    registerUser,
    /** Registers users one after the other (first and last names), answering their ids in order. */
    async registerUsers(...names: [string, string][]) {
      const ids: string[] = [];
      for (const [firstName, lastName] of names) ids.push(await registerUser(firstName, lastName));
      return ids;
    },
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

/** A member's one notification, for the test to look into; fails unless they have exactly one. */
export async function onlyNotificationOf(n: Notifications, userId: string) {
  const notifications = await n.notificationsOf(userId);
  expect(notifications, `the notifications of ${userId}`).toHaveLength(1);
  return notifications[0];
}

export type Replica = 'first' | 'second' | 'third';

/**
 * Two replicas on one database and bus (the first with the test's producers), each on a clock
 * that says `now()` and counts its reads: a scheduled round reads it once, so a count that grows
 * says the replica kept looking. `restart` stops the second and starts a third in its place.
 */
export async function startReplicas(now: () => Date, options: NotificationsServiceOptions) {
  const reads: Record<Replica, number> = { first: 0, second: 0, third: 0 };
  const optionsOf = (name: Replica): NotificationsServiceOptions => ({
    ...options,
    now: () => {
      reads[name]++;
      return now();
    },
  });
  const first = await startNotifications({ service: optionsOf('first') });
  let second = await startInstance(first.bus, first.schema, optionsOf('second'));
  return {
    first,
    reads,
    /** The replica beside the first: the second, or the third after a restart. */
    other: () => second,
    async restart() {
      await second.stop();
      second = await startInstance(first.bus, first.schema, optionsOf('third'));
    },
    async stop() {
      await second.stop();
      await first.stop();
    },
  };
}
export type Replicas = Awaited<ReturnType<typeof startReplicas>>;
