import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { BRAND } from '@waco/contracts';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: its files as they are, and `index.html` for every other GET, so that
 * the browser's router takes `/profile` or `/user/abc`. Vite names files under `/assets` by their
 * content hash, so they are cached for a year; `index.html` is revalidated every time. The files
 * are listed once at start: a new build is served after a restart.
 */
export async function webApp(app: FastifyInstance, options: { webDist: string }) {
  if (!existsSync(join(options.webDist, 'index.html'))) {
    app.log.warn({ webDist: options.webDist }, 'web app not built; serving a placeholder page');
    app.get('/*', (_req, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').send(PLACEHOLDER),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: options.webDist,
    wildcard: false,
    // The web build writes .br and .gz beside every text file; send those when accepted.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = relative(options.webDist, path).startsWith(`assets${sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  app.get('/*', (req, reply) => {
    // A hashed file that is not there (an old build's) must not come back as HTML.
    if (req.url.startsWith('/assets/')) {
      return reply.status(404).send({ message: `No file ${req.url.split('?')[0]}` });
    }
    return reply.sendFile('index.html');
  });
}

// Shown until `npm run build -w web` has produced web/dist. Inline style only: the CSP allows it.
export const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${BRAND}: the web app is not built</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:.25rem}</style>
</head>
<body>
<h1>The web app is not built yet</h1>
<p>The gateway and the API are running, but there is no built web app to serve.</p>
<p>Build it with <code>npm run build -w web</code>, then restart the gateway.</p>
</body>
</html>
`;
