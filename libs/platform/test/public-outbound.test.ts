import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonPublicHost, nonPublicRange } from '../src/outbound/public-address';
import { OutboundRefused, PublicOutbound } from '../src/outbound/public-outbound';
import { type LoopbackTrap, resolverWith, startLoopbackTrap } from '../src/testing';

// Outbound requests to what a member names (a push service's URL) reach the public internet
// only. An internal service is played by a trap on loopback that counts every connection: the
// guard must refuse before connecting, whatever the URL, the DNS answer or a redirect says. No
// test here connects anywhere but loopback.

describe('which addresses are public', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT, multicast, unspecified and mapped forms', () => {
    const internal: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.0.0.5', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['224.0.0.1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['ff02::1', 'multicast'],
      // IPv4-mapped IPv6 reaches the IPv4 address: judged as it.
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:169.254.169.254', 'linkLocal'],
      ['::ffff:10.1.2.3', 'private'],
      // IPv4-compatible, NAT64 and 6to4 forms that could lead inside.
      ['::127.0.0.1', 'loopback'],
      ['::7f00:1', 'reserved'],
      ['::a00:1', 'reserved'],
      ['64:ff9b::7f00:1', 'rfc6052'],
      ['2002:7f00:1::1', '6to4'],
    ];
    for (const [address, range] of internal) expect(nonPublicRange(address), address).toBe(range);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      expect(nonPublicRange(address), address).toBeUndefined();
    }
    expect(nonPublicRange('localhost')).toBe('not an address');
  });

  it("refuses a URL's internal host from the URL alone, however the address is spelt", () => {
    const refused: [string, string][] = [
      ['https://127.0.0.1:5432/', '127.0.0.1 is a loopback address'],
      ['https://[::1]/', '::1 is a loopback address'],
      // The URL parser reads decimal, hex and short IPv4 forms as the dotted address.
      ['https://2130706433/', '127.0.0.1 is a loopback address'],
      ['https://0x7f.1/', '127.0.0.1 is a loopback address'],
      ['https://0177.0.0.1/', '127.0.0.1 is a loopback address'],
      ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1 is a loopback address'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a linkLocal address'],
      ['https://100.100.100.200/', '100.100.100.200 is a carrierGradeNat address'],
      ['https://[fd00::1]/', 'fd00::1 is a uniqueLocal address'],
      ['https://localhost/', 'localhost is a local name'],
      ['https://LOCALHOST./', 'localhost. is a local name'],
      ['https://evil.localhost/', 'evil.localhost is a local name'],
      ['https://printer.local/', 'printer.local is a local name'],
      ['https://metadata.google.internal/', 'metadata.google.internal is a local name'],
      ['https://router.home.arpa/', 'router.home.arpa is a local name'],
      ['https://postgres:5432/', 'postgres is a local name'],
    ];
    for (const [url, why] of refused) expect(nonPublicHost(new URL(url)), url).toBe(why);
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://8.8.8.8/',
    ]) {
      expect(nonPublicHost(new URL(url)), url).toBeUndefined();
    }
  });
});

/** A plain HTTP server on loopback answering with `handler`; what reached it is recorded. */
async function startServer(handler: (url: string, res: import('node:http').ServerResponse) => void) {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => handler(req.url ?? '', res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the connection', () => {
  let trap: LoopbackTrap;
  let outbound: PublicOutbound;
  const rebind = resolverWith({
    'push.rebind.example': ['127.0.0.1'],
    'metadata.rebind.example': ['169.254.169.254'],
    'mixed.rebind.example': ['::1', '127.0.0.1'],
  });
  beforeAll(async () => {
    trap = await startLoopbackTrap();
    outbound = new PublicOutbound({ lookup: rebind });
  });
  afterAll(async () => {
    await outbound?.close();
    await trap?.close();
  });

  it('is never opened to an internal address, by IP literal, local name, DNS answer or plain http', async () => {
    const targets = [
      `https://127.0.0.1:${trap.port}/push`,
      `https://[::1]:${trap.v6Port}/push`,
      `https://[::ffff:127.0.0.1]:${trap.port}/push`,
      `https://2130706433:${trap.port}/push`,
      `https://0x7f.1:${trap.port}/push`,
      `https://localhost:${trap.port}/push`,
      // Names that look public and resolve inside, as a hostile DNS server answers.
      `https://push.rebind.example:${trap.port}/push`,
      `https://mixed.rebind.example:${trap.v6Port}/push`,
      'https://metadata.rebind.example/latest/meta-data/',
      `http://127.0.0.1:${trap.port}/push`,
      `http://push.rebind.example:${trap.port}/push`,
    ];
    for (const url of targets) {
      const refused = await outbound.send(url, { method: 'POST', body: 'x' }).catch((err: unknown) => err);
      expect(refused, url).toBeInstanceOf(OutboundRefused);
    }
    const err = (await outbound
      .send(`https://push.rebind.example:${trap.port}/`, { method: 'POST' })
      .catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('push.rebind.example resolves to 127.0.0.1, a loopback address');
    // Every request above has settled: nothing can still be on its way to the trap.
    expect(trap.connections()).toEqual([]);
  });

  it('follows no redirect: a 307 to an internal address is the answer, and nothing goes there', async () => {
    const redirector = await startServer((_url, res) =>
      res.writeHead(307, { location: `http://127.0.0.1:${trap.port}/internal-admin/users` }).end(),
    );
    // Tests only: the redirector itself is on loopback, so it is let through by origin.
    const guarded = new PublicOutbound({ allowOrigins: [redirector.origin] });
    try {
      const answer = await guarded.send(`${redirector.origin}/push/device`, { method: 'POST', body: 'x' });
      expect(answer.status).toBe(307);
      expect(redirector.received).toEqual(['POST /push/device']);
      expect(trap.connections()).toEqual([]);
      // The exception is that origin only: the trap's port on the same host stays refused.
      await expect(
        guarded.send(`http://127.0.0.1:${trap.port}/internal-admin/users`, { method: 'POST' }),
      ).rejects.toBeInstanceOf(OutboundRefused);
      expect(trap.connections()).toEqual([]);
    } finally {
      await guarded.close();
      await redirector.close();
    }
  });

  it('bounds the answer: too big a body, or one that never comes, fails the request', async () => {
    const server = await startServer((url, res) => {
      if (url === '/big') res.writeHead(200).end(Buffer.alloc(10_000, 0x61));
      else if (url === '/small') res.writeHead(201).end('ok');
      // '/silent' never answers.
    });
    const guarded = new PublicOutbound({
      allowOrigins: [server.origin],
      maxResponseBytes: 1_000,
      timeoutMs: 500,
    });
    try {
      const ok = await guarded.send(`${server.origin}/small`, { method: 'POST', body: 'x' });
      expect(ok).toMatchObject({ status: 201, body: Buffer.from('ok') });
      await expect(guarded.send(`${server.origin}/big`, { method: 'GET' })).rejects.toThrow(
        /max size|Response content exceeded/i,
      );
      await expect(guarded.send(`${server.origin}/silent`, { method: 'GET' })).rejects.toThrow();
    } finally {
      await guarded.close();
      await server.close();
    }
  });
});
