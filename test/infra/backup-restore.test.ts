import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
import { restoreTarget } from './support/restore-target';

// scripts/backup.sh and scripts/restore.sh on data the real services wrote (identity, posts,
// messaging and notifications on the machine's Postgres and NATS JetStream): dump every schema,
// restore into a fresh database, and find every post, message and notification there, and a
// posts service started on the restored schema serves the posts. A backup taken while messages
// flow restores to schemas that agree: every notification's event is there.

let stack: EventStack;
const target = restoreTarget('restored');
const { url: restoredUrl, pool: restored } = target;
const busyDb = uniqueName('restored_busy');
const backupRoot = mkdtempSync(join(tmpdir(), 'waco-backup-'));
// The key backups go apart from the main ones (scripts/backup-keys.sh), as an operator keeps them.
const keyRoot = mkdtempSync(join(tmpdir(), 'waco-keys-'));
const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
const busyUrl = restoredUrl.replace(target.name, busyDb);

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
    env: scriptEnv(script.includes('backup') ? TEST_DATABASE_URL : restoredUrl),
  });
}

const scriptEnv = (databaseUrl: string) => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  SCHEMAS: Object.values(stack.schemas).join(' '),
  KEY_BACKUP_DIR: keyRoot,
});

/** Runs a script without blocking this process, whose services go on serving meanwhile. */
async function runWhileServing(script: string, args: string[], databaseUrl: string) {
  try {
    const { stdout } = await promisify(execFile)('bash', [script, ...args], {
      cwd: ROOT,
      env: scriptEnv(databaseUrl),
    });
    return stdout;
  } catch (err) {
    throw new Error(`${script} failed: ${String((err as { stderr?: string }).stderr ?? err)}`);
  }
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
  await target.create(admin);
  await admin.query(`CREATE DATABASE ${busyDb}`);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await target.drop(admin);
  await admin.query(`DROP DATABASE IF EXISTS ${busyDb} WITH (FORCE)`);
  await admin.end();
  rmSync(backupRoot, { recursive: true, force: true });
  rmSync(keyRoot, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every post, message and notification into a fresh database', async () => {
    const out = run('scripts/backup.sh', ['--out', backupRoot, '--no-bucket']);
    const dir = out.trim().split('\n').at(-1) as string;
    // One archive, of one snapshot, holding every schema.
    expect(readdirSync(join(dir, 'postgres'))).toEqual(['waco.dump']);

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

  it('restores a backup taken while messages flow to schemas that agree: every notification has its event', async () => {
    const sender = await stack.signUp('Sid', 'Sender');
    await stack.waitForUsers([sender]);
    const before = await stack.notificationCount(owner);
    let sending = true;
    let sent = 0;
    const traffic = (async () => {
      for (let i = 0; sending && i < 3000; i++) {
        await stack.send(sender, owner, `Still there? ${i}`);
        sent++;
      }
    })();
    // Messages are being sent and notified while the backup runs.
    await eventually(
      async () => ((await stack.notificationCount(owner)) >= before + 20 ? true : undefined),
      60_000,
    );
    const out = await runWhileServing(
      'scripts/backup.sh',
      ['--out', backupRoot, '--no-bucket'],
      TEST_DATABASE_URL,
    );
    const sentDuringBackup = sent;
    sending = false;
    await traffic;
    const dir = out.trim().split('\n').at(-1) as string;
    await runWhileServing('scripts/restore.sh', [dir, '--no-bucket'], busyUrl);

    const copy = new pg.Pool({ connectionString: busyUrl, max: 1 });
    try {
      const events = Object.values(stack.schemas)
        .map((schema) => `SELECT id FROM ${schema}.events`)
        .join(' UNION ALL ');
      const { rows } = await copy.query(
        `SELECT n.id, n.type, n.source_event_id FROM ${stack.schemas.notifications}.notifications n
         WHERE n.source_event_id NOT IN (${events})`,
      );
      const [{ n }] = (
        await copy.query(`SELECT count(*)::int AS n FROM ${stack.schemas.notifications}.notifications`)
      ).rows;
      console.log(
        `backup under traffic: ${sentDuringBackup} messages sent until it ended; ${n} notifications in the copy, ${rows.length} without their event`,
      );
      expect(n, 'the copy holds the notifications made while messages flowed').toBeGreaterThan(before + 20);
      expect(rows, 'notifications whose event is in no schema of the copy').toEqual([]);
    } finally {
      await copy.end();
    }
  }, 180_000);

  it('refuses to restore over a schema that exists, naming it', () => {
    const dir = join(backupRoot, readdirSync(backupRoot)[0] as string);
    expect(() => run('scripts/restore.sh', [dir, '--no-bucket'])).toThrow(/already exists in the target/);
  });
});
