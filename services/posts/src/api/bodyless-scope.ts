import type { HttpApp } from '@waco/platform';

/**
 * Registers routes that take no payload. Clients may still send a JSON content type with an
 * empty body, which Fastify's own parser refuses, so in this scope any body is read and ignored.
 */
export function registerBodyless(app: HttpApp, register: (scope: HttpApp) => void) {
  app.register(async (scope: HttpApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, undefined),
    );
    register(scope);
  });
}
