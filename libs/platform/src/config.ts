import { z } from 'zod';

/** Thrown when the environment does not satisfy a service's configuration schema. */
export class ConfigError extends Error {}

/**
 * Parses the environment with a zod schema, once, at start-up. A missing or invalid variable
 * stops the start with a message that names it.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const port = z.coerce.number().int().min(0).max(65535);

/** Variables every service reads. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The logger (`loggingOf`), the access log (`accessLog` of the HTTP app) and the telemetry's
   * resource (`deploymentOf`) take these from the parsed configuration.
   */
  LOG_REQUESTS: z.enum(['true', 'false']).default('true'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SERVICE_VERSION: z.string().min(1).optional(),
  DEPLOYMENT_ENVIRONMENT: z.string().min(1).optional(),
  HOST: z.string().default('127.0.0.1'),
  PORT: port.optional(),
  DATABASE_URL: z.url({
    protocol: /^postgres(ql)?$/,
    error: (issue) =>
      issue.input === undefined
        ? 'DATABASE_URL is required (a postgres:// URL)'
        : 'DATABASE_URL must be a postgres:// URL',
  }),
  /** The Postgres schema this service owns; defaults to the service's name. */
  DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'DB_SCHEMA must be a lower-case identifier')
    .optional(),
  /** Identity's internal address: where a service gets personal-data keys. */
  IDENTITY_URL: z.url().optional(),
  BUS: z.enum(['nats', 'memory']).default('nats'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prefixes every NATS subject and stream, so that test runs never see each other's events. */
  BUS_PREFIX: z
    .string()
    .regex(/^[a-z0-9]*$/, 'BUS_PREFIX must be lower-case letters and digits')
    .default(''),
  /**
   * JetStream stream limits (see StreamLimits): how long and how much each event stream keeps,
   * how long dead letters are kept, and how many copies a JetStream cluster holds. 0: no limit.
   */
  NATS_STREAM_MAX_AGE_HOURS: z.coerce.number().min(0).default(0),
  NATS_STREAM_MAX_BYTES: z.coerce.number().int().min(0).default(0),
  NATS_DEAD_LETTER_MAX_AGE_HOURS: z.coerce.number().min(0).default(0),
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The OTLP/HTTP endpoint (e.g. http://collector:4318) traces and metrics are sent to; none: not sent. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /**
   * On SIGTERM, how long to keep serving while /readyz says "not ready" before closing the
   * listener (give it the load balancer's readiness period; 0 when nothing polls readiness).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * True only when `NODE_ENV=development` is set, not when it is merely unset (which the schema
 * above reads as development for everything else): test helpers exist only then.
 */
export function isExplicitDevelopment(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'development';
}

const HOUR_MS = 3_600_000;

/** The stream limits the configuration names, for createBus. */
export function streamLimits(
  config: Pick<
    BaseConfig,
    | 'NATS_STREAM_MAX_AGE_HOURS'
    | 'NATS_STREAM_MAX_BYTES'
    | 'NATS_DEAD_LETTER_MAX_AGE_HOURS'
    | 'NATS_STREAM_REPLICAS'
  >,
) {
  return {
    maxAgeMs: config.NATS_STREAM_MAX_AGE_HOURS * HOUR_MS,
    maxBytes: config.NATS_STREAM_MAX_BYTES,
    deadLetterMaxAgeMs: config.NATS_DEAD_LETTER_MAX_AGE_HOURS * HOUR_MS,
    replicas: config.NATS_STREAM_REPLICAS,
  };
}
export { port as portSchema };
