import { baseConfigSchema, createDatabase, createLogger, loadConfig, migrate } from '@waco/platform';
import { messagingMigrations } from './db/migrations';
import type { MessagingDatabase } from './db/schema';
import { rebuildProjections } from './projections/rebuild';

/**
 * `npm run rebuild -w services/messaging`: empties messaging's read tables and replays every
 * event into them, with the projection code that live writes use. Reads DATABASE_URL and DB_SCHEMA.
 */
const logger = createLogger({ name: 'messaging-rebuild' });
try {
  const config = loadConfig(baseConfigSchema.pick({ DATABASE_URL: true, DB_SCHEMA: true }));
  const database = createDatabase<MessagingDatabase>({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA ?? 'messaging',
  });
  try {
    await migrate(database as never, messagingMigrations);
    const started = performance.now();
    const { events } = await rebuildProjections(database);
    logger.info(
      { schema: database.schema, events, ms: Math.round(performance.now() - started) },
      'messaging read tables rebuilt from events',
    );
  } finally {
    await database.close();
  }
} catch (err) {
  logger.fatal((err as Error).message);
  process.exitCode = 1;
}
