import { BRAND } from '@waco/contracts';
import { escapeHtml } from '../unfurl/html-head';
import type { AppPage } from './app-pages';

const CANONICAL = /[ \t]*<link\s+rel="canonical"[^>]*>\r?\n?/gi;
const TITLE = /<title>[^<]*<\/title>/i;

/** The page with its canonical link (absolute), in place of any it had. */
export function withCanonical(html: string, href: string): string {
  const link = `<link rel="canonical" href="${escapeHtml(href)}" />`;
  return html.replace(CANONICAL, '').replace(/<\/head>/i, () => `    ${link}\n  </head>`);
}

/**
 * The page of an address the app has no page for: the title the app's 404 page sets (its
 * heading is the spec's "404 Page Not Found"), and no indexing.
 */
export function withNotFoundHead(html: string): string {
  return html
    .replace(TITLE, () => `<title>Page Not Found | ${escapeHtml(BRAND)}</title>`)
    .replace(/<\/head>/i, () => `    <meta name="robots" content="noindex" />\n  </head>`);
}

/** An address on the public origin. */
export const absoluteUrl = (origin: string, path: string) => new URL(path, `${origin}/`).href;

/** An app page's head as its status says: its canonical link, or the 404 page's title. */
export function withAppPageHead(html: string, page: AppPage, origin: string): string {
  if (page.status === 404 || !page.canonicalPath) return withNotFoundHead(html);
  return withCanonical(html, absoluteUrl(origin, page.canonicalPath));
}
