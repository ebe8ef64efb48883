import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isPoolExhausted } from '../db/connection-errors';
import { forService, type Logger } from '../logger';
import { observeGauge, serveMetrics } from '../metrics';
import { currentUserId } from './current-user';
import { HttpError } from './errors';
import type { HttpApp } from './http-app';
import { observeRequests } from './observe-requests';
import { refuseUnsafeRequestText } from './safe-text';
import { describeValidation } from './validation-message';

export const BODY_LIMIT_BYTES = 1_048_576;

export type { HttpApp };

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Checks run by `/readyz`; each throws when its dependency is unreachable. */
  readiness?: Record<string, () => Promise<unknown>>;
  bodyLimit?: number;
  /**
   * Whose X-Forwarded-For names the client (Fastify's `trustProxy`): off for services, which sit
   * behind the gateway; the gateway's is configurable (TRUST_PROXY).
   */
  trustProxy?: boolean | number | string[];
  /**
   * Serve the process's metrics at `/metrics` (a service's port is internal). The gateway, whose
   * port is public, leaves this off and serves them on its own METRICS_PORT listener.
   */
  metrics?: boolean;
  /** The signed-in user, for access logs (default: the gateway's `x-user-id`). */
  userIdOf?: (req: import('fastify').FastifyRequest) => string | null;
  /** One access-log line per request (LOG_REQUESTS; default on). */
  accessLog?: boolean;
}

/**
 * The Fastify app every service is built on: zod validation, storable text only, one error
 * handler, request ids, trace continuation, a 1 MB body limit, `/healthz` and `/readyz`.
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const app = Fastify({
    loggerInstance: forService(options.logger, options.name),
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(options.trustProxy),
    // Keep the id the gateway gave the request, so one id follows it through every log line.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Fastify's two lines per request are replaced by one access-log line (observe-requests.ts).
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, a request that still arrives on an open keep-alive connection is served (the
    // database and the bus are still there) rather than refused with 503; its answer closes the
    // connection, so the caller opens its next one elsewhere.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // NUL and lone surrogates, in any field of any request, are a 400 before any route sees them.
  refuseUnsafeRequestText(app);

  // Continue the caller's trace in a server span; measure and log each request.
  observeRequests(app, {
    service: options.name,
    userIdOf: options.userIdOf ?? currentUserId,
    accessLog: options.accessLog ?? true,
  });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidation(error.validation, error.validationContext));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.field ? { message: error.message, field: error.field } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, wrong content type...
      return reply.status(status).send({ message: clientErrorMessage(error) });
    }
    if (isDatabaseUnavailable(error)) {
      // Postgres restarting or out of reach: this request fails, the process and the pool carry on.
      req.log.warn(
        { err: error.message },
        isPoolExhausted(error)
          ? 'no database connection free in time: every one of the pool in use'
          : 'database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ message: 'The database is unavailable right now. Please try again in a moment.' });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: options.name }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const results: Record<string, string> = {};
    // Closing: not ready, whatever the checks say (a load balancer stops sending here).
    let ready = !closing;
    if (closing) results.accepting = 'shutting down';
    for (const [name, check] of Object.entries(options.readiness ?? {})) {
      try {
        await check();
        results[name] = 'ok';
      } catch (err) {
        ready = false;
        results[name] = (err as Error).message || 'unreachable';
      }
    }
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });

  // Readiness as a figure too: 1 per check that passes, 0 per one that fails, at each scrape.
  const checks = Object.entries(options.readiness ?? {});
  if (checks.length > 0) {
    const stopObserving = observeGauge(
      'waco.readiness',
      { description: 'Whether each readiness check passes (1) or fails (0)', unit: '{check}' },
      async (report) => {
        await Promise.all(
          checks.map(([check, run]) =>
            run().then(
              () => report(closing ? 0 : 1, { 'waco.service': options.name, 'waco.check': check }),
              () => report(0, { 'waco.service': options.name, 'waco.check': check }),
            ),
          ),
        );
      },
    );
    app.addHook('onClose', (_app, done) => {
      stopObserving();
      done();
    });
  }

  if (options.metrics) {
    app.get('/metrics', { logLevel: 'warn' }, (req, reply) => {
      reply.hijack();
      serveMetrics(req.raw, reply.raw);
    });
  }

  return app;
}

/** Fastify trusts the last n hops for a number at run time, but its types take only a function. */
function trustProxyOption(trust: HttpAppOptions['trustProxy']) {
  if (typeof trust !== 'number') return trust ?? false;
  return (_address: string, hop: number) => hop < trust;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Malformed JSON body: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is larger than 1 MB';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as application/json';
    default:
      return error.message;
  }
}
