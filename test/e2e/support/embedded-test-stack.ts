import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { startEmbeddedStore } from '@waco/launcher/object-store';
import { SERVICE_NAMES } from '@waco/launcher/services';
import { type RunningStack, type StackOptions, startStack } from '@waco/launcher/stack';
import { createMediaService, type StorageConfig } from '@waco/media';
import { type NotificationsServiceOptions, vapidKeysKeptIn } from '@waco/notifications';
import { type EventBus, InProcessBus, type ServiceDefinition } from '@waco/platform';
import {
  dropSchema,
  requirePostgres,
  saleRequest,
  TEST_DATABASE_URL,
  testLogger,
  uniqueName,
} from '@waco/platform/testing';
import { afterAll, beforeAll } from 'vitest';
import { callAs, type Member, signUpMember, signUpMembers } from './members';

/** What an e2e file may set; everything else is the embedded mode's, on the test database. */
export type TestStackOptions = Pick<
  StackOptions,
  'schemaSuffix' | 'production' | 'development' | 'rateLimits' | 'memberLimits' | 'mailDir' | 'guestCacheMs'
> & {
  /** The bus (default the in-process one, as `npm start` has it); the stack closes it. */
  bus?: EventBus;
  /** Web Push set up as `npm start` has it (VAPID keys made for the run): members can turn it on. */
  webPush?: boolean;
  /** notifications' timing of mails, digests and event reminders, and its clock (its mail goes to the catcher). */
  notifications?: Pick<
    NotificationsServiceOptions,
    'mailGatherMs' | 'mailSpacingMs' | 'digestEveryMs' | 'reminderEveryMs' | 'now'
  >;
};

export interface TestStack {
  stack: RunningStack;
  /** The embedded object store's settings (a test may look at what it holds). */
  storage: StorageConfig;
  /** The folder the embedded object store keeps its objects in (removed by `stop`). */
  storeDir: string;
  /** Stops the stack and the store and removes the store's data (the schemas stay: see dropSchema). */
  stop(): Promise<void>;
}

/**
 * The whole app as `npm start` runs it (every service and the gateway in this process, the
 * in-process bus, the embedded object store behind its signature-checking front), on the test
 * database under its own schema suffix.
 */
export async function startEmbeddedTestStack(options: TestStackOptions): Promise<TestStack> {
  const { webPush, bus, notifications, ...stackOptions } = options;
  await requirePostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'waco-e2e-s3-'));
  const store = await startEmbeddedStore({ dataDir, maxBodyBytes: MAX_IMAGE_BYTES });
  const removeStore = async () => {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stack = await startStack({
    databaseUrl: TEST_DATABASE_URL,
    bus: bus ?? new InProcessBus(testLogger),
    logger: testLogger,
    port: 0,
    appOrigins: ['http://localhost:3000'],
    webDist: '/nonexistent',
    storageUpstream: store.origin,
    // Guests' answers are not kept unless a file asks (GUEST_CACHE_MS): most files check a count
    // as a guest right after a write, exactly; what a guest may see late, and for how long, is
    // guest-cache.test.ts's.
    guestCacheMs: 0,
    definitions: {
      media: createMediaService({ storage: store.storage }) as ServiceDefinition<unknown>,
    },
    notifications: {
      ...(webPush ? { webPush: vapidKeysKeptIn(join(dataDir, 'vapid-keys.json')) } : {}),
      ...notifications,
    },
    ...stackOptions,
  }).catch(async (err) => {
    await removeStore();
    throw err;
  });
  return {
    stack,
    storage: store.storage,
    storeDir: dataDir,
    async stop() {
      await stack.stop();
      await removeStore();
    },
  };
}

/** Drops the schemas a stack made under `schemaSuffix`, one a service (what `stop` leaves). */
export async function dropStackSchemas(schemaSuffix: string) {
  for (const name of SERVICE_NAMES) await dropSchema(`${name}${schemaSuffix}`).catch(() => {});
}

/**
 * The embedded stack of one test file: started before its tests under a schema suffix of its own
 * (made from `prefix`), stopped and its schemas dropped after them. `call` and `signUp` go through
 * its gateway.
 */
export function useEmbeddedTestStack(prefix: string, options: Omit<TestStackOptions, 'schemaSuffix'> = {}) {
  const suffix = `_${uniqueName(prefix).split('_')[1]}`;
  let running: TestStack | undefined;
  const started = () => {
    if (!running) throw new Error('the embedded stack is not started yet (use it in a test or a hook)');
    return running;
  };
  beforeAll(async () => {
    running = await startEmbeddedTestStack({ schemaSuffix: suffix, ...options });
  });
  afterAll(async () => {
    await running?.stop();
    await dropStackSchemas(suffix);
  });
  const call = (
    who: Member | null,
    method: string,
    path: string,
    json?: unknown,
    headers?: Record<string, string>,
  ) => callAs(started().stack.url, who, method, path, json, headers);
  /** The member posts a plain sale (picked up downtown, $20): the gateway's answer. */
  const postSale = (who: Member, title: string) =>
    call(who, 'POST', '/api/posts', saleRequest(title, 'Pick up downtown', '20'));
  return {
    /** What the services' schemas are named with: `posts${suffix}`. */
    suffix,
    get running() {
      return started();
    },
    get stack() {
      return started().stack;
    },
    /** The gateway's origin. */
    get base() {
      return started().stack.url;
    },
    call,
    signUp: (firstName: string) => signUpMember(started().stack.url, firstName),
    /** Signs up one member a name, in turn: `const [ada, bob] = await signUpAll('Ada', 'Bob')`. */
    signUpAll: <const Names extends readonly string[]>(...firstNames: Names) =>
      signUpMembers(started().stack.url, ...firstNames),
    postSale,
    /** A sale of the member's, as the post form sends one: the new post (its id). */
    createSalePost: async (who: Member, title: string) => (await postSale(who, title)).body as { id: string },
  };
}
