import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { PostLiked } from '@waco/contracts';
import { messagingService } from '@waco/messaging';
import { notificationsService } from '@waco/notifications';
import { type RunningService, rebuildProjections, USER_ID_HEADER } from '@waco/platform';
import { createPostsService } from '@waco/posts';
import { encodeCursor, likeStream, postsProjection } from '@waco/posts/benchmarks';
import { sql } from 'kysely';
import { benchEvent, benchEventWriter, generatePostEvents, recordAuthors } from './feed-data';
import { inProcessServices, say } from './in-process';
import { loadAverage, summarize } from './measure';
import { numbersFromEnv } from './settings';

// The read paths as the city's data grows ("flat as data grows"): the same schemas
// filled step by step to each of SIZES posts (most expired or sold, as a real board's history: a
// year of posts, live for their 30 days), a tenth as many members, LIKES likes per post in the
// log, one member with a twentieth as many notifications as posts (50 000 at a million) and one
// with a five-hundredth as many conversations (2 000). At each size: posts' rebuild from the
// whole log (events/s), then REQUESTS sequential requests per read, straight to each service as
// the gateway would send them, p50 and p99. A chart of p99 against size is written to CHART.
//   npx tsx bench/scale.ts   (SIZES=10000,100000,1000000 LIKES=9 REQUESTS=200 CHART=/tmp/waco-scale.svg)

const SIZES = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
const CHART = process.env.CHART ?? '/tmp/waco-scale.svg';
const { LIKES, REQUESTS } = numbersFromEnv({ LIKES: 9, REQUESTS: 200 });
const PAGE = 15;
/** The targets at a million posts: what a city's years of history must still answer within. */
const TARGETS_MS: Record<string, number> = {
  'feed page 1': 25,
  'feed page 200 (cursor)': 25,
  search: 50,
  'typo search': 100,
  'notifications list': 30,
  'conversations list': 30,
};
const REBUILD_TARGET = 20_000;

const services = await inProcessServices();
const posts = await services.start(
  createPostsService({ requireUploadedMedia: false, memberLimits: false }),
  'scale_posts',
  { poolSize: 4 },
);
const notifications = await services.start(notificationsService, 'scale_notifications', { poolSize: 4 });
const messaging = await services.start(messagingService, 'scale_messaging', { poolSize: 4 });
const running = [posts, notifications, messaging] as RunningService<unknown>[];

/** One size's figures: p50/p99 per read, and the rebuild's events/s. */
interface Step {
  size: number;
  events: number;
  rebuildPerS: number;
  reads: Map<string, { p50: number; p99: number }>;
  load: string;
}
const steps: Step[] = [];
const authors: string[] = [];
const heavyReader = randomUUID();
const busyTalker = randomUUID();
let loaded = 0;
let logEvents = 0;

try {
  say(
    `load average ${loadAverage()}; sizes ${SIZES.join(', ')} posts, ${LIKES} likes each, ${REQUESTS} requests a read`,
  );
  for (const size of SIZES) {
    await grow(size);
    steps.push(await measureAt(size));
  }
  report();
  writeFileSync(CHART, chart());
  say(`\nchart of p99 against size: ${CHART}`);
} finally {
  await services.stop();
}

/** Adds posts (and their likes, members, notifications, conversations) up to `size` posts. */
async function grow(size: number) {
  const started = performance.now();
  const adding = size - loaded;
  // Members: a tenth of the posts, in posts' copy of identity's users (its `authors`).
  const newAuthors = Array.from({ length: Math.max(1, Math.round(size / 10) - authors.length) }, () =>
    randomUUID(),
  );
  await recordAuthors(
    posts.database.db,
    newAuthors.map((id) => ({
      userId: id,
      email: `${id}@example.com`,
      firstName: 'Neighbour',
      lastName: id.slice(0, 6),
    })),
  );
  authors.push(...newAuthors);
  const log = benchEventWriter(posts.database.db);
  for (const event of generatePostEvents(adding, authors, size)) {
    await log.add(event);
    const data = event.data as { postId: string; ownerId: string; title: string; category: 'sale' };
    const ref = { postId: data.postId, ownerId: data.ownerId, title: data.title, category: data.category };
    for (let i = 0; i < LIKES; i++) {
      const userId = authors[(i * 7919 + loaded) % authors.length] as string;
      await log.add(benchEvent(likeEvent(ref, userId), likeStream(ref.postId, userId), userId, new Date()));
    }
  }
  await log.done();
  logEvents += adding * (1 + LIKES);
  await fillNotifications(Math.round(size / 20), size);
  await fillConversations(Math.round(size / 500));
  loaded = size;
  say(
    `${size} posts: ${logEvents} events in the log, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function likeEvent(
  ref: { postId: string; ownerId: string; title: string; category: 'sale' },
  userId: string,
) {
  return {
    type: PostLiked.type,
    schemaVersion: PostLiked.schemaVersion,
    data: PostLiked.schema.parse({ ...ref, userId }),
  };
}

/** Notifications, as notifications' consumers write them: `own` for the heavy reader, the rest for others. */
async function fillNotifications(own: number, others: number) {
  const have = await countRows(
    notifications,
    sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${heavyReader}`,
  );
  const rows = (count: number, user: () => string) =>
    sql`
      INSERT INTO notifications (id, user_id, type, title, message, related_id, actor_id, is_read, created_at, source_event_id)
      SELECT gen_random_uuid(), u.id, 'like', 'New like', 'Someone liked your post', gen_random_uuid()::text,
             gen_random_uuid(), random() < 0.9, now() - (g * interval '1 minute'), gen_random_uuid()
      FROM generate_series(1, ${count}::int) g, LATERAL (SELECT ${user()}::uuid AS id) u`;
  if (own > have) await rows(own - have, () => heavyReader).execute(notifications.database.db);
  // Others' notifications spread over the members, so that the heavy reader's are a slice.
  const sample = authors.slice(0, 1000);
  const perMember = Math.max(1, Math.round((others - loaded) / sample.length / 10));
  for (const member of sample) await rows(perMember, () => member).execute(notifications.database.db);
}

