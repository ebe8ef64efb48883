import { type Logger, pino } from 'pino';

export type { Logger };

/** One pino logger per process; services take a child named after themselves. */
export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  return pino({
    name: options.name,
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
  });
}
