import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { upstreamUrlVariable } from '@waco/gateway';
import { startMailCatcher } from '@waco/platform/mail-catcher';
import { type EmbeddedStore, startEmbeddedStore } from './object-store/embedded-store';
import { SERVICE_NAMES, type ServiceName } from './services';
import { REPO_ROOT } from './web-build';

export interface DistributedOptions {
  databaseUrl: string;
  natsUrl: string;
  ports: Record<ServiceName | 'gateway', number>;
  /** The gateway's metrics listener (METRICS_PORT); default a free port (tests run side by side). */
  gatewayMetricsPort?: number;
  /** Isolates a test run's streams and subjects. */
  busPrefix?: string;
  schemaSuffix?: string;
  appOrigin: string;
  /** Extra environment for every process (e.g. LOG_LEVEL). */
  env?: Record<string, string>;
  /** Where each process's output goes; defaults to this process's stdout with a name prefix. */
  onOutput?: (name: string, line: string) => void;
  /** The services to start (default: every one); the gateway always starts. */
  services?: ServiceName[];
  /**
   * Without S3_ENDPOINT (in `env` or this process's environment) an embedded object store runs
   * in this process, its data here (default: a temporary directory removed at stop).
   */
  objectStoreDir?: string;
  /** Without SMTP_URL, the in-process mail catcher keeps mail here (default: a temporary directory). */
  mailDir?: string;
}

export interface ProcessGroup {
  gatewayUrl: string;
  processes: Map<string, ChildProcess>;
  /** Stops one service's process (fault tests) and resolves when it has exited. */
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  /** Starts one service's process again and waits for its /healthz. */
  restart(name: ServiceName | 'gateway'): Promise<void>;
  /**
   * Starts another gateway process on `port` (the same metrics port as the first): a replacement
   * or a second replica. Its process is `gateway:<port>` in `processes`; resolves once healthy.
   */
  startGateway(port: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Each service runs in a Node process of its own with tsx's loader (`node --import tsx`), not under
 * the `tsx` command: that one is a wrapper process, and a signal sent to it (SIGKILL above all)
 * would not reach the service, which would live on, orphaned, holding its port.
 */
// `--conditions=waco-source`: our packages' TypeScript sources, not their compiled dist/, even
// when not started through npm (.npmrc).
const NODE_ARGS = ['--conditions=waco-source', '--import', 'tsx'];

/** Starts every service, then the gateway, each as its own process, and waits until healthy. */
export async function startProcesses(options: DistributedOptions): Promise<ProcessGroup> {
  const processes = new Map<string, ChildProcess>();
  const url = (name: ServiceName | 'gateway') => `http://127.0.0.1:${options.ports[name]}`;
  const store = await embeddedStoreUnlessConfigured(options);
  const mail = await mailCatcherUnlessConfigured(options);
  const baseEnv = {
    ...store?.env,
    ...mail?.env,
    ...process.env,
    // NODE_ENV as given: unset is not development for the dev sign-in (it must be asked for).
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    BUS: 'nats',
    BUS_PREFIX: options.busPrefix ?? '',
    HOST: '127.0.0.1',
    APP_ORIGIN: options.appOrigin,
    ...Object.fromEntries(SERVICE_NAMES.map((s) => [upstreamUrlVariable(s), url(s)])),
    ...options.env,
  };
  const output = options.onOutput ?? ((name, line) => process.stdout.write(`[${name}] ${line}\n`));

  const launch = async (name: ServiceName | 'gateway', key: string = name, port = options.ports[name]) => {
    const child = spawn(
      process.execPath,
      [...NODE_ARGS, join(REPO_ROOT, 'services', name, 'src', 'main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          ...baseEnv,
          PORT: String(port),
          ...(name === 'gateway'
            ? { METRICS_PORT: String(options.gatewayMetricsPort ?? 0) }
            : { DB_SCHEMA: `${name}${options.schemaSuffix ?? ''}` }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) output(key, line);
      });
    }
    processes.set(key, child);
    await waitHealthy(key, `http://127.0.0.1:${port}`, child);
  };

  const group: ProcessGroup = {
    gatewayUrl: url('gateway'),
    processes,
    async kill(name, signal = 'SIGTERM') {
      const child = processes.get(name);
      if (!child || child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      await exited;
    },
    restart: (name) => launch(name),
    startGateway: (port) => launch('gateway', `gateway:${port}`, port),
    async stop() {
      await Promise.all([...processes.keys()].map((name) => group.kill(name)));
      await store?.stop();
      await mail?.stop();
    },
  };
  try {
    for (const name of options.services ?? SERVICE_NAMES) await launch(name);
    await launch('gateway');
  } catch (err) {
    await group.stop();
    throw err;
  }
  return group;
}

/**
 * The embedded object store, when no store is configured: media gets its address and key, the
 * gateway forwards `/storage/*` to it (uploads go through the app's origin).
 */
async function embeddedStoreUnlessConfigured(options: DistributedOptions) {
  if (options.env?.S3_ENDPOINT ?? process.env.S3_ENDPOINT) return null;
  const dataDir = options.objectStoreDir ?? mkdtempSync(join(tmpdir(), 'waco-s3-'));
  const store: EmbeddedStore = await startEmbeddedStore({ dataDir, maxBodyBytes: MAX_IMAGE_BYTES });
  return {
    env: {
      S3_ENDPOINT: store.storage.endpoint,
      S3_REGION: store.storage.region,
      S3_BUCKET: store.storage.bucket,
      S3_ACCESS_KEY: store.storage.accessKey,
      S3_SECRET_KEY: store.storage.secretKey,
      S3_SAME_ORIGIN_UPLOADS: 'true',
      STORAGE_UPSTREAM: store.origin,
    },
    async stop() {
      await store.stop();
      if (!options.objectStoreDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The in-process mail catcher, when no SMTP_URL is configured: identity sends to it, and in
 * development lists its folder at `GET /api/dev/mail` (MAIL_CATCHER_DIR).
 */
async function mailCatcherUnlessConfigured(options: DistributedOptions) {
  if (options.env?.SMTP_URL ?? process.env.SMTP_URL) return null;
  const dataDir = options.mailDir ?? mkdtempSync(join(tmpdir(), 'waco-mail-'));
  const catcher = await startMailCatcher({ dataDir });
  return {
    // Every notifications process signs unsubscribe links with one secret (unless one is given).
    env: {
      SMTP_URL: catcher.url,
      MAIL_CATCHER_DIR: dataDir,
      MAIL_LINK_SECRET: randomBytes(24).toString('hex'),
    },
    async stop() {
      await catcher.stop();
      if (!options.mailDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitHealthy(name: string, baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} during start-up`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not become healthy at ${baseUrl} within ${timeoutMs} ms`);
}
