import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type UserConfig } from 'vite';
import {
  inlineHeadScript,
  nonBlockingStylesheet,
  precompress,
  preloadFeedChunk,
  routePreloads,
} from './build-plugins';
import { compiledCatalogues } from './i18n-build';
import { progressiveWebApp } from './pwa-build';

// The backend (`npm start` at the repo root) listens on 3000; the dev and preview servers forward
// the API and the images to it. Writes carry the backend's own origin, which the gateway's Origin
// check accepts (the browser's is the dev server's).
const backend = process.env.WACO_BACKEND ?? 'http://localhost:3000';
const toBackend = { target: backend, headers: { origin: backend } };

// The browser's build. Output is plain external <script type="module"> and <link> tags, and one inline head script
// (inlineHeadScript) that the gateway's CSP allows by its hash. The manifest lets
// bench/web.ts add up what each route loads.
const browser: UserConfig = {
  plugins: [
    react(),
    compiledCatalogues(),
    tailwindcss(),
    preloadFeedChunk(),
    // The code of the pages a link opens on besides the feed, added by the gateway to those pages.
    routePreloads({
      post: 'src/features/post/components/PostDetail.tsx',
      messages: 'src/pages/MessagesPage.tsx',
    }),
    inlineHeadScript(),
    nonBlockingStylesheet(),
    progressiveWebApp(),
    precompress(),
  ],
  // @waco/contracts is bundled from its TypeScript sources (see scripts/build.ts).
  resolve: { conditions: ['waco-source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2022' },
  server: {
    proxy: {
      '/api': toBackend,
      '/objects': toBackend,
    },
  },
};

// `vite build --ssr`: the server's renderer (src/entry-server.tsx) for the gateway, which loads
// dist/server/entry-server.js at start. One file with every dependency in it (React, the router,
// TanStack Query...): the production image installs no web package.
const server: UserConfig = {
  plugins: [react(), compiledCatalogues()],
  resolve: { conditions: ['waco-source', ...defaultServerConditions] },
  ssr: {
    noExternal: true,
    target: 'node',
    resolve: { conditions: ['waco-source', ...defaultServerConditions] },
  },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node24',
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? server : browser));
