import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { rebuildProjections } from '@waco/platform';
import { TEST_DATABASE_URL } from '@waco/platform/testing';
import { postsService } from '@waco/posts';
import {
  encodeCursor,
  type PostListQuery,
  parseSearch,
  postListSql,
  postsProjection,
  type TextMatch,
} from '@waco/posts/benchmarks';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { benchGateway } from './bench-gateway';
import { serveFeedPage } from './feed-anchor';
import { benchEventWriter, generatePostEvents, recordAuthors } from './feed-data';
import { inProcessServices, say } from './in-process';
import { numbersFromEnv } from './settings';

// The feed at 100 000 posts (ARCHITECTURE.md, budgets), through the gateway with autocannon:
// the first page, page 200 by offset and by cursor, a category filter and a search; and, in the
// same run, the anchor: a bare Fastify route serving the same first-page SQL with raw `pg`.
// Budgets: first page p99 < 25 ms and >= 0.6x the anchor's req/s; cursor page 200 within 10 %
// of page 1; search p99 < 50 ms. Runs in database `test`, in a schema dropped at the end.
//   npx tsx bench/feed.ts      (POSTS=100000 DURATION=10 CONNECTIONS=10 ROUNDS=5 by default)
// BENCH_SCHEMA=name keeps the loaded schema for another run (or for psql) instead of dropping it,
// and reuses it when it already holds posts.

// DURATION=0 prints the plans and stops before measuring.
const {
  POSTS,
  DURATION: DURATION_S,
  WARMUP: WARMUP_S,
  CONNECTIONS,
  ROUNDS,
} = numbersFromEnv({ POSTS: 100_000, DURATION: 10, WARMUP: 2, CONNECTIONS: 10, ROUNDS: 5 });
const AUTHORS = 800;
const PAGE = 15;
// The naive page: rows of posts joined to authors, serialised by Node.
const ROW_QUERY = `
  SELECT p.id, p.user_id, p.title, p.description, p.category, p.neighborhood, p.price, p.company, p.salary,
         p.event_date, p.address, p.image_paths, p.contact_phone, p.contact_email, p.likes_count,
         p.saves_count, p.comments_count, p.interested_count, p.going_count, p.created_at, p.updated_at,
         a.first_name, a.last_name, a.profile_image_url
  FROM posts p LEFT JOIN authors a ON a.id = p.user_id
  ORDER BY p.created_at DESC, p.id DESC LIMIT $1`;

const services = await inProcessServices();
const { bus, logger } = services;
const posts = await services.start(postsService, 'bench_posts', {
  poolSize: 10,
  keptSchema: process.env.BENCH_SCHEMA,
});
const schema = posts.database.schema;
const anchorPool = new pg.Pool({
  connectionString: TEST_DATABASE_URL,
  max: 10,
  options: `-c search_path=${schema},public`,
});
const anchor = Fastify();
// Guests only: the gateway never asks identity about a request without a session cookie.
const gateway = await benchGateway({ posts: posts.url }, bus, logger);

try {
  const { rows: existing } = await posts.database.pool.query('SELECT count(*)::int AS n FROM posts');
  if (existing[0]?.n) say(`reusing the ${existing[0].n} posts of schema ${schema}`);
  else await load();
  const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });

  // The anchor: the service's own first-page SQL, as a prepared statement on a plain pool (as the
  // service runs it), its rows joined into the page as the service does. A second one runs the
  // plain row query (posts joined to authors, rows serialised by Node), unprepared: what a
  // straightforward route would do.
  const firstPage = postListSql(feedQuery()).compile(posts.database.db);
  anchor.get('/feed', serveFeedPage(anchorPool, firstPage, PAGE));
  anchor.get('/rows', async () => {
    const { rows } = await anchorPool.query(ROW_QUERY, [PAGE + 1]);
    return { posts: rows.slice(0, PAGE), nextCursor: null };
  });
  const anchorUrl = await anchor.listen({ host: '127.0.0.1', port: 0 });

  const cursor200 = await cursorBeforePage(gatewayUrl, 200);
  const targets: Target[] = [
    { name: 'anchor: bare route, page 1', url: `${anchorUrl}/feed` },
    { name: 'anchor: row query, page 1', url: `${anchorUrl}/rows` },
    { name: 'posts direct, page 1', url: `${posts.url}/api/posts?limit=${PAGE}` },
    { name: 'gateway, page 1', url: `${gatewayUrl}/api/posts?limit=${PAGE}` },
    { name: 'gateway, page 200 offset', url: `${gatewayUrl}/api/posts?limit=${PAGE}&offset=${199 * PAGE}` },
    { name: 'gateway, page 200 cursor', url: `${gatewayUrl}/api/posts?limit=${PAGE}&cursor=${cursor200}` },
    { name: 'gateway, category=job', url: `${gatewayUrl}/api/posts?limit=${PAGE}&category=job` },
    { name: 'gateway, search bicycle', url: `${gatewayUrl}/api/posts?limit=${PAGE}&search=bicycle` },
    { name: 'gateway, search bicyle', url: `${gatewayUrl}/api/posts?limit=${PAGE}&search=bicyle` },
  ];
  await checkTargets(targets);
  await explainQueries(cursor200);
  if (DURATION_S > 0) report(targets, await measure(targets));
} finally {
  await gateway.close();
  await anchor.close();
  await anchorPool.end();
  await services.stop();
}

