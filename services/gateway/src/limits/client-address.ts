import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies in front of the gateway may name the client, as Fastify's `trustProxy` takes it:
 * `false` (nobody: the connecting address is the client), `true` (whoever connects), a hop count
 * (the last n proxies), or a list of addresses and CIDR ranges (`loopback`, `linklocal` and
 * `uniquelocal` name the usual private ranges).
 */
export type TrustProxy = boolean | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** `TRUST_PROXY`: off unless set; `true`, `false`, a hop count, or a comma-separated list. */
export const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, ctx): TrustProxy => {
    const text = value.trim();
    if (text === '' || text === 'false') return false;
    if (text === 'true') return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isAddressOrRange(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be true, false, a number of hops, or a comma-separated list of addresses and CIDR ranges (not ${wrong.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });
