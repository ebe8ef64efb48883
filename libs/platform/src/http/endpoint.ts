import {
  ADMINS_ONLY,
  type ENDPOINT_ROUTES,
  type EndpointInput,
  type EndpointName,
  type EndpointSchemas,
  endpoint,
  MODERATORS_ONLY,
  needsSignIn,
  Uuid,
} from '@waco/contracts';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { HttpApp } from './app';
import { currentUserId } from './current-user';
import { forbidden, unauthorized } from './errors';

/**
 * The signed-in user's id (the gateway's header), or null for a guest. A value that is not a
 * user id (only possible when a service is reached without the gateway) counts as a guest; ids
 * are compared in their canonical, lower-case form.
 */
export function optionalUserId(req: FastifyRequest): string | null {
  const id = currentUserId(req);
  return id && Uuid.safeParse(id).success ? id.toLowerCase() : null;
}

/** The signed-in user's id; a guest gets 401. */
export function signedInUserId(req: FastifyRequest): string {
  const id = optionalUserId(req);
  if (!id) throw unauthorized();
  return id;
}

/** Whether a member is a moderator, from the service's knowledge of moderation's events. */
export type ModeratorCheck = (userId: string) => Promise<boolean>;
/** Whether a member holds the admin role (moderation's table of them). */
export type AdminCheck = (userId: string) => Promise<boolean>;

const MODERATOR_CHECK = 'isModerator';
const ADMIN_CHECK = 'isAdmin';

/**
 * Tells the platform who is a moderator, before a service registers `auth: 'moderator'`
 * endpoints: moderation reads its own table; another service would read its copy of
 * moderation's events (moderation-copies.ts).
 */
export function knowModerators(app: HttpApp, isModerator: ModeratorCheck): void {
  app.decorate(MODERATOR_CHECK, isModerator);
}

/** Tells the platform who holds the admin role, before a service registers `auth: 'admin'` endpoints. */
export function knowAdmins(app: HttpApp, isAdmin: AdminCheck): void {
  app.decorate(ADMIN_CHECK, isAdmin);
}

/** The role check an endpoint's `auth` asks for (none for other endpoints). */
function roleCheckOf(app: HttpApp, name: string, auth: string): ModeratorCheck | AdminCheck | null {
  if (auth !== 'moderator' && auth !== 'admin') return null;
  const [decorator, teller] =
    auth === 'moderator' ? [MODERATOR_CHECK, 'knowModerators'] : [ADMIN_CHECK, 'knowAdmins'];
  if (!app.hasDecorator(decorator))
    throw new Error(`${name} is for the ${auth} role: call ${teller}(app, ...) before registering it`);
  return (app as unknown as Record<string, ModeratorCheck | AdminCheck>)[decorator] ?? null;
}

type Auth<N extends EndpointName> = (typeof ENDPOINT_ROUTES)[N]['auth'];

/** What a handler of endpoint N gets: its validated params, query and body, and the caller. */
export type EndpointRequest<N extends EndpointName> = Omit<FastifyRequest, 'params' | 'query' | 'body'> &
  EndpointInput<N> & {
    /** The signed-in user: always there for `auth: 'user'` and `'moderator'`, null for a guest elsewhere. */
    userId: Auth<N> extends 'user' | 'moderator' | 'admin' ? string : string | null;
  };

export type EndpointHandler<N extends EndpointName> = (
  req: EndpointRequest<N>,
  reply: FastifyReply,
) => unknown;

/**
 * Registers endpoint `name` of the table (libs/contracts/src/endpoints) on a service: its method
 * and path, its schemas, and its signed-in check. The check runs on request, before the body is
 * even read, so a guest gets 401 on every `auth: 'user'` endpoint whatever they sent; on a
 * `'moderator'` or `'admin'` one, any member without the role then gets 403, before the handler runs.
 */
export function registerEndpoint<N extends EndpointName>(app: HttpApp, name: N, handler: EndpointHandler<N>) {
  const entry = endpoint(name);
  const schemas = entry as EndpointSchemas;
  const schema: FastifySchema = {};
  if (schemas.params) schema.params = schemas.params;
  if (schemas.query) schema.querystring = schemas.query;
  if (schemas.body) schema.body = schemas.body;
  if (schemas.response && !schemas.rawResponse) schema.response = schemas.response;
  if (!app.hasRequestDecorator('userId')) app.decorateRequest('userId', null);

  // `internal` endpoints are called by other services, with no user: userId stays null.
  const identify: ((req: FastifyRequest) => string | null) | null = needsSignIn(entry.auth)
    ? signedInUserId
    : entry.auth === 'guest-ok'
      ? optionalUserId
      : null;
  const hasRole = roleCheckOf(app, name, entry.auth);
  app.route({
    method: entry.method,
    url: entry.path,
    schema,
    onRequest: async (req) => {
      const userId = identify ? identify(req) : null;
      (req as unknown as { userId: string | null }).userId = userId;
      if (hasRole && !(userId && (await hasRole(userId))))
        throw entry.auth === 'admin' ? forbidden(ADMINS_ONLY) : forbidden(MODERATORS_ONLY);
    },
    handler: (req, reply) => handler(req as unknown as EndpointRequest<N>, reply),
  });
}
