import { BRAND } from '@waco/contracts';
import type { ShareMeta } from './share-meta';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an HTML attribute value or element content. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

// The app's own description and preview tags, replaced by the page's; a canonical link too.
const REPLACED_TAGS =
  /[ \t]*<(?:meta\s+(?:name|property)="(?:description|og:[^"]*|twitter:[^"]*)"[^>]*|link\s+rel="canonical"[^>]*)>\r?\n?/gi;
const TITLE = /<title>[^<]*<\/title>/i;

/**
 * The app's HTML with a page's title, description, canonical link, Open Graph and Twitter card
 * tags, for link previews (crawlers run no JavaScript). Every value is escaped.
 */
export function withShareMeta(html: string, meta: ShareMeta): string {
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const title = `${meta.title} | ${BRAND}`;
  const tags = [
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    tag('property', 'og:site_name', BRAND),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image
      ? [tag('property', 'og:image', meta.image), tag('property', 'og:image:alt', meta.title)]
      : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.image ? [tag('name', 'twitter:image', meta.image)] : []),
    ...(meta.label
      ? [tag('name', 'twitter:label1', meta.label.name), tag('name', 'twitter:data1', meta.label.value)]
      : []),
  ];
  const head = html.replace(REPLACED_TAGS, '').replace(TITLE, () => `<title>${escapeHtml(title)}</title>`);
  return head.replace(/<\/head>/i, () => `${tags.map((t) => `    ${t}`).join('\n')}\n  </head>`);
}