interface Target {
  name: string;
  url: string;
}

/** One round's figures, and how long this process's event loop was busy during it. */
interface Measured {
  result: Result;
  busyMs: number;
}

/** Warms every target up, then measures them in turns (the machine is shared: a busy moment
 * then weighs on all of them alike rather than on whichever happened to be running). */
async function measure(targets: Target[]) {
  const run = (target: Target, duration: number) =>
    autocannon({ url: target.url, connections: CONNECTIONS, duration, workers: 1 });
  say(`warming up (${WARMUP_S} s each)...`);
  for (const target of targets) await run(target, WARMUP_S);
  say(`measuring, ${DURATION_S} s each in ${ROUNDS} alternating rounds, ${CONNECTIONS} connections...`);
  const results = new Map<Target, Measured[]>(targets.map((t) => [t, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const target of targets) {
      const before = performance.eventLoopUtilization();
      const result = await run(target, DURATION_S / ROUNDS);
      results.get(target)?.push({ result, busyMs: performance.eventLoopUtilization(before).active });
    }
  }
  return results;
}

function feedQuery(extra: Partial<PostListQuery> = {}): PostListQuery {
  return { source: { kind: 'feed' }, limit: PAGE, offset: 0, ...extra };
}

/**
 * 100 000 posts the way the service would have them: PostCreated events written to the event
 * log in batches (a bulk stand-in for appendToStream), then the read tables built from them by
 * the service's rebuild, i.e. its own projection code. Authors go through posts' user directory.
 */
async function load() {
  const started = performance.now();
  const db = posts.database.db;
  const authors = Array.from(
    { length: AUTHORS },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  await recordAuthors(
    db,
    authors.map((id, i) => ({
      userId: id,
      email: `bench${i}@example.com`,
      firstName: ['Ada', 'Bob', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana'][i % 8] ?? 'Ada',
      lastName: `Neighbour${i}`,
    })),
  );
  const log = benchEventWriter(db);
  for (const event of generatePostEvents(POSTS, authors)) await log.add(event);
  await log.done();
  const appended = performance.now();
  const { events } = await rebuildProjections(posts.database, [postsProjection]);
  const rebuilt = performance.now();
  await sql`VACUUM ANALYZE posts`.execute(db);
  await sql`VACUUM ANALYZE authors`.execute(db);
  // The relay publishes the loaded events to the (subscriber-less) bus; let it finish first.
  await posts.relay?.flush();
  say(
    `loaded ${POSTS} posts: events ${((appended - started) / 1000).toFixed(1)} s, ` +
      `rebuild of ${events} events through the projections ${((rebuilt - appended) / 1000).toFixed(1)} s, ` +
      `outbox drained ${((performance.now() - rebuilt) / 1000).toFixed(1)} s`,
  );
}

/**
 * The cursor a client paging to `page` holds: the last post of page `page - 1` of the feed itself
 * (live posts only; most generated posts have expired or sold and are not in it).
 */
async function cursorBeforePage(base: string, page: number) {
  const res = await fetch(`${base}/api/posts?limit=1&offset=${(page - 1) * PAGE - 1}`);
  const last = ((await res.json()) as { posts: { id: string; createdAt: string }[] }).posts[0];
  if (!last) throw new Error(`the feed has fewer than ${page - 1} pages of live posts`);
  return encodeCursor({ kind: 'keyset', at: last.createdAt, id: last.id });
}

/** Every target answers 200, and page 200 is the same by offset and by cursor. */
async function checkTargets(targets: Target[]) {
  const bodies = new Map<string, { posts: { id: string }[] }>();
  for (const target of targets) {
    const res = await fetch(target.url);
    if (res.status !== 200) throw new Error(`${target.name} answered ${res.status}: ${await res.text()}`);
    bodies.set(target.name, (await res.json()) as { posts: { id: string }[] });
  }
  const ids = (name: string) => JSON.stringify(bodies.get(name)?.posts.map((p) => p.id));
  if (ids('gateway, page 200 offset') !== ids('gateway, page 200 cursor')) {
    throw new Error('page 200 differs between offset and cursor');
  }
  const found = bodies.get('gateway, search bicyle')?.posts.length ?? 0;
  say(`checked: page 200 is the same by offset and cursor; the typo search finds ${found} posts on page 1`);
}

async function explainQueries(cursor200: string) {
  const [at, id] = (() => {
    const wire = JSON.parse(Buffer.from(cursor200, 'base64url').toString()) as { t: string; i: string };
    return [wire.t, wire.i];
  })();
  const queries: [string, PostListQuery, TextMatch?][] = [
    ['feed, page 1', feedQuery()],
    ['feed, page 200 by cursor', feedQuery({ cursor: { kind: 'keyset', at, id } })],
    ['feed, page 200 by offset', feedQuery({ offset: 199 * PAGE })],
    ['feed, category=job', feedQuery({ category: 'job' })],
    ['search "bicycle"', feedQuery({ search: parseSearch('bicycle') })],
    ['search "bicyle" (typo): the words find nothing...', feedQuery({ search: parseSearch('bicyle') })],
    ['...so the titles are matched by similarity', feedQuery({ search: parseSearch('bicyle') }), 'similar'],
  ];
  for (const [name, query, match] of queries) {
    const compiled = postListSql(query, match).compile(posts.database.db);
    const { rows } = await posts.database.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${compiled.sql}`,
      compiled.parameters as unknown[],
    );
    say(`\n-- EXPLAIN ANALYZE: ${name}`);
    for (const row of rows) say(row['QUERY PLAN']);
  }
  say();
}

function report(targets: Target[], results: Map<Target, Measured[]>) {
  const rows = targets.map((target) => {
    const runs = results.get(target) ?? [];
    const requests = runs.reduce((n, r) => n + r.result.requests.total, 0);
    return {
      name: target.name,
      rps: requests / DURATION_S,
      p50: median(runs.map((r) => r.result.latency.p50)),
      p99: median(runs.map((r) => r.result.latency.p99)),
      // The servers' thread time per request (gateway and posts share it): the cost, whatever
      // else the shared machine is doing.
      busyUs: (runs.reduce((n, r) => n + r.busyMs, 0) * 1000) / Math.max(requests, 1),
      failed: runs.reduce((n, r) => n + r.result.non2xx + r.result.errors + r.result.timeouts, 0),
    };
  });
  const by = (name: string) => rows.find((r) => r.name === name) as (typeof rows)[0];
  const cell = (value: string | number, width = 10) => String(value).padStart(width);
  say();
  say(
    `${''.padEnd(28)}${cell('req/s')}${cell('p50 ms')}${cell('p99 ms')}${cell('busy µs/req', 13)}${cell('failed')}`,
  );
  for (const r of rows) {
    say(
      `${r.name.padEnd(28)}${cell(r.rps.toFixed(0))}${cell(r.p50.toFixed(1))}${cell(r.p99.toFixed(1))}` +
        `${cell(r.busyUs.toFixed(0), 13)}${cell(r.failed)}`,
    );
  }
  const anchorRow = by('anchor: bare route, page 1');
  const rowAnchor = by('anchor: row query, page 1');
  const page1 = by('gateway, page 1');
  const cursor = by('gateway, page 200 cursor');
  const search = by('gateway, search bicycle');
  const typo = by('gateway, search bicyle');
  const ratio = page1.rps / anchorRow.rps;
  const busyRatio = anchorRow.busyUs / page1.busyUs;
  const cursorRatio = cursor.rps / page1.rps;
  const checks: [string, boolean][] = [
    [`first page p99 ${page1.p99.toFixed(1)} ms < 25 ms`, page1.p99 < 25],
    [
      `first page ${ratio.toFixed(2)}x the anchor's req/s (>= 0.6); by thread time per request ` +
        `${busyRatio.toFixed(2)}x; against the row-query anchor ${(page1.rps / rowAnchor.rps).toFixed(2)}x`,
      ratio >= 0.6,
    ],
    [
      `cursor page 200 at ${(cursorRatio * 100).toFixed(0)} % of page 1's req/s (within 10 %)`,
      cursorRatio >= 0.9,
    ],
    [`search p99 ${search.p99.toFixed(1)} ms < 50 ms`, search.p99 < 50],
  ];
  say();
  for (const [text, ok] of checks) say(`${ok ? 'ok  ' : 'MISS'} ${text}`);
  say(`(no budget) a typo search, answered by title similarity: p99 ${typo.p99.toFixed(1)} ms`);
  say(
    `load average while measuring: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${cpus().length} cores)`,
  );
  say();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
