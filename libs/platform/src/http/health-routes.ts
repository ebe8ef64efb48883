import { observeGauge, serveMetrics } from '../metrics';
import type { HttpApp } from './http-app';

/** The checks `/readyz` runs; each throws when its dependency is unreachable. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

/**
 * Marks the app as closing from the start of its close: `isClosing` turns true, and a request
 * that still arrives on an open keep-alive connection is answered with `connection: close`, so
 * the caller opens its next one elsewhere.
 */
export function trackClosing(app: HttpApp): () => boolean {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_req, reply, done) => {
    if (closing) reply.header('connection', 'close');
    done();
  });
  return () => closing;
}

/** `/healthz` (the process answers) and `/readyz` (it can do its work), and readiness as a figure. */
export function healthRoutes(
  app: HttpApp,
  options: { name: string; readiness?: ReadinessChecks; isClosing: () => boolean },
) {
  const { isClosing } = options;
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok', service: options.name }));
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const results: Record<string, string> = {};
    // Closing: not ready, whatever the checks say (a load balancer stops sending here).
    const closing = isClosing();
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
              () => report(isClosing() ? 0 : 1, { 'waco.service': options.name, 'waco.check': check }),
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
}

/** The process's metrics at `/metrics`, for an app whose port is internal. */
export function metricsRoute(app: HttpApp) {
  app.get('/metrics', { logLevel: 'warn' }, (req, reply) => {
    reply.hijack();
    serveMetrics(req.raw, reply.raw);
  });
}
