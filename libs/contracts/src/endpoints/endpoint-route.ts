// What an endpoint of the table is (ENDPOINT_ROUTES, routes.ts): its method, path, caller and
// answering process. Apart from the table, so that the files the table is assembled from
// (identity-routes.ts, posts-routes.ts, ...) name these types without importing the table back.

/** Who may call an endpoint. */
export type EndpointAuth =
  /** A signed-in user: a guest gets 401 before anything of the request is read. */
  | 'user'
  /**
   * A signed-in moderator: a guest gets 401, any other member 403 (`MODERATORS_ONLY`), before
   * the handler runs (the service tells the platform who is a moderator: `knowModerators`).
   */
  | 'moderator'
  /**
   * A signed-in administrator (the operator's console): a guest gets 401, any other member 403
   * (`ADMINS_ONLY`), before the handler runs (moderation knows who holds the role: `knowAdmins`).
   */
  | 'admin'
  /** Anyone; a signed-in user's id is passed along when there is one. */
  | 'guest-ok'
  /** The other services only: the gateway never forwards it. */
  | 'internal';

/** Whether the endpoint needs a signed-in caller (a guest gets 401). */
export const needsSignIn = (auth: EndpointAuth): boolean =>
  auth === 'user' || auth === 'moderator' || auth === 'admin';

/**
 * The services: the one list of them. The gateway requires a `<NAME>_URL` for each, the launcher
 * maps each to what runs it (in this order, the start order), and the compose and Kubernetes
 * tests fail until docker-compose.yml and infra/k8s/base run each. A name is one lowercase word:
 * it is also the service's folder, database role and schema, and host name.
 */
export const SERVICE_NAMES = [
  'identity',
  'posts',
  'messaging',
  'notifications',
  'media',
  'moderation',
  'groups',
  'directory',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointRoute {
  method: HttpMethod;
  /**
   * Literal segments match themselves, `:name` matches one segment, a trailing `/*` matches
   * everything below (the rest of the path is the `*` parameter).
   */
  path: string;
  /** Who answers: a service, or the gateway itself. */
  service: ServiceName | 'gateway';
  auth: EndpointAuth;
  /** A long-lived streamed answer (SSE): the gateway sets no upstream timeouts. */
  stream?: true;
  /** The answer ends the session in the cookie: the gateway forgets it as it passes through. */
  endsSession?: true;
  /**
   * It tries a password or sends a mail: the gateway counts it against its stricter limit per
   * address (`AUTH_RATE_LIMIT_PER_MINUTE`) instead of the general one.
   */
  strictRateLimit?: true;
  /**
   * Its answer to a guest is the same for every guest (a public page's data): the gateway keeps a
   * guest's answer for a moment and gives it to the next guests (forwarding/guest-cache.ts).
   */
  guestCache?: true;
  /** Exists only where development was asked for (a test helper). */
  developmentOnly?: true;
  /** Exists only in the embedded launcher, whose gateway fronts the object store itself. */
  embeddedOnly?: true;
}

/**
 * A service's part of the account export: what it holds about one user, which the gateway
 * gathers for the signed-in user's `GET /api/user/export` (each service's `<name>Export`).
 */
export const exportPartRoute = <S extends ServiceName>(service: S) =>
  ({ method: 'GET', path: '/internal/export/:id', service, auth: 'internal' }) as const;

/** An endpoint as its service's table lists it: the service is named once, for the whole table. */
export type ServiceEndpointRoute = Omit<EndpointRoute, 'service'>;

/**
 * One service's endpoints, each answered by `service`, with its part of the account export after
 * them as `<service>Export` (every service has one): what each `<service>-routes.ts` exports.
 */
export const serviceRoutes = <S extends ServiceName, const R extends Record<string, ServiceEndpointRoute>>(
  service: S,
  routes: R,
) =>
  ({
    ...Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, service }])),
    [`${service}Export`]: exportPartRoute(service),
  }) as { readonly [K in keyof R]: R[K] & { readonly service: S } } & {
    readonly [K in `${S}Export`]: ReturnType<typeof exportPartRoute<S>>;
  };
