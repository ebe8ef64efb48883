import type { z } from 'zod';
import { DIRECTORY_SCHEMAS } from './directory-schemas';
import type { EndpointSchemas } from './endpoint-schema';
import { GATEWAY_SCHEMAS } from './gateway-schemas';
import { GROUPS_SCHEMAS } from './groups-schemas';
import { IDENTITY_SCHEMAS } from './identity-schemas';
import { MEDIA_SCHEMAS } from './media-schemas';
import { MESSAGING_SCHEMAS } from './messaging-schemas';
import { MODERATION_SCHEMAS } from './moderation-schemas';
import { NOTIFICATIONS_SCHEMAS } from './notifications-schemas';
import { POSTS_SCHEMAS } from './posts-schemas';
import type { EndpointName } from './routes';

export * from './endpoint-schema';

// Every endpoint's summary and schemas, under its name in ENDPOINT_ROUTES (routes.ts); each
// owner's in its own file (`posts-schemas.ts`), as the routes are.
export const ENDPOINT_SCHEMAS = {
  ...IDENTITY_SCHEMAS,
  ...POSTS_SCHEMAS,
  ...MESSAGING_SCHEMAS,
  ...NOTIFICATIONS_SCHEMAS,
  ...MEDIA_SCHEMAS,
  ...MODERATION_SCHEMAS,
  ...GROUPS_SCHEMAS,
  ...DIRECTORY_SCHEMAS,
  ...GATEWAY_SCHEMAS,
} as const satisfies Record<EndpointName, EndpointSchemas>;

type Schemas = typeof ENDPOINT_SCHEMAS;
type Field<N extends EndpointName, F extends string> = F extends keyof Schemas[N] ? Schemas[N][F] : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type ResponseOf<N extends EndpointName> =
  Field<N, 'response'> extends { 201: z.ZodType }
    ? z.output<Field<N, 'response'>[201]>
    : Field<N, 'response'> extends { 202: z.ZodType }
      ? z.output<Field<N, 'response'>[202]>
      : Field<N, 'response'> extends { 200: z.ZodType }
        ? z.output<Field<N, 'response'>[200]>
        : unknown;

/**
 * The types of each endpoint, for the web's typed client (a type-only import: no zod at run
 * time). A query is typed as the service reads it, every field optional: the service fills in
 * its defaults.
 */
export type EndpointTypes = {
  [N in EndpointName]: {
    params: InputOf<Field<N, 'params'>>;
    query: Field<N, 'query'> extends z.ZodType ? Partial<z.output<Field<N, 'query'>>> : undefined;
    body: InputOf<Field<N, 'body'>>;
    response: ResponseOf<N>;
  };
};

/** Typed request parts, as a service's handler gets them after validation. */
export type EndpointInput<N extends EndpointName> = {
  params: Field<N, 'params'> extends z.ZodType ? z.output<Field<N, 'params'>> : Record<string, never>;
  query: Field<N, 'query'> extends z.ZodType ? z.output<Field<N, 'query'>> : Record<string, never>;
  body: Field<N, 'body'> extends z.ZodType ? z.output<Field<N, 'body'>> : undefined;
};
