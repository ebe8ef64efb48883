import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { BRAND } from '@waco/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type BootData, type BootParts, withBootData } from './boot-data';
import { sendPage } from './html-page';
import { readRoutePreloads } from './route-preloads';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: its files as they are, and `index.html` for every other GET, so that
 * the browser's router takes `/profile` or `/user/abc`, with the boot data its first screen needs
 * (boot-data.ts). Vite names files under `/assets` by their content hash, so they are cached for a
 * year; the page is asked for again every time. The files are listed once at start: a new build
 * is served after a restart.
 */
export async function webApp(app: FastifyInstance, options: { webDist: string; boot: BootData }) {
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
    // `/` is the app's page with its boot data, served below like every other address.
    index: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = relative(options.webDist, path).startsWith(`assets${sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  const shell = readFileSync(join(options.webDist, 'index.html'), 'utf8');
  const preloads = readRoutePreloads(options.webDist);
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    // A hashed file that is not there (an old build's) must not come back as HTML.
    if (req.url.startsWith('/assets/')) {
      return reply.status(404).send({ message: `No file ${req.url.split('?')[0]}` });
    }
    const url = new URL(req.url, 'http://app');
    const boot = await options.boot.for(req, bootPartsOf(url));
    // A member's messages (a guest's are the sign-in page): their code comes with the page.
    const messages = boot.personal && url.pathname === '/messages';
    return sendPage(req, reply, withBootData(shell, boot, messages ? preloads.messages : []), boot);
  };
  app.get('/', page);
  app.get('/*', page);
}

/**
 * Feed filters in a link (the web app's filtersFrom), or its create-post mode: the first page the
 * app shows is then not the unfiltered one.
 */
const FILTERED = ['search', 'category', 'neighborhood', 'minPrice', 'maxPrice', 'free', 'sort', 'mode'];

/** The feed's first page goes with the feed's own addresses, unfiltered. */
function bootPartsOf(url: URL): BootParts {
  const feed =
    (url.pathname === '/' || url.pathname === '/home') &&
    !FILTERED.some((name) => url.searchParams.has(name));
  return { feed };
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
