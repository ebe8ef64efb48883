import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveMetrics } from './metrics';

/** Answers a request it knows (true), or leaves it (false): the embedded process's admin routes. */
export type ExtraRoutes = (req: IncomingMessage, res: ServerResponse) => Promise<boolean> | boolean;

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A listener of its own for `/metrics`, for a process whose HTTP port is public (the gateway) or
 * that runs several services (embedded): never on the public port. Bind it where only the
 * scraper reaches it (METRICS_HOST; loopback by default).
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  extra?: ExtraRoutes;
}): Promise<MetricsServer> {
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
