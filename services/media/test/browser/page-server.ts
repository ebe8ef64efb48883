import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { USER_ID_HEADER } from '@waco/platform';
import { build } from 'esbuild';

/** Bundles the uploader page's script (Uppy and all) for the browser. */
export async function bundleUploaderPage(): Promise<string> {
  const out = await build({
    entryPoints: [join(import.meta.dirname, 'uploader-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // As in development: workspace packages resolve to their sources, built or not.
    conditions: ['waco-source'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]?.text ?? '';
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A small stand-in for the gateway: serves the page, its script and the fixtures, forwards
 * `/api/*` to the media service with the signed-in user's `x-user-id`, and `/storage/*` to the
 * embedded object store untouched but for the host, as the gateway does.
 */
export async function startPageServer(options: {
  mediaUrl: string;
  storageUrl: string;
  userId: string;
  script: string;
  fixtures: Record<string, Buffer>;
}) {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>uploader</title><script type="module" src="/page.js"></script>');
    }
    if (url === '/page.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      return res.end(options.script);
    }
    const fixture = url.startsWith('/fixtures/')
      ? options.fixtures[url.slice('/fixtures/'.length)]
      : undefined;
    if (fixture) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(fixture);
    }
    if (url.startsWith('/storage/')) {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'content-length']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = await fetch(`${options.storageUrl}${url}`, { method: req.method, headers, body });
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'text/plain',
        ...(upstream.headers.get('etag') ? { etag: upstream.headers.get('etag') as string } : {}),
      });
      return res.end(Buffer.from(await upstream.arrayBuffer()));
    }
    if (url.startsWith('/api/')) {
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const headers: Record<string, string> = {
        [USER_ID_HEADER]: options.userId,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
      };
      if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
      const upstream = await fetch(`${options.mediaUrl}${url}`, { method: req.method, headers, body });
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'text/plain',
      });
      return res.end(Buffer.from(await upstream.arrayBuffer()));
    }
    res.writeHead(404).end();
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(502).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
