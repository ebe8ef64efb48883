import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { GATEWAY_DRAIN_MS } from '@waco/gateway';
import { freePort, SseClient, signUpAt, TEST_DATABASE_URL, waitFor } from '@waco/platform/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inBatches } from './support/event-stack';
import { APP_ORIGIN, processStackForFile } from './support/process-stack';

// A gateway asked to stop (SIGTERM, as a rollout does) while a browser holds its live stream,
// with its replacement started at the same moment on the same metrics port. The stopping one
// must end the stream, finish what is in flight and exit; the replacement must keep running
// (its metrics port free once the old one lets go of it); the browser must reconnect with
// Last-Event-ID to the replacement and miss nothing of a burst of likes sent across the switch.

const FANS = 10;
const POSTS = 20;
/** The like, of FANS x POSTS, after which the gateway is stopped. */
const FAULT_AT = 60;
const SHUTDOWN_DELAY_MS = 2_000;

const stack = processStackForFile({
  name: 'drain',
  services: ['identity', 'posts', 'notifications'],
  env: {
    // One owner posts 'Drain post 0', 'Drain post 1'...: the limits per member would refuse them.
    MEMBER_LIMITS: 'off',
    // Long enough for the test's balancer, polling /readyz, to stop sending to a stopping one.
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
  },
});
const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
afterAll(() => db.end());

/**
 * What a load balancer does for the test: it polls each instance's /readyz and sends each
 * request to the newest ready one (none ready: it holds the request until one is). A refused
 * connection carried nothing, so it is tried elsewhere too. Anything else that goes wrong is the
 * client's error.
 */
class Balancer {
  readonly urls: string[] = [];
  private readonly ready = new Set<string>();
  private polling = true;
  private readonly poller: Promise<void>;

  constructor() {
    this.poller = this.poll();
  }

  add(url: string) {
    this.urls.push(url);
  }

  /** The ready instances, newest first. */
  candidates() {
    return [...this.urls].reverse().filter((url) => this.ready.has(url));
  }

  private async poll() {
    while (this.polling) {
      await Promise.all(
        this.urls.map(async (url) => {
          const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) })
            .then((res) => res.ok)
            .catch(() => false);
          if (ok) this.ready.add(url);
          else this.ready.delete(url);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async send(method: string, path: string, cookie: string, body?: unknown) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      for (const base of this.candidates()) {
        try {
          return await once(base, method, path, cookie, body);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw err;
          this.ready.delete(base);
        }
      }
      if (Date.now() > deadline) throw new Error(`no gateway ready for ${method} ${path} for 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop() {
    this.polling = false;
    await this.poller;
  }
}

/** One request on a connection of its own. */
function once(base: string, method: string, path: string, cookie: string, body?: unknown) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          cookie,
          origin: APP_ORIGIN,
          ...(text === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => {
          answer += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: answer }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * A browser's EventSource: when its stream ends, it waits the `retry` the server gave and opens
 * it again, through the balancer, with the id of the last event it received.
 */
class Browser {
  /** Each notification's id, with how many times it arrived. */
  readonly notifications = new Map<string, { title: string; relatedId: string; times: number }>();
  /** The instance each stream was opened on, in order. */
  readonly opened: string[] = [];
  private stream: SseClient | null = null;
  private lastEventId: string | undefined;
  private closed = false;
  private readonly running: Promise<void>;

  constructor(
    private readonly balancer: Balancer,
    private readonly cookie: string,
  ) {
    this.running = this.run();
  }

  private async run() {
    while (!this.closed) {
      const stream = await this.open();
      if (!stream) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        continue;
      }
      this.stream = stream;
      let seen = 0;
      while (!stream.ended) {
        await stream.until(() => (stream.events.length > seen ? true : undefined), 60_000).catch(() => {});
        for (const event of stream.events.slice(seen)) this.receive(event);
        seen = stream.events.length;
      }
      for (const event of stream.events.slice(seen)) this.receive(event);
      if (!this.closed) await new Promise((resolve) => setTimeout(resolve, stream.retry ?? 2_000));
    }
  }

  private async open(): Promise<SseClient | null> {
    for (const base of this.balancer.candidates()) {
      const headers: Record<string, string> = { cookie: this.cookie };
      if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
      const stream = await SseClient.open(`${base}/api/stream`, headers).catch(() => null);
      if (stream?.status === 200) {
        this.opened.push(base);
        return stream;
      }
    }
    return null;
  }

  private receive(event: { id?: string; event: string; data: unknown }) {
    if (event.id) this.lastEventId = event.id;
    if (event.event !== 'notification') return;
    const n = event.data as { id: string; title: string; relatedId: string };
    const known = this.notifications.get(n.id);
    if (known) known.times++;
    else this.notifications.set(n.id, { title: n.title, relatedId: n.relatedId, times: 1 });
  }

  async close() {
    this.closed = true;
    this.stream?.close();
    await this.running;
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; at: number }>((resolve) => {
    if (child.exitCode !== null) resolve({ code: child.exitCode, at: performance.now() });
    else child.once('exit', (code) => resolve({ code, at: performance.now() }));
  });

describe('a gateway stopped while a browser holds its live stream', () => {
  it('ends the stream, exits within its drain deadline, and its replacement takes over: nothing lost or doubled', async () => {
    const first = stack.group.gatewayUrl;
    const balancer = new Balancer();
    balancer.add(first);
    await waitFor(() => balancer.candidates().length === 1, 10_000, 'the first gateway ready');
    const owner = await signUpAt(first, { firstName: 'Olive', lastName: 'Drain' }, { origin: APP_ORIGIN });
    const fans = [];
    for (let i = 0; i < FANS; i++)
      fans.push(await signUpAt(first, { firstName: `Fan${i}`, lastName: 'Drain' }, { origin: APP_ORIGIN }));
    const posts: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const post = await balancer.send('POST', '/api/posts', owner.cookie, {
        category: 'sale',
        title: `Drain post ${i}`,
        description: 'For the drain test',
        price: '10',
      });
      expect(post.status, post.body).toBe(201);
      posts.push((JSON.parse(post.body) as { id: string }).id);
    }
    // Every fan is known to notifications before the burst (a like by someone it has not heard
    // of yet is notified unnamed, then renamed: waiting keeps the titles exact).
    const people = [owner.id, ...fans.map((fan) => fan.id)];
    await waitFor(
      async () =>
        (
          await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM "notifications${stack.suffix}".users WHERE id = ANY($1::uuid[])`,
            [people],
          )
        ).rows[0]?.n === people.length,
      30_000,
      'every fan known to notifications',
    );

