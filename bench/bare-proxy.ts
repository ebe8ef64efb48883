import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

/**
 * The least a second HTTP hop can cost in Node on this machine: a bare `node:http` server that
 * sends each request on to one upstream over a keep-alive undici pool (as the gateway's forward
 * does) and writes the answer back, with nothing else: no framework, no session, no hooks, no
 * checks. `bench/gateway.ts` runs it beside the gateway as its anchor: the gateway's ratio to
 * the direct request can be no better than this one's.
 */
export async function startBareProxy(upstream: string): Promise<{ url: string; close: () => Promise<void> }> {
  const pool = new Pool(upstream, { connections: null, pipelining: 1 });
  const server: Server = createServer((req, res) => {
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i] as string;
      if (name.toLowerCase() !== 'host' && name.toLowerCase() !== 'connection')
        headers.push(name, req.rawHeaders[i + 1] as string);
    }
    pool
      .request({
        path: req.url ?? '/',
        method: req.method as 'GET',
        headers,
        body: req.method === 'GET' ? null : req,
      })
      .then(async ({ statusCode, headers: answer, body }) => {
        const bytes = Buffer.from(await body.arrayBuffer());
        res.writeHead(statusCode, {
          'content-type': String(answer['content-type'] ?? 'application/octet-stream'),
          'content-length': bytes.length,
        });
        res.end(bytes);
      })
      .catch(() => {
        res.statusCode = 502;
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.destroy();
    },
  };
}
