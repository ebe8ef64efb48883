import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { forService, type Logger } from '../logger';
import { currentUserId } from './current-user';
import { answerErrors } from './error-answers';
import { healthRoutes, metricsRoute, type ReadinessChecks, trackClosing } from './health-routes';
import type { HttpApp } from './http-app';
import { observeRequests } from './observe-requests';
import { refuseUnsafeRequestText } from './safe-text';

export const BODY_LIMIT_BYTES = 1_048_576;

export type { HttpApp };

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /** Checks run by `/readyz`; each throws when its dependency is unreachable. */
  readiness?: ReadinessChecks;
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

  const isClosing = trackClosing(app);

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

  answerErrors(app);
  healthRoutes(app, { name: options.name, readiness: options.readiness, isClosing });
  if (options.metrics) metricsRoute(app);

  return app;
}

/** Fastify trusts the last n hops for a number at run time, but its types take only a function. */
function trustProxyOption(trust: HttpAppOptions['trustProxy']) {
  if (typeof trust !== 'number') return trust ?? false;
  return (_address: string, hop: number) => hop < trust;
}
