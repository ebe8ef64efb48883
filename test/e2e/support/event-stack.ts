import { buildGateway } from '@waco/gateway';
import { identityService } from '@waco/identity';
import { createMessagingService } from '@waco/messaging';
import { createNotificationsService, type NotificationsServiceOptions } from '@waco/notifications';
import {
  createBus,
  type EventBus,
  JetStreamBus,
  type RunningService,
  type ServiceDefinition,
} from '@waco/platform';
import {
  dropSchema,
  requirePostgres,
  startTestService,
  testClient,
  testLogger,
  uniqueName,
  upstreamsWith,
  waitFor,
} from '@waco/platform/testing';
import { createPostsService } from '@waco/posts';

/** A service instance with its own NATS connection, as a separate process would have. */
export interface Instance {
  name: string;
  service: RunningService;
  bus: EventBus;
  running: boolean;
}

export interface EventStackOptions {
  natsUrl: string;
  messagingInstances?: number;
  /** posts' instances (default 1): `posts` is the first, `postsInstances` all of them. */
  postsInstances?: number;
  notificationsInstances?: number;
  notifications?: NotificationsServiceOptions;
  /** JetStream: how long before an unacknowledged delivery is made again. */
  ackWaitMs?: number;
  /** Lets a test watch an instance's bus (e.g. count what each instance handled). */
  wrapBus?: (service: string, index: number, bus: EventBus) => EventBus;
}

/**
 * identity, posts, messaging and notifications against real Postgres and a given NATS JetStream,
 * each instance with its own connection (instances of one service share its schema and its
 * durable consumers), called as the gateway would call them: with `x-user-id`.
 */
