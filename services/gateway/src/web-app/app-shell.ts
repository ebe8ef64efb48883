import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND } from '@waco/contracts';
import { NO_ROUTE_PRELOADS, type RoutePreloads, readRoutePreloads } from './route-preloads';

/**
 * The built app's page and what each route preloads with it, read once at start for every page
 * the gateway serves (web-app-routes.ts, unfurl/unfurl-pages.ts): a new build is served after a restart.
 */
export interface AppShell {
  /** False until `npm run build -w web` has produced web/dist: `html` is then a placeholder. */
  built: boolean;
  html: string;
  preloads: RoutePreloads;
}

export function readAppShell(webDist: string): AppShell {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return { built: false, html: PLACEHOLDER, preloads: NO_ROUTE_PRELOADS };
  return { built: true, html: readFileSync(index, 'utf8'), preloads: readRoutePreloads(webDist) };
}

// Shown until `npm run build -w web` has produced web/dist. Inline style only: the CSP allows it.
const PLACEHOLDER = `<!doctype html>
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
