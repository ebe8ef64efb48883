import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { testClient } from '@waco/platform/testing';
import { inBatches, startEventStack } from '../test/e2e/support/event-stack';
import { OwnNatsServer } from '../test/e2e/support/nats-server';
import { numbersFromEnv } from './settings';

// A burst of likes larger than posts' pool (5 in the event stack), with NATS down (NATS_DOWN=0:
// up) and, to starve the CPU as a loaded CI machine does, HOGS busy-loop processes beside it.
// Prints the answers by status, posts' pool checkouts, the longest wait for a connection and
// the event loop's delay. The services run in this process, as in the one-process stack.
//   npx tsx bench/pool-burst.ts     (LIKES=400 CONCURRENCY=64 HOGS=0 NATS_DOWN=1)

const { LIKES, CONCURRENCY, HOGS, NATS_DOWN } = numbersFromEnv({
  LIKES: 400,
  CONCURRENCY: 64,
  HOGS: 0,
  NATS_DOWN: 1,
});
const say = (line: string) => process.stdout.write(`${line}\n`);

const nats = await OwnNatsServer.start();
const stack = await startEventStack({ natsUrl: nats.url });
try {
  const fans: string[] = [];
  for (let i = 0; i < 10; i++) fans.push(await stack.signUp(`Fan${i}`, 'Burst'));
  const owner = await stack.signUp('Owner', 'Burst');
  await stack.waitForUsers([owner, ...fans]);
  const posts: string[] = [];
  for (let i = 0; i < 10; i++) posts.push(await stack.createPost(owner, `Burst post ${i}`));

  const pool = stack.posts.service.database.pool;
  let checkouts = 0;
  let longestWaitMs = 0;
  const connect = pool.connect.bind(pool) as () => Promise<{ release(): void }>;
  // Times each checkout of posts' pool (the wait a 503 "timeout exceeded when trying to
  // connect" ends after 5 s).
  (pool as unknown as { connect: typeof connect }).connect = async () => {
    const started = performance.now();
    checkouts++;
    try {
      return await connect();
    } finally {
      longestWaitMs = Math.max(longestWaitMs, performance.now() - started);
    }
  };
  const hogs = Array.from({ length: HOGS }, () =>
    spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
  );
  if (NATS_DOWN) await nats.kill();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const call = testClient(stack.posts.service.url);
  const started = performance.now();
  const statuses = await inBatches(
    Array.from({ length: LIKES }, (_, i) => ({
      fan: fans[i % fans.length] as string,
      post: posts[Math.floor(i / fans.length) % posts.length] as string,
    })),
    CONCURRENCY,
    async ({ fan, post }) => (await call('POST', `/api/posts/${post}/like`, { as: fan })).status,
  );
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  for (const hog of hogs) hog.kill('SIGKILL');
  if (NATS_DOWN) await nats.restart();
  const byStatus: Record<number, number> = {};
  for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
  say(
    `${LIKES} likes, ${CONCURRENCY} at a time, pool ${pool.options.max}, NATS ${NATS_DOWN ? 'down' : 'up'}, ${HOGS} hogs, load ${loadavg()[0]?.toFixed(1)}: ` +
      `${JSON.stringify(byStatus)} in ${seconds.toFixed(1)} s; ${checkouts} checkouts, longest wait ${Math.round(longestWaitMs)} ms; ` +
      `event loop delay p99 ${Math.round(loop.percentile(99) / 1e6)} ms, max ${Math.round(loop.max / 1e6)} ms`,
  );
} finally {
  await stack.stop();
  await nats.stop();
}
