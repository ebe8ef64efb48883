import { availableParallelism, setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { TEST_DATABASE_URL, TEST_NATS_URL } from '@waco/platform/testing';
import { type PostsDatabase, postListSql } from '@waco/posts/benchmarks';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Agent, type Dispatcher } from 'undici';
import { startBareProxy } from './bare-proxy';
import { serveFeedPage } from './feed-anchor';
import { cannon, cpuMs, cpuMsByName, loadAverage, summarize, until } from './measure';
import { nginxBinary, startNginxProxy } from './nginx-proxy';
import { STACK_SERVICES as SERVICES, startBenchStack, type User } from './stack';

// The mixed workload against the distributed stack, each service its own process on
// this machine's Postgres and NATS JetStream, everything through the gateway as browsers would:
// `--users` simulated users (default 200), `--streams` of them (default 50) holding their live
// stream open, the others and they alike looping over a mix of feed pages, post details, likes,
// saves, messages, notification polls, conversation lists, searches, comment threads read,
// comments written and follows for `--seconds` (`--mix classic`: without the last three).
// Each user sends its next request when the last one answered, after `--think-ms` (0: as fast
// as the stack answers, which measures what it can carry).
//
// Printed: requests/s, p50/p99 per request type, event-to-stream latency (a like or a message
// sent to a user holding a stream → its push read off that stream), CPU seconds per process (from
// /proc), and the anchors of the same run, measured just before the mix:
//   - the feed's first page: a bare Fastify route running the same SQL with raw `pg`, and the
//     gateway's `/api/posts`, in alternating autocannon rounds, beside posts answering it direct
//     and through a bare proxy (bare-proxy.ts: the least a second HTTP hop costs here);
//   - the raw parts of an event: insert a row + JetStream publish with ack, in a loop.
//
//   npx tsx bench/load.ts --seconds 30 --users 200
//   npx tsx bench/load.ts --mix classic   (the mix before comments and follows, to compare)
//   PROFILE=1 npx tsx bench/load.ts   (every process's --cpu-prof into PROFILE_DIR, /tmp/waco-profiles)
//   npx tsx bench/load.ts --knee   (the offered load raised by --knee-step requests/s every
//     --step-seconds, open loop, from --knee-start: the knee is the most requests/s of the mix with
//     p99 under 250 ms and no error, printed with each process's CPU ms per request there)
//   GUEST_CACHE_MS=0 npx tsx bench/load.ts --knee --guests 0.5   (half the public reads as guests,
//     the gateway keeping none of their answers: against the default, what its guests' cache saves)
//   npx tsx bench/load.ts --per-kind 100 --step-seconds 10   (each request type alone at 100/s:
//     its CPU ms per request in every process, and its share of the mix's cost)
//   npx tsx bench/load.ts --overload 1000 --seconds 20   (open loop at 1000 requests/s, twice the
//     knee, then `--seconds` more at a quarter of it: how much the gateway admits and at what p99,
//     how fast it refuses the rest (503 with Retry-After), whether an admitted write's event
//     reaches its stream, and whether the calm after is served normally at once)

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    users: { type: 'string', default: '200' },
    streams: { type: 'string', default: '50' },
    'think-ms': { type: 'string', default: '0' },
    'anchor-seconds': { type: 'string', default: '3' },
    'anchor-rounds': { type: 'string', default: '3' },
    posts: { type: 'string', default: '600' },
    // `classic`: the mix before comments and follows, to compare the same stack with and without them.
    mix: { type: 'string', default: 'community' },
    // The knee: the offered load raised step by step (requests/s, open loop) until p99 passes
    // KNEE_P99_MS or a request fails; prints the last step that held.
    knee: { type: 'boolean', default: false },
    'knee-start': { type: 'string', default: '100' },
    'knee-step': { type: 'string', default: '100' },
    'step-seconds': { type: 'string', default: '10' },
    // Graceful overload: the offered load (requests/s, open loop), then a calm quarter of it.
    overload: { type: 'string' },
    // The share of public reads (feed pages, post details, searches) sent as a guest, without
    // the session cookie, as most of a city's readers are: 0 (the default) keeps the members'
    // mix the anchors were measured with.
    guests: { type: 'string', default: '0' },
    // Each request type of the mix alone, open loop at this rate (requests/s) for --step-seconds:
    // the CPU ms one request of each costs in every process, and its share of the mix's cost.
    'per-kind': { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const USERS = Number(args.users);
const STREAMERS = Math.min(USERS, Number(args.streams));
const THINK_MS = Number(args['think-ms']);
const ANCHOR_S = Number(args['anchor-seconds']);
const ANCHOR_ROUNDS = Number(args['anchor-rounds']);
const POSTS = Number(args.posts);
const PROFILE = process.env.PROFILE === '1';
const KNEE = args.knee === true;
const KNEE_START = Number(args['knee-start']);
const KNEE_STEP = Number(args['knee-step']);
const STEP_SECONDS = Number(args['step-seconds']);
const OVERLOAD = args.overload === undefined ? undefined : Number(args.overload);
const GUESTS = Number(args.guests);
const PER_KIND = args['per-kind'] === undefined ? undefined : Number(args['per-kind']);
if (!(GUESTS >= 0 && GUESTS <= 1)) throw new Error('--guests is a share, from 0 to 1');
/** Overload's targets: refusals within 50 ms, the admitted under 500 ms at p99. */
const REFUSAL_P99_MS = 50;
const ADMITTED_P99_MS = 500;
/** The knee's bound: the most requests/s whose p99 stays under this, with no request failing. */
const KNEE_P99_MS = 250;
const PROFILE_DIR = process.env.PROFILE_DIR ?? '/tmp/waco-profiles';

/** The mix, by weight: what a browsing crowd asks most. */
const CLASSIC_MIX = [
  ['feed page', 30],
  ['post detail', 18],
  ['search', 8],
  ['like', 10],
  ['save', 5],
  ['send message', 6],
  ['conversations', 5],
  ['notifications poll', 14],
  ['current user', 4],
] as const;
/** With the community's requests: reading a post's thread, commenting on it, following its author. */
const COMMUNITY = [
  ['comments', 10],
  ['comment', 4],
  ['follow', 2],
] as const;
type Kind = (typeof CLASSIC_MIX)[number][0] | (typeof COMMUNITY)[number][0];
if (args.mix !== 'classic' && args.mix !== 'community') throw new Error('--mix is classic or community');
const MIX: ReadonlyArray<readonly [Kind, number]> =
  args.mix === 'classic' ? CLASSIC_MIX : [...CLASSIC_MIX, ...COMMUNITY];

const say = (line = '') => process.stdout.write(`${line}\n`);
const loadAtStart = loadAverage();

say(`load average ${loadAtStart} (${availableParallelism()} CPUs)`);
if (GUESTS > 0)
  say(
    `public reads as guests: ${(GUESTS * 100).toFixed(0)} % (GUEST_CACHE_MS ${process.env.GUEST_CACHE_MS ?? 'default'})`,
  );
if (PROFILE) say(`profiling into ${PROFILE_DIR}`);
say('starting identity, posts, messaging, notifications and the gateway as separate processes...');
const stack = await startBenchStack(
  'load',
  // Every process writes a profile when it stops (named by its pid: see the line below).
  PROFILE
    ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${PROFILE_DIR}`.trim() }
    : {},
);
const { group, base, tag, suffix, prefix, ports } = stack;
// The load generator shares the cores with what it measures: it comes first (where it may; only
// now, or the stack's processes would inherit it), so that a latency it prints is the stack's, not
// its own wait for a core.
try {
  setPriority(-10);
} catch {
  say('(the load generator runs at the same priority as the stack: its own waits are in the figures)');
}

if (PROFILE) say(`pids: ${[...group.processes].map(([n, c]) => `${n} ${c.pid}`).join(', ')}`);
const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 10 });
// The mix's requests go through undici's own client, not `fetch` (the same library under a
// costlier API): at 800 requests/s the generator's own work showed in the refusals' latency.
const mixClient = new Agent({ connections: null, pipelining: 1 });
const anchor = Fastify();
const rawSchema = `load_raw${tag}`;

try {
  say(`signing up ${USERS} users...`);
  const users: User[] = [];
  for (let i = 0; i < USERS; i += 8) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, USERS - i) }, (_, k) => stack.signUp(`User${i + k}`, 'Load')),
      )),
    );
  }
  const ids = users.map((u) => u.id);
  await stack.untilUsersKnown(db, ids);

  // The posts are the stream holders': every like of one is news on an open stream.
  const streamers = users.slice(0, STREAMERS);
  say(`publishing ${POSTS} posts by the ${STREAMERS} stream holders...`);
  const posts: Array<{ id: string; owner: User }> = [];
  for (let i = 0; i < POSTS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, POSTS - i) }, async (_, k) => {
        const owner = streamers[(i + k) % STREAMERS] as User;
        const res = await fetch(`${base}/api/posts`, {
          method: 'POST',
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            category: 'sale',
            title: `Load bicycle ${i + k}`,
            description: 'A post of the load benchmark',
            price: '1',
          }),
        });
        if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${await res.text()}`);
        posts.push({ id: ((await res.json()) as { id: string }).id, owner });
      }),
    );
  }
  for (const u of streamers) {
    u.stream = await stack.openStream(u);
  }

  // ---- Anchor 1: the feed's first page, bare Fastify + raw pg against gateway, side by side.
  const anchorPool = new pg.Pool({
    connectionString: TEST_DATABASE_URL,
    max: 10,
    options: `-c search_path=posts${suffix},public`,
  });
  const kysely = new Kysely<PostsDatabase>({ dialect: new PostgresDialect({ pool: anchorPool }) });
  const PAGE = 15;
  const firstPage = postListSql({ source: { kind: 'feed' }, limit: PAGE, offset: 0 }).compile(kysely);
  anchor.get('/feed', serveFeedPage(anchorPool, firstPage, PAGE));
  const anchorUrl = await anchor.listen({ host: '127.0.0.1', port: 0 });
  // The least a second hop costs (bare-proxy.ts), in this process, in front of posts.
  const bare = await startBareProxy(`http://127.0.0.1:${ports.posts}`);
  const postsPid = group.processes.get('posts')?.pid ?? -1;
  // And nginx (Debian's, when installed), the edge proxy operators know, in front of posts.
  const nginxAt = nginxBinary();
  const nginx = nginxAt ? await startNginxProxy(nginxAt, `http://127.0.0.1:${ports.posts}`) : undefined;
  if (!nginx) say('nginx is not installed (apt-get install nginx-light): its anchor is left out');
  // `own`: this process answers (its CPU is counted; autocannon runs as a process of its own).
  // Each row asks as the same member (the gateway by the session cookie, the others by the user
  // header the gateway would send), so every row reads the same page the same way; the last row
  // asks as a guest, whose answer the gateway keeps (GUEST_CACHE_MS) and gives to the next.
  const member = users[0] as User;
  const asMember = { 'x-user-id': member.id };
  const feedTargets = [
    { name: 'anchor: bare Fastify + pg', url: `${anchorUrl}/feed`, pids: [] as number[], own: true },
    {
      name: 'gateway → posts',
      url: `${base}/api/posts?limit=${PAGE}`,
      headers: { cookie: member.cookie },
      pids: [group.processes.get('gateway')?.pid ?? -1, postsPid],
      own: false,
    },
    {
      name: 'bare proxy → posts',
      url: `${bare.url}/api/posts?limit=${PAGE}`,
      headers: asMember,
      pids: [postsPid],
      own: true,
    },
    {
      name: 'posts direct',
      url: `http://127.0.0.1:${ports.posts}/api/posts?limit=${PAGE}`,
      headers: asMember,
      pids: [postsPid],
      own: false,
    },
    ...(nginx
      ? [
          {
            name: 'nginx → posts',
            url: `${nginx.url}/api/posts?limit=${PAGE}`,
            headers: asMember,
            pids: [nginx.pid, postsPid],
            own: false,
          },
        ]
      : []),
    {
      name: "gateway, guests' kept answer",
      url: `${base}/api/posts?limit=${PAGE}`,
      pids: [group.processes.get('gateway')?.pid ?? -1, postsPid],
      own: false,
    },
  ];
  say(`anchor: feed first page, ${ANCHOR_ROUNDS} alternating rounds of ${ANCHOR_S} s, 10 connections...`);
  for (const t of feedTargets) await cannon(t.url, { seconds: 1, connections: 10, headers: t.headers });
  const feedRuns = new Map(feedTargets.map((t) => [t.name, { requests: 0, p99: [] as number[], cpu: 0 }]));
  for (let r = 0; r < ANCHOR_ROUNDS; r++) {
    for (const t of feedTargets) {
      const own = process.cpuUsage();
      const before = t.pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
      const res = await cannon(t.url, { seconds: ANCHOR_S, connections: 10, headers: t.headers });
      const ownUs = process.cpuUsage(own);
      const used =
        t.pids.reduce((sum, pid) => sum + cpuMs(pid), 0) -
        before +
        (t.own ? (ownUs.user + ownUs.system) / 1000 : 0);
      const run = feedRuns.get(t.name);
      if (!run) continue;
      run.requests += res.requests;
      run.p99.push(res.p99);
      run.cpu += used;
    }
  }
  await Promise.allSettled([anchorPool.end(), bare.close(), nginx?.close()]);

  // ---- Anchor 2: the raw parts of an event, insert a row + JetStream publish with ack.
  say('anchor: insert a row + JetStream publish with ack, in a loop...');
  const raw = await rawEventLoop(ANCHOR_S * 2);

  // ---- The mix.
  const eventLatency: number[] = [];
  /** Sent events awaited on a stream: key → send time. */
  const awaited = new Map<string, number>();
  for (const u of streamers) {
    if (!u.stream) continue;
    u.stream.onEvent = (e) => {
      const key =
        e.event === 'notification' && e.data.type === 'like'
          ? `like|${e.data.relatedId}|${e.data.title}`
          : e.event === 'message'
            ? `message|${e.data.content}`
            : null;
      if (!key) return;
      const sent = awaited.get(key);
      if (sent === undefined) return;
      awaited.delete(key);
      eventLatency.push(e.at - sent);
    };
  }
  const totalWeight = MIX.reduce((s, [, w]) => s + w, 0);
  const pick = (only?: Kind): Kind => {
    if (only) return only;
    let r = Math.random() * totalWeight;
    for (const [k, w] of MIX) {
      r -= w;
      if (r < 0) return k;
    }
    return 'feed page';
  };
  let messageNo = 0;
  /** Posts each user has liked: a like is sent once per pair, so that each is news. */
  const liked = new Map<string, number>();
  /** One request of the mix, as undici's client takes it. */
  type MixRequest = { method?: Dispatcher.HttpMethod; headers?: Record<string, string>; body?: string };
  const request = (user: User, kind: Kind): { path: string; init?: MixRequest; await?: string } => {
    const post = posts[Math.floor(Math.random() * posts.length)] as (typeof posts)[number];
    const auth = { cookie: user.cookie };
    /** A public read's headers: a guest's (none) for `--guests` of them. */
    const reader = () => (GUESTS > 0 && Math.random() < GUESTS ? {} : auth);
    switch (kind) {
      case 'feed page': {
        const page = Math.random() < 0.7 ? 0 : Math.floor(Math.random() * 5);
        return { path: `/api/posts?limit=${PAGE}&offset=${page * PAGE}`, init: { headers: reader() } };
      }
      case 'post detail':
        return { path: `/api/posts/${post.id}`, init: { headers: reader() } };
      case 'search':
        return { path: `/api/posts?limit=${PAGE}&search=bicycle`, init: { headers: reader() } };
      case 'like': {
        // The next post this user has not liked yet, owned by someone else.
        const start = liked.get(user.id) ?? Math.floor(Math.random() * posts.length);
        let i = start;
        let target = posts[i % posts.length] as (typeof posts)[number];
        while (target.owner === user) target = posts[++i % posts.length] as (typeof posts)[number];
        liked.set(user.id, i + 1);
        return {
          path: `/api/posts/${target.id}/like`,
          init: { method: 'POST', headers: auth },
          await: `like|${target.id}|${user.name} liked your post`,
        };
      }
      case 'save':
        return { path: `/api/posts/${post.id}/save`, init: { method: 'POST', headers: auth } };
      case 'send message': {
        let to = streamers[Math.floor(Math.random() * streamers.length)] as User;
        if (to === user) to = streamers[(streamers.indexOf(to) + 1) % streamers.length] as User;
        const content = `Load message ${messageNo++} ${tag}`;
        return {
          path: '/api/messages',
          init: {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ recipientId: to.id, content }),
          },
          await: to === user ? undefined : `message|${content}`,
        };
      }
      case 'conversations':
        return { path: '/api/messages', init: { headers: auth } };
      case 'notifications poll':
        return { path: '/api/notifications', init: { headers: auth } };
      case 'current user':
        return { path: '/api/user', init: { headers: auth } };
      case 'comments':
        return { path: `/api/posts/${post.id}/comments`, init: { headers: auth } };
      case 'comment':
        return {
          path: `/api/posts/${post.id}/comments`,
          init: {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ content: `Load comment ${messageNo++} ${tag}`, parentId: null }),
          },
        };
      case 'follow': {
        // Following again only sets the follow's alerts: each is a write all the same.
        // Never oneself (refused, 400): another stream holder when the post is one's own.
        const followed = post.owner === user ? (streamers.find((s) => s !== user) as User) : post.owner;
        return {
          path: `/api/users/${followed.id}/follow`,
          init: { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' },
        };
      }
    }
  };

  const names = ['gateway', ...SERVICES];
  const pids = new Map(names.map((n) => [n, group.processes.get(n)?.pid ?? -1]));

  /** One request of the mix as `user`, timed and counted into `run`. */
  const send = async (user: User, run: MixRun, only?: Kind) => {
    const kind = pick(only);
    const { path, init, await: key } = request(user, kind);
    const sent = performance.now();
    if (key) awaited.set(key, sent);
    try {
      const res = await mixClient.request({ origin: base, path, method: 'GET', ...init });
      await res.body.dump();
      const status = res.statusCode;
      if (status === 503 && res.headers['retry-after'] !== undefined) {
        // Refused by the gateway's admission: counted apart, and never a failure of the service.
        run.refused.push(performance.now() - sent);
        if (key) awaited.delete(key);
        return;
      }
      if (status < 200 || status > 299) {
        run.failures.set(kind, (run.failures.get(kind) ?? 0) + 1);
        if (run.failureSamples.length < 5) run.failureSamples.push(`${kind} ${path} → ${status}`);
        if (key) awaited.delete(key);
      }
    } catch (err) {
      run.failures.set(kind, (run.failures.get(kind) ?? 0) + 1);
      if (run.failureSamples.length < 5)
        run.failureSamples.push(`${kind} ${path} → ${(err as Error).message}`);
      if (key) awaited.delete(key);
    }
    run.latencies.get(kind)?.push(performance.now() - sent);
    run.completed++;
  };

  /**
   * The mix for `seconds`: closed loop (each user sends its next request when the last answered,
   * after the think time), or open loop at `rate` requests/s whatever the answers (the users take
   * turns), as the knee needs: an offered load that does not slow down when the stack does.
   */
  const runMix = async (seconds: number, rate?: number, only?: Kind, settle = false): Promise<MixRun> => {
    const run: MixRun = {
      latencies: new Map<Kind, number[]>(MIX.map(([k]) => [k, []])),
      failures: new Map<Kind, number>(MIX.map(([k]) => [k, 0])),
      failureSamples: [],
      refused: [],
      completed: 0,
      elapsed: 0,
      cpu: new Map(),
      generatorCpu: 0,
      window: 0,
      load: '',
    };
    const cpuBefore = new Map(names.map((n) => [n, cpuMs(pids.get(n) ?? -1)]));
    const pgBefore = cpuMsByName('postgres');
    const natsBefore = cpuMsByName('nats-server');
    const ownBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    if (rate === 0) {
      await new Promise((r) => setTimeout(r, seconds * 1000));
    } else if (rate === undefined) {
      const loop = async (user: User) => {
        // Spread the start over the first second.
        await new Promise((r) => setTimeout(r, Math.random() * 1000));
        while (performance.now() < deadline) {
          await send(user, run);
          if (THINK_MS > 0) await new Promise((r) => setTimeout(r, THINK_MS * (0.5 + Math.random())));
        }
      };
      await Promise.all(users.map(loop));
    } else {
      const inFlight = new Set<Promise<void>>();
      for (let n = 0; ; n++) {
        const at = started + (n * 1000) / rate;
        if (at >= deadline) break;
        const wait = at - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const sending = send(users[n % users.length] as User, run, only).finally(() =>
          inFlight.delete(sending),
        );
        inFlight.add(sending);
      }
      await Promise.all(inFlight);
    }
    run.elapsed = (performance.now() - started) / 1000;
    if (settle) {
      // The work a request leaves behind (its events relayed, consumed, pushed) counts as its own.
      await until(async () => awaited.size === 0, 5_000).catch(() => {});
      await new Promise((r) => setTimeout(r, 1_500));
    }
    run.window = (performance.now() - started) / 1000;
    for (const n of names) run.cpu.set(n, cpuMs(pids.get(n) ?? -1) - (cpuBefore.get(n) ?? 0));
    run.cpu.set('postgres (all)', cpuMsByName('postgres') - pgBefore);
    run.cpu.set('nats-server', cpuMsByName('nats-server') - natsBefore);
    const own = process.cpuUsage(ownBefore);
    run.generatorCpu = (own.user + own.system) / 1000;
    run.load = loadAverage();
    return run;
  };

  const cell = (v: string | number, w = 10) => String(v).padStart(w);
  /** The anchors of this run, measured before the mix. */
  const printAnchors = () => {
    say();
    say(`anchors of this run (feed first page, ${ANCHOR_ROUNDS}×${ANCHOR_S} s each, 10 connections):`);
    const anchorRps = (feedRuns.get(feedTargets[0]?.name ?? '')?.requests ?? 0) / (ANCHOR_ROUNDS * ANCHOR_S);
    for (const t of feedTargets) {
      const r = feedRuns.get(t.name);
      if (!r) continue;
      const rps = r.requests / (ANCHOR_ROUNDS * ANCHOR_S);
      say(
        `  ${t.name.padEnd(28)}${cell(rps.toFixed(0))} req/s  p99 ${cell(Math.max(...r.p99).toFixed(1), 6)} ms` +
          `  CPU ${cell(((r.cpu * 1000) / Math.max(r.requests, 1)).toFixed(0), 5)} µs/req` +
          `${t.own ? ' (with this process, autocannon excluded)' : ''}  ${(rps / anchorRps).toFixed(2)}x anchor`,
      );
    }
    // The gateway's targets on this page: its throughput against posts direct, and
    // its own CPU per request (beyond what posts spent) against nginx's own.
    const figures = (name: string) => {
      const r = feedRuns.get(name);
      return r
        ? { rps: r.requests / (ANCHOR_ROUNDS * ANCHOR_S), cpuUs: (r.cpu * 1000) / Math.max(r.requests, 1) }
        : null;
    };
    const [viaGateway, direct, viaNginx] = [
      figures('gateway → posts'),
      figures('posts direct'),
      figures('nginx → posts'),
    ];
    if (viaGateway && direct) {
      const ratio = viaGateway.rps / direct.rps;
      say(
        `  gateway / posts direct, throughput: ${ratio.toFixed(2)}x (target at least 0.85: ${ratio >= 0.85 ? 'met' : 'NOT met'})`,
      );
      if (viaNginx) {
        const own = (viaGateway.cpuUs - direct.cpuUs) / Math.max(viaNginx.cpuUs - direct.cpuUs, 1);
        say(
          `  proxy's own CPU per request: gateway ${(viaGateway.cpuUs - direct.cpuUs).toFixed(0)} µs, nginx ` +
            `${(viaNginx.cpuUs - direct.cpuUs).toFixed(0)} µs: ${own.toFixed(2)}x (target at most 3: ${own <= 3 ? 'met' : 'NOT met'}); ` +
            `nginx / posts direct, throughput: ${(viaNginx.rps / direct.rps).toFixed(2)}x`,
        );
      }
    }
    say(
      `  insert + JetStream publish with ack: ${raw.rate.toFixed(0)} /s one at a time (p50 ${raw.p50.toFixed(2)} ms, ` +
        `publish alone p50 ${raw.publishP50.toFixed(2)} ms); ${raw.batchRate.toFixed(0)} /s in batches of 100`,
    );
    say(
      `    CPU per event one at a time: ${(raw.cpu.postgres + raw.cpu.nats + raw.cpu.own).toFixed(2)} ms ` +
        `(Postgres ${raw.cpu.postgres.toFixed(2)}, nats-server ${raw.cpu.nats.toFixed(2)}, the loop ${raw.cpu.own.toFixed(2)})`,
    );
  };

  if (OVERLOAD !== undefined) {
    const calm = Math.max(1, Math.round(OVERLOAD / 4));
    /** One phase's line: what was admitted and how fast, what was refused and how fast. */
    const phase = (name: string, rate: number, run: MixRun) => {
      const admitted = summarize([...run.latencies.values()].flat());
      const refused = summarize(run.refused);
      const failed = [...run.failures.values()].reduce((a, b) => a + b, 0);
      say(
        `${name}: offered ${rate} requests/s for ${run.elapsed.toFixed(1)} s; admitted ${(run.completed / run.elapsed).toFixed(0)}/s ` +
          `(p50 ${admitted.p50.toFixed(1)} ms, p99 ${admitted.p99.toFixed(1)} ms); refused ${(refused.count / run.elapsed).toFixed(0)}/s ` +
          `(p99 ${refused.p99.toFixed(1)} ms); other failures ${failed}; load ${run.load}`,
      );
      if (run.failureSamples.length) say(`  failures, e.g.: ${run.failureSamples.join('; ')}`);
      return { admitted, refused, failed };
    };
    say(
      `overload: open loop at ${OVERLOAD} requests/s for ${SECONDS} s, then ${calm} requests/s for ${SECONDS} s...`,
    );
    // An overload comes to a stack already serving: 5 s at the calm rate first (not counted), as
    // the knee warms up, so that what is measured is the overload and not a cold start.
    await runMix(5, calm);
    const eventsBefore = eventLatency.length;
    const over = phase('overload', OVERLOAD, await runMix(SECONDS, OVERLOAD));
    const after = phase('after', calm, await runMix(SECONDS, calm));
    await until(async () => awaited.size === 0, 5_000).catch(() => {});
    const ev = summarize(eventLatency.slice(eventsBefore));
    say(
      `event → stream through both (admitted likes and messages to a user holding a stream): ${ev.count} events, ` +
        `p99 ${ev.p99.toFixed(1)} ms, lost ${awaited.size}`,
    );
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    say();
    say(
      `refusals within ${REFUSAL_P99_MS} ms at p99: ${over.refused.p99.toFixed(1)} ms, ${verdict(over.refused.count === 0 || over.refused.p99 <= REFUSAL_P99_MS)}`,
    );
    say(
      `the admitted under ${ADMITTED_P99_MS} ms at p99: ${over.admitted.p99.toFixed(1)} ms, ${verdict(over.admitted.p99 <= ADMITTED_P99_MS)}`,
    );
    say(
      `no failure but refusals, nothing lost: ${over.failed + after.failed} failed, ${awaited.size} lost, ${verdict(over.failed + after.failed === 0 && awaited.size === 0)}`,
    );
    say(
      `served normally at once after: p99 ${after.admitted.p99.toFixed(1)} ms, ${after.refused.count} refused, ` +
        `${verdict(after.admitted.p99 <= KNEE_P99_MS && after.refused.count === 0 && after.failed === 0)}`,
    );
    stack.reportProblems(say);
    say(`\nload average at the start: ${loadAtStart}; at the end: ${loadAverage()}`);
  } else if (PER_KIND !== undefined) {
    say(
      `each request type alone, open loop at ${PER_KIND} requests/s for ${STEP_SECONDS} s (and its work after):`,
    );
    await runMix(5, PER_KIND);
    // What the stack spends doing nothing (timers, heartbeats, pollers), taken off each figure.
    const idle = await runMix(STEP_SECONDS, 0, undefined, true);
    const idlePerS = new Map([...idle.cpu].map(([n, ms]) => [n, ms / idle.window]));
    say(`idle, CPU ms per second: ${[...idlePerS].map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ')}`);
    const procs = [...names, 'postgres (all)', 'nats-server'];
    const short = (n: string) =>
      n.replace(' (all)', '').replace('notifications', 'notif').replace('nats-server', 'nats');
    say(
      `${'CPU ms per request'.padEnd(20)}${procs.map((n) => short(n).padStart(9)).join('')}${'in all'.padStart(9)}${'generator'.padStart(10)}${'p99 ms'.padStart(9)}${'share'.padStart(7)}`,
    );
    const costs = new Map<Kind, number>();
    const rows: string[][] = [];
    for (const [kind] of MIX) {
      const run = await runMix(STEP_SECONDS, PER_KIND, kind, true);
      const per = procs.map(
        (n) => ((run.cpu.get(n) ?? 0) - (idlePerS.get(n) ?? 0) * run.window) / run.completed,
      );
      const sum = per.reduce((a, b) => a + b, 0);
      costs.set(kind, sum);
      const p99 = summarize([...run.latencies.values()].flat()).p99;
      const failed = [...run.failures.values()].reduce((a, b) => a + b, 0);
      rows.push([
        kind.padEnd(20),
        ...per.map((v) => v.toFixed(2).padStart(9)),
        sum.toFixed(2).padStart(9),
        (run.generatorCpu / run.completed).toFixed(2).padStart(10),
        p99.toFixed(1).padStart(9),
        failed + run.refused.length > 0 ? ` (${failed} failed, ${run.refused.length} refused)` : '',
      ]);
    }
    const weight = MIX.reduce((s, [, w]) => s + w, 0);
    const mean = MIX.reduce((s, [k, w]) => s + (costs.get(k) ?? 0) * w, 0) / weight;
    for (const [i, [kind, w]] of MIX.entries()) {
      const share = (((costs.get(kind) ?? 0) * w) / weight / mean) * 100;
      const row = rows[i] as string[];
      row.splice(row.length - 1, 0, `${share.toFixed(0)} %`.padStart(7));
      say(row.join(''));
    }
    say(
      `the mix (by its weights): ${mean.toFixed(2)} ms of CPU per request, so two cores serve at most ${((2 * 1000) / mean).toFixed(0)} requests/s`,
    );
    stack.reportProblems(say);
    say(`\nload average at the start: ${loadAtStart}; at the end: ${loadAverage()}`);
  } else if (KNEE) {
    say(
      `the knee: open loop from ${KNEE_START} requests/s, +${KNEE_STEP} every ${STEP_SECONDS} s, until p99 > ${KNEE_P99_MS} ms or an error...`,
    );
    say(
      `${'offered'.padStart(8)}${'served'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'failed'.padStart(8)}${'refused'.padStart(9)}  load`,
    );
    // Warmed first at half the first step (not counted): every process's code compiled, its pools
    // and prepared statements made, so the first step measures the stack and not its start.
    await runMix(5, Math.max(1, Math.round(KNEE_START / 2)));
    let held: { rate: number; run: MixRun } | undefined;
    for (let rate = KNEE_START; ; rate += KNEE_STEP) {
      const run = await runMix(STEP_SECONDS, rate);
      const all = summarize([...run.latencies.values()].flat());
      const failed = [...run.failures.values()].reduce((a, b) => a + b, 0);
      say(
        `${String(rate).padStart(8)}${(run.completed / run.elapsed).toFixed(0).padStart(9)}${all.p50.toFixed(1).padStart(9)}` +
          `${all.p99.toFixed(1).padStart(9)}${String(failed).padStart(8)}${String(run.refused.length).padStart(9)}  ${run.load}`,
      );
      if (run.failureSamples.length) say(`  failures, e.g.: ${run.failureSamples.join('; ')}`);
      // A refusal (the gateway's admission) is not served: past the knee as surely as a failure.
      if (all.p99 > KNEE_P99_MS || failed + run.refused.length > 0) break;
      held = { rate, run };
    }
    if (!held)
      say(`no step held: p99 passed ${KNEE_P99_MS} ms (or a request failed) at ${KNEE_START} requests/s`);
    else {
      const { rate, run } = held;
      say();
      say(
        `knee: ${(run.completed / run.elapsed).toFixed(0)} requests/s served (${rate} offered) with p99 under ${KNEE_P99_MS} ms and no error`,
      );
      say('CPU ms per request there:');
      let sum = 0;
      for (const [n, used] of run.cpu) {
        sum += used;
        say(`  ${n.padEnd(16)}${(used / run.completed).toFixed(2).padStart(8)} ms`);
      }
      say(`  ${'in all'.padEnd(16)}${(sum / run.completed).toFixed(2).padStart(8)} ms`);
    }
    printAnchors();
    stack.reportProblems(say);
    say(`\nload average at the start: ${loadAtStart}; at the end: ${loadAverage()}`);
  } else {
    say(
      `mixed load (${args.mix}): ${USERS} users (${STREAMERS} holding a live stream), think ${THINK_MS} ms, ${SECONDS} s...`,
    );
    const loadBefore = loadAverage();
    const mix = await runMix(SECONDS);
    const { latencies, failures, failureSamples, completed, elapsed } = mix;
    const loadAfter = mix.load;
    await until(async () => awaited.size === 0, 5_000).catch(() => {});
    const lostEvents = awaited.size;

    // ---- Report.
    const all = [...latencies.values()].flat();
    const total = summarize(all);
    const failed = [...failures.values()].reduce((a, b) => a + b, 0);
    say();
    say(
      `mixed load, ${USERS} users, ${elapsed.toFixed(1)} s: ${(completed / elapsed).toFixed(0)} requests/s`,
    );
    say(
      `${''.padEnd(22)}${cell('count')}${cell('req/s')}${cell('p50 ms')}${cell('p99 ms')}${cell('max ms')}${cell('failed')}`,
    );
    for (const [kind] of MIX) {
      const s = summarize(latencies.get(kind) ?? []);
      say(
        `${kind.padEnd(22)}${cell(s.count)}${cell((s.count / elapsed).toFixed(0))}${cell(s.p50.toFixed(1))}` +
          `${cell(s.p99.toFixed(1))}${cell(s.max.toFixed(1))}${cell(failures.get(kind) ?? 0)}`,
      );
    }
    say(
      `${'all'.padEnd(22)}${cell(total.count)}${cell((total.count / elapsed).toFixed(0))}${cell(total.p50.toFixed(1))}` +
        `${cell(total.p99.toFixed(1))}${cell(total.max.toFixed(1))}${cell(failed)}`,
    );
    const ev = summarize(eventLatency);
    say(
      `event → stream (like → notification, message → message on an open stream): ${ev.count} events, ` +
        `p50 ${ev.p50.toFixed(1)} ms, p99 ${ev.p99.toFixed(1)} ms, max ${ev.max.toFixed(1)} ms, lost ${lostEvents}`,
    );
    if (failureSamples.length) say(`failures, e.g.: ${failureSamples.join('; ')}`);
    if (mix.refused.length) say(`refused by the gateway (503, busy): ${mix.refused.length}`);
    say();
    say('CPU seconds during the mix (and ms per request):');
    for (const [n, used] of mix.cpu) {
      const note = n === 'postgres (all)' ? '   (every backend on the server, other work included)' : '';
      say(
        `  ${n.padEnd(16)}${cell((used / 1000).toFixed(1), 8)} s ${cell((used / completed).toFixed(2), 8)} ms${note}`,
      );
    }
    printAnchors();
    stack.reportProblems(say);
    say(`\nload average before the mix: ${loadBefore}; after: ${loadAfter}; at the start: ${loadAtStart}`);
  }
} catch (err) {
  stack.reportLastLines(say);
  throw err;
} finally {
  await Promise.allSettled([anchor.close(), db.query(`DROP SCHEMA IF EXISTS "${rawSchema}" CASCADE`)]);
  await stack.stop();
  await Promise.allSettled([db.end(), mixClient.close()]);
}

