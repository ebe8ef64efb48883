import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundRobinLookup } from '../../services/gateway/src/upstream-lookup';

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
