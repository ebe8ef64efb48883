import {
  ENDPOINT_ROUTES,
  type EndpointRoute,
  needsSignIn,
  SERVICE_NAMES,
  type ServiceName,
} from '@waco/contracts/routes';

/** The services behind the gateway. */
export const UPSTREAM_NAMES = SERVICE_NAMES;
export type UpstreamName = ServiceName;

export interface RouteRule {
  /**
   * A path: literal segments match themselves, `:name` matches one segment, and a trailing `/*`
   * matches the path itself and everything below it.
   */
  path: string;
  service: UpstreamName;
  /** A long-lived streamed answer (SSE): no upstream timeouts. */
  stream?: boolean;
  /**
   * The methods whose answer ends the session in the cookie: the gateway forgets it as it passes
   * through. By method, as paths are shared (DELETE /api/user ends it; GET /api/user must not).
   */
  endsSession?: readonly string[];
  /**
   * The methods only a signed-in member may call (`auth: 'user'`): a guest is answered 401 by
   * the gateway before the body is read.
   */
  membersOnly?: readonly string[];
  /** The largest request body forwarded, in bytes (default: the services' 1 MB). */
  bodyLimit?: number;
  /** A guest's GET is answered the same for every guest (the table's `guestCache`). */
  guestCache?: boolean;
}

/**
 * Where each path goes, built from the endpoint table (libs/contracts/src/endpoints): first its
 * endpoints' paths (literal before `:param`, so that `/api/users/me/posts` is not read as an id),
 * then, for each first segment whose endpoints all belong to one service (`/api/posts`), the rest
 * of that segment, so the owner answers for paths it does not have. A path that matches none
 * (`/api/users/me/other`) is answered 404 by the gateway. `@fastify/http-proxy` maps plain
 * prefixes to upstreams, which cannot say "/api/users/:id/posts goes to posts, but /api/users/:id
 * goes to identity"; so the gateway forwards on its own (forwarding/upstream-forward.ts) by this table.
 */
export const ROUTES: readonly RouteRule[] = forwardedRoutes(Object.values(ENDPOINT_ROUTES));

export function forwardedRoutes(endpoints: readonly EndpointRoute[]): RouteRule[] {
  // The gateway answers its own endpoints, and never forwards internal ones.
  const forwarded = endpoints.filter(
    (e): e is EndpointRoute & { service: ServiceName } => e.service !== 'gateway' && e.auth !== 'internal',
  );
  const rules = new Map<string, RouteRule>();
  for (const e of forwarded) {
    const rule = rules.get(e.path) ?? { path: e.path, service: e.service };
    if ('stream' in e && e.stream) rule.stream = true;
    if ('endsSession' in e && e.endsSession) rule.endsSession = [...(rule.endsSession ?? []), e.method];
    if (needsSignIn(e.auth)) rule.membersOnly = [...(rule.membersOnly ?? []), e.method];
    if ('guestCache' in e && e.guestCache && e.method === 'GET') rule.guestCache = true;
    rules.set(e.path, rule);
  }
  const exact = [...rules.values()].sort((a, b) => paramsIn(a.path) - paramsIn(b.path));

  const owners = new Map<string, Set<ServiceName>>();
  for (const e of forwarded) {
    const first = firstSegment(e.path);
    owners.set(first, (owners.get(first) ?? new Set()).add(e.service));
  }
  const below: RouteRule[] = [];
  for (const [first, services] of owners) {
    const [service] = services;
    if (services.size === 1 && service && !rules.has(`${first}/*`))
      below.push({ path: `${first}/*`, service });
  }
  return [...exact, ...below];
}

/** `/api/posts/:id` → `/api/posts`; `/objects/*` → `/objects`. */
function firstSegment(path: string) {
  const parts = path.split('/');
  return parts[1] === 'api' ? `/api/${parts[2]}` : `/${parts[1]}`;
}
function paramsIn(path: string) {
  return (path.match(/\/:|\/\*/g) ?? []).length;
}

/**
 * The endpoints that try a password or send a mail (`strictRateLimit` in the table): the gateway
 * counts them against its stricter limit per address.
 */
export const STRICTLY_LIMITED: readonly EndpointRoute[] = Object.values(ENDPOINT_ROUTES).filter(
  (e: EndpointRoute) => e.strictRateLimit,
);

/** Compiles a table into a matcher: path (no query string) → the first rule that matches. */
export function routeMatcher(rules: readonly RouteRule[]): (path: string) => RouteRule | null {
  // A path that is a rule's literal path is that rule, found at once (most requests are); a
  // literal rule is more specific than any pattern that also matches it.
  const literal = new Map<string, RouteRule>();
  for (const rule of rules)
    if (!/\/[:*]/.test(rule.path) && !literal.has(rule.path)) literal.set(rule.path, rule);
  const compiled = rules.map((rule) => ({ rule, regex: patternToRegex(rule.path) }));
  return (path) => {
    const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const exact = literal.get(normalized);
    if (exact) return exact;
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
