/** The services behind the gateway. */
export const UPSTREAM_NAMES = ['identity', 'posts', 'messaging', 'notifications', 'media'] as const;
export type UpstreamName = (typeof UPSTREAM_NAMES)[number];

export interface RouteRule {
  /**
   * A path: literal segments match themselves, `:name` matches one segment, and a trailing `/*`
   * matches the path itself and everything below it.
   */
  path: string;
  service: UpstreamName;
  /** A long-lived streamed answer (SSE): no upstream timeouts. */
  stream?: boolean;
  /** The answer ends the session in the cookie: the gateway forgets it as it passes through. */
  endsSession?: boolean;
  /** The largest request body forwarded, in bytes (default: the services' 1 MB). */
  bodyLimit?: number;
}

/**
 * The `/api` surface (spec section 7) and where each path goes. Read top to bottom: the first
 * rule that matches wins. `@fastify/http-proxy` maps plain prefixes to upstreams, which cannot say
 * "/api/users/me/posts and /api/users/:id/posts go to posts, but /api/users/:id goes to identity";
 * so the gateway proxies with `@fastify/reply-from` (the engine inside http-proxy) and this table.
 */
export const ROUTES: readonly RouteRule[] = [
  // identity: accounts and sessions
  { path: '/api/signup', service: 'identity' },
  { path: '/api/login', service: 'identity' },
  { path: '/api/logout', service: 'identity', endsSession: true },
  { path: '/api/user', service: 'identity' },
  { path: '/api/user/profile', service: 'identity' },
  { path: '/api/dev/*', service: 'identity' },

  // posts: a user's lists come before the public profile, so that `me` is not read as an id
  { path: '/api/users/me/posts', service: 'posts' },
  { path: '/api/users/me/saved', service: 'posts' },
  { path: '/api/users/me/liked', service: 'posts' },
  { path: '/api/users/:id/posts', service: 'posts' },
  { path: '/api/users/:id', service: 'identity' },
  { path: '/api/posts/*', service: 'posts' },
  { path: '/api/event-attendance/*', service: 'posts' },
  { path: '/api/user/top-filters', service: 'posts' },
  { path: '/api/user/filter-usage', service: 'posts' },

  // messaging
  { path: '/api/conversations/*', service: 'messaging' },
  { path: '/api/messages/*', service: 'messaging' },

  // notifications, and the live stream of notifications and messages
  { path: '/api/notifications/*', service: 'notifications' },
  { path: '/api/stream', service: 'notifications', stream: true },

  // media: upload sessions, and the images themselves (outside /api, as <img src="/objects/...">)
  { path: '/api/objects/*', service: 'media' },
  { path: '/api/media/*', service: 'media' },
  { path: '/objects/*', service: 'media' },
];

/** Compiles a table into a matcher: path (no query string) → the first rule that matches. */
export function routeMatcher(rules: readonly RouteRule[]): (path: string) => RouteRule | null {
  const compiled = rules.map((rule) => ({ rule, regex: patternToRegex(rule.path) }));
  return (path) => {
    const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    for (const { rule, regex } of compiled) if (regex.test(normalized)) return rule;
    return null;
  };
}

function patternToRegex(pattern: string): RegExp {
  const below = pattern.endsWith('/*');
  const segments = (below ? pattern.slice(0, -2) : pattern).split('/').slice(1);
  const body = segments
    .map((segment) =>
      segment.startsWith(':') ? '/[^/]+' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${body}${below ? '(?:/.*)?' : ''}$`);
}

/**
 * True when a path could climb out of where it seems to point once decoded (`..`, `.`, a
 * backslash, or an encoding that does not decode): such a path is refused, never forwarded.
 */
export function isUnsafePath(path: string): boolean {
  // Most paths hold nothing that could decode into a dot segment: skip the decoding.
  if (!path.includes('%') && !path.includes('/.') && !path.includes('\\')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return true;
  return decoded.split('/').some((segment) => segment === '.' || segment === '..');
}
