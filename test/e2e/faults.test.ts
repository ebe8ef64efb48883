import { type ProcessGroup, startProcesses } from '@waco/launcher/processes';
import { SERVICE_NAMES } from '@waco/launcher/services';
import { JetStreamBus } from '@waco/platform';
import { freePorts, signUpAt, testLogger } from '@waco/platform/testing';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, inBatches } from './support/event-stack';
import { OwnNatsServer } from './support/nats-server';
import { OwnPostgres } from './support/own-postgres';

// The fault suite: every service as its own process (as `npm run start:distributed` runs them)
// on a Postgres cluster and a NATS server of this file's own, which it stops, kills and restarts.
// For each fault, a burst of likes goes through the gateway; once healed, every committed like
// must have made exactly one notification, no process may have died unless killed, and each
// relay's lag must be back to zero, without any manual restart.

const APP_ORIGIN = 'http://localhost:3000';
const BUS_PREFIX = 'faults';
const SERVICES = ['identity', 'posts', 'notifications'] as const;

let postgres: OwnPostgres;
let nats: OwnNatsServer;
let group: ProcessGroup;
let db: pg.Pool;
const logs: string[] = [];
const report: string[] = [];
let fans: Array<{ id: string; cookie: string }>;
let ports: Record<string, number>;

beforeAll(async () => {
  [postgres, nats] = await Promise.all([OwnPostgres.start(), OwnNatsServer.start()]);
  ports = await freePorts([...SERVICE_NAMES, 'gateway']);
  group = await startProcesses({
    databaseUrl: postgres.url,
    natsUrl: nats.url,
    ports,
    busPrefix: BUS_PREFIX,
    services: [...SERVICES],
    appOrigin: APP_ORIGIN,
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      // Each owner posts several posts in a row, 'post 0', 'post 1'...: the limits per member would refuse them.
      MEMBER_LIMITS: 'off',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    onOutput: (name, line) => logs.push(`[${name}] ${line}`),
  });
  db = new pg.Pool({ connectionString: postgres.url, max: 4 });
  db.on('error', () => {}); // the test's own connections die with the Postgres fault too
  fans = [];
  for (let i = 0; i < 10; i++) fans.push(await signUp(`Fan${i}`));
}, 120_000);

afterAll(async () => {
  await group?.stop();
  await db?.end().catch(() => {});
  await Promise.all([nats?.stop(), postgres?.stop()]);
  if (report.length > 0) console.log(`fault suite figures\n${report.join('\n')}`);
});

type Answer = { status: number; body: Record<string, unknown> | undefined; headers: Headers };

