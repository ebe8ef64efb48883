import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BRAND, GUEST_HINT_COOKIE, HOME_TITLE, parseLanguage, SIGNED_IN_HINT_COOKIE } from '@waco/contracts';
import type { FastifyRequest } from 'fastify';
import type { Boot } from './boot-data';
import { escapeHtml } from './unfurl/html-head';

/**
 * The web app's server renderer: `web/dist/server/entry-server.js`, which `npm run build -w web`
 * writes beside the browser's build (`vite build --ssr`, every dependency bundled in, so the
 * production image needs no web package). Loaded once at start, like the page itself
 * (app-shell.ts); a build without it serves pages the browser renders alone.
 */
export interface ServerRenderer {
  render(request: {
    url: string;
    boot: Record<string, unknown>;
    view: { guest: boolean; theme: 'light' | 'dark'; language: 'en' | 'es' };
    /** Longest the render may take (the page then goes without its HTML). */
    timeoutMs?: number;
  }): Promise<{
    html: string;
    meta: { title: string; description: string } | null;
    /** The lazy parts the page holds, which the browser loads before hydrating (web/src/ui/lazy-part.ts). */
    parts?: string[];
    /** The render's clock, which the browser hydrates times "… ago" with. */
    renderedAt?: number;
  }>;
}

/** The built app's renderer, each render given at most `timeoutMs`; null when not built. */
export async function loadServerRenderer(webDist: string, timeoutMs: number): Promise<ServerRenderer | null> {
  const file = join(webDist, 'server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const loaded = (await import(pathToFileURL(file).href)) as Partial<ServerRenderer>;
  const render = loaded.render;
  if (typeof render !== 'function') return null;
  return { render: (request) => render({ ...request, timeoutMs }) };
}

const GUEST_HINT = new RegExp(`(?:^|;\\s*)${GUEST_HINT_COOKIE}=`);
const SIGNED_IN_HINT = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=`);
const DARK = /(?:^|;\s*)theme=dark(?:;|$)/;
// The app shell's own title and description (web/index.html): a page whose head the gateway
// already wrote (a post's, the 404's) keeps it; the others get the title the app rendered.
const SHELL_TITLE = `<title>${escapeHtml(HOME_TITLE)}</title>`;
// The 404's, in English (seo/page-head.ts): the rendered 404 page has it in the reader's language.
const NOT_FOUND_TITLE = `<title>Page Not Found | ${escapeHtml(BRAND)}</title>`;
const SHELL_DESCRIPTION_START = 'content="Discover Waco in a different way';
const TITLE = /<title>[^<]*<\/title>/i;
const DESCRIPTION = /<meta name="description" content="[^"]*"\s*\/?>/i;
const ROOT = /<div id="root">[\s\S]*?<\/svg><\/div><\/div>/;

/**
 * The page with the app rendered into it for this request: the same boot data the page carries,
 * the visitor's language (lang cookie, else Accept-Language) and theme (theme cookie). The
 * stylesheet then blocks the first paint (the HTML is the app's, not a splash). A render that
 * fails or takes too long leaves the page as it was: the browser renders it, as before.
 */
export async function withServerRender(
  renderer: ServerRenderer | null,
  req: FastifyRequest,
  html: string,
  boot: Boot,
): Promise<string> {
  if (!renderer || !ROOT.test(html)) return html;
  // Only for the browser opening a page (as boot-data.ts): the service worker's offline copy of
  // the page (fetched without cookies, not a navigation) stays the bare shell, rendered by the app.
  const dest = req.headers['sec-fetch-dest'];
  if (dest !== undefined && dest !== 'document' && req.headers['sec-fetch-mode'] !== 'navigate') return html;
  const cookie = req.headers.cookie ?? '';
  const language = parseLanguage(req.headers);
  const dark = DARK.test(cookie);
  let rendered: Awaited<ReturnType<ServerRenderer['render']>>;
  try {
    rendered = await renderer.render({
      url: req.url,
      // Without the signed-in hint the app knows a guest without asking (web/src/app/boot-data.ts).
      boot: SIGNED_IN_HINT.test(cookie) ? boot.data : { user: null, ...boot.data },
      view: { guest: GUEST_HINT.test(cookie), theme: dark ? 'dark' : 'light', language },
    });
  } catch (err) {
    req.log.warn({ err, url: req.url }, 'server render failed: the browser renders the page');
    return html;
  }
  // The page's own title and description, in the reader's language (the app's usePageMeta).
  const { meta } = rendered;
  return html
    .replace('<html lang="en">', `<html lang="${language}"${dark ? ' class="dark"' : ''}>`)
    .replace(' media="print" id="app-css"', ' id="app-css"')
    .replace(TITLE, (tag) =>
      meta && (tag === SHELL_TITLE || tag === NOT_FOUND_TITLE)
        ? `<title>${escapeHtml(meta.title)}</title>`
        : tag,
    )
    .replace(DESCRIPTION, (tag) =>
      meta && tag.includes(SHELL_DESCRIPTION_START)
        ? `<meta name="description" content="${escapeHtml(meta.description)}" />`
        : tag,
    )
    .replace(
      ROOT,
      () => `<div id="root" data-hydrate-root${hydrationAttributes(rendered)}>${rendered.html}</div>`,
    );
}

/** What the browser needs to hydrate as rendered: the lazy parts to load first, the render's clock. */
function hydrationAttributes({ parts = [], renderedAt }: { parts?: string[]; renderedAt?: number }): string {
  const lazy = parts.length > 0 ? ` data-lazy-parts="${escapeHtml(parts.join(' '))}"` : '';
  const clock = Number.isSafeInteger(renderedAt) ? ` data-rendered-at="${renderedAt}"` : '';
  return `${lazy}${clock}`;
}
