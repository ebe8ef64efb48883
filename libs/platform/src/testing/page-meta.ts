const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] as string);

/** What a link-preview crawler reads of a page: `<title>`, the canonical link and every meta tag by name or property. */
export interface PageTags {
  title: string | undefined;
  canonical: string | undefined;
  /** `og:title`, `twitter:card`, `description`... → its content, unescaped. */
  meta: Record<string, string>;
}

/** Reads a page's preview tags as a crawler does, without running its scripts. */
export function readPageTags(html: string): PageTags {
  const meta: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"/g)) {
    meta[key as string] = decodeEntities(content as string);
  }
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = /<link\s+rel="canonical"\s+href="([^"]*)"/.exec(html)?.[1];
  return { title: title && decodeEntities(title), canonical: canonical && decodeEntities(canonical), meta };
}