async function api(method: string, path: string, options: { cookie?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { origin: APP_ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${group.gatewayUrl}${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await res.text();
  let body: Answer['body'];
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, headers: res.headers } satisfies Answer;
}

async function signUp(firstName: string) {
  const { id, cookie } = await signUpAt(
    group.gatewayUrl,
    { firstName, lastName: 'Faults', email: `${firstName.toLowerCase()}.${uuidv7()}@example.com` },
    { origin: APP_ORIGIN },
  );
  return { id, cookie };
}

const count = async (text: string, values: unknown[] = []) =>
  ((await db.query<{ n: number }>(text, values)).rows[0]?.n ?? 0) as number;

/** An owner with `posts` posts, whom every fan and notifications already know. */
async function ownerWithPosts(name: string, posts: number) {
  const owner = await signUp(name);
  const people = [owner.id, ...fans.map((f) => f.id)];
  await eventually(async () =>
    (await count('SELECT count(*)::int AS n FROM notifications.users WHERE id = ANY($1::uuid[])', [
      people,
    ])) === people.length
      ? true
      : undefined,
  );
  const ids: string[] = [];
  for (let i = 0; i < posts; i++) {
    const res = await api('POST', '/api/posts', {
      cookie: owner.cookie,
      json: {
        category: 'sale',
        title: `${name}'s post ${i}`,
        description: 'For the fault suite',
        price: '10',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body?.id as string);
  }
  return { owner, posts: ids };
}

/**
 * Every fan likes every post once, through the gateway, 8 at a time; `during(done)` runs after
 * each answer (the fault is injected and healed from there). Answers the statuses.
 */
async function likeBurst(posts: string[], during: (done: number, total: number) => Promise<void> | void) {
  const pairs = fans.flatMap((fan) => posts.map((post) => ({ fan, post })));
  let done = 0;
  const statuses = await inBatches(pairs, 8, async ({ fan, post }) => {
    const res = await api('POST', `/api/posts/${post}/like`, { cookie: fan.cookie }).catch(() => ({
      status: 0,
    }));
    done++;
    await during(done, pairs.length);
    return res.status;
  });
  return { sent: pairs.length, statuses };
}

/** Committed likes of the owner's posts, and the notifications they made. */
async function tally(ownerId: string) {
  const committed = (
    await db.query<{ id: string }>(
      `SELECT id FROM posts.events WHERE type = 'PostLiked' AND data->>'ownerId' = $1`,
      [ownerId],
    )
  ).rows.map((r) => r.id);
  const made = (
    await db.query<{ source: string }>(
      `SELECT source_event_id AS source FROM notifications.notifications WHERE user_id = $1 AND type = 'like'`,
      [ownerId],
    )
  ).rows.map((r) => r.source);
  const distinct = new Set(made);
  return {
    committed: committed.length,
    delivered: distinct.size,
    lost: committed.filter((id) => !distinct.has(id)).length,
    doubled: made.length - distinct.size,
  };
}

/** Events a service committed that its relay has not published yet. */
const lag = (schema: string) =>
  count(
    `SELECT count(*)::int AS n FROM ${schema}.events e
     LEFT JOIN ${schema}.outbox_checkpoints c ON c.name = 'relay:' || $1
     WHERE (e.transaction_id, e.global_position) > (coalesce(c.last_transaction_id, '0'), coalesce(c.last_position, 0))`,
    [schema],
  );

/** Waits until every committed like made its notification and the relays are idle; answers ms. */
async function settled(ownerId: string, since: number) {
  await eventually(async () => {
    const t = await tally(ownerId);
    if (t.lost > 0) return undefined;
    if ((await lag('posts')) > 0 || (await lag('identity')) > 0) return undefined;
    return true;
  }, 60_000).catch((err) => {
    throw new Error(`${(err as Error).message}\n${logs.slice(-40).join('\n')}`);
  });
  return Date.now() - since;
}

/** Every process the group started is still running (the killed one was started again). */
function expectAllAlive() {
  for (const [name, child] of group.processes) {
    const own = logs.filter((line) => line.startsWith(`[${name}]`)).slice(-30);
    expect({ name, exitCode: child.exitCode, signal: child.signalCode }, own.join('\n')).toEqual({
      name,
      exitCode: null,
      signal: null,
    });
  }
}

/** A service's /readyz: its status and the checks that failed. */
async function readiness(service: string) {
  const res = await fetch(`http://127.0.0.1:${ports[service]}/readyz`, {
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await res.json()) as { checks: Record<string, string> };
  const failed = Object.entries(body.checks).filter(([, v]) => v !== 'ok');
  return { status: res.status, failed: Object.fromEntries(failed) };
}

/** Every process says ready again (database, bus, relay), on its own. */
async function expectReady() {
  for (const service of [...SERVICES, 'gateway']) {
    await eventually(async () => ((await readiness(service)).status === 200 ? true : undefined), 30_000);
  }
}

/** Resolves once `service` answers not ready, with `check` among the failed checks. */
const notReady = (service: string, check: string) =>
  eventually(async () => {
    const r = await readiness(service);
    return r.status === 503 && check in r.failed ? r : undefined;
  }, 10_000);

function record(
  fault: string,
  sent: number,
  statuses: number[],
  t: Awaited<ReturnType<typeof tally>>,
  ms: number,
) {
  const byStatus = Object.entries(
    statuses.reduce<Record<number, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  report.push(
    `${fault}: sent ${sent}, committed ${t.committed}, delivered ${t.delivered}, lost ${t.lost}, doubled ${t.doubled}, recovered in ${ms} ms (answers ${byStatus})`,
  );
}

/**
 * After a fault has healed: every like that was answered 200 is committed and notified exactly
 * once (none lost, none twice), and every process is alive and ready again; the fault's line of
 * the report.
 */
async function expectRecovered(
  fault: string,
  ownerId: string,
  healedAt: number,
  burst: { sent: number; statuses: number[] },
) {
  const ms = await settled(ownerId, healedAt);
  const t = await tally(ownerId);
  expect(t.committed).toBe(burst.statuses.filter((s) => s === 200).length);
  expect([t.lost, t.doubled]).toEqual([0, 0]);
  expectAllAlive();
  await expectReady();
  record(fault, burst.sent, burst.statuses, t, ms);
}

describe('faults of the distributed stack, through the gateway', () => {
  it('Postgres restarted (down for 3 s) in the middle of a burst', async () => {
    const { owner, posts } = await ownerWithPosts('Pearl', 20);
    let outage: Promise<void> | undefined;
    let unready: unknown[] = [];
    let healedAt = 0;
    const { sent, statuses } = await likeBurst(posts, async (done, total) => {
      if (done === Math.floor(total / 3)) {
        outage = (async () => {
          await postgres.stopServer('fast');
          const waited = new Promise((r) => setTimeout(r, 3_000));
          // /readyz tells the truth: the database is gone, and posts' relay cannot work.
          unready = await Promise.all([notReady('posts', 'database'), notReady('posts', 'relay')]);
          await waited;
          await postgres.startServer();
          healedAt = Date.now();
        })();
      }
    });
    await outage;
    // During the outage the answer is 503 with a message, never a 500 or a dead gateway.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(unready).toHaveLength(2);
    await expectRecovered('Postgres restart', owner.id, healedAt, { sent, statuses });
  }, 120_000);

  it('notifications killed with SIGKILL in the middle of a burst, then started again', async () => {
    const { owner, posts } = await ownerWithPosts('Kit', 20);
    let restarted: Promise<void> = Promise.resolve();
    let healedAt = 0;
    const { sent, statuses } = await likeBurst(posts, async (done, total) => {
      if (done === Math.floor(total / 3)) await group.kill('notifications', 'SIGKILL');
      if (done === Math.floor((2 * total) / 3)) {
        restarted = group.restart('notifications').then(() => {
          healedAt = Date.now();
        });
      }
    });
    await restarted;
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expectRecovered('notifications SIGKILL', owner.id, healedAt, { sent, statuses });
  }, 120_000);

  it('nats-server killed in the middle of a burst, then started again', async () => {
    const { owner, posts } = await ownerWithPosts('Nell', 20);
    let outage: Promise<void> | undefined;
    let unready: unknown;
    let healedAt = 0;
    const { sent, statuses } = await likeBurst(posts, async (done, total) => {
      if (done === Math.floor(total / 3)) {
        outage = (async () => {
          await nats.kill();
          const waited = new Promise((r) => setTimeout(r, 2_000));
          unready = await notReady('notifications', 'bus');
          await waited;
          await nats.restart();
          healedAt = Date.now();
        })();
      }
    });
    await outage;
    // Likes commit without NATS: the outbox holds them.
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(unready).toBeDefined();
    await expectRecovered('nats-server SIGKILL', owner.id, healedAt, { sent, statuses });
    // Its store kept, the server still holds the same streams: no relay publishes again.
    expect(logs.filter((line) => line.includes('the stream was made again'))).toEqual([]);
  }, 120_000);

  it('the NATS store lost in the middle of a burst: streams and consumers are made again, nothing lost or doubled', async () => {
    const { owner, posts } = await ownerWithPosts('Wren', 10);
    let outage: Promise<void> = Promise.resolve();
    let healedAt = 0;
    let newcomer: { id: string } | undefined;
    let notificationsBackMs = 0;
    const { sent, statuses } = await likeBurst(posts, async (done, total) => {
      // notifications stops consuming first, so that likes wait in posts' stream, published and
      // unacknowledged, when the store is lost: only the outbox still has them.
      if (done === Math.floor(total / 4)) await group.kill('notifications', 'SIGKILL');
      if (done === Math.floor(total / 2)) {
        outage = (async () => {
          // Killed, its store deleted, started again empty: no stream, no consumer, no dead letter.
          await nats.wipe();
          // Recovery is counted from here: the server is back, empty, and nobody helps.
          healedAt = Date.now();
          // Someone signs up meanwhile: posts, which ran throughout, must learn of them.
          newcomer = await signUp('Newcomer');
          // While notifications is away, `ops lag` says that nobody consumes posts' likes.
          const ops = await JetStreamBus.connect({ url: nats.url, prefix: BUS_PREFIX, logger: testLogger });
          try {
            await eventually(async () =>
              (await ops.streamWarnings(['posts'])).some((w) => w.includes('not consuming'))
                ? true
                : undefined,
            );
          } finally {
            await ops.close();
          }
          await group.restart('notifications');
          notificationsBackMs = Date.now() - healedAt;
        })();
      }
    });
    await outage;
    expect(statuses.every((s) => s === 200)).toBe(true);
    // No operator: the services make the streams and their consumers again, and the relays
    // publish again what no consumer had acknowledged before the loss.
    await expectRecovered(
      `NATS store wiped (notifications down across it, started again ${notificationsBackMs} ms after the server)`,
      owner.id,
      healedAt,
      { sent, statuses },
    );
    for (const copy of ['posts.authors', 'notifications.users']) {
      await eventually(async () =>
        (await count(`SELECT count(*)::int AS n FROM ${copy} WHERE id = $1`, [newcomer?.id])) === 1
          ? true
          : undefined,
      );
    }
    const bus = await JetStreamBus.connect({ url: nats.url, prefix: BUS_PREFIX, logger: testLogger });
    try {
      // Every consumer is back on the server and consuming, and no stream is missing.
      const consumers = await bus.consumerLag({ all: true });
      expect(consumers.map((c) => `${c.consumer} ← ${c.producer}`)).toEqual(
        expect.arrayContaining(['notifications ← identity', 'notifications ← posts', 'posts ← identity']),
      );
      expect(consumers.filter((c) => c.notConsuming)).toEqual([]);
      expect(await bus.streamWarnings(['identity', 'posts'])).toEqual([]);
    } finally {
      await bus.close();
    }
    expect(logs.filter((line) => line.includes('the stream was made again')).length).toBeGreaterThan(0);
  }, 120_000);

  it('a poison event that always fails is dead-lettered once, and the events around it flow', async () => {
    const { owner, posts } = await ownerWithPosts('Poppy', 10);
    // A PostLiked as posts' outbox would publish it, but whose data notifications cannot read.
    const poisonId = uuidv7();
    await db.query(
      `INSERT INTO posts.events (id, stream_id, stream_position, type, schema_version, data)
       VALUES ($1, $2, 1, 'PostLiked', 1, '{"postId": "not a post"}')`,
      [poisonId, `poison-${poisonId}`],
    );
    const startedAt = Date.now();
    const { sent, statuses } = await likeBurst(posts, () => {});
    expect(statuses.every((s) => s === 200)).toBe(true);
    const flowedMs = await settled(owner.id, startedAt);
    const t = await tally(owner.id);
    expect([t.committed, t.lost, t.doubled]).toEqual([sent, 0, 0]);

    const bus = await JetStreamBus.connect({ url: nats.url, prefix: BUS_PREFIX, logger: testLogger });
    try {
      // Five tries with the default backoff (0.2 + 1 + 5 + 15 s), then the dead letter.
      await eventually(
        async () => ((await bus.deadLetters('notifications')).length > 0 ? true : undefined),
        60_000,
      );
      const deadAt = Date.now();
      // Two ack waits later it has not come back: on nats-server 2.9 a "+TERM <reason>" did not
      // end delivery, and the event was dead-lettered again and again.
      await new Promise((r) => setTimeout(r, 10_000));
      const letters = await bus.deadLetters('notifications');
      expect(letters.map((l) => l.event?.id)).toEqual([poisonId]);
      expect(letters[0]?.deliveries).toBe(5);
      const info = await bus.consumerInfo('posts', 'notifications');
      expect([info.num_ack_pending, info.num_pending]).toEqual([0, 0]);
      report.push(
        `poison event: sent ${sent} likes + 1 poison, committed ${t.committed}, delivered ${t.delivered}, lost ${t.lost}, doubled ${t.doubled}, all likes delivered ${flowedMs} ms after the burst began; dead letters ${letters.length} (after ${letters[0]?.deliveries} tries, ${Math.round((deadAt - startedAt) / 1000)} s), pending after 2 ack waits ${info.num_ack_pending}`,
      );
    } finally {
      await bus.close();
    }
    expectAllAlive();
  }, 120_000);

  it('posts stopped gracefully and started again while reads go through the gateway: no 502', async () => {
    const { owner, posts } = await ownerWithPosts('Grace', 5);
    const statuses: number[] = [];
    let reading = true;
    const reader = async () => {
      for (let i = 0; reading; i++) {
        const res = await api('GET', `/api/posts/${posts[i % posts.length]}`, { cookie: owner.cookie }).catch(
          () => ({ status: 0 }),
        );
        statuses.push(res.status);
      }
    };
    const readers = Array.from({ length: 8 }, reader);
    await new Promise((r) => setTimeout(r, 500));
    const stopAt = Date.now();
    await group.kill('posts', 'SIGTERM');
    await group.restart('posts');
    const back = Date.now() - stopAt;
    await new Promise((r) => setTimeout(r, 500));
    reading = false;
    await Promise.all(readers);
    const byStatus = statuses.reduce<Record<number, number>>((acc, s) => {
      acc[s] = (acc[s] ?? 0) + 1;
      return acc;
    }, {});
    // While it is away: 503 (nobody listening). Never a 502: a connection the stopping service
    // closed under a request is retried by the gateway on a new one.
    expect(Object.keys(byStatus).filter((s) => s !== '200' && s !== '503')).toEqual([]);
    expect(byStatus[200]).toBeGreaterThan(0);
    expectAllAlive();
    report.push(
      `posts graceful restart: ${statuses.length} reads, ${JSON.stringify(byStatus)}, back in ${back} ms`,
    );
  }, 120_000);
});
