import { availableParallelism } from 'node:os';
import { PostLiked } from '@waco/contracts';
import { appendToStream, createDatabase, newEvent } from '@waco/platform';
import { type SseEvent, TEST_DATABASE_URL } from '@waco/platform/testing';
import pg from 'pg';
import { cpuMs, cpuMsByName, loadAverage, summarize, until } from './measure';
import { numbersFromEnv } from './settings';
import { STACK_SERVICES as SERVICES, startBenchStack, type User } from './stack';

// The event path alone: from a like's commit in posts' event store to the
// `notification` on the owner's open stream (commit → outbox relay → JetStream → notifications'
// batch consumer → notification row → push through the gateway's stream). The distributed stack
// runs as for bench/events.ts, each service its own process; this process commits the likes into
// posts' store with the same append posts' command handler uses (one transaction per like, a pool
// of PRODUCERS connections), so the HTTP request path (bench/events.ts, bench/gateway.ts) is not
// part of the figure and cannot cap it.
// Rates rise (RAMP, STEP_S seconds each) until p99 passes BUDGET_P99_MS or an event is lost.
//   npx tsx bench/event-path.ts     (RAMP=250,500,750,1000,1250,1500 STEP_S=10 OWNERS=10 FANS=100)
//   PROFILE=1 ... writes each process's --cpu-prof into PROFILE_DIR (/tmp/waco-profiles)

const { STEP_S, OWNERS, FANS, PRODUCERS } = numbersFromEnv({
  STEP_S: 10,
  OWNERS: 10,
  FANS: 100,
  PRODUCERS: 16,
});
const RAMP = (process.env.RAMP ?? '250,500,750,1000,1250,1500').split(',').map(Number);
const BUDGET_P99_MS = 100;
const WARM_UP = 500;

const say = (line: string) => process.stdout.write(`${line}\n`);
const loadAtStart = loadAverage();

