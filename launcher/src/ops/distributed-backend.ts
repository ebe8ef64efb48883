import {
  createDatabase,
  createLogger,
  type Database,
  dailyCounts,
  JetStreamBus,
  outboxLag,
} from '@waco/platform';
import type { OpsBackend, RelayLag } from './backend';
import { changeAdmin, changeModerator, changeVerified, operatorDeadLetter } from './moderators';
import { serviceStatus } from './service-status';

/**
 * The distributed stack: dead letters and consumers on NATS (NATS_URL, BUS_PREFIX), each
 * service's outbox in its schema of DATABASE_URL.
 */
export async function distributedBackend(env: {
  natsUrl: string;
  prefix: string;
  databaseUrl: string;
  /** What follows each service's name in its schema's (the distributed launcher's `schemaSuffix`). */
  schemaSuffix?: string;
  /** Each service's address (`<NAME>_URL`, as the gateway is given them); asked for when needed. */
  serviceUrls: () => Promise<Record<string, string>>;
}): Promise<OpsBackend> {
  const bus = await JetStreamBus.connect({
    url: env.natsUrl,
    prefix: env.prefix,
    name: 'ops',
    logger: createLogger({ level: 'warn' }),
  });
  const suffix = env.schemaSuffix ?? '';
  const safeUrl = env.databaseUrl.replace(/\/\/[^@]*@/, '//');
  return {
    describe: `NATS at ${env.natsUrl}${env.prefix ? ` (prefix ${env.prefix})` : ''}, Postgres at ${safeUrl}`,
    listDeadLetters: () => bus.listDeadLetters(),
    // Recorded in moderation's audit list, as the console's are.
    redrive: (id) =>
      inSchema('moderation', (moderation) => operatorDeadLetter(moderation, bus, id, 'redrive')),
    drop: (id) => inSchema('moderation', (moderation) => operatorDeadLetter(moderation, bus, id, 'drop')),
    async lag() {
      const { SERVICE_NAMES, SERVICES } = await import('../services');
      const relays: RelayLag[] = [];
      const producers = SERVICE_NAMES.filter((name) => SERVICES[name].publishes);
      for (const name of producers) {
        const database = createDatabase({ url: env.databaseUrl, schema: `${name}${suffix}`, max: 1 });
        try {
          relays.push({ service: name, ...(await outboxLag(database, name)) });
        } catch (err) {
          throw new Error(`Cannot read ${name}'s outbox at ${safeUrl}: ${(err as Error).message}`);
        } finally {
          await database.close();
        }
      }
      return {
        relays,
        consumers: await bus.consumerLag({ all: true }),
        warnings: await bus.streamWarnings(producers),
      };
    },
    setModerator: (email, grant) => asOperator((databases) => changeModerator(databases, email, grant)),
    setVerified: (email, grant) => asOperator((databases) => changeVerified(databases, email, grant)),
    setAdmin: (email, grant) => asOperator((databases) => changeAdmin(databases, email, grant)),
    figures: async () => ({
      members: await inSchema('identity', (identity) => dailyCounts(identity.db as never, 'users')),
      posts: await inSchema('posts', (posts) => dailyCounts(posts.db as never, 'posts')),
      messages: await inSchema('messaging', (messaging) => dailyCounts(messaging.db as never, 'messages')),
    }),
    status: async () => serviceStatus(await env.serviceUrls()),
    close: () => bus.close(),
  };

  /** Opens one service's schema for one read or command, and closes it after. */
  async function inSchema<T>(schema: string, work: (database: Database) => Promise<T>) {
    const database = createDatabase({ url: env.databaseUrl, schema: `${schema}${suffix}`, max: 1 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  /** Opens identity's and moderation's schemas for one operator command, and closes them after. */
  async function asOperator<T>(
    work: (databases: { identity: Database; moderation: Database }) => Promise<T>,
  ) {
    const identity = createDatabase({ url: env.databaseUrl, schema: `identity${suffix}`, max: 1 });
    const moderation = createDatabase({ url: env.databaseUrl, schema: `moderation${suffix}`, max: 1 });
    try {
      return await work({ identity, moderation });
    } catch (err) {
      // 42501: permission denied, 42P01: no such table (identity's schema not visible).
      const code = (err as { code?: string }).code;
      if (code === '42501' || code === '42P01') {
        throw new Error(
          `Cannot read identity's users or write moderation's tables at ${safeUrl}: ${(err as Error).message}. ` +
            'Set DATABASE_URL to a role that can read schema identity and write schema moderation (e.g. the superuser).',
        );
      }
      throw err;
    } finally {
      await identity.close();
      await moderation.close();
    }
  }
}