export async function startEventStack(options: EventStackOptions) {
  await requirePostgres();
  const tag = uniqueName('ev').split('_')[1] as string;
  const prefix = `ev${tag}`;
  const schemas = {
    identity: `identity_${tag}`,
    posts: `posts_${tag}`,
    messaging: `messaging_${tag}`,
    notifications: `notifications_${tag}`,
  };
  const instances: Instance[] = [];

  const launched = new Map<string, number>();
  async function launch(
    name: keyof typeof schemas,
    definition: ServiceDefinition<unknown>,
  ): Promise<Instance> {
    const index = launched.get(name) ?? 0;
    launched.set(name, index + 1);
    const connection = await createBus({
      kind: 'nats',
      natsUrl: options.natsUrl,
      prefix,
      name,
      logger: testLogger,
      ackWaitMs: options.ackWaitMs,
    });
    const bus = options.wrapBus ? options.wrapBus(name, index, connection) : connection;
    const service = (await startTestService(definition, {
      bus,
      schema: schemas[name],
      keepSchema: true,
      poolSize: 5,
      // identity launches first: the others read the personal-data keys of sealed fields from it.
      identityUrl: name === 'identity' ? undefined : identityUrl,
    })) as unknown as RunningService;
    return { name, service, bus, running: true };
  }

  const notificationsDefinition = createNotificationsService(
    options.notifications,
  ) as ServiceDefinition<unknown>;
  let identityUrl: string | undefined;
  const identity = await launch('identity', identityService as ServiceDefinition<unknown>);
  identityUrl = identity.service.url;
  // Bursts of posts and messages from a few accounts: the limits per member are off.
  const postsInstances: Instance[] = [];
  for (let i = 0; i < (options.postsInstances ?? 1); i++) {
    postsInstances.push(
      await launch('posts', createPostsService({ memberLimits: false }) as ServiceDefinition<unknown>),
    );
  }
  const posts = postsInstances[0] as Instance;
  const messaging: Instance[] = [];
  for (let i = 0; i < (options.messagingInstances ?? 1); i++) {
    messaging.push(
      await launch(
        'messaging',
        createMessagingService({ memberLimits: false }) as ServiceDefinition<unknown>,
      ),
    );
  }
  const notifications: Instance[] = [];
  for (let i = 0; i < (options.notificationsInstances ?? 1); i++) {
    notifications.push(await launch('notifications', notificationsDefinition));
  }
  instances.push(identity, ...postsInstances, ...messaging, ...notifications);

  async function request(instance: Instance, method: string, path: string, as?: string, json?: unknown) {
    const res = await testClient(instance.service.url)(method, path, { as, json });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.bytes}`);
    return res.body;
  }

  const query = async <R extends Record<string, unknown>>(
    schema: string,
    text: string,
    values: unknown[] = [],
  ) => {
    const instance = instances.find((i) => i.service.database.schema === schema && i.running);
    const pool = instance?.service.database.pool;
    if (!pool) throw new Error(`no running instance on ${schema}`);
    return (await pool.query<R>(text, values)).rows;
  };

  async function stopInstance(instance: Instance) {
    if (!instance.running) return;
    instance.running = false;
    await instance.service.stop();
    await instance.bus.close();
  }

  return {
    schemas,
    identity,
    posts,
    postsInstances,
    messaging,
    notifications,
    request,
    query,

    /** Signs a user up with identity; answers their id. */
    async signUp(firstName: string, lastName: string) {
      const user = await request(identity, 'POST', '/api/signup', undefined, {
        firstName,
        lastName,
        email: `${uniqueName(firstName.toLowerCase())}@example.com`,
        password: 'correct horse battery',
      });
      return user.id as string;
    },

    async createPost(as: string, title: string) {
      const post = await request(posts, 'POST', '/api/posts', as, {
        category: 'sale',
        title,
        description: 'For the fault tests',
        price: '10',
      });
      return post.id as string;
    },

    /** Likes (toggles) a post; answers the new state. */
    async like(as: string, postId: string) {
      return (await request(posts, 'POST', `/api/posts/${postId}/like`, as)).liked as boolean;
    },

    async send(as: string, recipientId: string, content: string, instance = 0) {
      const target = messaging[instance % messaging.length] as Instance;
      return request(target, 'POST', '/api/messages', as, { recipientId, content });
    },

    /** Stops one notifications instance (its HTTP server, consumers and connection). */
    stopNotifications: (i = 0) => stopInstance(notifications[i] as Instance),

    /** Starts notifications instance `i` again, on the same schema and durable consumers. */
    async startNotifications(i = 0) {
      const old = notifications[i] as Instance;
      if (old.running) throw new Error('still running');
      notifications[i] = await launch('notifications', notificationsDefinition);
      instances.push(notifications[i] as Instance);
    },

    /** Resolves once every given service's schema knows every given user. */
    async waitForUsers(userIds: string[]) {
      const tables: Array<[string, string]> = [
        [schemas.posts, 'authors'],
        [schemas.messaging, 'users'],
        [schemas.notifications, 'users'],
      ];
      await eventually(async () => {
        for (const [schema, table] of tables) {
          const [row] = await query<{ n: number }>(
            schema,
            `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[])`,
            [userIds],
          );
          if (row?.n !== userIds.length) return undefined;
        }
        return true;
      }, 30_000);
    },

    /** The ids of events of one type a service has committed. */
    async eventIds(schema: string, type: string) {
      const rows = await query<{ id: string }>(schema, 'SELECT id FROM events WHERE type = $1', [type]);
      return rows.map((r) => r.id);
    },

    /** How many of these events notifications has handled (its inbox rows). */
    async handledCount(eventIds: string[]) {
      const [row] = await query<{ n: number }>(
        schemas.notifications,
        'SELECT count(*)::int AS n FROM processed_messages WHERE message_id = ANY($1::uuid[])',
        [eventIds],
      );
      return row?.n ?? 0;
    },

    /** Events a service committed that its outbox relay has not yet published. */
    async unpublishedCount(schema: string, producer: string) {
      const [row] = await query<{ n: number }>(
        schema,
        `SELECT count(*)::int AS n FROM events e
         LEFT JOIN outbox_checkpoints c ON c.name = $1
         WHERE (e.transaction_id, e.global_position) > (coalesce(c.last_transaction_id, '0'), coalesce(c.last_position, 0))`,
        [`relay:${producer}`],
      );
      return row?.n ?? 0;
    },

    async notificationCount(userId: string) {
      const [row] = await query<{ n: number }>(
        schemas.notifications,
        'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1',
        [userId],
      );
      return row?.n ?? 0;
    },

    /**
     * The gateway in front of the first instance of each service, with its own connection and
     * limits high enough for a benchmark. Media is not started: its routes answer 503.
     */
    async startGateway() {
      const bus = await createBus({
        kind: 'nats',
        natsUrl: options.natsUrl,
        prefix,
        name: 'gateway',
        logger: testLogger,
      });
      const app = await buildGateway({
        upstreams: upstreamsWith({
          identity: identity.service.url,
          posts: posts.service.url,
          messaging: (messaging[0] as Instance).service.url,
          notifications: (notifications[0] as Instance).service.url,
        }),
        bus,
        logger: testLogger,
        appOrigins: ['http://localhost:3000'],
        webDist: '/nonexistent',
        rateLimits: { general: 1_000_000_000, auth: 1_000_000 },
      });
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      return {
        url,
        async close() {
          await app.close();
          await bus.close();
        },
      };
    },

    /** Stops everything, and removes this run's streams and schemas. */
    async stop() {
      const cleaner = await createBus({
        kind: 'nats',
        natsUrl: options.natsUrl,
        prefix,
        logger: testLogger,
      }).catch(() => undefined);
      for (const instance of [...instances].reverse()) await stopInstance(instance).catch(() => {});
      if (cleaner instanceof JetStreamBus) await cleaner.deleteStreams().catch(() => {});
      await cleaner?.close();
      for (const schema of Object.values(schemas)) await dropSchema(schema).catch(() => {});
    },
  };
}

export type EventStack = Awaited<ReturnType<typeof startEventStack>>;

/** The kit's `waitFor`, with the patience a whole stack of services on JetStream needs. */
export const eventually = <T>(probe: () => T | Promise<T>, timeoutMs = 60_000) => waitFor(probe, timeoutMs);

/** Runs `task` over `items` with at most `concurrency` at a time, in order of start. */
export async function inBatches<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
