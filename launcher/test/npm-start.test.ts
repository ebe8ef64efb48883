import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@waco/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded-postgres';
import { SEED_THREADS } from '../src/seed/seed-community';
import { SEED_BUSINESSES } from '../src/seed/seed-directory';
import { SEED_POSTS } from '../src/seed/seed-posts';
import { SEED_PASSWORD, SEED_USERS } from '../src/seed/seed-users';
import { REPO_ROOT } from '../src/web-build';

// `npm start` as a person runs it, on its own data folder and ports: a first start stopped with
// Ctrl-C during its seed, and a Ctrl-C under traffic. Ctrl-C is SIGINT to the process group, as a
// terminal sends it (npm, its shell and node all receive it).

const STOPPING_LINE = 'Stopping: the services finish what is in flight (Ctrl-C again stops at once).';

const dataDir = mkdtempSync(join(tmpdir(), 'waco-npm-start-'));
const webDist = mkdtempSync(join(tmpdir(), 'waco-npm-start-web-'));
// As root, Postgres runs as the `postgres` user, which must reach DATA_DIR/postgres.
chmodSync(dataDir, 0o755);
let env: NodeJS.ProcessEnv;
let base = '';

interface Started {
  child: ChildProcess;
  lines: string[];
  /**
   * npm's exit code, 0 when it ends by the SIGINT it was sent (as after any Ctrl-C, whatever
   * node did): what node printed is what tells whether it stopped cleanly.
   */
  exited: Promise<number | null>;
}
let current: Started | undefined;

function npmStart(extra: NodeJS.ProcessEnv = {}): Started {
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...env, ...extra },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const read = (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim()),
    );
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal === 'SIGINT' ? 0 : code)),
  );
  current = { child, lines, exited };
  return current;
}

/** Waits for `probe`, failing at once (with what it printed) if npm start exits meanwhile. */
function whileRunning<T>(started: Started, probe: () => T | Promise<T>, what: string) {
  return Promise.race([
    waitFor(probe, 180_000, what, 100),
    started.exited.then((code) => {
      throw new Error(`npm start exited (${code}) while waiting for ${what}:\n${started.lines.join('\n')}`);
    }),
  ]);
}

const running = (started: Started) =>
  whileRunning(
    started,
    () => started.lines.some((l) => l.includes('Waco Commons is running at')),
    'it to run',
  );

/** Ctrl-C: what it printed from then on, and how it exited. */
async function ctrlC(started: Started) {
  const from = started.lines.length;
  const sent = performance.now();
  process.kill(-(started.child.pid as number), 'SIGINT');
  const code = await started.exited;
  current = undefined;
  return { code, printed: started.lines.slice(from), seconds: (performance.now() - sent) / 1000 };
}

/** Reads the stopped app's data folder with the embedded Postgres itself. */
async function readDataFolder(read: (client: pg.Client) => Promise<void>) {
  const database = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'postgres'),
    port: Number(env.EMBEDDED_PG_PORT),
    database: 'waco',
    log: () => {},
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await read(client);
  } finally {
    await client.end();
    await database.stop();
  }
}

async function json(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, body: await res.json().catch(() => undefined), res };
}