/**
 * The raw parts of an event, as fast as they go: insert a row in Postgres, then publish it to
 * JetStream and wait for the ack; once one at a time, once in batches (one insert of 100 rows,
 * 100 publishes whose acks are awaited together).
 */
async function rawEventLoop(seconds: number) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA IF NOT EXISTS "${rawSchema}"`);
  await client.query(`CREATE TABLE "${rawSchema}".events (id bigserial PRIMARY KEY, data jsonb NOT NULL)`);
  const nc = await connect({ servers: TEST_NATS_URL });
  const jsm = await jetstreamManager(nc);
  const stream = `${prefix.toUpperCase()}_RAW`;
  await jsm.streams.add({ name: stream, subjects: [`${prefix}.raw`] });
  const js = jetstream(nc);
  const payload = JSON.stringify({ type: 'PostLiked', data: { postId: 'x', userId: 'y' } });
  const each: number[] = [];
  const publishes: number[] = [];
  // The CPU of the parts (Postgres and nats-server machine-wide, the loop's own process) per
  // event: the least one committed and published event costs here.
  const own = process.cpuUsage();
  const partsBefore = { postgres: cpuMsByName('postgres'), nats: cpuMsByName('nats-server') };
  let end = performance.now() + seconds * 500;
  while (performance.now() < end) {
    const t0 = performance.now();
    await client.query(`INSERT INTO "${rawSchema}".events (data) VALUES ($1)`, [payload]);
    const t1 = performance.now();
    await js.publish(`${prefix}.raw`, payload);
    const t2 = performance.now();
    each.push(t2 - t0);
    publishes.push(t2 - t1);
  }
  const ownUsed = process.cpuUsage(own);
  const perEvent = (ms: number) => ms / Math.max(each.length, 1);
  const cpu = {
    postgres: perEvent(cpuMsByName('postgres') - partsBefore.postgres),
    nats: perEvent(cpuMsByName('nats-server') - partsBefore.nats),
    own: perEvent((ownUsed.user + ownUsed.system) / 1000),
  };
  const oneRate = each.length / (seconds / 2);
  let batched = 0;
  end = performance.now() + seconds * 500;
  const rows = Array.from({ length: 100 }, () => payload);
  while (performance.now() < end) {
    await client.query(`INSERT INTO "${rawSchema}".events (data) SELECT unnest($1::jsonb[])`, [rows]);
    await Promise.all(rows.map((p) => js.publish(`${prefix}.raw`, p)));
    batched += rows.length;
  }
  await jsm.streams.delete(stream);
  await nc.close();
  await client.end();
  return {
    rate: oneRate,
    p50: summarize(each).p50,
    publishP50: summarize(publishes).p50,
    batchRate: batched / (seconds / 2),
    cpu,
  };
}

/** What one run of the mix measured. */
interface MixRun {
  latencies: Map<Kind, number[]>;
  failures: Map<Kind, number>;
  failureSamples: string[];
  /** How long each refusal (503 with Retry-After: the gateway's admission) took. */
  refused: number[];
  /** Requests answered, refusals excepted. */
  completed: number;
  elapsed: number;
  /** CPU ms each process (and Postgres, nats-server machine-wide) spent during it. */
  cpu: Map<string, number>;
  /** CPU ms this process (the load generator) spent during it. */
  generatorCpu: number;
  /** Seconds over which `cpu` was read (the run, and its settling). */
  window: number;
  load: string;
}
