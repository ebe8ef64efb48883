import { type QueryKey, useQuery } from '@tanstack/react-query';
import type { EndpointName } from '@waco/contracts/routes';
import { type Args, type CallOptions, callEndpoint } from './client';

/**
 * Reads endpoint N under `queryKey`, called with `call` (its params and query) and cancelled when
 * the query is; with `enabled` false it waits. Retries and timings are the query client's.
 */
export function useEndpointQuery<N extends EndpointName>(
  queryKey: QueryKey,
  name: N,
  call: Omit<CallOptions<N>, 'signal'>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => callEndpoint(name, ...([{ ...call, signal }] as Args<N>)),
    ...options,
  });
}
