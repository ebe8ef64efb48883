import { availableParallelism } from 'node:os';
import { type SseClient, type SseEvent, TEST_DATABASE_URL } from '@waco/platform/testing';
import pg from 'pg';
import { cpuMs, loadAverage, summarize, until } from './measure';
import { numbersFromEnv } from './settings';
import { STACK_SERVICES as SERVICES, startBenchStack, type User } from './stack';

// Event to the recipient's open SSE stream (ARCHITECTURE.md, budgets): the distributed stack,
// each service its own process on this machine's Postgres and NATS JetStream (a prefix of its
// own), everything through the gateway as a browser would call it.
//   - like → `notification` on the post owner's stream, 1000 likes at 50/s;
//   - message → `message` on the recipient's stream, 1000 messages at 50/s;
//   - sustained messaging (or likes, RAMP_OF=likes): rising rates until p99 passes 250 ms.
// Latency runs from the moment a request is sent to the moment its event is read off the
// stream. The requests are paced here, evenly (autocannon's overallRate sends each connection's
// share of a second in one burst, and cannot see the events on the streams).
// Budget: p99 under 100 ms for both at 50 events per second.
//   npx tsx bench/events.ts      (COUNT=1000 RATE=50 STEP_S=5 by default)

const { COUNT, RATE, STEP_S } = numbersFromEnv({ COUNT: 1000, RATE: 50, STEP_S: 5 });
const RAMP = (process.env.RAMP ?? '50,60,70,80,90,100,120,150,200,300').split(',').map(Number);
const RAMP_OF = process.env.RAMP_OF === 'likes' ? 'likes' : 'messages';
const BUDGET_P99_MS = 100;
const SUSTAINED_P99_MS = 250;
const FANS = 25;
const PAIRS = 10;

const say = (line: string) => process.stdout.write(`${line}\n`);
const cpus = availableParallelism();
const loadAtStart = loadAverage();

say('starting identity, posts, messaging, notifications and the gateway as separate processes...');
const stack = await startBenchStack('bench');
const { group, base, signUp } = stack;
const db = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });

