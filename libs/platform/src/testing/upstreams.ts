import { SERVICE_NAMES, type ServiceName } from '@waco/contracts/routes';

/** An address where nothing answers (this machine's discard port): a request there fails at once. */
export const NOWHERE = 'http://127.0.0.1:9';

/** A test gateway's upstreams: those given, and every other service at NOWHERE. */
export function upstreamsWith(given: Partial<Record<ServiceName, string>>): Record<ServiceName, string> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, given[name] ?? NOWHERE])) as Record<
    ServiceName,
    string
  >;
}
