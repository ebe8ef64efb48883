import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLOCKED_MESSAGING, conversationIdOf, HIDDEN_BY_MODERATORS } from '@waco/contracts';
import { adminRoutes } from '@waco/launcher/ops/admin-routes';
import { ADMIN_TOKEN_FILE, writeAdminToken } from '@waco/launcher/ops/admin-token';
import { InProcessBus, startMetricsServer } from '@waco/platform';
import { testLogger, waitFor } from '@waco/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedTestStack } from './support/embedded-test-stack';
import type { Member } from './support/members';

// Trust and safety end to end, through the gateway of the embedded stack: moderation
// decides, and posts, messaging and notifications enforce from its events. The moderator is made
// by the operator's command (`npm run ops -- --embedded moderator grant <email>`), run as its own
// process against the embedded process's admin routes.

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const stack = useEmbeddedTestStack('mod');
const { call, signUp } = stack;
let admin: { url: string; close(): Promise<void> };
/** The embedded process's DATA_DIR, where its admin token is written (the ops command reads it). */
const dataDir = mkdtempSync(join(tmpdir(), 'waco-mod-data-'));

function ops(args: string[]) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      TSX,
      [join(REPO_ROOT, 'launcher', 'src', 'ops.ts'), '--embedded', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, ADMIN_URL: admin.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const feedIds = async (who: Member | null, query = '') =>
  ((await call(who, 'GET', `/api/posts${query}`)).body.posts as { id: string }[]).map((p) => p.id);
const createPost = stack.postSale;

let owner: Member;
let moderator: Member;
let reporters: Member[];

beforeAll(async () => {
  const server = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    extra: adminRoutes(new InProcessBus(testLogger), stack.running.stack.services, writeAdminToken(dataDir)),
  });
  admin = server;
  owner = await signUp('Otto');
  moderator = await signUp('Meg');
  reporters = [await signUp('Rita'), await signUp('Rob'), await signUp('Ria')];
}, 60_000);
afterAll(async () => {
  await admin?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the operator’s moderator command', () => {
  it('grants the role by email (an event), once; only then the queue opens', async () => {
    expect((await call(moderator, 'GET', '/api/moderation/reports')).status).toBe(403);
    expect((await call(null, 'GET', '/api/moderation/reports')).status).toBe(401);
    const granted = await ops(['moderator', 'grant', moderator.email]);
    expect(granted.output).toContain('is now a moderator');
    expect(granted.code).toBe(0);
    expect((await ops(['moderator', 'grant', moderator.email])).output).toContain('already is a moderator');
    expect((await ops(['moderator', 'grant', 'nobody@example.com'])).code).toBe(1);
    expect((await call(moderator, 'GET', '/api/moderation/reports')).status).toBe(200);
    expect((await call(moderator, 'GET', '/api/user/moderation')).body).toMatchObject({ isModerator: true });
  }, 60_000);
});

describe("the embedded process's admin routes", () => {
  it('refuse a request without the token of the running process, and change nothing', async () => {
    const target = await signUp('Mona');
    for (const authorization of [undefined, 'Bearer wrong-token', 'Basic b3BzOm9wcw==']) {
      const res = await fetch(`${admin.url}/admin/moderators`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ email: target.email, grant: true }),
      });
      expect(res.status, authorization).toBe(401);
      expect(((await res.json()) as { message: string }).message).toMatch(/token/);
    }
    for (const path of ['/admin/deadletters', '/admin/lag']) {
      expect((await fetch(`${admin.url}${path}`)).status, path).toBe(401);
    }
    expect((await call(target, 'GET', '/api/moderation/reports')).status).toBe(403);
    // The token is readable by the process's own account only.
    expect(statSync(join(dataDir, ADMIN_TOKEN_FILE)).mode & 0o777).toBe(0o600);
  });
});

