import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERASED, type EventEnvelope, SEALED_PREFIX } from '@waco/contracts';
import { identityService } from '@waco/identity';
import { InProcessBus, type KeyRing, PersonalData, startService } from '@waco/platform';
import {
  requireNats,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  testLogger,
  uniqueName,
  waitFor,
} from '@waco/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type EventStack, startEventStack } from '../e2e/support/event-stack';
import { ROOT } from './support/compose';
import { restoreTarget } from './support/restore-target';

// A backup taken before a deletion, restored after it, opens none of the deleted member's sealed
// fields: the main backup holds no key (scripts/backup.sh leaves identity's key store
// out), the key store is backed up apart (scripts/backup-keys.sh) and its backups expire after
// the stated period, and a restore takes the newest key backup, which no longer has the key.

const backupRoot = mkdtempSync(join(tmpdir(), 'waco-backup-'));
const keyRoot = mkdtempSync(join(tmpdir(), 'waco-keys-'));
let stack: EventStack;
const target = restoreTarget('keysrestored');
const { url: restoredUrl, pool: restored } = target;
const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });

/** Runs a script as an operator would; a failure carries what it printed on stderr. */
function run(script: string, args: string[], databaseUrl: string) {
  try {
    return execFileSync('bash', [script, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        SCHEMAS: Object.values(stack.schemas).join(' '),
        IDENTITY_SCHEMA: stack.schemas.identity,
        KEY_BACKUP_DIR: keyRoot,
      },
    });
  } catch (err) {
    throw new Error(`${script} failed: ${String((err as { stderr?: string }).stderr ?? err)}`);
  }
}

/** The keys a database's identity schema holds, as the services' key ring reads them. */
const keyRingOf = (pool: pg.Pool, schema: string): KeyRing => {
  const read = async (userId: string) =>
    (await pool.query<{ key: Buffer }>(`SELECT key FROM "${schema}".user_keys WHERE user_id = $1`, [userId]))
      .rows[0]?.key;
  return { keyToSeal: read, keyToOpen: read, forget() {} };
};

/** One field of an event's data (undefined when there is no such event). */
const field = (event: EventEnvelope | undefined, name: string) =>
  (event?.data as Record<string, unknown> | undefined)?.[name];

/** A log's events of a type, as stored (sealed). */
async function storedEvents(pool: pg.Pool, schema: string, type: string): Promise<EventEnvelope[]> {
  const { rows } = await pool.query<{ id: string; type: string; data: Record<string, unknown> }>(
    `SELECT id::text, type, data FROM "${schema}".events WHERE type = $1 ORDER BY global_position`,
    [type],
  );
  return rows.map((r) => ({ ...r, data: r.data }) as unknown as EventEnvelope);
}

const stamp = uniqueName('k').split('_')[1] as string;
const secrets = { title: `Cedar canoe ${stamp}`, message: `Meet at the dam ${stamp}` };
let [alice, bob, postId] = ['', '', ''];

beforeAll(async () => {
  await requireNats();
  stack = await startEventStack({ natsUrl: TEST_NATS_URL });
  alice = await stack.signUp('Alice', 'Deleted');
  bob = await stack.signUp('Bob', 'Stays');
  await stack.waitForUsers([alice, bob]);
  postId = await stack.createPost(alice, secrets.title);
  await stack.send(alice, bob, secrets.message);
  await target.create(admin);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await target.drop(admin);
  await admin.end();
  rmSync(backupRoot, { recursive: true, force: true });
  rmSync(keyRoot, { recursive: true, force: true });
});

