import { join } from 'node:path';
import { vapidKeysKeptIn, type WebPushSettings } from '@waco/notifications';
import { loadConfig, portSchema } from '@waco/platform';
import { z } from 'zod';
import { createDatabaseIfMissing } from './embedded-postgres';
import { startProcesses } from './processes';
import { DISTRIBUTED_PORTS, GATEWAY_METRICS_PORT } from './services';
import { ensureWebBuild, REPO_ROOT } from './web-build';

/**
 * `npm run start:distributed`: each service as its own process against this machine's
 * Postgres and NATS JetStream, the gateway on PORT. The same topology as docker-compose.yml.
 */
const config = loadConfig(
  z.object({
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/waco'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    APP_ORIGIN: z.string().default('http://localhost:3000'),
    /** The gateway's port; the services keep theirs (4001 to 4005). */
    PORT: portSchema.default(DISTRIBUTED_PORTS.gateway),
  }),
);
const say = (line: string) => process.stdout.write(`${line}\n`);

ensureWebBuild(say);
const admin = new URL(config.DATABASE_URL);
const database = admin.pathname.slice(1);
admin.pathname = '/postgres';
await createDatabaseIfMissing(admin.toString(), database).catch((err) => {
  say(
    `Cannot reach Postgres at ${config.DATABASE_URL} (${err.message}). Start it: bash scripts/ensure-services.sh`,
  );
  process.exit(1);
});
const group = await startProcesses({
  databaseUrl: config.DATABASE_URL,
  natsUrl: config.NATS_URL,
  ports: { ...DISTRIBUTED_PORTS, gateway: config.PORT },
  gatewayMetricsPort: GATEWAY_METRICS_PORT,
  appOrigin: config.APP_ORIGIN,
  objectStoreDir: join(REPO_ROOT, '.data', 's3'),
  mailDir: join(REPO_ROOT, '.data', 'mail'),
  // Web Push: the environment's VAPID keys, else ones made once and kept under .data/.
  env: vapidEnv(vapidKeysKeptIn(join(REPO_ROOT, '.data', 'vapid-keys.json'))),
});
say(
  `\nWaco Commons (distributed) is running at http://localhost:${config.PORT}. Ctrl-C stops it.\n` +
    `Metrics: http://127.0.0.1:${GATEWAY_METRICS_PORT}/metrics (gateway) and /metrics on each service's port (4001-4005).\n`,
);
const stop = async () => {
  await group.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

function vapidEnv(keys: WebPushSettings): Record<string, string> {
  return {
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    VAPID_SUBJECT: keys.subject,
  };
}