describe('three reports', () => {
  it('hide a post at once for everyone but its owner; a dismissal restores it and tells the reporters', async () => {
    const post = (await createPost(owner, 'Concert tickets, wire first')).body;
    for (const reporter of reporters) {
      const res = await call(reporter, 'POST', '/api/reports', {
        targetType: 'post',
        targetId: post.id,
        reason: 'scam',
      });
      expect(res.status).toBe(201);
    }
    const other = reporters[0] as Member;
    await waitFor(
      async () => (await call(other, 'GET', `/api/posts/${post.id}`)).status === 404,
      10_000,
      'the hide',
    );
    expect((await call(null, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    expect(await feedIds(other)).not.toContain(post.id);
    expect(await feedIds(null, '?search=concert')).not.toContain(post.id);
    expect((await call(other, 'GET', `/api/users/${owner.id}/posts`)).body.posts).toEqual([]);
    // Its owner still sees it, marked.
    const own = await call(owner, 'GET', `/api/posts/${post.id}`);
    expect(own).toMatchObject({ status: 200, body: { id: post.id, hiddenByModerators: { note: null } } });
    expect(await feedIds(owner)).toContain(post.id);
    expect(HIDDEN_BY_MODERATORS).toBe('Hidden by moderators');

    const queue = await call(moderator, 'GET', '/api/moderation/reports?status=open');
    const entry = queue.body.cases.find((c: { target: { id: string } }) => c.target.id === post.id);
    expect(entry).toMatchObject({ count: 3, target: { hidden: true, title: 'Concert tickets, wire first' } });
    const dismissed = await call(moderator, 'POST', `/api/moderation/reports/${entry.id}/resolve`, {
      action: 'dismiss',
      note: 'Seller verified',
    });
    expect(dismissed.status).toBe(200);
    await waitFor(
      async () => (await call(null, 'GET', `/api/posts/${post.id}`)).status === 200,
      10_000,
      'restore',
    );
    const told = await waitFor(async () => {
      const list = await call(other, 'GET', '/api/notifications');
      return list.body.notifications.find((n: { type: string }) => n.type === 'report_resolved');
    }, 10_000);
    expect(told.message).toContain('Seller verified');
    const mine = await call(other, 'GET', '/api/reports/mine');
    expect(mine.body.reports[0]).toMatchObject({ targetId: post.id, status: 'dismissed' });
  }, 60_000);

  it('hides with the moderators’ note, which only the owner sees', async () => {
    const post = (await createPost(owner, 'Fireworks')).body;
    const filed = await call(reporters[1] as Member, 'POST', '/api/reports', {
      targetType: 'post',
      targetId: post.id,
      reason: 'prohibited',
    });
    await call(moderator, 'POST', `/api/moderation/reports/${filed.body.id}/resolve`, {
      action: 'hide',
      note: 'No fireworks',
    });
    const own = await waitFor(async () => {
      const res = await call(owner, 'GET', `/api/posts/${post.id}`);
      return res.body.hiddenByModerators && res;
    }, 10_000);
    expect(own.body.hiddenByModerators).toEqual({ note: 'No fireworks' });
    expect((await call(reporters[2] as Member, 'GET', `/api/posts/${post.id}`)).status).toBe(404);
    const audit = await call(moderator, 'GET', '/api/moderation/audit');
    expect(audit.body.entries[0]).toMatchObject({ action: 'hide', targetId: post.id, note: 'No fireworks' });
  }, 60_000);
});

describe('blocking', () => {
  it('stops messages both ways (403), closes the conversation, hides posts and notifications from the blocker', async () => {
    const blocker = await signUp('Bea');
    const blocked = await signUp('Max');
    const hello = await call(blocked, 'POST', '/api/messages', { recipientId: blocker.id, content: 'Hi' });
    expect(hello.status).toBe(201);
    const maxPost = (await createPost(blocked, 'Max sells a lamp')).body;
    const beaPost = (await createPost(blocker, 'Bea sells a rug')).body;
    expect(await feedIds(blocker)).toContain(maxPost.id);

    expect((await call(blocker, 'POST', `/api/users/${blocked.id}/block`)).body).toEqual({
      userId: blocked.id,
      blocked: true,
    });
    const refused = await waitFor(async () => {
      const res = await call(blocked, 'POST', '/api/messages', {
        recipientId: blocker.id,
        content: 'Hello?',
      });
      return res.status === 403 && res;
    }, 10_000);
    expect(refused.body.message).toBe(BLOCKED_MESSAGING);
    const back = await call(blocker, 'POST', '/api/messages', { recipientId: blocked.id, content: 'No' });
    expect(back).toMatchObject({ status: 403, body: { message: BLOCKED_MESSAGING } });
    expect((await call(blocked, 'POST', '/api/conversations', { recipientId: blocker.id })).status).toBe(403);

    // The conversation stays readable, closed, for both.
    const conversationId = conversationIdOf(blocker.id, blocked.id);
    for (const who of [blocker, blocked]) {
      const list = await call(who, 'GET', '/api/messages');
      expect(
        list.body.find((c: { conversationId: string }) => c.conversationId === conversationId),
      ).toMatchObject({
        closed: true,
      });
      const thread = await call(who, 'GET', `/api/messages?conversationId=${conversationId}`);
      expect(thread.body[0]).toMatchObject({ content: 'Hi' });
    }

    // The blocker no longer sees the other's posts: feed, search, profile.
    await waitFor(
      async () => !(await feedIds(blocker)).includes(maxPost.id),
      10_000,
      'the feed to drop the post',
    );
    expect(await feedIds(blocker, '?search=lamp')).not.toContain(maxPost.id);
    expect((await call(blocker, 'GET', `/api/users/${blocked.id}/posts`)).body.posts).toEqual([]);
    expect((await call(blocker, 'GET', `/api/posts/${maxPost.id}`)).status).toBe(404);
    expect(await feedIds(owner)).toContain(maxPost.id);

    // Nothing caused by the blocked member reaches the blocker; someone else's like does.
    await call(blocked, 'POST', `/api/posts/${beaPost.id}/like`);
    await call(owner, 'POST', `/api/posts/${beaPost.id}/like`);
    const likes = await waitFor(async () => {
      const list = await call(blocker, 'GET', '/api/notifications');
      const found = list.body.notifications.filter((n: { type: string }) => n.type === 'like');
      return found.length > 0 && found;
    }, 10_000);
    expect(likes.map((n: { title: string }) => n.title)).toEqual(['Otto Tester liked your post']);

    // The list of blocked people, and unblocking.
    expect((await call(blocker, 'GET', '/api/user/blocks')).body.blocks).toMatchObject([
      { user: { id: blocked.id } },
    ]);
    await call(blocker, 'DELETE', `/api/users/${blocked.id}/block`);
    await waitFor(async () => {
      const res = await call(blocked, 'POST', '/api/messages', { recipientId: blocker.id, content: 'Sorry' });
      return res.status === 201;
    }, 10_000);
  }, 60_000);
});

describe('a suspension', () => {
  it('stops posting, liking, messaging and reporting, telling why, until reinstated', async () => {
    const spammer = await signUp('Sam');
    const reported = await call(reporters[0] as Member, 'POST', '/api/reports', {
      targetType: 'user',
      targetId: spammer.id,
      reason: 'spam',
    });
    const target = (await createPost(owner, 'Bike')).body;
    const res = await call(moderator, 'POST', `/api/moderation/reports/${reported.body.id}/resolve`, {
      action: 'suspend',
      note: 'Spam ring',
    });
    expect(res.status).toBe(200);
    const refused = await waitFor(async () => {
      const r = await createPost(spammer, 'More spam');
      return r.status === 403 && r;
    }, 5_000);
    expect(refused.body.message).toContain('suspended');
    expect(refused.body.message).toContain('Spam ring');
    expect((await call(spammer, 'POST', `/api/posts/${target.id}/like`)).status).toBe(403);
    expect(
      (await call(spammer, 'POST', '/api/messages', { recipientId: owner.id, content: 'Buy' })).status,
    ).toBe(403);
    expect(
      (
        await call(spammer, 'POST', '/api/reports', {
          targetType: 'user',
          targetId: owner.id,
          reason: 'spam',
        })
      ).status,
    ).toBe(403);
    expect((await call(spammer, 'GET', '/api/user/moderation')).body.suspension).toMatchObject({
      note: 'Spam ring',
    });

    expect((await call(moderator, 'POST', `/api/moderation/users/${spammer.id}/reinstate`)).status).toBe(200);
    await waitFor(
      async () => (await createPost(spammer, 'Honest bike')).status === 201,
      10_000,
      'reinstated',
    );
  }, 60_000);
});
