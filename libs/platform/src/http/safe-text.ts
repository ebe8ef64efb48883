import { fieldName, findUnsafeText, unsafeTextMessage } from '@waco/contracts';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import type { HttpApp } from './http-app';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * The first NUL or lone surrogate anywhere in a request's path parameters, query or parsed body,
 * as a 400 naming the field; null when there is none. Postgres refuses both (a 500 otherwise),
 * and no field of any schema has a use for them.
 */
export function unsafeTextError(req: Pick<FastifyRequest, (typeof PARTS)[number]>) {
  for (const part of PARTS) {
    const found = findUnsafeText(req[part]);
    if (found) {
      const field = fieldName(found.path) || (part === 'query' ? 'querystring' : part);
      return badRequest(unsafeTextMessage(field, found.reason), field);
    }
  }
  return null;
}

/**
 * Refuses such text once, for every route of the app, with or without a schema: a hook that runs
 * after the body is parsed and before any validation or handler.
 */
export function refuseUnsafeRequestText(app: HttpApp) {
  app.addHook('preValidation', async (req) => {
    const error = unsafeTextError(req);
    if (error) throw error;
  });
}
