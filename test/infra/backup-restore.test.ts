import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBus, startService } from '@waco/platform';
import {
  requireNats,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  testLogger,
  uniqueName,
} from '@waco/platform/testing';
import { postsService } from '@waco/posts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStack, eventually, startEventStack } from '../e2e/support/event-stack';
import { ROOT } from './support/compose';

// scripts/backup.sh and scripts/restore.sh on data the real services wrote (identity, posts,
// messaging and notifications on the machine's Postgres and NATS JetStream): dump every schema,
// restore into a fresh database, and find every post, message and notification there, and a
// posts service started on the restored schema serves the posts.

let stack: EventStack;
const restoredDb = uniqueName('restored');
const backupRoot = mkdtempSync(join(tmpdir(), 'waco-backup-'));
// The key backups go apart from the main ones (scripts/backup-keys.sh), as an operator keeps them.
const keyRoot = mkdtempSync(join(tmpdir(), 'waco-keys-'));
const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
const restoredUrl = (() => {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${restoredDb}`;
  return url.toString();
})();
const restored = new pg.Pool({ connectionString: restoredUrl, max: 2 });
// DROP DATABASE ... WITH (FORCE) at the end ends connections still closing.
restored.on('error', () => {});

// What a user relies on finding again, per schema and table.
const TABLES: Array<[keyof EventStack['schemas'], string]> = [
  ['identity', 'users'],
  ['posts', 'posts'],
  ['posts', 'events'],
  ['messaging', 'messages'],
  ['messaging', 'events'],
  ['notifications', 'notifications'],
];

const rows = (pool: pg.Pool, schema: string, table: string) =>
  pool.query(`SELECT * FROM ${schema}.${table} ORDER BY 1`).then((r) => r.rows);

/** Runs a script as an operator would; a failure carries what it printed on stderr. */
function run(script: string, args: string[]) {
  try {
    return runRaw(script, args);
  } catch (err) {
    throw new Error(`${script} failed: ${String((err as { stderr?: string }).stderr ?? err)}`);
  }
}

function runRaw(script: string, args: string[]) {
  return execFileSync('bash', [script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: script.includes('backup') ? TEST_DATABASE_URL : restoredUrl,
      SCHEMAS: Object.values(stack.schemas).join(' '),
      KEY_BACKUP_DIR: keyRoot,
    },
  });
}

const postIds: string[] = [];
let owner = '';

beforeAll(async () => {
  await requireNats();
  stack = await startEventStack({ natsUrl: TEST_NATS_URL });
  owner = await stack.signUp('Olive', 'Owner');
  const neighbour = await stack.signUp('Nina', 'Neighbour');
  await stack.waitForUsers([owner, neighbour]);
  for (let i = 0; i < 5; i++) postIds.push(await stack.createPost(owner, `Bike for sale ${i}`));
  await stack.like(neighbour, postIds[0] as string);
  for (let i = 0; i < 3; i++) await stack.send(neighbour, owner, `Is bike ${i} still there?`);
  // Notifications come from the events: wait until the like and all three messages have become
  // one each, so that the dump is taken of a quiet database (a notification committed between
  // the dump and the comparison below would make the copy look incomplete).
  await eventually(async () => ((await stack.notificationCount(owner)) >= 4 ? true : undefined), 30_000);
  await admin.query(`CREATE DATABASE ${restoredDb}`);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await restored.end();
  await admin.query(`DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`);
  await admin.end();
  rmSync(backupRoot, { recursive: true, force: true });
  rmSync(keyRoot, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every post, message and notification into a fresh database', async () => {
    const out = run('scripts/backup.sh', ['--out', backupRoot, '--no-bucket']);
    const dir = out.trim().split('\n').at(-1) as string;
    expect(readdirSync(join(dir, 'postgres')).sort()).toEqual(
      Object.values(stack.schemas)
        .map((s) => `${s}.dump`)
        .sort(),
    );

    run('scripts/restore.sh', [dir, '--no-bucket']);

    for (const [service, table] of TABLES) {
      const schema = stack.schemas[service];
      const before = await rows(admin, schema, table);
      expect(before.length, `${schema}.${table} is empty: the test wrote nothing`).toBeGreaterThan(0);
      expect(await rows(restored, schema, table), `${schema}.${table}`).toEqual(before);
    }
    const posts = await rows(restored, stack.schemas.posts, 'posts');
    expect(posts.map((p) => p.id).sort()).toEqual([...postIds].sort());
    expect((await rows(restored, stack.schemas.messaging, 'messages')).length).toBe(3);
    expect((await rows(restored, stack.schemas.notifications, 'notifications')).length).toBe(4);
  });

  it('serves the restored posts from a posts service started on the restored database', async () => {
    const service = await startService(postsService, {
      databaseUrl: restoredUrl,
      schema: stack.schemas.posts,
      bus: new InProcessBus(testLogger),
      logger: testLogger,
    });
    try {
      for (const id of postIds) {
        const res = await fetch(`${service.url}/api/posts/${id}`, { headers: { 'x-user-id': owner } });
        expect(res.status, id).toBe(200);
        expect((await res.json()).id).toBe(id);
      }
    } finally {
      await service.stop();
    }
  });

  it('refuses to restore over a schema that exists, naming it', () => {
    const dir = join(backupRoot, readdirSync(backupRoot)[0] as string);
    expect(() => run('scripts/restore.sh', [dir, '--no-bucket'])).toThrow(/already exists in the target/);
  });
});
