import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isPoolExhausted } from '../db/connection-errors';
import { HttpError } from './errors';
import type { HttpApp } from './http-app';
import { describeValidation } from './validation-message';

/**
 * One way to answer what went wrong, for every service: a zod failure or another client error is
 * a 4xx with a message that says what, a database out of reach a 503 to retry, anything else a
 * 500 that says nothing of our insides; an unknown route a 404.
 */
export function answerErrors(app: HttpApp) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidation(error.validation, error.validationContext));
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.field ? { message: error.message, field: error.field } : { message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, wrong content type...
      return reply.status(status).send({ message: clientErrorMessage(error) });
    }
    if (isDatabaseUnavailable(error)) {
      // Postgres restarting or out of reach: this request fails, the process and the pool carry on.
      req.log.warn(
        { err: error.message },
        isPoolExhausted(error)
          ? 'no database connection free in time: every one of the pool in use'
          : 'database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ message: 'The database is unavailable right now. Please try again in a moment.' });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Malformed JSON body: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is larger than 1 MB';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as application/json';
    default:
      return error.message;
  }
}
