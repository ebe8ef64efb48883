import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PostLiked } from '@waco/contracts';
import {
  appendToStream,
  createDatabase,
  createLogger,
  InProcessBus,
  migrate,
  newEvent,
  OutboxRelay,
  type RunningService,
  rebuildProjections,
  startService,
  USER_ID_HEADER,
} from '@waco/platform';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, uniqueName } from '@waco/platform/testing';
import { createPostsService } from '@waco/posts';
import { likeStream, type PostsDatabase, postsProjection } from '@waco/posts/benchmarks';
import { benchEvent, benchEventWriter, generatePostEvents } from './feed-data';
import { numbersFromEnv } from './settings';

// `npm run rebuild -- posts` against a serving posts: POSTS posts and LIKES likes in the log, then
// the command run as its own process while LIKERS clients like posts one request at a time and
// another schema's outbox relay publishes a ping every 50 ms. Prints each like's latency and each
// ping's publish lag during the rebuild, beside the same figures over QUIET seconds without one
// (the anchor). Runs in database `test`, in schemas dropped at the end.
//   npx tsx bench/rebuild.ts      (POSTS=20000 LIKES=20000 LIKERS=4 QUIET=3 by default)

const {
  POSTS,
  LIKES,
  LIKERS,
  QUIET: QUIET_S,
} = numbersFromEnv({ POSTS: 20_000, LIKES: 20_000, LIKERS: 4, QUIET: 3 });
const REPO_ROOT = join(import.meta.dirname, '..');

const logger = createLogger({ level: 'silent' });
const say = (line = '') => process.stdout.write(`${line}\n`);
await requirePostgres();
const bus = new InProcessBus(logger);
const posts: RunningService<PostsDatabase> = await startService(
  createPostsService({ requireUploadedMedia: false, memberLimits: false }),
  {
    databaseUrl: TEST_DATABASE_URL,
    schema: uniqueName('bench_rebuild'),
    bus,
    logger,
    poolSize: 10,
  },
);
const other = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName('bench_other'), max: 2 });
await migrate(other, {});
const relay = new OutboxRelay({ database: other, producer: 'other', bus, logger });
const appendedAt = new Map<string, number>();
const lags: number[] = [];
await bus.subscribe({
  consumer: 'bench',
  producer: 'other',
  types: ['Pinged'],
  handle: async (event) => {
    const at = appendedAt.get(event.id);
    if (at !== undefined) lags.push(performance.now() - at);
  },
});
await relay.start();

try {
  const postIds = await load();
  const quiet = await measure(() => new Promise((resolve) => setTimeout(resolve, QUIET_S * 1000)), postIds);
  report(`quiet, ${QUIET_S} s (anchor)`, quiet);
  let output = '';
  const during = await measure(
    () =>
      new Promise<void>((resolve, reject) => {
        execFile(
          join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
          [join(REPO_ROOT, 'launcher', 'src', 'rebuild.ts'), 'posts'],
          {
            cwd: REPO_ROOT,
            env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, DB_SCHEMA: posts.database.schema },
          },
          (err, stdout, stderr) => {
            output = (stdout + stderr).trim();
            if (err) reject(new Error(output));
            else resolve();
          },
        );
      }),
    postIds,
  );
  say(output);
  report('during npm run rebuild -- posts', during);
} finally {
  await relay.stop();
  await posts.stop();
  await other.close();
  await dropSchema(posts.database.schema);
  await dropSchema(other.schema);
}

/** The log: POSTS PostCreated and LIKES PostLiked in bulk, then the read tables from them. */
async function load() {
  const started = performance.now();
  const authors = Array.from({ length: 100 }, () => randomUUID());
  const postIds: string[] = [];
  const refs: { postId: string; ownerId: string; title: string; category: 'sale' | 'job' | 'event' }[] = [];
  const log = benchEventWriter(posts.database.db);
  for (const event of generatePostEvents(POSTS, authors)) {
    const data = event.data as { postId: string; ownerId: string; title: string; category: 'sale' };
    postIds.push(data.postId);
    refs.push({ postId: data.postId, ownerId: data.ownerId, title: data.title, category: data.category });
    await log.add(event);
  }
  for (let i = 0; i < LIKES; i++) {
    const ref = refs[i % refs.length] as (typeof refs)[number];
    const userId = randomUUID();
    const like = newEvent(PostLiked, { ...ref, userId });
    await log.add(benchEvent(like, likeStream(ref.postId, userId), userId, new Date()));
  }
  await log.done();
  const { events } = await rebuildProjections(posts.database, [postsProjection]);
  await posts.relay?.flush();
  say(
    `loaded ${events} events (${POSTS} posts, ${LIKES} likes) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return postIds;
}

/** Likes and pings while `during` runs; each like's latency, and how many failed. */
async function measure(during: () => Promise<unknown>, postIds: string[]) {
  let running = true;
  const likes: number[] = [];
  let failed = 0;
  const pingsBefore = lags.length;
  const likers = Array.from({ length: LIKERS }, async () => {
    while (running) {
      const postId = postIds[Math.floor(Math.random() * postIds.length)];
      const started = performance.now();
      const res = await posts.app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/like`,
        headers: { [USER_ID_HEADER]: randomUUID() },
      });
      if (res.statusCode === 200) likes.push(performance.now() - started);
      else failed++;
    }
  });
  const pinger = (async () => {
    while (running) {
      await other.db.transaction().execute(async (trx) => {
        const [ping] = await appendToStream(trx, other.schema, `ping-${randomUUID()}`, 0, [
          { type: 'Pinged', schemaVersion: 1, data: {} },
        ]);
        if (ping) appendedAt.set(ping.id, performance.now());
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  await during().finally(() => {
    running = false;
  });
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...likers, pinger]);
  await relay.flush();
  return { seconds, likes, failed, lags: lags.slice(pingsBefore) };
}

function report(label: string, m: Awaited<ReturnType<typeof measure>>) {
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0).toFixed(0);
  };
  say(
    `${label}: ${m.seconds.toFixed(1)} s, ${m.likes.length} likes (${m.failed} failed), like ms p50 ${pct(m.likes, 50)} ` +
      `p99 ${pct(m.likes, 99)} max ${pct(m.likes, 100)}; ${m.lags.length} pings published, lag ms p50 ` +
      `${pct(m.lags, 50)} p99 ${pct(m.lags, 99)} max ${pct(m.lags, 100)} (load ${loadavg()[0]?.toFixed(1)})`,
  );
}