    const browser = new Browser(balancer, owner.cookie);
    await waitFor(() => browser.opened.length === 1, 30_000, 'the stream open');
    const canary = await balancer.send('POST', `/api/posts/${posts[0]}/like`, fans[0]?.cookie ?? '');
    expect(canary.status).toBe(200);
    await waitFor(() => browser.notifications.size === 1, 30_000, 'the canary like on the stream');
    const gatewayA = stack.group.processes.get('gateway') as ChildProcess;
    const secondPort = await freePort();
    const second = `http://127.0.0.1:${secondPort}`;
    let stoppedAt = 0;
    let exited: Promise<{ code: number | null; at: number }> | undefined;
    let replacement: Promise<void> | undefined;
    const pairs = fans.flatMap((fan, f) =>
      posts.filter((_, p) => f > 0 || p > 0).map((post) => ({ fan, post })),
    );
    const errors: string[] = [];
    const statuses = await inBatches(pairs, 8, async ({ fan, post }, index) => {
      if (index === FAULT_AT) {
        // The old one is told to stop and the new one starts at the same moment, on the same
        // metrics port; the balancer sends to the new one as soon as it accepts connections.
        stoppedAt = performance.now();
        exited = exitOf(gatewayA);
        gatewayA.kill('SIGTERM');
        replacement = stack.group.startGateway(secondPort).then(() => {
          balancer.add(second);
        });
      }
      try {
        const answer = await balancer.send('POST', `/api/posts/${post}/like`, fan.cookie);
        if (answer.status !== 200) errors.push(`${answer.status} ${answer.body}`);
        return answer.status;
      } catch (err) {
        errors.push((err as Error).message);
        return 0;
      }
    });
    await replacement;
    const exit = await waitFor(() => exited, 1_000, 'the stop to have been sent');
    // Its drain's deadline, and the time a process takes to close the rest and exit.
    const deadlineMs = SHUTDOWN_DELAY_MS + GATEWAY_DRAIN_MS + 5_000;
    const { code, at } = await Promise.race([
      exit,
      new Promise<{ code: null; at: number }>((resolve) =>
        setTimeout(() => resolve({ code: null, at: Number.NaN }), deadlineMs),
      ),
    ]);
    const exitMs = Math.round(at - stoppedAt);

    // Every like answered 200 reaches the browser's stream exactly once, through the reconnect.
    const committed = statuses.filter((s) => s === 200).length + 1;
    const expected = new Set([`Fan0 Drain liked your post|${posts[0]}`]);
    for (const [i, { fan, post }] of pairs.entries())
      if (statuses[i] === 200) expected.add(`Fan${fans.indexOf(fan)} Drain liked your post|${post}`);
    const recovered = await waitFor(
      () => {
        const got = new Set([...browser.notifications.values()].map((n) => `${n.title}|${n.relatedId}`));
        return [...expected].every((key) => got.has(key)) ? performance.now() : undefined;
      },
      60_000,
      'every like on the stream',
    ).catch(() => null);
    await browser.close();
    await balancer.stop();
    const got = [...browser.notifications.values()];
    const keys = new Set(got.map((n) => `${n.title}|${n.relatedId}`));
    const lost = [...expected].filter((key) => !keys.has(key)).length;
    const doubled =
      got.filter((n) => n.times > 1).length + (got.length - keys.size) /* two ids for one like */;
    const metricsAnswer = await waitFor(
      () =>
        fetch(`http://127.0.0.1:${stack.metricsPort}/metrics`).then((res) =>
          res.ok ? res.status : undefined,
        ),
      10_000,
      "the replacement's metrics",
    );
    const replacementProcess = stack.group.processes.get(`gateway:${secondPort}`);
    const figures = {
      sent: pairs.length + 1,
      committed,
      lost,
      doubled,
      clientErrors: errors.length,
      oldExitCode: code,
      oldExitMs: exitMs,
      recoveredMs: recovered === null ? null : Math.round(recovered - stoppedAt),
      streamsOpened: browser.opened.map((url) => (url === first ? 'old' : 'new')).join(' → '),
    };
    console.log(`gateway drain figures: ${JSON.stringify(figures)}`);

    expect(errors, stack.logs.slice(-40).join('\n')).toEqual([]);
    expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
    expect(code, `the old gateway did not exit within ${deadlineMs} ms`).toBe(0);
    // The stream was ended on the old instance and opened again on the new one.
    expect(browser.opened[0]).toBe(first);
    expect(browser.opened.at(-1)).toBe(second);
    expect(replacementProcess?.exitCode, stack.logs.slice(-40).join('\n')).toBeNull();
    expect(metricsAnswer).toBe(200);
  }, 180_000);
});
