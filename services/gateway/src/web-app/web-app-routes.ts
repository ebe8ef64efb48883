import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppShell } from './app-shell';
import { type BootData, type BootParts, withBootData } from './boot-data';
import { sendPage } from './html-page';
import { appPageAt } from './seo/app-pages';
import { withAppPageHead } from './seo/page-head';
import { type ServerRenderer, withServerRender } from './server-render';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Serves the built web app: its files as they are, and `index.html` for every other GET, so that
 * the browser's router takes `/profile` or `/user/abc`, with the boot data its first screen needs
 * (boot-data.ts), that screen rendered from it on the server (server-render.ts), and the page's
 * canonical address; an address the app has no page for gets it with 404 (seo/app-pages.ts), and
 * the app shows its 404 page. Vite names files under `/assets` by their content hash, so they are
 * cached for a year; the page is asked for again every time. The files are listed once at start:
 * a new build is served after a restart.
 */
export async function webApp(
  app: FastifyInstance,
  options: {
    webDist: string;
    shell: AppShell;
    boot: BootData;
    origin: string;
    renderer: ServerRenderer | null;
  },
) {
  const { shell } = options;
  if (!shell.built) {
    app.log.warn({ webDist: options.webDist }, 'web app not built; serving a placeholder page');
    app.get('/*', (_req, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').send(shell.html),
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
    // The server's renderer (dist/server/) is the gateway's code, not a file for browsers.
    allowedPath: (pathName) => !pathName.startsWith('/server/'),
    setHeaders: (reply, path) => {
      const hashed = relative(options.webDist, path).startsWith(`assets${sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    // A hashed file that is not there (an old build's) must not come back as HTML.
    if (req.url.startsWith('/assets/')) {
      return reply.status(404).send({ message: `No file ${req.url.split('?')[0]}` });
    }
    const url = new URL(req.url, 'http://app');
    const at = appPageAt(url);
    const boot = await options.boot.for(req, bootPartsOf(url));
    // A member's messages (a guest's are the sign-in page): their code comes with the page.
    const messages = boot.personal && url.pathname === '/messages';
    const html = withBootData(shell.html, boot, messages ? shell.preloads.messages : []);
    const head = withAppPageHead(html, at, options.origin);
    return sendPage(
      req,
      reply.status(at.status),
      await withServerRender(options.renderer, req, head, boot),
      boot,
    );
  };
  app.get('/', page);
  app.get('/*', page);
}

/**
 * Feed filters in a link (the web app's filtersFrom), or its create-post mode: the first page the
 * app shows is then not the unfiltered one.
 */
const FILTERED = [
  'search',
  'category',
  'neighborhood',
  'following',
  'minPrice',
  'maxPrice',
  'free',
  'sort',
  'mode',
];

/**
 * The feed's first page goes with the feed's own addresses, unfiltered; a plain search's first
 * page of results (`?search=` and no other filter, as the web app's filtersFrom reads it) with it;
 * a group's or an event's data with its page.
 */
function bootPartsOf(url: URL): BootParts {
  // A group's or an event's own page (`/groups/{id}`, `/events/{id}`).
  const [, section, id, more] = url.pathname.split('/');
  if (more === undefined && id && UUID.test(id)) {
    if (section === 'groups') return { groupId: id };
    if (section === 'events') return { eventId: id };
  }
  const onFeed = url.pathname === '/' || url.pathname === '/home';
  const filtered = FILTERED.filter((name) => url.searchParams.has(name));
  const search = url.searchParams.get('search')?.trim();
  const plainSearch = onFeed && search && filtered.length === 1 && filtered[0] === 'search';
  return { feed: onFeed && filtered.length === 0, ...(plainSearch ? { search } : {}) };
}
