import { z } from 'zod';
import { ErrorBody } from '../common';
import { APP_VERSION } from '../version';
import { needsSignIn } from './endpoint-route';
import type { EndpointSchemas } from './endpoint-schema';
import { ENDPOINTS, type Endpoint } from './table';

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document of the endpoint table: what `/api/openapi.json` serves and
 * `/api/docs` renders. Left out: internal endpoints (nobody outside may call them), those of
 * development only (absent in production) and the embedded store's upload target (a presigned
 * URL's, not an integrator's).
 */
export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const entry of ENDPOINTS) {
    if (entry.auth === 'internal' || 'developmentOnly' in entry || 'embeddedOnly' in entry) continue;
    const path = openApiPath(entry.path);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[entry.method.toLowerCase()] = operation(entry);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Waco Commons API',
      version: APP_VERSION,
      description:
        'Every endpoint behind the gateway, generated from the endpoint table (libs/contracts/src/endpoints). ' +
        'A refusal is a JSON `{message}` with a 4xx status.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      schemas: { ErrorBody: toJson(ErrorBody, 'output') },
    },
  };
}

/** `/api/posts/:id` → `/api/posts/{id}`; a trailing `*` becomes `{key}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{key}');
}

function operation(entry: Endpoint) {
  const schemas = entry as EndpointSchemas;
  const parameters = [...pathParameters(entry.path, schemas.params), ...fieldsOf(schemas.query, 'query')];
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(schemas.response ?? {})) {
    responses[status] = {
      description: status === '201' ? 'Created' : status === '202' ? 'Accepted' : 'OK',
      content: { 'application/json': { schema: toJson(schema as z.ZodType, 'output') } },
    };
  }
  if (Object.keys(responses).length === 0) responses['200'] = { description: schemas.answer ?? 'OK' };
  const refusal = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  });
  if (parameters.length > 0 || schemas.body) responses['400'] = refusal('The request is invalid');
  if (needsSignIn(entry.auth)) responses['401'] = refusal('Not signed in');
  // The gateway limits every address's requests (docs/architecture.md, "Rate limits").
  responses['429'] = refusal('Too many requests: try again after the Retry-After seconds');
  return {
    operationId: entry.name,
    summary: entry.summary,
    tags: [entry.service],
    // A public operation says so: no session is needed.
    security: needsSignIn(entry.auth) ? [{ session: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schemas.body
      ? {
          requestBody: {
            required: !schemas.body.safeParse(undefined).success,
            content: { 'application/json': { schema: toJson(schemas.body, 'input') } },
          },
        }
      : {}),
    responses,
  };
}

function pathParameters(path: string, params: z.ZodType | undefined) {
  const fields = params ? (toJson(params, 'input').properties as Record<string, JsonSchema>) : {};
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (path.endsWith('/*')) names.push('key');
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: fields[name] ?? { type: 'string' },
  }));
}

function fieldsOf(schema: z.ZodType | undefined, where: 'query') {
  if (!schema) return [];
  const json = toJson(schema, 'input');
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, field]) => ({
    name,
    in: where,
    required: required.has(name),
    schema: field,
  }));
}

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: they are described by what they accept.
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}
