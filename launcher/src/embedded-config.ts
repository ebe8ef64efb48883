import { join } from 'node:path';
import { gatewayConfigSchema } from '@waco/gateway';
import { webPushVariables } from '@waco/notifications';
import { baseConfigSchema, isExplicitDevelopment, memberLimitsVariable, portSchema } from '@waco/platform';
import { z } from 'zod';
import type { StackOptions } from './stack';
import { REPO_ROOT, WEB_DIST } from './web-build';

const gateway = gatewayConfigSchema.shape;
const base = baseConfigSchema.shape;

/**
 * `npm start`'s environment: the README's variables, read by the same schemas as each service and
 * the gateway read them in the distributed mode, so that a variable means the same in both.
 * Those that name one service's process (its URL, its schema, its object store) have no meaning
 * in one process; the README says which.
 */
export const embeddedConfigSchema = z.object({
  NODE_ENV: base.NODE_ENV,
  LOG_LEVEL: base.LOG_LEVEL,
  LOG_REQUESTS: base.LOG_REQUESTS,
  LOG_FORMAT: base.LOG_FORMAT,
  /**
   * Where every log line goes (JSON): by default DATA_DIR/logs/waco.log, the terminal showing
   * progress and warnings only. `-` sends every line to the terminal instead.
   */
  LOG_FILE: z.string().optional(),
  SERVICE_VERSION: base.SERVICE_VERSION,
  DEPLOYMENT_ENVIRONMENT: base.DEPLOYMENT_ENVIRONMENT,
  PORT: portSchema.default(3000),
  HOST: z.string().default('localhost'),
  OTEL_EXPORTER_OTLP_ENDPOINT: base.OTEL_EXPORTER_OTLP_ENDPOINT,
  /** A Postgres to use instead of the embedded one. */
  DATABASE_URL: base.DATABASE_URL.optional(),
  /** The in-process bus unless told otherwise (then JetStream at NATS_URL). */
  BUS: z.enum(['nats', 'memory']).default('memory'),
  NATS_URL: base.NATS_URL,
  BUS_PREFIX: base.BUS_PREFIX,
  NATS_STREAM_MAX_AGE_HOURS: base.NATS_STREAM_MAX_AGE_HOURS,
  NATS_STREAM_MAX_BYTES: base.NATS_STREAM_MAX_BYTES,
  NATS_DEAD_LETTER_MAX_AGE_HOURS: base.NATS_DEAD_LETTER_MAX_AGE_HOURS,
  NATS_STREAM_REPLICAS: base.NATS_STREAM_REPLICAS,
  SHUTDOWN_DELAY_MS: base.SHUTDOWN_DELAY_MS,
  APP_ORIGIN: z.string().optional(),
  REDIS_URL: gateway.REDIS_URL,
  RATE_LIMIT_PER_MINUTE: gateway.RATE_LIMIT_PER_MINUTE,
  AUTH_RATE_LIMIT_PER_MINUTE: gateway.AUTH_RATE_LIMIT_PER_MINUTE,
  TRUST_PROXY: gateway.TRUST_PROXY,
  MEMBER_LIMITS: memberLimitsVariable,
  SESSION_CACHE_MS: gateway.SESSION_CACHE_MS,
  GUEST_CACHE_MS: gateway.GUEST_CACHE_MS,
  ADMISSION_IN_FLIGHT: gateway.ADMISSION_IN_FLIGHT,
  ADMISSION_QUEUE: gateway.ADMISSION_QUEUE,
  ADMISSION_QUEUE_WAIT_MS: gateway.ADMISSION_QUEUE_WAIT_MS,
  /** The process's one metrics listener (and the operator's admin routes): never the public port. */
  METRICS_PORT: gateway.METRICS_PORT,
  METRICS_HOST: gateway.METRICS_HOST,
  WEB_DIST: z.string().default(WEB_DIST),
  DATA_DIR: z.string().default(join(REPO_ROOT, '.data')),
  EMBEDDED_PG_PORT: portSchema.default(54329),
  EMBEDDED_S3_PORT: portSchema.default(54330),
  /**
   * `off` runs the embedded Postgres without fsync, full-page writes and synchronous commit:
   * faster, but a power cut can corrupt `.data/postgres`. For throwaway data (tests) only.
   */
  EMBEDDED_PG_FSYNC: z.enum(['on', 'off']).default('on'),
  /** Mail goes to this SMTP server; unset, to the in-process catcher under DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional(),
  /** Signs notification mails' unsubscribe links; default: a secret kept under DATA_DIR. */
  MAIL_LINK_SECRET: z.string().min(32, 'MAIL_LINK_SECRET must be at least 32 characters').optional(),
  /** `false` (or `npm start -- --no-seed`) skips the sample feed of the first start. */
  SEED: z.enum(['true', 'false']).default('true'),
  /** Web Push's VAPID keys; unset, `npm start` makes a pair once and keeps it in DATA_DIR. */
  ...webPushVariables.shape,
});
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>;

/** The origins the app is served from: APP_ORIGIN's list, else localhost and 127.0.0.1 on PORT. */
export function appOriginsOf(config: EmbeddedConfig): string[] {
  const given = gateway.APP_ORIGIN.parse(config.APP_ORIGIN ?? `http://localhost:${config.PORT}`);
  const loopback = `http://127.0.0.1:${config.PORT}`;
  return given.includes(loopback) ? given : [...given, loopback];
}

/** The log file of `npm start` (LOG_FILE), or none when every line goes to the terminal. */
export function logFileOf(config: Pick<EmbeddedConfig, 'LOG_FILE' | 'DATA_DIR'>): string | undefined {
  if (config.LOG_FILE === '-') return undefined;
  return config.LOG_FILE ?? join(config.DATA_DIR, 'logs', 'waco.log');
}

/** What the stack takes from the environment, as the distributed gateway and services take it. */
export function stackSettingsOf(
  config: EmbeddedConfig,
  env: NodeJS.ProcessEnv = process.env,
): Pick<
  StackOptions,
  | 'production'
  | 'development'
  | 'rateLimits'
  | 'admission'
  | 'trustProxy'
  | 'redisUrl'
  | 'sessionCacheMs'
  | 'guestCacheMs'
  | 'shutdownDelayMs'
  | 'appOrigins'
  | 'webDist'
  | 'mailDir'
  | 'smtpUrl'
  | 'memberLimits'
  | 'accessLog'
> {
  return {
    production: config.NODE_ENV === 'production',
    // Test helpers (the dev sign-in) only when NODE_ENV=development is set, not when unset.
    development: isExplicitDevelopment(env),
    shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
    accessLog: config.LOG_REQUESTS === 'true',
    rateLimits: { general: config.RATE_LIMIT_PER_MINUTE, auth: config.AUTH_RATE_LIMIT_PER_MINUTE },
    admission: {
      inFlight: config.ADMISSION_IN_FLIGHT,
      queue: config.ADMISSION_QUEUE,
      queueWaitMs: config.ADMISSION_QUEUE_WAIT_MS,
    },
    trustProxy: config.TRUST_PROXY,
    redisUrl: config.REDIS_URL,
    sessionCacheMs: config.SESSION_CACHE_MS,
    guestCacheMs: config.GUEST_CACHE_MS,
    appOrigins: appOriginsOf(config),
    webDist: config.WEB_DIST,
    mailDir: join(config.DATA_DIR, 'mail'),
    smtpUrl: config.SMTP_URL,
    memberLimits: config.MEMBER_LIMITS === 'on',
  };
}