await stack.run(
  say,
  async () => {
    say('signing up users and publishing posts...');
    const owner = await signUp('Olive', 'Owner');
    const fans: User[] = [];
    for (let i = 0; i < FANS; i++) fans.push(await signUp(`Fan${i}`, 'Bench'));
    const senders: User[] = [];
    const recipients: User[] = [];
    for (let i = 0; i < PAIRS; i++) senders.push(await signUp(`Sender${i}`, 'Bench'));
    for (let i = 0; i < PAIRS; i++) recipients.push(await signUp(`Recipient${i}`, 'Bench'));
    const everyone = [owner, ...fans, ...senders, ...recipients].map((u) => u.id);
    // Every service hears of every user from identity's events before the run starts.
    await stack.untilUsersKnown(db, everyone);
    // Each like must be news (a new fan and post pair): a warm-up's worth more than the run needs.
    const likesNeeded = COUNT + 100 + (RAMP_OF === 'likes' ? RAMP.reduce((a, b) => a + b, 0) * STEP_S : 0);
    const posts: string[] = [];
    for (let i = 0; i < Math.ceil(likesNeeded / FANS); i++) {
      const res = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          category: 'sale',
          title: `Bench post ${i}`,
          description: 'For the benchmark',
          price: '1',
        }),
      });
      if (res.status !== 201) throw new Error(`create post failed: ${res.status} ${await res.text()}`);
      posts.push(((await res.json()) as { id: string }).id);
    }

    // The receiving users' streams, open through the gateway for the whole run.
    const ownerStream = await stack.openStream(owner);
    const recipientStreams = await Promise.all(recipients.map((r) => stack.openStream(r)));

    /**
     * Sends `amount` requests evenly spaced at `rate`/s, each on its own schedule whatever the
     * answers before it (an open loop: a slow answer does not delay the next send, so queueing
     * shows in the figures); resolves with each event's latency once all have arrived.
     */
    async function measure(options: {
      amount: number;
      rate: number;
      request: (i: number) => { key: string; path: string; init: RequestInit };
      listen: (onEvent: (key: string, event: SseEvent) => void) => () => void;
    }) {
      const sentAt = new Map<string, number>();
      const latencies: number[] = [];
      const answers: number[] = [];
      // From the event's own time (the write's transaction, on the same clock) to the stream: the
      // part after the HTTP answer, through the outbox, JetStream, notifications and the gateway.
      const afterWrite: number[] = [];
      let failed = 0;
      let lastArrived = 0;
      const stop = options.listen((key, event) => {
        const sent = sentAt.get(key);
        if (sent === undefined) return;
        sentAt.delete(key);
        latencies.push(event.at - sent);
        afterWrite.push(performance.timeOrigin + event.at - Date.parse(event.data.createdAt));
        lastArrived = event.at;
      });
      const interval = 1000 / options.rate;
      const start = performance.now();
      const inFlight: Promise<void>[] = [];
      for (let i = 0; i < options.amount; i++) {
        const wait = start + i * interval - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        const { key, path, init } = options.request(i);
        const sent = performance.now();
        sentAt.set(key, sent);
        inFlight.push(
          fetch(`${base}${path}`, { method: 'POST', ...init })
            .then(async (res) => {
              await res.arrayBuffer();
              answers.push(performance.now() - sent);
              if (!res.ok) failed++;
            })
            .catch(() => {
              failed++;
            }),
        );
      }
      await Promise.all(inFlight);
      // Whatever is still on its way has a few seconds to arrive; anything later counts as lost.
      await until(async () => sentAt.size === 0, 10_000).catch(() => {});
      stop();
      return {
        ...summarize(latencies),
        http: summarize(answers),
        afterWrite: summarize(afterWrite),
        lost: sentAt.size,
        failed,
        seconds: (lastArrived - start) / 1000,
      };
    }

    /** Hands each `name` event on the streams to the measure, keyed by `keyOf`; answers how to stop. */
    const listenFor =
      (on: SseClient[], name: string, keyOf: (data: SseEvent['data']) => string) =>
      (onEvent: (key: string, event: SseEvent) => void) => {
        for (const s of on) {
          s.onEvent = (e) => {
            if (e.event === name) onEvent(keyOf(e.data), e);
          };
        }
        return () => {
          for (const s of on) s.onEvent = undefined;
        };
      };

    /**
     * A kind of request to measure at a rate, and the stream events that answer it. `request(n)`
     * builds the n-th request of its kind: each run goes on where the last one stopped (new posts
     * to like, new messages to send).
     */
    const measured = (
      request: (n: number) => { key: string; path: string; init: RequestInit },
      listen: Parameters<typeof measure>[0]['listen'],
    ) => {
      let next = 0;
      return (amount: number, rate: number) =>
        measure({ amount, rate, request: () => request(next++), listen });
    };

    const likes = measured(
      (n) => {
        const fan = fans[n % FANS] as User;
        const post = posts[Math.floor(n / FANS)] as string;
        return {
          key: `${post}|${fan.name} liked your post`,
          path: `/api/posts/${post}/like`,
          init: { headers: { cookie: fan.cookie } },
        };
      },
      listenFor([ownerStream], 'notification', (data) => `${data.relatedId}|${data.title}`),
    );

    const messages = measured(
      (n) => {
        const sender = senders[n % PAIRS] as User;
        const recipient = recipients[Math.floor(n / PAIRS) % PAIRS] as User;
        const content = `Bench message ${n}`;
        return {
          key: content,
          path: '/api/messages',
          init: {
            headers: { cookie: sender.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ recipientId: recipient.id, content }),
          },
        };
      },
      listenFor(recipientStreams, 'message', (data) => data.content),
    );

    say('warming up...');
    await likes(100, RATE);
    await messages(100, RATE);

    // CPU time each process spends per event: what the machine's other work cannot blur.
    const names = ['gateway', ...SERVICES];
    const cpuNow = () => new Map(names.map((n) => [n, cpuMs(group.processes.get(n)?.pid ?? -1)]));
    const cpuPerEvent = (before: Map<string, number>, count: number) => {
      const after = cpuNow();
      return names
        .map((n) => `${n} ${(((after.get(n) ?? 0) - (before.get(n) ?? 0)) / count).toFixed(2)}`)
        .join(', ');
    };

    say(`like → notification on the owner's stream: ${COUNT} likes at ${RATE}/s...`);
    let cpu = cpuNow();
    const likeRun = await likes(COUNT, RATE);
    const likeCpu = cpuPerEvent(cpu, COUNT);
    say(`message → message on the recipient's stream: ${COUNT} messages at ${RATE}/s...`);
    cpu = cpuNow();
    const messageRun = await messages(COUNT, RATE);
    const messageCpu = cpuPerEvent(cpu, COUNT);

    say(`sustained ${RAMP_OF}: ${STEP_S} s at each rate until p99 passes ${SUSTAINED_P99_MS} ms...`);
    const steps: Array<{ rate: number } & Awaited<ReturnType<typeof messages>>> = [];
    for (const rate of RAMP) {
      const step = { rate, ...(await (RAMP_OF === 'likes' ? likes : messages)(rate * STEP_S, rate)) };
      steps.push(step);
      say(
        `  ${String(rate).padStart(5)}/s offered: ${(step.count / step.seconds).toFixed(0).padStart(5)}/s delivered, ` +
          `p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, lost ${step.lost}, failed ${step.failed}`,
      );
      if (step.p99 > SUSTAINED_P99_MS || step.lost > 0 || step.failed > 0) break;
    }
    const sustained = steps.filter((s) => s.p99 <= SUSTAINED_P99_MS && s.lost === 0 && s.failed === 0).at(-1);

    const row = (name: string, r: typeof likeRun) =>
      `${name.padEnd(34)}${cell(r.count)}${cell(r.p50.toFixed(1))}${cell(r.p99.toFixed(1))}${cell(r.max.toFixed(1))}` +
      `${cell(r.lost)}${cell(r.failed)}${cell(r.http.p50.toFixed(1), 14)}${cell(r.http.p99.toFixed(1))}` +
      `${cell(r.afterWrite.p50.toFixed(1), 16)}${cell(r.afterWrite.p99.toFixed(1))}`;
    const within = likeRun.p99 < BUDGET_P99_MS && messageRun.p99 < BUDGET_P99_MS;
    say(
      [
        '',
        `${''.padEnd(34)}${cell('events')}${cell('p50 ms')}${cell('p99 ms')}${cell('max ms')}${cell('lost')}` +
          `${cell('failed')}${cell('HTTP p50 ms', 14)}${cell('p99 ms')}${cell('write→SSE p50', 16)}${cell('p99')}`,
        row(`like → notification (${RATE}/s)`, likeRun),
        row(`message → message (${RATE}/s)`, messageRun),
        '',
        sustained
          ? `sustained ${RAMP_OF}: ${sustained.rate} ${RAMP_OF}/s offered, ${(sustained.count / sustained.seconds).toFixed(0)}/s delivered, p99 ${sustained.p99.toFixed(1)} ms (the next step passed ${SUSTAINED_P99_MS} ms or the ramp ended)`
          : `sustained ${RAMP_OF}: p99 passed ${SUSTAINED_P99_MS} ms already at ${RAMP[0]} ${RAMP_OF}/s`,
        `within budget (p99 < ${BUDGET_P99_MS} ms at ${RATE}/s for both): ${within ? 'yes' : 'NO'}`,
        `CPU ms per like:    ${likeCpu}`,
        `CPU ms per message: ${messageCpu}`,
        `load average at the start: ${loadAtStart}; at the end: ${loadAverage()} (${cpus} CPUs)`,
        '',
      ].join('\n'),
    );
  },
  async () => {
    await db.end();
  },
);

function cell(value: string | number, width = 10) {
  return String(value).padStart(width);
}
