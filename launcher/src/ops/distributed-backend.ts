import { createDatabase, createLogger, type Database, JetStreamBus, outboxLag } from '@waco/platform';
import type { OpsBackend, RelayLag } from './backend';
import { changeModerator, changeVerified } from './moderators';

/**
 * The distributed stack: dead letters and consumers on NATS (NATS_URL, BUS_PREFIX), each
 * service's outbox in its schema of DATABASE_URL.
 */
export async function distributedBackend(env: {
  natsUrl: string;
  prefix: string;
  databaseUrl: string;
}): Promise<OpsBackend> {
  const bus = await JetStreamBus.connect({
    url: env.natsUrl,
    prefix: env.prefix,
    name: 'ops',
    logger: createLogger({ level: 'warn' }),
  });
  const safeUrl = env.databaseUrl.replace(/\/\/[^@]*@/, '//');
  return {
    describe: `NATS at ${env.natsUrl}${env.prefix ? ` (prefix ${env.prefix})` : ''}, Postgres at ${safeUrl}`,
    listDeadLetters: () => bus.listDeadLetters(),
    redrive: (id) => bus.redriveDeadLetter(id),
    drop: (id) => bus.dropDeadLetter(id),
    async lag() {
      const { SERVICE_NAMES, SERVICES } = await import('../services');
      const relays: RelayLag[] = [];
      const producers = SERVICE_NAMES.filter((name) => SERVICES[name].publishes);
      for (const name of producers) {
        const database = createDatabase({ url: env.databaseUrl, schema: name, max: 1 });
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
    close: () => bus.close(),
  };

  /** Opens identity's and moderation's schemas for one operator command, and closes them after. */
  async function asOperator<T>(
    work: (databases: { identity: Database; moderation: Database }) => Promise<T>,
  ) {
    const identity = createDatabase({ url: env.databaseUrl, schema: 'identity', max: 1 });
    const moderation = createDatabase({ url: env.databaseUrl, schema: 'moderation', max: 1 });
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