it('restores a backup taken before a deletion without opening the deleted member’s sealed fields', async () => {
  // The backup before the deletion: the main archives and, apart, a key backup.
  const out = run('scripts/backup.sh', ['--out', backupRoot, '--no-bucket'], TEST_DATABASE_URL);
  const oldBackup = out.trim().split('\n').at(-1) as string;
  const [oldKeys] = readdirSync(keyRoot);
  expect(oldKeys).toMatch(/^keys-.*\.dump$/);

  // Alice deletes her account; the stated period passes and the next key backup prunes the old
  // one (`--keep-days 0` stands for the days; a test never waits them out).
  const identity = stack.identity.service.url;
  const res = await fetch(`${identity}/api/user`, {
    method: 'DELETE',
    headers: { 'x-user-id': alice, 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'correct horse battery' }),
  });
  expect(res.status).toBe(204);
  const fresh = run('scripts/backup-keys.sh', ['--keep-days', '0'], TEST_DATABASE_URL).trim();
  expect(readdirSync(keyRoot)).toEqual([fresh.split('/').at(-1)]);
  expect(existsSync(join(keyRoot, oldKeys as string))).toBe(false);

  // The old backup restored, with the newest key backup (restore.sh's default: KEY_BACKUP_DIR).
  run('scripts/restore.sh', [oldBackup, '--no-bucket'], restoredUrl);
  const { identity: idSchema, posts: postsSchema, messaging: msgSchema } = stack.schemas;

  // The old backup still holds her data, sealed: her post, her message, her registration.
  const [post] = (await storedEvents(restored, postsSchema, 'PostCreated')).filter(
    (e) => (e.data as { postId: string }).postId === postId,
  );
  const [message] = await storedEvents(restored, msgSchema, 'MessageSent');
  const registrations = await storedEvents(restored, idSchema, 'UserRegistered');
  const hers = registrations.find((e) => (e.data as { userId: string }).userId === alice);
  const his = registrations.find((e) => (e.data as { userId: string }).userId === bob);
  for (const sealed of [field(post, 'title'), field(message, 'content'), field(hers, 'email')])
    expect(String(sealed).startsWith(SEALED_PREFIX)).toBe(true);

  // No key of hers in the restored database; Bob's is there.
  const keys = await restored.query<{ user_id: string }>(`SELECT user_id::text FROM "${idSchema}".user_keys`);
  expect(keys.rows.map((r) => r.user_id)).toContain(bob);
  expect(keys.rows.map((r) => r.user_id)).not.toContain(alice);

  // Opened as the services open them: hers read as erased, his as written.
  const personal = new PersonalData(keyRingOf(restored, idSchema));
  const [openPost, openMessage, openHers, openHis] = await personal.open([
    post as EventEnvelope,
    message as EventEnvelope,
    hers as EventEnvelope,
    his as EventEnvelope,
  ]);
  expect(field(openPost, 'title')).toBe(ERASED);
  expect(field(openMessage, 'content')).toBe(ERASED);
  expect(field(openHers, 'email')).toBe(ERASED);
  expect(field(openHers, 'firstName')).toBe(ERASED);
  expect(field(openHis, 'firstName')).toBe('Bob');
  console.log(
    `[restore of a backup older than a deletion] key backups: ${oldKeys} (before) pruned, ${fresh
      .split('/')
      .at(
        -1,
      )} restored; her PostCreated.title, MessageSent.content, UserRegistered.email/firstName open to ''`,
  );

  // The old backup's read tables still had her account: identity, started on the restored
  // database, deletes it again (the key backup carried the deleted ids), so every service
  // erases its copy as it did the first time.
  const before = await restored.query(`SELECT 1 FROM "${idSchema}".users WHERE id = $1`, [alice]);
  expect(before.rowCount).toBe(1);
  const service = await startService(identityService, {
    databaseUrl: restoredUrl,
    schema: idSchema,
    bus: new InProcessBus(testLogger),
    logger: testLogger,
  });
  try {
    await waitFor(async () => {
      const { rowCount } = await restored.query(`SELECT 1 FROM "${idSchema}".users WHERE id = $1`, [alice]);
      return rowCount === 0 ? true : undefined;
    });
    const deletions = await storedEvents(restored, idSchema, 'UserDeleted');
    expect(deletions.map((e) => (e.data as { userId: string }).userId)).toEqual([alice]);
    const stays = await restored.query(`SELECT 1 FROM "${idSchema}".users WHERE id = $1`, [bob]);
    expect(stays.rowCount).toBe(1);
  } finally {
    await service.stop();
  }
}, 120_000);
