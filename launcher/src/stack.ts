import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGateway, type GatewayOptions, type Upstreams } from '@waco/gateway';
import { createIdentityService } from '@waco/identity';
import { createMessagingService } from '@waco/messaging';
import { createNotificationsService, type NotificationsServiceOptions } from '@waco/notifications';
import {
  type EventBus,
  type HttpApp,
  isExplicitDevelopment,
  type Logger,
  type RunningService,
  type ServiceDefinition,
  startService,
} from '@waco/platform';
import { type MailCatcher, startMailCatcher } from '@waco/platform/mail-catcher';
import { createPostsService } from '@waco/posts';
import { SERVICE_NAMES, SERVICES, type ServiceName } from './services';

export interface StackOptions {
  databaseUrl: string;
  bus: EventBus;
  logger: Logger;
  /** The gateway's port; 0 picks a free one. */
  port: number;
  host?: string;
  appOrigins: string[];
  webDist: string;
  /** Appended to every service's schema name (tests run stacks side by side). */
  schemaSuffix?: string;
  production?: boolean;
  /** Test helpers such as the dev sign-in; default: only when `NODE_ENV=development` is set. */
  development?: boolean;
  /** Replaces a service's default definition (e.g. media bound to the embedded store). */
  definitions?: Partial<Record<ServiceName, ServiceDefinition<unknown>>>;
  /** The embedded object store's origin: the gateway forwards `/storage/*` there. */
  storageUpstream?: string;
  /** The gateway's per-IP limits (browser tests sign many users up from one address). */
  rateLimits?: GatewayOptions['rateLimits'];
  rateLimitExemptToken?: GatewayOptions['rateLimitExemptToken'];
  /** Requests the gateway forwards at once, and its queue (ADMISSION_*). */
  admission?: GatewayOptions['admission'];
  /** The proxies whose X-Forwarded-For names the client (TRUST_PROXY). */
  trustProxy?: GatewayOptions['trustProxy'];
  /** Shares rate-limit counters between gateway instances (REDIS_URL). */
  redisUrl?: string;
  /** How long the gateway reuses a session lookup (SESSION_CACHE_MS). */
  sessionCacheMs?: number;
  /** How long the gateway gives a guest's public answer to the next guests (GUEST_CACHE_MS). */
  guestCacheMs?: number;
  pageWaits?: GatewayOptions['pageWaits'];
  /** How long each service keeps serving, not ready, when stopped (SHUTDOWN_DELAY_MS). */
  shutdownDelayMs?: number;
  /** Where the in-process mail catcher keeps what it receives (a temporary folder when unset). */
  mailDir?: string;
  /** An SMTP server to send mail to instead of the in-process catcher (SMTP_URL). */
  smtpUrl?: string;
  /** notifications' options (Web Push); its mail goes where identity's goes. */
  notifications?: NotificationsServiceOptions;
  /**
   * Signs notification mails' unsubscribe links (MAIL_LINK_SECRET). Default: one made for this
   * process (its links stop working when it stops); `npm start` keeps one under DATA_DIR.
   */
  mailLinkSecret?: string;
  /**
   * The limits per member on posting and on messaging new people (MEMBER_LIMITS; default on).
   * Tests and benchmarks that post in bulk from a few accounts turn them off.
   */
  memberLimits?: boolean;
  /** One access-log line per request, in every service and the gateway (LOG_REQUESTS; default on). */
  accessLog?: boolean;
}

export interface RunningStack {
  url: string;
  /** The gateway's app (its route tree, in tests). */
  gateway: HttpApp;
  services: Record<ServiceName, RunningService>;
  /** The in-process mail catcher (none when SMTP_URL sends mail elsewhere). */
  mail?: MailCatcher;
  stop(): Promise<void>;
}

