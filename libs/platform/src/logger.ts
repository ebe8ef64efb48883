import { context, trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * One pino logger per process; each service logs through `forService`. Every line written inside
 * a span (a request, an event being handled) carries its `trace_id` and `span_id`, so that a
 * line leads to its trace and back. JSON, except on a terminal in development: coloured lines.
 */
export function createLogger(
  options: { level?: string; name?: string; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      base: options.name ? { service: options.name } : {},
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], remove: true },
      mixin: traceIds,
    },
    options.destination ?? (readableOutput() ? pretty({ colorize: true, sync: true }) : undefined),
  );
}

/** A terminal in development reads coloured lines; anything else (files, collectors) reads JSON. */
function readableOutput() {
  if (process.env.LOG_FORMAT) return process.env.LOG_FORMAT === 'pretty';
  return process.stdout.isTTY === true && (process.env.NODE_ENV ?? 'development') === 'development';
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
