import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { USER_ID_HEADER } from '@waco/platform';
import { createTestBus, startTestService, TEST_DATABASE_URL } from '@waco/platform/testing';
import { createPostsService } from '@waco/posts';
import { afterAll, beforeAll, expect, it } from 'vitest';

// `npm run rebuild -- <service>` is `tsx launcher/src/rebuild.ts <service>`: run it as its own
// process against a posts service that keeps serving, as an operator would against the stack.

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

function rebuildCommand(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      TSX,
      [join(REPO_ROOT, 'launcher', 'src', 'rebuild.ts'), ...args],
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
