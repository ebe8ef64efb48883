import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './unfurl/html-head';

/**
 * The code each route's first screen needs beyond what the app's page already loads, as the web
 * build lists it (`route-preloads.json`, web/build-plugins.ts `routePreloads`): a page opened on
 * that route preloads it, so the route's lazy code arrives with the page rather than a round trip
 * after the app has run. Read once at start with the page itself (app-shell.ts).
 */
export interface RoutePreloads {
  /** `/post/{id}`: the post's detail. */
  post: string[];
  /** `/messages`. */
  messages: string[];
}

/** No route's code preloaded (an unbuilt app, or a build without the list). */
export const NO_ROUTE_PRELOADS: RoutePreloads = { post: [], messages: [] };

/** Only the build's own hashed scripts: a file that is not one is left out. */
const ASSET = /^\/assets\/[\w.-]+\.js$/;

export function readRoutePreloads(webDist: string): RoutePreloads {
  const file = join(webDist, 'route-preloads.json');
  if (!existsSync(file)) return NO_ROUTE_PRELOADS;
  const listed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof RoutePreloads, unknown>>;
  const files = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && ASSET.test(v)) : [];
  return { post: files(listed.post), messages: files(listed.messages) };
}

/** The `<link rel="modulepreload">` tags of a route's files (crossorigin, as Vite's own are). */
export function modulePreloads(files: string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`).join('');
}
