import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { telemetry } from '../metrics';
import { SpanKind as Kind, withSpanFrom } from '../tracing';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span (observe-requests.ts). */
    span: Span | null;
    startedAt: number;
  }
}

/** Probes and scrapes: measured, but no access log line (they come every few seconds). */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

export interface ObserveOptions {
  service: string;
  /** Who made the request, for the access log (services: the gateway's `x-user-id`). */
  userIdOf(req: FastifyRequest): string | null;
  /** Access log lines (default on; `LOG_REQUESTS=false` turns them off). */
  accessLog: boolean;
}

/**
 * Each request: a server span that continues the caller's trace (named by method and route, with
 * the HTTP semantic-convention attributes), a point in `http.server.request.duration`, and one
 * access-log line (method, route, status, duration, user id; never headers, cookies or bodies).
 */
// biome-ignore lint/suspicious/noExplicitAny: any app, whatever its logger and type provider
export function observeRequests(app: FastifyInstance<any, any, any, any, any>, options: ObserveOptions) {
  app.decorateRequest('span', null);
  app.decorateRequest('startedAt', 0);
  app.addHook('onRequest', (req, _reply, done) => {
    req.startedAt = performance.now();
    const route = routeOf(req);
    const traceparent = req.headers.traceparent;
    withSpanFrom(
      `${req.method} ${route}`,
      typeof traceparent === 'string' ? traceparent : null,
      Kind.SERVER,
      (span) =>
        new Promise<void>((resolve) => {
          req.span = span;
          req.raw.once('close', resolve);
          done();
        }),
      {
        service: options.service,
        attributes: {
          'http.request.method': req.method,
          'http.route': route,
          'url.path': req.url.split('?')[0],
        },
      },
    ).catch(() => {});
  });

  app.addHook('onResponse', (req, reply, done) => {
    const route = routeOf(req);
    const status = reply.statusCode;
    const seconds = (performance.now() - req.startedAt) / 1000;
    telemetry().httpServerDuration.record(seconds, {
      'http.request.method': req.method,
      'http.route': route,
      'http.response.status_code': status,
    });
    if (req.span) {
      req.span.setAttribute('http.response.status_code', status);
      if (status >= 500) req.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    // Nothing to build (no context switch, no object) when the level leaves the line out.
    if (
      options.accessLog &&
      !QUIET_ROUTES.has(route) &&
      (req.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') !== false
    ) {
      // Logged in the request's span, so the line carries its trace_id and span_id.
      const log = () =>
        req.log.info(
          {
            method: req.method,
            route,
            status,
            durationMs: Math.round(seconds * 10_000) / 10,
            userId: options.userIdOf(req) ?? undefined,
          },
          'request',
        );
      if (req.span) context.with(trace.setSpan(context.active(), req.span), log);
      else log();
    }
    done();
  });
}

/** The route's pattern (`/api/posts/:id`), never the raw URL (ids would make every path unique). */
function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

export { SpanKind };