say('starting identity, posts, messaging, notifications and the gateway as separate processes...');
const PROFILE_DIR = process.env.PROFILE_DIR ?? '/tmp/waco-profiles';
const stack = await startBenchStack(
  'eventpath',
  process.env.PROFILE === '1'
    ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${PROFILE_DIR}`.trim() }
    : {},
);
if (process.env.PROFILE === '1')
  say(
    `profiling into ${PROFILE_DIR}; pids: ${[...stack.group.processes].map(([n, c]) => `${n} ${c.pid}`).join(', ')}`,
  );
const { group, signUp } = stack;
const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
const postsSchema = `posts${stack.suffix}`;
const posts = createDatabase({ url: TEST_DATABASE_URL, schema: postsSchema, max: PRODUCERS });

await stack.run(
  say,
  async () => {
    say(`signing up ${OWNERS} owners and ${FANS} fans...`);
    const owners: User[] = [];
    for (let i = 0; i < OWNERS; i++) owners.push(await signUp(`Owner${i}`, 'Bench'));
    const fans: User[] = [];
    for (let i = 0; i < FANS; i++) fans.push(await signUp(`Fan${i}`, 'Bench'));
    await stack.untilUsersKnown(
      db,
      [...owners, ...fans].map((u) => u.id),
    );

    // Every like must be news to notifications (a new fan and post pair): enough posts for the run.
    const likesNeeded = WARM_UP + RAMP.reduce((a, b) => a + b, 0) * STEP_S;
    const postCount = Math.ceil(likesNeeded / FANS);
    say(`creating ${postCount} posts through the gateway...`);
    const postsOwned: Array<{ postId: string; owner: User; title: string }> = [];
    for (let i = 0; i < postCount; i++) {
      const owner = owners[i % OWNERS] as User;
      const title = `Bench post ${i}`;
      const res = await fetch(`${stack.base}/api/posts`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ category: 'sale', title, description: 'For the benchmark', price: '1' }),
      });
      if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${await res.text()}`);
      postsOwned.push({ postId: ((await res.json()) as { id: string }).id, owner, title });
    }
    const streams = await Promise.all(owners.map((o) => stack.openStream(o)));

    let next = 0;
    /** Commits `amount` likes evenly at `rate`/s (open loop) and waits for their notifications. */
    async function run(amount: number, rate: number) {
      const committedAt = new Map<string, number>();
      const arrivedEarly = new Map<string, number>();
      const latencies: number[] = [];
      const commits: number[] = [];
      let failed = 0;
      let lastArrived = 0;
      const onEvent = (e: SseEvent) => {
        if (e.event !== 'notification') return;
        const key = `${e.data.relatedId}|${e.data.title}`;
        const at = committedAt.get(key);
        // The push can beat the producer's own COMMIT acknowledgement home.
        if (at === undefined) arrivedEarly.set(key, e.at);
        else {
          committedAt.delete(key);
          latencies.push(e.at - at);
        }
        lastArrived = e.at;
      };
      for (const s of streams) s.onEvent = onEvent;
      const interval = 1000 / rate;
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let i = 0; i < amount; i++) {
        const wait = start + i * interval - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const n = next++;
        const fan = fans[n % FANS] as User;
        const post = postsOwned[Math.floor(n / FANS)] as (typeof postsOwned)[number];
        const key = `${post.postId}|${fan.name} liked your post`;
        const begun = performance.now();
        inFlight.push(
          posts.db
            .transaction()
            .execute((trx) =>
              appendToStream(
                trx,
                postsSchema,
                `like-${post.postId}-${fan.id}`,
                0,
                [
                  newEvent(PostLiked, {
                    postId: post.postId,
                    ownerId: post.owner.id,
                    category: 'sale',
                    userId: fan.id,
                  }),
                ],
                { actorId: fan.id },
              ),
            )
            .then(() => {
              const done = performance.now();
              commits.push(done - begun);
              const early = arrivedEarly.get(key);
              if (early !== undefined) {
                arrivedEarly.delete(key);
                latencies.push(Math.max(0, early - done));
              } else committedAt.set(key, done);
            })
            .catch(() => {
              failed++;
            }),
        );
      }
      await Promise.all(inFlight);
      const committedBy = performance.now();
      await until(async () => committedAt.size === 0, 10_000).catch(() => {});
      for (const s of streams) s.onEvent = undefined;
      return {
        ...summarize(latencies),
        commit: summarize(commits),
        lost: committedAt.size,
        failed,
        offeredSeconds: (committedBy - start) / 1000,
        seconds: (Math.max(lastArrived, committedBy) - start) / 1000,
      };
    }

    say(`warming up (${WARM_UP} likes at 100/s)...`);
    await run(WARM_UP, 100);

    const names = ['gateway', ...SERVICES];
    const cpuNow = () => {
      const m = new Map(names.map((n) => [n, cpuMs(group.processes.get(n)?.pid ?? -1)]));
      m.set('postgres', cpuMsByName('postgres'));
      m.set('nats-server', cpuMsByName('nats-server'));
      m.set('producer (this process)', process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000);
      return m;
    };

    say(`rising rates, ${STEP_S} s each, until p99 passes ${BUDGET_P99_MS} ms or a like is lost:`);
    const steps: Array<{ rate: number; cpu: string } & Awaited<ReturnType<typeof run>>> = [];
    for (const rate of RAMP) {
      const before = cpuNow();
      const step = await run(rate * STEP_S, rate);
      const after = cpuNow();
      const cpu = [...after.keys()]
        .map((n) => `${n} ${(((after.get(n) ?? 0) - (before.get(n) ?? 0)) / step.count).toFixed(2)}`)
        .join(', ');
      steps.push({ rate, cpu, ...step });
      say(
        `  ${String(rate).padStart(5)}/s offered: ${(step.count / step.seconds).toFixed(0).padStart(5)}/s delivered ` +
          `(commits took ${step.offeredSeconds.toFixed(1)} s for ${STEP_S} s), commit→stream p50 ${step.p50.toFixed(1)} ms, ` +
          `p99 ${step.p99.toFixed(1)} ms, max ${step.max.toFixed(1)} ms, lost ${step.lost}, failed ${step.failed}; ` +
          `load ${loadAverage()}`,
      );
      say(`         CPU ms per like: ${cpu}`);
      if (step.p99 > BUDGET_P99_MS || step.lost > 0 || step.failed > 0) break;
    }
    const sustained = steps
      .filter(
        (s) => s.p99 <= BUDGET_P99_MS && s.lost === 0 && s.failed === 0 && s.offeredSeconds < STEP_S * 1.1,
      )
      .at(-1);
    say('');
    say(
      sustained
        ? `sustained: ${sustained.rate} likes/s committed, ${(sustained.count / sustained.seconds).toFixed(0)}/s delivered to the owners' streams, p99 ${sustained.p99.toFixed(1)} ms (target: 1000/s with p99 < ${BUDGET_P99_MS} ms: ${sustained.rate >= 1000 ? 'met' : 'NOT met'})`
        : `sustained: p99 passed ${BUDGET_P99_MS} ms already at ${RAMP[0]} likes/s`,
    );
    say(
      `load average at the start: ${loadAtStart}; at the end: ${loadAverage()} (${availableParallelism()} CPUs)`,
    );
  },
  async () => {
    await posts.close();
    await db.end();
  },
);
