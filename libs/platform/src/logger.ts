import { context, trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import type { BaseConfig } from './config';

export type { Logger };

/**
 * One pino logger per process; each service logs through `forService`. Every line written inside
 * a span (a request, an event being handled) carries its `trace_id` and `span_id`, so that a
 * line leads to its trace and back. JSON, except on a terminal in development: coloured lines.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      base: options.name ? { service: options.name } : {},
      level: options.level ?? 'info',
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
      mixin: traceIds,
    },
    options.destination ?? (readableOutput(options) ? pretty({ colorize: true, sync: true }) : undefined),
  );
}

export interface LoggerOptions {
  /** The pino level (LOG_LEVEL); default `info`. */
  level?: string;
  name?: string;
  destination?: DestinationStream;
  /** Forces JSON or coloured lines (LOG_FORMAT); unset: see `readableOutput`. */
  format?: 'json' | 'pretty';
  /** Whether this runs in development (NODE_ENV, unset counting as development); default true. */
  development?: boolean;
}

/** The logger's settings in a parsed configuration: the environment is read once, by `loadConfig`. */
export function loggingOf(config: Pick<BaseConfig, 'LOG_LEVEL' | 'LOG_FORMAT' | 'NODE_ENV'>) {
  return {
    level: config.LOG_LEVEL,
    format: config.LOG_FORMAT,
    development: config.NODE_ENV === 'development',
  } satisfies LoggerOptions;
}

/** A terminal in development reads coloured lines; anything else (files, collectors) reads JSON. */
function readableOutput({ format, development = true }: LoggerOptions) {
  if (format) return format === 'pretty';
  return process.stdout.isTTY === true && development;
}

function traceIds() {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/**
 * The logger a service's lines go through: one `service` key per line. A process running one
 * service already names it (distributed mode); the embedded process's root names none.
 */
export function forService(logger: Logger, service: string): Logger {
  const bound = (logger.bindings() as { service?: string }).service;
  return bound === service ? logger : logger.child({ service });
}
