// The web app's pages: the one list its router (web/src/app/routes.tsx) and the gateway read.
// The gateway answers any other address with 404 and the app's "404 Page Not Found" page, so
// the two must not drift: the router writes no path of its own. Without zod (the web's first
// screen imports it).

/** Each page's address pattern: literal segments, and `:name` for one segment. */
// biome-ignore format: one page a line reads as a table
export const APP_ROUTES = {
  root: '/',
  welcome: '/welcome',
  landing: '/landing',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  devMail: '/dev/mail',
  home: '/home',
  messages: '/messages',
  notifications: '/notifications',
  profile: '/profile',
  settings: '/settings',
  notificationSettings: '/settings/notifications',
  post: '/post/:postId',
  moderation: '/moderation',
  admin: '/admin',
  user: '/user/:userId',
  tag: '/tags/:name',
  groups: '/groups',
  group: '/groups/:id',
  events: '/events',
  event: '/events/:id',
  businesses: '/businesses',
  business: '/businesses/:id',
} as const;
export type AppRouteName = keyof typeof APP_ROUTES;

/**
 * Pages robots.txt asks crawlers to stay out of: the moderators', the operator's and development's. A member's own
 * pages (messages, notifications, profile, settings) stay open to crawlers: a crawler has no
 * session, so it is sent to sign in and sees nothing private, and a page closed by robots.txt is
 * reported as uncrawlable by audits (Lighthouse's "is-crawlable") that a signed-in check runs.
 */
export const PRIVATE_APP_ROUTES = [
  'moderation',
  'admin',
  'devMail',
] as const satisfies readonly AppRouteName[];

export interface AppRouteMatch {
  name: AppRouteName;
  /** The `:name` segments, decoded. */
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = (Object.entries(APP_ROUTES) as [AppRouteName, string][]).map(
  ([name, pattern]) => [name, segmentsOf(pattern)] as const,
);

/**
 * The page an address's path opens, as the router matches it: letters in any case, one
 * trailing slash allowed ("/Home/" is the feed); null for none (the 404 page).
 */
export function matchAppRoute(pathname: string): AppRouteMatch | null {
  if (pathname.includes('//') || !pathname.startsWith('/')) return null;
  const segments = segmentsOf(pathname);
  for (const [name, pattern] of PATTERNS) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i] as string;
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { name, params };
  }
  return null;
}