/** Conversations of the busy talker, each with its last message, as messaging's projection keeps them. */
async function fillConversations(count: number) {
  const have = await countRows(
    messaging,
    sql`SELECT count(*)::int AS n FROM conversation_members WHERE user_id = ${busyTalker}`,
  );
  for (let i = have; i < count; i++) {
    const other = authors[i % authors.length] as string;
    const conversationId = [busyTalker, other].sort().join(':');
    const messageId = randomUUID();
    await sql`
      INSERT INTO messages (id, conversation_id, sender_id, recipient_id, content, created_at)
      VALUES (${messageId}, ${conversationId}, ${other}, ${busyTalker}, 'Is this still available?', now() - (${i} * interval '1 minute'))`.execute(
      messaging.database.db,
    );
    for (const [user, peer] of [
      [busyTalker, other],
      [other, busyTalker],
    ])
      await sql`
        INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_message_id, last_message, last_message_at, unread_count)
        VALUES (${conversationId}, ${user}, ${peer}, ${messageId}, 'Is this still available?', now() - (${i} * interval '1 minute'), 1)
        ON CONFLICT DO NOTHING`.execute(messaging.database.db);
  }
}

/** The first row's `n` of `query`, run on `service`'s database. */
async function countRows<DB>(service: RunningService<DB>, query: ReturnType<typeof sql<{ n: number }>>) {
  const { rows } = await query.execute(service.database.db);
  return rows[0]?.n ?? 0;
}

