import { baseConfigSchema, createDatabase, createLogger, loadConfig, migrate } from '@waco/platform';
import { postsMigrations } from './db/migrations';
import type { PostsDatabase } from './db/schema';
import { rebuildProjections } from './projections/rebuild';

/**
 * `npm run rebuild -w services/posts`: empties posts' read tables and replays every event into
 * them, with the projection code that live writes use. Reads DATABASE_URL and DB_SCHEMA.
 */
const logger = createLogger({ name: 'posts-rebuild' });
try {
  const config = loadConfig(baseConfigSchema.pick({ DATABASE_URL: true, DB_SCHEMA: true }));
  const database = createDatabase<PostsDatabase>({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA ?? 'posts',
  });
  try {
    await migrate(database as never, postsMigrations);
    const started = performance.now();
    const { events } = await rebuildProjections(database);
    logger.info(
      { schema: database.schema, events, ms: Math.round(performance.now() - started) },
      'posts read tables rebuilt from events',
    );
  } finally {
    await database.close();
  }
} catch (err) {
  logger.fatal((err as Error).message);
  process.exitCode = 1;
}
