import { startProcesses } from '@waco/launcher/processes';
import { SERVICE_NAMES, type ServiceName } from '@waco/launcher/services';
import {
  freePort,
  freePorts,
  serverNamesForRun,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
} from '@waco/platform/testing';
import { startedForFile } from '@waco/platform/testing/for-file';

/** The app's origin the processes are told (APP_ORIGIN): the one a browser's requests carry. */
export const APP_ORIGIN = 'http://localhost:3000';

export interface ProcessStackOptions {
  /** The start of its bus prefix (its schemas' suffix is the same unique tag). */
  name: string;
  /** The services to start (default: every one); the gateway always starts. */
  services?: readonly ServiceName[];
  /** More environment for every process, over the defaults below. */
  env?: Record<string, string>;
}

/**
 * The distributed mode, as `npm run start:distributed` runs it, for the tests of one file: every
 * service (or those named) and the gateway, each a process of its own, on the machine's Postgres
 * and NATS JetStream under a schema suffix and a bus prefix of the file's own. Stopped after the
 * tests, its schemas dropped and its streams deleted. `logs` keeps every process's output.
 */
export function processStackForFile(options: ProcessStackOptions) {
  const services = options.services ?? SERVICE_NAMES;
  const logs: string[] = [];
  return startedForFile(
    async () => {
      const names = await serverNamesForRun(options.name);
      const ports = await freePorts([...SERVICE_NAMES, 'gateway']);
      const metricsPort = await freePort();
      const group = await startProcesses({
        gatewayMetricsPort: metricsPort,
        databaseUrl: TEST_DATABASE_URL,
        natsUrl: TEST_NATS_URL,
        ports,
        busPrefix: names.busPrefix,
        schemaSuffix: names.schemaSuffix,
        services: [...services],
        appOrigin: APP_ORIGIN,
        env: {
          LOG_LEVEL: 'warn',
          // Every request comes from 127.0.0.1, and the tests poll through the gateway while events
          // travel: on a busy machine the polls alone passed the default 600 a minute and came back
          // 429 (the limits have their own tests, in services/gateway).
          RATE_LIMIT_PER_MINUTE: '100000',
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          ...options.env,
        },
        onOutput: (name, line) => logs.push(`[${name}] ${line}`),
      }).catch(async (err) => {
        // What did start made its schemas and streams: the start's error is the one to read.
        await names.remove(services).catch(() => {});
        throw err;
      });
      return {
        group,
        ports,
        metricsPort,
        suffix: names.schemaSuffix,
        logs,
        async stop() {
          await group.stop();
          await names.remove(services);
        },
      };
    },
    undefined,
    120_000,
  );
}
