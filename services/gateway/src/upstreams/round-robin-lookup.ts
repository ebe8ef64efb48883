import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

type Resolve = (hostname: string, callback: (err: Error | null, addresses: LookupAddress[]) => void) => void;
type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

const resolveAll: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true }, (err, addresses) => callback(err, addresses ?? []));

/**
 * A `lookup` for the upstream connections that takes each service's addresses in turn.
 *
 * A scaled service is one name with one address per replica (Docker's DNS, a headless
 * Kubernetes Service). Node's default lookup connects to the first address getaddrinfo returns,
 * and getaddrinfo sorts them, so every new connection could land on the same replica. Turning
 * through the list spreads the connections, and with them the requests, over the replicas; a
 * replica added later receives the connections opened after it appears.
 */
export function roundRobinLookup(resolve: Resolve = resolveAll) {
  const turns = new Map<string, number>();
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname, (err, addresses) => {
      if (err || addresses.length === 0) {
        return callback(
          err ?? Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
          '',
        );
      }
      const turn = turns.get(hostname) ?? 0;
      turns.set(hostname, turn + 1);
      const picked = addresses[turn % addresses.length] as LookupAddress;
      // Node asks for a list when it may try several families (autoSelectFamily).
      if (options.all) return callback(null, [picked]);
      callback(null, picked.address, picked.family);
    });
  };
}
