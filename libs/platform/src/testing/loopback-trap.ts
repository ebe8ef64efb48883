import { lookup as dnsLookup } from 'node:dns';
import { type AddressInfo, createServer, type LookupFunction, type Server } from 'node:net';

/**
 * An internal service as an attacker would aim at it: TCP listeners on 127.0.0.1 and [::1] that
 * count every connection made to them (and close it), whatever protocol it would have spoken.
 * A guarded outbound request that reaches it is a hole.
 */
export async function startLoopbackTrap() {
  const connections: string[] = [];
  const listen = async (host: string) => {
    const server = createServer((socket) => {
      connections.push(`${socket.remoteAddress} -> ${host}`);
      socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port: 0, host, ipv6Only: host === '::1' }, resolve);
    });
    return server;
  };
  const v4 = await listen('127.0.0.1');
  const v6 = await listen('::1');
  const servers: Server[] = [v4, v6];
  const portOf = (server: Server) => (server.address() as AddressInfo).port;
  return {
    /** The port on 127.0.0.1. */
    port: portOf(v4),
    /** The port on [::1]. */
    v6Port: portOf(v6),
    /** Every connection made so far ("remote -> listener"). */
    connections: () => [...connections],
    async close() {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}
export type LoopbackTrap = Awaited<ReturnType<typeof startLoopbackTrap>>;

/**
 * A resolver that answers `names` from the table (as a hostile DNS server would: a name that
 * looks public resolving to 127.0.0.1), and anything else as the system does. A test passes it
 * as a guard's `lookup` instead of editing /etc/hosts or asking DNS outside.
 */
export function resolverWith(names: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = names[hostname];
    if (!addresses) return dnsLookup(hostname, options, callback);
    const found = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const [first] = found;
    if (options.all || !first) callback(null, found);
    else callback(null, first.address, first.family);
  };
}
