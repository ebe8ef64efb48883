import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where an address is, when it is not on the public internet: `loopback`, `private`,
 * `linkLocal`, `uniqueLocal`, `carrierGradeNat`, `multicast`, `unspecified`, `reserved` and the
 * other special ranges ipaddr.js knows (IANA's special-purpose registries), or `not an address`.
 * An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it reaches.
 * Undefined for a public address.
 */
export function nonPublicRange(address: string): string | undefined {
  if (isIP(address) === 0) return 'not an address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  // Public IPv6 is 2000::/3; the rest of "unicast" (e.g. the deprecated IPv4-compatible
  // ::a.b.c.d) is nothing a server on the internet answers at.
  if (parsed instanceof ipaddr.IPv6 && !parsed.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return undefined;
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

export const isPublicAddress = (address: string) => nonPublicRange(address) === undefined;

/**
 * Names that never lead to the public internet: `localhost` and its subdomains (RFC 6761),
 * mDNS's `.local`, the private-use `.internal` and `.home.arpa`, and single-label names (a
 * container's or a cluster service's short name, such as `postgres` or `identity`).
 */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return /(^|\.)(localhost|local|internal|home\.arpa)$/.test(name);
}

/**
 * Why a URL's host is not a public one, read from the URL alone (no DNS): an IP literal in a
 * non-public range (the URL parser has already turned `2130706433` and `0x7f.1` into
 * `127.0.0.1`), or a local name. Undefined when the host may be public. This is the early,
 * clear refusal for what a member sends; the guard that holds is the check of the address
 * actually connected to (`publicOnlyAgent`), since a name's DNS answer can change.
 */
export function nonPublicHost(url: URL): string | undefined {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(hostname) !== 0) {
    const range = nonPublicRange(hostname);
    return range && `${hostname} is a ${range} address`;
  }
  if (isLocalName(hostname)) return `${hostname} is a local name`;
  return undefined;
}
