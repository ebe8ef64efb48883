import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type pg from 'pg';
import { tracer } from '../tracing';

/**
 * A client span per query (OpenTelemetry database semantic conventions), made on every pooled
 * connection as it opens. Only queries run inside a request or an event's handling are traced:
 * the relay's polls and other background queries would each be a trace of their own. The text
 * has placeholders, never the values (`$1`), so no user's data reaches a trace. A query under a
 * span that is not recorded (nowhere to send it, or not sampled) costs nothing here.
 */
export function traceQueries(client: pg.PoolClient | pg.Client, schema: string) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    // Not recorded (no exporter, or the trace not sampled): the query's span would not be either.
    if (
      !text ||
      !trace.getSpan(context.active())?.isRecording() ||
      typeof args[args.length - 1] === 'function'
    ) {
      return query(...args);
    }
    const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const span = tracer().startSpan(`${operation} ${schema}`, {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.namespace': schema,
        'db.operation.name': operation,
        'db.query.text': text,
      },
    });
    const result = query(...args) as Promise<unknown> | undefined;
    if (typeof result?.then !== 'function') {
      span.end();
      return result;
    }
    return result.then(
      (value) => {
        span.end();
        return value;
      },
      (err: Error) => {
        span.recordException(err);
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        throw err;
      },
    );
  };
}
