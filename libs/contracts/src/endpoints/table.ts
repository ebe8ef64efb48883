import { ENDPOINT_ROUTES, type EndpointName } from './routes';
import { ENDPOINT_SCHEMAS } from './schemas';

/** One endpoint: its route (routes.ts) and its schemas (schemas.ts), under its name. */
export type Endpoint<N extends EndpointName = EndpointName> = (typeof ENDPOINT_ROUTES)[N] &
  (typeof ENDPOINT_SCHEMAS)[N] & { name: N };

export function endpoint<N extends EndpointName>(name: N): Endpoint<N> {
  return { name, ...ENDPOINT_ROUTES[name], ...ENDPOINT_SCHEMAS[name] } as Endpoint<N>;
}

/** Every endpoint, in the table's order. */
export const ENDPOINTS: readonly Endpoint[] = (Object.keys(ENDPOINT_ROUTES) as EndpointName[]).map(endpoint);
