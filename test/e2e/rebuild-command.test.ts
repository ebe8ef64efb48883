import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { adminRoutes } from '@waco/launcher/ops/admin-routes';
import { type RunningService, startMetricsServer, USER_ID_HEADER } from '@waco/platform';
import { createTestBus, startTestService, TEST_DATABASE_URL } from '@waco/platform/testing';
import { createPostsService } from '@waco/posts';
import { afterAll, beforeAll, expect, it } from 'vitest';

// `npm run rebuild -- <service>` is `tsx launcher/src/rebuild.ts <service>`: run it as its own
// process against a posts service that keeps serving, as an operator would against the stack.

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

function rebuildCommand(args: string[], env: Record<string, string> = {}, script = 'rebuild.ts') {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      TSX,
      [join(REPO_ROOT, 'launcher', 'src', script), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const startPosts = async () => {
  const testBus = await createTestBus('memory');
  const running = await startTestService(createPostsService({ requireUploadedMedia: false }), {
    bus: testBus.bus,
  });
  return { ...running, testBus };
};
let posts: Awaited<ReturnType<typeof startPosts>>;

beforeAll(async () => {
  posts = await startPosts();
});
afterAll(async () => {
  await posts?.stop();
  await posts?.testBus.close();
});

const call = (method: 'GET' | 'POST', url: string, as: string, json?: unknown) =>
  posts.app.inject({ method, url, headers: { [USER_ID_HEADER]: as }, payload: json as object });

it('rebuilds a service’s read tables while it serves, and says what it did', async () => {
  const owner = randomUUID();
  const created = await call('POST', '/api/posts', owner, {
    category: 'sale',
    title: 'Porch swing',
    description: 'Cedar, needs paint',
    neighborhood: 'cameron_park',
    price: '30',
  });
  expect(created.statusCode).toBe(201);
  const postId = created.json().id;
  const likers = Array.from({ length: 20 }, () => randomUUID());
  for (const as of likers.slice(0, 10))
    expect((await call('POST', `/api/posts/${postId}/like`, as)).statusCode).toBe(200);

  const running = rebuildCommand(['posts'], { DB_SCHEMA: posts.schema });
  for (const as of likers.slice(10))
    expect((await call('POST', `/api/posts/${postId}/like`, as)).statusCode).toBe(200);
  const { code, output } = await running;
  expect(output).toMatch(
    /Rebuilt posts, post_likes, saved_posts, event_attendance, user_filter_preferences, saved_searches, comments, comment_likes, hashtags, post_hashtags in schema \S+ of postgres:\/\/127\.0\.0\.1:5432\/test from \d+ events/,
  );
  expect(code).toBe(0);

  const feed = await call('GET', '/api/posts', owner);
  expect(feed.json().posts[0]).toMatchObject({ id: postId, likesCount: 20 });
});

it('rebuilds the embedded process’s tables with `ops --embedded rebuild`, wherever its Postgres runs', async () => {
  // The embedded process's Postgres has a port of its own: its admin routes say where.
  const token = randomUUID();
  const admin = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    extra: adminRoutes(
      posts.testBus.bus,
      { posts: posts as unknown as RunningService },
      token,
      TEST_DATABASE_URL,
    ),
  });
  try {
    const { code, output } = await rebuildCommand(
      ['--embedded', 'rebuild', 'posts'],
      { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nowhere', ADMIN_URL: admin.url, ADMIN_TOKEN: token },
      'ops.ts',
    );
    expect(output).toContain(`in schema ${posts.schema} of postgres://127.0.0.1:5432/test`);
    expect(code).toBe(0);
  } finally {
    await admin.close();
  }
});

it('names the services it can rebuild, and why notifications is not one', async () => {
  const [unknown, notifications] = await Promise.all([
    rebuildCommand(['nope']),
    rebuildCommand(['notifications']),
  ]);
  expect(unknown.code).toBe(2);
  expect(unknown.output).toContain(
    'Usage: npm run rebuild -- <service>, one of: identity, posts, messaging, media, moderation',
  );
  expect(notifications.code).toBe(2);
  expect(notifications.output).toContain('notifications keeps no event log of its own');
});
