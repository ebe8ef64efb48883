import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { AddressInfo } from 'node:net';
import { buildGateway } from '@waco/gateway';
import { InProcessBus } from '@waco/platform';
import { testLogger, upstreamsWith } from '@waco/platform/testing';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundRobinLookup } from '../src/upstreams/round-robin-lookup';

// `docker compose up --scale messaging=3`: one name, one address per replica. The gateway's
// upstream connections must spread over them (its undici agent connects with roundRobinLookup).
// Three loopback addresses stand in for the replicas' container addresses.

const REPLICAS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const servers: Server[] = [];
let port = 0;

beforeAll(async () => {
  for (const host of REPLICAS) {
    const server = createServer((_req, res) => {
      // Slow enough that concurrent requests each need a connection of their own.
      setTimeout(() => res.end(host), 30);
    });
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    port = (server.address() as AddressInfo).port;
    servers.push(server);
  }
});

afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

const replicasByName = (
  _hostname: string,
  callback: (err: Error | null, a: { address: string; family: number }[]) => void,
) =>
  callback(
    null,
    REPLICAS.map((address) => ({ address, family: 4 })),
  );

describe('the gateway spreads requests over the replicas of a service', () => {
  it('opens its connections to each replica in turn, so concurrent requests reach all of them evenly', async () => {
    const agent = new Agent({
      connections: null,
      pipelining: 1,
      connect: { lookup: roundRobinLookup(replicasByName) },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const res = await request(`http://messaging:${port}/`, { dispatcher: agent });
          return res.body.text();
        }),
      );
      const counts = Object.fromEntries(REPLICAS.map((r) => [r, answers.filter((a) => a === r).length]));
      expect(counts).toEqual({ '127.0.0.1': 10, '127.0.0.2': 10, '127.0.0.3': 10 });
    } finally {
      await agent.close();
    }
  });

  it('names the service when it has no address, so the gateway answers 503 for it', async () => {
    const lookup = roundRobinLookup((_h, cb) => cb(null, []));
    const err = await new Promise<Error | null>((resolve) => lookup('media', {}, (e) => resolve(e)));
    expect(err).toMatchObject({ code: 'ENOTFOUND', message: expect.stringContaining('media') });
  });
});

describe('through the gateway', () => {
  it('sends concurrent requests for one service to each of its replicas', async () => {
    // The name resolves to the three replicas, as Docker's DNS answers for a scaled service.
    const original = dns.lookup;
    type AnyCall = (...args: unknown[]) => void;
    const fake = ((hostname: string, options: unknown, callback: unknown) => {
      if (hostname !== 'posts-replicas') return (original as AnyCall)(hostname, options, callback);
      const all = REPLICAS.map((address) => ({ address, family: 4 }));
      const cb = (typeof options === 'function' ? options : callback) as AnyCall;
      if (typeof options === 'object' && (options as { all?: boolean }).all) return cb(null, all);
      return cb(null, all[0]?.address, 4);
    }) as typeof dns.lookup;
    dns.lookup = fake;
    syncBuiltinESMExports();
    const bus = new InProcessBus(testLogger);
    const gateway = await buildGateway({
      upstreams: upstreamsWith({ posts: `http://posts-replicas:${port}` }),
      bus,
      logger: testLogger,
      appOrigins: ['http://localhost:3000'],
      webDist: '/nonexistent',
      rateLimits: { general: 1_000_000, auth: 1_000 },
    });
    try {
      const url = await gateway.listen({ host: '127.0.0.1', port: 0 });
      const answers = await Promise.all(
        Array.from({ length: 30 }, async () => (await fetch(`${url}/api/posts`)).text()),
      );
      // Each replica gets a fair share (requests that find a free connection reuse it).
      for (const replica of REPLICAS) {
        expect(answers.filter((a) => a === replica).length, replica).toBeGreaterThanOrEqual(5);
      }
    } finally {
      await gateway.close();
      await bus.close();
      dns.lookup = original;
      syncBuiltinESMExports();
    }
  });
});
