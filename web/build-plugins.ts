import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, so that a static server that knows
 * precompressed files (`@fastify/static`'s `preCompressed`) sends them without compressing on
 * each request. No new dependency: Node's zlib does both.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'waco:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!COMPRESSIBLE.test(path) || statSync(path).size < 1024) continue;
        const bytes = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

type OutputChunk = Rolldown.OutputChunk;

/** The build's files a page loads or preloads (`/assets/…`, as its tags name them). */
export function filesOfPage(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
}

/** A chunk's file and every file it imports statically, transitively. */
export function closure(chunks: OutputChunk[], start: string): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const dep of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(dep);
  };
  visit(start);
  return files;
}

export function chunkOf(chunks: OutputChunk[], module: string, plugin: string): OutputChunk {
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
  if (!chunk) throw new Error(`${plugin}: no chunk for ${module}`);
  return chunk;
}

/**
 * Adds `<link rel="modulepreload">` for the feed page's chunk and what it imports. The feed is
 * the app's main screen but a lazy route: without the hint its code would be fetched only after
 * the entry has run, one round trip later.
 */
export function preloadFeedChunk(page = 'src/pages/FeedPage.tsx'): Plugin {
  return {
    name: 'waco:preload-feed',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const feed = chunkOf(chunks, page, 'waco:preload-feed');
        // Vite already preloads what the entry imports.
        const entry = ctx.chunk ? closure(chunks, ctx.chunk.fileName) : new Set<string>();
        const files = [...closure(chunks, feed.fileName)].filter((file) => !entry.has(file));
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** Where the gateway reads each route's preloads (services/gateway/src/web-app/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Writes `route-preloads.json`: for each named lazy module (a page, the post's detail), the code
 * files it needs that the page does not already load or preload. The gateway adds them as
 * `<link rel="modulepreload">` to the pages that open on that route (`/post/{id}`, `/messages`),
 * so their code comes with the page instead of after the app has run and asked for it.
 */
export function routePreloads(routes: Record<string, string>): Plugin {
  return {
    name: 'waco:route-preloads',
    apply: 'build',
    // After Vite's HTML plugin, which adds index.html to the bundle in its own generateBundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'] as Rolldown.OutputAsset | undefined;
      if (!html) throw new Error('waco:route-preloads: index.html is not in the bundle');
      // The entry and everything it imports are among them (Vite preloads those itself).
      const loaded = new Set(filesOfPage(String(html.source)));
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const preloads = Object.fromEntries(
        Object.entries(routes).map(([name, module]) => {
          const files = closure(chunks, chunkOf(chunks, module, 'waco:route-preloads').fileName);
          return [name, [...files].map((file) => `/${file}`).filter((file) => !loaded.has(file))];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}

/** The id main.tsx finds the app's stylesheet by. */
export const APP_CSS_ID = 'app-css';

/**
 * Makes the app's stylesheet non-blocking (`media="print"` until main.tsx switches it on, once
 * loaded, before the first render), so the splash in index.html paints without waiting for it,
 * and preloads it, so that it is not fetched last.
 * The CSP allows no inline script, so the usual `onload` trick is done by the app's own code.
 */
export function nonBlockingStylesheet(): Plugin {
  return {
    name: 'waco:non-blocking-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g) ?? [];
        if (links.length !== 1)
          throw new Error(`waco:non-blocking-css: expected one stylesheet, found ${links.length}`);
        const link = links[0] as string;
        const href = /href="([^"]+)"/.exec(link)?.[1] as string;
        // A stylesheet whose media does not match is fetched at the lowest priority, after every
        // script and image: the app, which waits for it before its first render, would wait
        // for it too. The preload asks for it at a style's priority, still without blocking.
        const preload = `<link rel="preload" as="style" crossorigin href="${href}">`;
        const entry = html.indexOf('<script type="module"');
        const withPreload =
          entry === -1 ? html : `${html.slice(0, entry)}${preload}\n    ${html.slice(entry)}`;
        return withPreload.replace(
          link,
          link.replace('<link rel="stylesheet"', `<link rel="stylesheet" media="print" id="${APP_CSS_ID}"`),
        );
      },
    },
  };
}

/**
 * Writes `public/{file}` into the page as an inline script in place of its `<script src>`: it runs
 * before the first paint (the theme), so as a file it held the page's first paint back by one
 * request. The gateway's CSP allows it by its hash (services/gateway/src/browser-security/inline-scripts.ts); the
 * file stays in `public/` for the dev server and for reading.
 */
export function inlineHeadScript(file = 'theme-init.js'): Plugin {
  let publicDir = 'public';
  return {
    name: 'waco:inline-head-script',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tag = `<script src="/${file}"></script>`;
        if (!html.includes(tag)) throw new Error(`waco:inline-head-script: no ${tag} in index.html`);
        // `</script` cannot occur in the code: it would end the element early.
        const code = readFileSync(join(publicDir, file), 'utf8').trim();
        if (/<\/script/i.test(code)) throw new Error(`waco:inline-head-script: ${file} holds "</script"`);
        return html.replace(tag, () => `<script>${code}</script>`);
      },
    },
  };
}