/**
 * All five services and the gateway in this process, each service on its own loopback port,
 * the gateway proxying to them exactly as in the distributed mode.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const services = {} as Record<ServiceName, RunningService>;
  const mail = await startStackMail(options);
  const stopAll = async () => {
    for (const name of [...SERVICE_NAMES].reverse()) await services[name]?.stop();
    await mail.stop();
  };
  const mailUrl = options.smtpUrl ?? mail.catcher?.url;
  const definitions: StackOptions['definitions'] = {
    identity: createIdentityService({
      mailer: mailUrl,
      appUrl: options.appOrigins[0],
      devMailbox: mail.catcher,
    }) as ServiceDefinition<unknown>,
    posts: createPostsService({ memberLimits: options.memberLimits ?? true }) as ServiceDefinition<unknown>,
    messaging: createMessagingService({
      memberLimits: options.memberLimits ?? true,
    }) as ServiceDefinition<unknown>,
    // Notification mails and digests, through the same mail server as identity's.
    notifications: createNotificationsService({
      ...options.notifications,
      mail: mailUrl
        ? {
            mailer: mailUrl,
            appUrl: options.appOrigins[0] ?? 'http://localhost:3000',
            linkSecret: options.mailLinkSecret ?? randomBytes(24).toString('hex'),
          }
        : undefined,
    }) as ServiceDefinition<unknown>,
    ...options.definitions,
  };
  try {
    for (const name of SERVICE_NAMES) {
      services[name] = (await startService((definitions[name] ?? SERVICES[name]) as never, {
        databaseUrl: options.databaseUrl,
        schema: `${name}${options.schemaSuffix ?? ''}`,
        bus: options.bus,
        logger: options.logger,
        production: options.production,
        development: options.development ?? isExplicitDevelopment(),
        shutdownDelayMs: options.shutdownDelayMs,
        deferRelay: true,
        // identity starts first: the others read its personal-data keys in this process.
        identityUrl: services.identity?.url,
        keyRing: services.identity?.personalData?.keys,
        accessLog: options.accessLog,
      })) as RunningService;
    }
    // Every consumer is subscribed now; only then may events flow (see deferRelay).
    for (const name of SERVICE_NAMES) await services[name].startRelay();
    const gateway = await buildGateway({
      upstreams: Object.fromEntries(SERVICE_NAMES.map((name) => [name, services[name].url])) as Upstreams,
      bus: options.bus,
      logger: options.logger,
      appOrigins: options.appOrigins,
      webDist: options.webDist,
      production: options.production ?? false,
      storageUpstream: options.storageUpstream,
      rateLimits: options.rateLimits,
      rateLimitExemptToken: options.rateLimitExemptToken,
      admission: options.admission,
      trustProxy: options.trustProxy,
      redisUrl: options.redisUrl,
      sessionCacheMs: options.sessionCacheMs,
      guestCacheMs: options.guestCacheMs,
      pageWaits: options.pageWaits,
      accessLog: options.accessLog,
    });
    const url = await gateway.listen({ host: options.host ?? '127.0.0.1', port: options.port });
    return {
      url,
      gateway,
      services,
      mail: mail.catcher,
      /**
       * Stops the gateway, drains the services (requests finish, relays publish what they
       * committed), then the bus (in-flight handlers finish while databases are open), then the
       * services.
       */
      async stop() {
        await gateway.close();
        await Promise.all(SERVICE_NAMES.map((name) => services[name].drain()));
        await options.bus.close();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

/**
 * Embedded mode's mail: an SMTP server in this process keeping what it receives under `mailDir`
 * (`.data/mail` for `npm start`), unless SMTP_URL names a real one.
 */
async function startStackMail(options: Pick<StackOptions, 'mailDir' | 'smtpUrl'>) {
  if (options.smtpUrl) return { catcher: undefined, stop: async () => {} };
  const temporary = options.mailDir === undefined;
  const dataDir = options.mailDir ?? (await mkdtemp(join(tmpdir(), 'waco-mail-')));
  const catcher = await startMailCatcher({ dataDir });
  return {
    catcher,
    async stop() {
      await catcher.stop();
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