/** The rebuild's pace, then each read's p50 and p99 at this size. */
async function measureAt(size: number): Promise<Step> {
  const rebuildStarted = performance.now();
  const { events } = await rebuildProjections(posts.database, [postsProjection]);
  const rebuildPerS = events / ((performance.now() - rebuildStarted) / 1000);
  for (const service of running) await sql`ANALYZE`.execute(service.database.db);
  const busiest = await countRows(
    posts,
    sql`SELECT count(*)::int AS n FROM posts GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const { rows: owners } = await sql<{ user_id: string }>`
    SELECT user_id FROM posts GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`.execute(posts.database.db);
  const member = randomUUID();
  const reads: Array<[string, string, string]> = [
    ['feed page 1', posts.url, `/api/posts?limit=${PAGE}`],
    ['feed page 200 (cursor)', posts.url, `/api/posts?limit=${PAGE}&cursor=${await cursorBeforePage(200)}`],
    ['search', posts.url, `/api/posts?limit=${PAGE}&search=bicycle`],
    ['typo search', posts.url, `/api/posts?limit=${PAGE}&search=bicyle`],
    ['tag page', posts.url, `/api/hashtags/free/posts?limit=${PAGE}`],
    [`public profile (${busiest} posts)`, posts.url, `/api/users/${owners[0]?.user_id}/posts?limit=${PAGE}`],
    ['notifications list', notifications.url, '/api/notifications'],
    ['conversations list', messaging.url, '/api/messages'],
  ];
  const asWhom: Record<string, string> = {
    'notifications list': heavyReader,
    'conversations list': busyTalker,
  };
  const figures = new Map<string, { p50: number; p99: number }>();
  for (const [name, base, path] of reads) {
    const headers = { [USER_ID_HEADER]: asWhom[name] ?? member };
    const first = await fetch(`${base}${path}`, { headers });
    if (!first.ok) throw new Error(`${name} answered ${first.status}: ${await first.text()}`);
    await first.arrayBuffer();
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const sent = performance.now();
      const res = await fetch(`${base}${path}`, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - sent);
    }
    const { p50, p99 } = summarize(latencies);
    figures.set(name.replace(/ \(\d+ posts\)$/, ''), { p50, p99 });
    say(
      `  ${size} posts, ${name.padEnd(34)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms`,
    );
  }
  say(`  ${size} posts, rebuild of ${events} events: ${rebuildPerS.toFixed(0)} events/s`);
  return { size, events, rebuildPerS, reads: figures, load: loadAverage() };
}

/** The cursor a client holds on its way to `page`: the last post of the page before (live posts only). */
async function cursorBeforePage(page: number) {
  const res = await fetch(`${posts.url}/api/posts?limit=1&offset=${(page - 1) * PAGE - 1}`);
  const last = ((await res.json()) as { posts: { id: string; createdAt: string }[] }).posts[0];
  // A small board has fewer live pages: its last one then.
  if (!last) {
    const all = await fetch(`${posts.url}/api/posts?limit=1&offset=0`);
    const first = ((await all.json()) as { posts: { id: string; createdAt: string }[] }).posts[0];
    return first ? encodeCursor({ kind: 'keyset', at: first.createdAt, id: first.id }) : '';
  }
  return encodeCursor({ kind: 'keyset', at: last.createdAt, id: last.id });
}

function report() {
  const largest = steps.at(-1);
  if (!largest) return;
  say(`\np99 by size (ms), and the targets at ${largest.size} posts:`);
  const names = [...largest.reads.keys()];
  say(`${''.padEnd(26)}${steps.map((s) => String(s.size).padStart(10)).join('')}    target`);
  for (const name of names) {
    const target = TARGETS_MS[name];
    const last = largest.reads.get(name)?.p99 ?? 0;
    const verdict = target === undefined ? '' : `< ${target} ms ${last <= target ? 'met' : 'NOT met'}`;
    say(
      `${name.padEnd(26)}${steps.map((s) => (s.reads.get(name)?.p99 ?? 0).toFixed(1).padStart(10)).join('')}    ${verdict}`,
    );
  }
  say(
    `${'rebuild (events/s)'.padEnd(26)}${steps.map((s) => s.rebuildPerS.toFixed(0).padStart(10)).join('')}    ` +
      `>= ${REBUILD_TARGET} ${largest.rebuildPerS >= REBUILD_TARGET ? 'met' : 'NOT met'}`,
  );
  say(`load average at each size: ${steps.map((s) => `${s.size}: ${s.load}`).join('; ')}`);
}

/** p99 against size, one line a read, sizes on a log scale: a plain SVG the docs can show. */
function chart(): string {
  const width = 720;
  const height = 420;
  const left = 60;
  const right = 210;
  const top = 30;
  const bottom = 50;
  const names = [...(steps.at(-1)?.reads.keys() ?? [])];
  const maxMs = Math.max(1, ...steps.flatMap((s) => [...s.reads.values()].map((r) => r.p99)));
  const logMin = Math.log10(Math.min(...SIZES));
  const logMax = Math.log10(Math.max(...SIZES));
  const x = (size: number) =>
    left + ((Math.log10(size) - logMin) / Math.max(logMax - logMin, 1e-9)) * (width - left - right);
  const y = (ms: number) => top + (1 - ms / maxMs) * (height - top - bottom);
  const colours = ['#0f766e', '#b45309', '#7c3aed', '#dc2626', '#2563eb', '#16a34a', '#db2777', '#525252'];
  const lines = names.map((name, i) => {
    const points = steps.map((s) => `${x(s.size).toFixed(1)},${y(s.reads.get(name)?.p99 ?? 0).toFixed(1)}`);
    const colour = colours[i % colours.length];
    return (
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.join(' ')}"/>` +
      `<text x="${width - right + 10}" y="${top + 16 * i + 10}" fill="${colour}" font-size="12">${name}</text>`
    );
  });
  const ticks = steps.map(
    (s) =>
      `<text x="${x(s.size).toFixed(1)}" y="${height - bottom + 18}" font-size="12" text-anchor="middle">${s.size.toLocaleString('en-US')}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<title>p99 of each read against the number of posts (bench/scale.ts)</title>
<rect width="100%" height="100%" fill="white"/>
<text x="${left}" y="18" font-size="14">p99 (ms) of each read against the number of posts (bench/scale.ts)</text>
<line x1="${left}" y1="${top}" x2="${left}" y2="${height - bottom}" stroke="#999"/>
<line x1="${left}" y1="${height - bottom}" x2="${width - right}" y2="${height - bottom}" stroke="#999"/>
<text x="${left - 8}" y="${top + 4}" font-size="12" text-anchor="end">${maxMs.toFixed(0)}</text>
<text x="${left - 8}" y="${height - bottom}" font-size="12" text-anchor="end">0</text>
<text x="${(left + width - right) / 2}" y="${height - 10}" font-size="12" text-anchor="middle">posts (log scale)</text>
${ticks.join('\n')}
${lines.join('\n')}
</svg>
`;
}
