import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { nonPublicRange } from './public-address';

/** A connection the guard would not open: the target is no public `https:` address. */
export class OutboundRefused extends Error {
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface PublicOutboundOptions {
  /** Schemes that may be connected to (default `https:` only). */
  protocols?: string[];
  /**
   * Tests only: origins (`http://127.0.0.1:4567`) connected to without the address check, such
   * as a receiver the test runs on loopback. Never read from the environment; services refuse it
   * in production.
   */
  allowOrigins?: string[];
  /** Resolves names (default: the system's, `dns.lookup`); a test injects its own. */
  lookup?: LookupFunction;
  /** How long to connect (TCP and TLS), and to wait for the answer's headers and body (default 10 s each). */
  timeoutMs?: number;
  /** The largest answer (body) read; a bigger one fails the request (default 64 KiB). */
  maxResponseBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface Origin {
  protocol: string;
  hostname: string;
  port: string;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');
const originOf = (url: URL): Origin => ({
  protocol: url.protocol,
  hostname: bare(url.hostname),
  port: url.port || (DEFAULT_PORTS[url.protocol] ?? ''),
});

/**
 * Resolves with `resolve`, then refuses unless every address the name has is public: the
 * addresses checked are the ones the socket connects to, so a name that resolves to a private
 * range (or is re-pointed there between a check and the connection) is refused too.
 */
function guardedLookup(resolve: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, found) => {
      if (err) return callback(err, '', 0);
      const addresses = (Array.isArray(found) ? found : [{ address: found, family: 0 }]) as LookupAddress[];
      const [first] = addresses;
      if (!first) return callback(new OutboundRefused(`${hostname} has no address`), '', 0);
      for (const { address } of addresses) {
        const range = nonPublicRange(address);
        if (range) {
          return callback(
            new OutboundRefused(`${hostname} resolves to ${address}, a ${range} address`),
            '',
            0,
          );
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/**
 * Requests to the public internet only, for whatever a member names (a push service, later a
 * link to preview): the address is checked where the connection is made (an IP literal before
 * connecting, a name on each of its resolved addresses), so no DNS answer, redirect or spelling
 * of an address (`2130706433`, `[::ffff:127.0.0.1]`) reaches loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast or unspecified ranges. Redirects are never followed
 * (the 3xx is the answer); the time and the answer's size are bounded.
 */
export class PublicOutbound {
  private readonly agent: Agent;
  private readonly timeoutMs: number;

  constructor(options: PublicOutboundOptions = {}) {
    const protocols = new Set(options.protocols ?? ['https:']);
    const allowed = (options.allowOrigins ?? []).map((origin) => originOf(new URL(origin)));
    this.timeoutMs = options.timeoutMs ?? 10_000;
    const timeout = this.timeoutMs;
    // HTTP/1.1, as before (undici 8 offers HTTP/2 by default): the protocol the guard is tested on.
    const open = buildConnector({ timeout, allowH2: false });
    const openPublic = buildConnector({
      timeout,
      allowH2: false,
      lookup: guardedLookup(options.lookup ?? dnsLookup),
    });
    const connect: buildConnector.connector = (target, callback) => {
      const port = target.port || (DEFAULT_PORTS[target.protocol] ?? '');
      const hostname = bare(target.hostname);
      if (allowed.some((o) => o.protocol === target.protocol && o.hostname === hostname && o.port === port)) {
        return open(target, callback);
      }
      if (!protocols.has(target.protocol)) {
        return callback(
          new OutboundRefused(`${target.protocol} is not allowed, only ${[...protocols]}`),
          null,
        );
      }
      // An IP literal is connected to as it is, with no lookup: check it here.
      const range = isIP(hostname) !== 0 && nonPublicRange(hostname);
      if (range) return callback(new OutboundRefused(`${hostname} is a ${range} address`), null);
      return openPublic(target, callback);
    };
    this.agent = new Agent({
      connect,
      allowH2: false,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      maxResponseSize: options.maxResponseBytes ?? 64 * 1024,
    });
  }

  /** One request; its answer as it came (a redirect is not followed). */
  async send(
    url: string,
    init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: Uint8Array | string },
  ): Promise<OutboundAnswer> {
    const res = await request(url, {
      dispatcher: this.agent,
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers, body };
  }

  async close() {
    await this.agent.close();
  }
}