/** Every post of the feed, newest first. */
async function feed() {
  const posts: { id: string; title: string; commentsCount: number }[] = [];
  for (let cursor = ''; ; ) {
    const page = await json(`/api/posts?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    posts.push(...page.body.posts);
    if (!page.body.nextCursor) return posts;
    cursor = page.body.nextCursor;
  }
}

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Waco Commons</title>');
  const port = await freePort();
  env = {
    ...process.env,
    PORT: String(port),
    METRICS_PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    EMBEDDED_S3_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED: 'true',
  };
  for (const name of ['DATABASE_URL', 'BUS', 'NATS_URL', 'SMTP_URL', 'REDIS_URL']) delete env[name];
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  if (current?.child.pid && current.child.exitCode === null) {
    process.kill(-current.child.pid, 'SIGINT');
    await current.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

describe('npm start', () => {
  it('finishes at the next start a seed that a Ctrl-C interrupted, and prints one line when stopped', async () => {
    const first = npmStart();
    // Stopped once part of the feed is there: some neighbours have posted, most have not.
    await whileRunning(first, async () => (await feed()).length >= 20, 'the seed to have made 20 posts');
    const stopped = await ctrlC(first);
    expect(stopped.printed).toEqual([STOPPING_LINE]);
    expect(stopped.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dataDir, 'seed-state.json'), 'utf8')).state).toBe('started');

    // The terminal shows the seed's progress; every log line (requests included) is in the file.
    expect(first.lines).toContain(`Seeding neighbours: ${SEED_USERS.length} of ${SEED_USERS.length}`);
    expect(first.lines.filter((line) => line.startsWith('{'))).toEqual([]);
    const logged = readFileSync(join(dataDir, 'logs', 'waco.log'), 'utf8').split('\n');
    expect(
      logged.filter((line) => line.includes('"method":"POST","route":"/api/posts"')).length,
    ).toBeGreaterThan(0);

    const second = npmStart();
    await running(second);
    expect(second.lines.join('\n')).toContain('finishing the seed');
    expect(second.lines.some((line) => line.startsWith(`Logs: ${join(dataDir, 'logs', 'waco.log')}`))).toBe(
      true,
    );
    const titles = (await feed()).map((p) => p.title);
    // Every seed post, each once.
    expect(titles.length).toBe(SEED_POSTS.length);
    expect(new Set(titles)).toEqual(new Set(SEED_POSTS.map((p) => p.title)));
    // And each thread's comments and replies, each once.
    const posts = await feed();
    for (const thread of SEED_THREADS) {
      expect(posts.find((p) => p.title === thread.post)?.commentsCount, thread.post).toBe(
        thread.comments.length,
      );
    }
    // The directory: every seed business once, with each of its reviews once.
    const businesses = (await json('/api/businesses?limit=50&sort=name')).body as {
      name: string;
      reviewsCount: number;
    }[];
    expect(businesses.map((b) => [b.name, b.reviewsCount]).sort()).toEqual(
      SEED_BUSINESSES.map((b) => [b.name, b.reviews.length]).sort(),
    );
    expect(JSON.parse(readFileSync(join(dataDir, 'seed-state.json'), 'utf8')).state).toBe('done');
  }, 300_000);

  it('drains on Ctrl-C under traffic before Postgres stops: every like answered is kept with its notification', async () => {
    // The neighbourhood seeded above; a member likes every post while Ctrl-C comes.
    const started = current ?? npmStart();
    await running(started);
    const signup = await json('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Lena',
        lastName: 'Liker',
        email: 'lena@example.com',
        password: SEED_PASSWORD,
      }),
    });
    expect(signup.status).toBe(201);
    const cookie = (signup.res.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
    const liker = signup.body.id as string;
    const posts = await feed();

    const answered: string[] = [];
    let failed = 0;
    let next = 0;
    const likeNext = async (): Promise<void> => {
      const post = posts[next++];
      if (!post) return;
      const res = await fetch(`${base}/api/posts/${post.id}/like`, {
        method: 'POST',
        headers: { cookie },
      }).catch(() => undefined);
      if (res?.status === 200 && (await res.json()).liked === true) answered.push(post.id);
      else failed++;
      return likeNext();
    };
    const traffic = Promise.all([likeNext(), likeNext(), likeNext(), likeNext()]);
    await waitFor(() => answered.length >= 10, 60_000, '10 likes answered');
    const stopped = await ctrlC(started);
    await traffic;

    expect(stopped.printed).toEqual([STOPPING_LINE]);
    expect(stopped.code).toBe(0);
    expect(answered.length + failed).toBe(posts.length);

    // What is in the data folder now, read with the embedded Postgres itself.
    await readDataFolder(async (client) => {
      const liked = await client.query('SELECT post_id FROM posts.post_likes WHERE user_id = $1', [liker]);
      const likedIds = liked.rows.map((r) => r.post_id);
      expect(likedIds).toEqual(expect.arrayContaining(answered));
      // Each like committed became its owner's notification before the stop, once.
      const notified = await client.query(
        `SELECT related_id FROM notifications.notifications WHERE actor_id = $1 AND type = 'like'`,
        [liker],
      );
      const notifiedIds = notified.rows.map((r) => r.related_id);
      expect(notifiedIds.sort()).toEqual([...likedIds].sort());
      const lost = answered.filter((id) => !likedIds.includes(id)).length;
      const doubled = notifiedIds.length - new Set(notifiedIds).size;
      console.log(
        `Ctrl-C under traffic: ${posts.length} likes sent, ${answered.length} answered, ${failed} refused ` +
          `while stopping, ${lost} lost, ${doubled} doubled; stopped ${stopped.seconds.toFixed(1)} s after Ctrl-C`,
      );
    });
  }, 300_000);

  it('stops at a second Ctrl-C without waiting, and Postgres still stops: the next start finds its data', async () => {
    // A drain longer than this test may take: only the second Ctrl-C can end it in time.
    const started = npmStart({ SHUTDOWN_DELAY_MS: '600000' });
    await running(started);
    const from = started.lines.length;
    process.kill(-(started.child.pid as number), 'SIGINT');
    await whileRunning(started, () => started.lines.includes(STOPPING_LINE), 'the first Ctrl-C to be heard');
    process.kill(-(started.child.pid as number), 'SIGINT');
    await started.exited;
    current = undefined;
    expect(started.lines.slice(from)).toEqual([STOPPING_LINE]);
    // Postgres, in a session of its own, was told to stop as the process exited: not left behind.
    await waitFor(() => !existsSync(join(dataDir, 'postgres', 'postmaster.pid')), 60_000, 'Postgres to stop');
    await readDataFolder(async (client) => {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM posts.posts');
      expect(rows[0].n).toBe(SEED_POSTS.length);
    });
  }, 300_000);
});
