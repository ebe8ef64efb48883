import { createRequire } from 'node:module';
import { context, trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { BaseConfig } from './config';

export type { Logger };

/**
 * One pino logger per process; each service logs through `forService`. Every line written inside
 * a span (a request, an event being handled) carries its `trace_id` and `span_id`, so that a
 * line leads to its trace and back. JSON, except on a terminal in development: coloured lines.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info';
  const terminal =
    options.destination ??
    (readableOutput(options) ? (prettyOutput() ?? pino.destination(1)) : pino.destination(1));
  return pino(
    {
      base: options.name ? { service: options.name } : {},
      level,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
      mixin: traceIds,
    },
    options.file && level !== 'silent' ? toFileAndTerminal(options.file, level, terminal) : terminal,
  );
}

/**
 * Every line (JSON) to `file`; to the terminal only what needs a reader's eye (warnings and
 * worse), so that a terminal shows progress, not one line per request.
 */
function toFileAndTerminal(file: string, level: string, terminal: DestinationStream) {
  const stored = pino.destination({ dest: file, mkdir: true, sync: false });
  const levels = pino.levels.values;
  const shown = Math.max(levels.warn ?? 40, levels[level] ?? 30);
  return pino.multistream([
    { level: level as pino.Level, stream: stored },
    { level: pino.levels.labels[shown] as pino.Level, stream: terminal },
  ]);
}

export interface LoggerOptions {
  /** The pino level (LOG_LEVEL); default `info`. */
  level?: string;
  name?: string;
  destination?: DestinationStream;
  /** Every line to this file too, and only warnings and worse to the terminal (LOG_FILE). */
  file?: string;
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

/**
 * Coloured lines, from pino-pretty: a development dependency, loaded only when asked for (a
 * production install has none, and then logs JSON).
 */
function prettyOutput(): DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
    return pretty({ colorize: true, sync: true });
  } catch {
    return undefined;
  }
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
