import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND, TAGLINE } from '@waco/contracts/constants';
import sharp from 'sharp';
import type { Plugin, Rolldown } from 'vite';
import { chunkOf, closure, filesOfPage } from './build-plugins';

const THEME = '#0f766e';
const BACKGROUND = '#f6f7f9';
// The boot splash's mark (index.html): a "W" drawn as one stroke, so no font is needed.
const MARK =
  '<path d="M6 9l4.5 13L16 11l5.5 11L26 9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>';
/** A rounded tile for "any" icons; a full-bleed square with the mark in the safe zone for "maskable". */
const TILE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${THEME}"/>${MARK}</svg>`;
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48"><rect x="-8" y="-8" width="48" height="48" fill="${THEME}"/>${MARK}</svg>`;

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: TILE, purpose: 'any' },
  { file: 'icons/icon-512.png', size: 512, svg: TILE, purpose: 'any' },
  { file: 'icons/maskable-192.png', size: 192, svg: MASKABLE, purpose: 'maskable' },
  { file: 'icons/maskable-512.png', size: 512, svg: MASKABLE, purpose: 'maskable' },
];

const MANIFEST = {
  name: BRAND,
  short_name: BRAND.split(' ')[0],
  description: `${TAGLINE} Events, things for sale and jobs from your neighbours.`,
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME,
  background_color: BACKGROUND,
  icons: ICONS.map((icon) => ({
    src: `/${icon.file}`,
    sizes: `${icon.size}x${icon.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  })),
};

const WORKER_SOURCE = join(import.meta.dirname, 'sw', 'service-worker.js');

/**
 * Code loaded after the first screen that reading offline needs: a post's detail (opened from
 * the kept feed) and its photo viewer. Kept at install with the shell, or a post tapped offline
 * could not load its code.
 */
const OFFLINE_MODULES = [
  'src/features/post/components/PostDetail.tsx',
  'src/features/post/components/ImageViewer.tsx',
];

/**
 * Makes the build installable: the web app manifest and its PNG icons (drawn here with sharp,
 * nothing committed), and `/sw.js`, the service worker (`sw/service-worker.js`) with this build's
 * version and the files of its first screen to keep for offline use. A new build is a new
 * version, which is what the app's update prompt notices.
 */
export function progressiveWebApp(): Plugin {
  return {
    name: 'waco:pwa',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, injectTo: 'head' },
    ],
    async generateBundle(_options, bundle) {
      for (const icon of ICONS) {
        const png = await sharp(Buffer.from(icon.svg)).resize(icon.size, icon.size).png().toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.file, source: png });
      }
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: JSON.stringify(MANIFEST, null, 2),
      });
      const html = bundle['index.html'] as Rolldown.OutputAsset | undefined;
      if (!html) throw new Error('waco:pwa: index.html is not in the bundle');
      const page = String(html.source);
      const firstScreen = filesOfPage(page);
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const offline = OFFLINE_MODULES.flatMap((module) => [
        ...closure(chunks, chunkOf(chunks, module, 'waco:pwa').fileName),
      ]);
      const precache = [
        ...new Set([
          ...firstScreen,
          ...offline.map((file) => `/${file}`),
          '/manifest.webmanifest',
          '/warm-intl.js',
          '/favicon.svg',
          ...ICONS.map((i) => `/${i.file}`),
        ]),
      ];
      const version = createHash('sha256').update(page).digest('hex').slice(0, 16);
      const worker = readFileSync(WORKER_SOURCE, 'utf8')
        .replace("'__WACO_VERSION__'", JSON.stringify(version))
        .replace("['__WACO_PRECACHE__']", JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
  };
}
