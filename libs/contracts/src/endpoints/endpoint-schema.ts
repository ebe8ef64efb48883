import { z } from 'zod';
import { UserIdParams } from '../identity';

// What an endpoint's schemas are (ENDPOINT_SCHEMAS, schemas.ts), and the ones several owners
// share. Apart from the table, so that the files it is assembled from (identity-schemas.ts, ...)
// name them without importing the table back.

/** What an endpoint takes and answers; each schema is applied by the service that owns it. */
export interface EndpointSchemas {
  /** What the endpoint is for, in a line (the API reference shows it). */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answers by status; what is not JSON (a redirect, an image, a stream) has none. */
  response?: { 200?: z.ZodType; 201?: z.ZodType; 202?: z.ZodType };
  /**
   * The handler sends the JSON text itself (read straight from Postgres as JSON): the schema
   * describes the answer, but is not run over it.
   */
  rawResponse?: true;
  /** What the answer is when it is not JSON. */
  answer?: string;
}

/** A POST that takes no payload: nothing, or an empty JSON object. */
export const NoBody = z.strictObject({}).nullish();

/** A service's part of an account export (`exportPartRoute`). */
export const exportPartSchemas = {
  summary: "What one service holds about a user, by section (services only: the gateway's export)",
  params: UserIdParams,
  answer: 'JSON: each section a list of rows',
} as const satisfies EndpointSchemas;
