import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_IMAGE_BYTES } from '@waco/contracts';
import { startEmbeddedPostgres } from '@waco/launcher/embedded-postgres';
import { startEmbeddedStore } from '@waco/launcher/object-store';
import { startStack } from '@waco/launcher/stack';
import { createMediaService } from '@waco/media';
import { createLogger, InProcessBus, type ServiceDefinition } from '@waco/platform';
import { freePort, signUpAt, testClient } from '@waco/platform/testing';
import pg from 'pg';
import { loadAverage, summarize } from './measure';
import { numbersFromEnv } from './settings';

// What durability costs `npm start`: its embedded Postgres with fsync, full-page writes and
// synchronous commit on (the default) against all three off (EMBEDDED_PG_FSYNC=off). For each
// mode, in alternating rounds, a fresh embedded Postgres on a temporary folder, then:
//   commits: COMMITS one-row transactions in a row on one connection (the floor of every write);
//   likes:   the embedded stack on it (every service and the gateway in this process, the
//            in-process bus), USERS members liking POSTS posts each, CONCURRENCY at a time,
//            through the gateway; each like is also a notification written by notifications.
//
//   npx tsx bench/durability.ts   (COMMITS=1000 USERS=12 POSTS=40 CONCURRENCY=8 ROUNDS=3)

const { COMMITS, USERS, POSTS, CONCURRENCY, ROUNDS } = numbersFromEnv({
  COMMITS: 1000,
  USERS: 12,
  POSTS: 40,
  CONCURRENCY: 8,
  ROUNDS: 3,
});
const logger = createLogger({ level: 'warn' });

interface Figures {
  commitsPerSecond: number;
  commitP50: number;
  commitP99: number;
  likesPerSecond: number;
  likeP50: number;
  likeP99: number;
}

async function round(durable: boolean): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waco-durability-'));
  // As root, Postgres runs as the `postgres` user, which must reach its folder.
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'postgres'),
    port: await freePort(),
    database: 'waco',
    log: () => {},
    durable,
  });
  const store = await startEmbeddedStore({ dataDir: join(dataDir, 's3'), maxBodyBytes: MAX_IMAGE_BYTES });
  try {
    const commits = await timeCommits(database.url);
    const bus = new InProcessBus(logger);
    const stack = await startStack({
      databaseUrl: database.url,
      bus,
      logger,
      port: 0,
      appOrigins: ['http://localhost:3000'],
      webDist: '/nonexistent',
      storageUpstream: store.origin,
      rateLimits: { general: 1_000_000_000, auth: 1_000_000 },
      definitions: { media: createMediaService({ storage: store.storage }) as ServiceDefinition<unknown> },
    });
    try {
      return { ...commits, ...(await timeLikes(stack.url)) };
    } finally {
      await stack.stop();
    }
  } finally {
    await store.stop();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeCommits(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE bench_commits (id serial PRIMARY KEY, body text NOT NULL)');
    const latencies: number[] = [];
    const started = performance.now();
    for (let i = 0; i < COMMITS; i++) {
      const t = performance.now();
      await client.query('INSERT INTO bench_commits (body) VALUES ($1)', [`like ${i}`]);
      latencies.push(performance.now() - t);
    }
    const seconds = (performance.now() - started) / 1000;
    const s = summarize(latencies);
    return { commitsPerSecond: COMMITS / seconds, commitP50: s.p50, commitP99: s.p99 };
  } finally {
    await client.end();
  }
}

async function timeLikes(base: string) {
  const client = testClient(base);
  const members = [];
  for (let i = 0; i < USERS; i++) members.push(await signUpAt(base, { firstName: `Bench${i}` }));
  const author = members[0] as (typeof members)[number];
  const posts: string[] = [];
  for (let i = 0; i < POSTS; i++) {
    // Posts hears of a new member through identity's event, a moment after the sign-up.
    for (;;) {
      const res = await client('POST', '/api/posts', {
        headers: { cookie: author.cookie },
        json: { category: 'sale', title: `Bench item ${i}`, description: 'For the benchmark', price: '5' },
      });
      if (res.status === 201) {
        posts.push(res.body.id);
        break;
      }
      if (res.status >= 500 || res.status === 401 || res.status === 429)
        throw new Error(`POST /api/posts: ${res.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const likes = members.slice(1).flatMap((m) => posts.map((id) => ({ cookie: m.cookie, id })));
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let like = likes[next++]; like; like = likes[next++]) {
      const t = performance.now();
      const res = await client('POST', `/api/posts/${like.id}/like`, { headers: { cookie: like.cookie } });
      if (res.status !== 200) throw new Error(`like answered ${res.status}`);
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  const s = summarize(latencies);
  return { likesPerSecond: likes.length / seconds, likeP50: s.p50, likeP99: s.p99 };
}

const results: Record<'on' | 'off', Figures[]> = { on: [], off: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const mode of ['on', 'off'] as const) {
    const figures = await round(mode === 'on');
    results[mode].push(figures);
    console.log(`round ${r + 1}, fsync ${mode}: ${format(figures)} (load ${loadAverage()})`);
  }
}
// The middle round (the upper of the two middle ones for an even ROUNDS), metric by metric.
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const medians = (mode: 'on' | 'off') =>
  Object.fromEntries(
    Object.keys(results[mode][0] as Figures).map((k) => [
      k,
      median(results[mode].map((f) => f[k as keyof Figures])),
    ]),
  ) as unknown as Figures;
const on = medians('on');
const off = medians('off');
console.log(`\nmedian, fsync on:  ${format(on)}`);
console.log(`median, fsync off: ${format(off)}`);
console.log(
  `durability costs ${pct(off.commitsPerSecond, on.commitsPerSecond)} of sequential commits/s and ` +
    `${pct(off.likesPerSecond, on.likesPerSecond)} of likes/s (${USERS - 1} members x ${POSTS} posts, ${CONCURRENCY} at a time)`,
);

function format(f: Figures) {
  return (
    `${f.commitsPerSecond.toFixed(0)} commits/s (p50 ${f.commitP50.toFixed(2)} ms, p99 ${f.commitP99.toFixed(2)} ms); ` +
    `${f.likesPerSecond.toFixed(0)} likes/s (p50 ${f.likeP50.toFixed(1)} ms, p99 ${f.likeP99.toFixed(1)} ms)`
  );
}

function pct(without: number, withIt: number) {
  return `${(((without - withIt) / without) * 100).toFixed(0)} %`;
}
