import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from './logger';
import { serveMetrics } from './metrics';

/** Answers a request it knows (true), or leaves it (false): the embedded process's admin routes. */
export type ExtraRoutes = (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean;

export interface MetricsServer {
  /** Where it listens (or will, once its port is free: see `listening`). */
  url: string;
  /** False while the port is held by another process and the listener is waiting for it. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** How often a listener whose port is taken tries again. */
export const METRICS_PORT_RETRY_MS = 1_000;

/**
 * A listener of its own for `/metrics`, for a process whose HTTP port is public (the gateway) or
 * that runs several services (embedded): never on the public port. Bind it where only the
 * scraper reaches it (METRICS_HOST; loopback by default).
 *
 * A port another process still holds (the instance this one replaces, still draining) does not
 * stop the process: metrics are not worth an outage. It says so, serves without them, and takes
 * the port as soon as it is free.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  extra?: ExtraRoutes;
  logger?: { warn(msg: string): void; info(obj: object, msg: string): void };
  retryMs?: number;
}): Promise<MetricsServer> {
  const logger = options.logger ?? createLogger({ name: 'metrics' });
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/metrics') return serveMetrics(req, res);
    Promise.resolve(options.extra?.(req, res) ?? false)
      .then((handled) => {
        if (handled) return;
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `No route for ${req.method} ${path}` }));
      })
      .catch((err: Error) => {
        if (res.headersSent) return res.destroy();
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: err.message }));
      });
  });
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const urlOf = () => `http://${host}:${(server.address() as AddressInfo | null)?.port ?? options.port}`;
  const metrics: MetricsServer = {
    url: urlOf(),
    get listening() {
      return listening;
    },
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        clearTimeout(retry);
        if (!listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const bound = await listenOnce(server, options.port, options.host);
  if (bound === true) {
    listening = true;
    metrics.url = urlOf();
    return metrics;
  }
  if (bound.code !== 'EADDRINUSE') throw bound;
  const every = options.retryMs ?? METRICS_PORT_RETRY_MS;
  logger.warn(
    `Metrics port ${options.port} on ${options.host} is in use (by the instance this one replaces, still draining?): serving without /metrics meanwhile, trying again every ${every} ms`,
  );
  const tryAgain = () => {
    retry = setTimeout(async () => {
      if (closed) return;
      const again = await listenOnce(server, options.port, options.host);
      if (again !== true) return tryAgain();
      if (closed) return server.close();
      listening = true;
      logger.info({ url: `${urlOf()}/metrics` }, 'metrics listening, its port now free');
    }, every);
    retry.unref();
  };
  tryAgain();
  return metrics;
}

/** Listens, or answers why not. */
function listenOnce(server: Server, port: number, host: string): Promise<true | NodeJS.ErrnoException> {
  return new Promise((resolve) => {
    // Both listeners go, whichever comes: a port retried for minutes adds none.
    const onListening = () => {
      server.removeListener('error', onError);
      resolve(true);
    };
    const onError = (err: NodeJS.ErrnoException) => {
      server.removeListener('listening', onListening);
      resolve(err);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
