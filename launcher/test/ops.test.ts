import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { defineEvent, type EventEnvelope } from '@waco/contracts';
import { moderationService } from '@waco/moderation';
import {
  createDatabase,
  type Database,
  type EventBus,
  idempotentHandler,
  migrate,
  startMetricsServer,
} from '@waco/platform';
import {
  createTestBus,
  dropSchema,
  requirePostgres,
  TEST_DATABASE_URL,
  TEST_NATS_URL,
  testEnvelope,
  uniqueName,
  waitFor,
} from '@waco/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminRoutes } from '../src/ops/admin-routes';

// `npm run ops -- deadletters list | redrive | drop` is `tsx launcher/src/ops.ts ...`: run as its
// own process, as an operator would, against a real NATS (a prefix of our own) and, with
// --embedded, against an in-process bus through the embedded process's admin routes.

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');

function ops(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      TSX,
      [join(REPO_ROOT, 'launcher', 'src', 'ops.ts'), ...args],
      { cwd: REPO_ROOT, env: { ...process.env, NATS_URL: TEST_NATS_URL, LOG_LEVEL: 'warn', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const PRODUCER = 'orders';
const TYPE = 'OrderPlaced';
const OrderPlaced = defineEvent(PRODUCER, TYPE, z.object({ total: z.number() }));
const envelope = () => testEnvelope(OrderPlaced, { total: 10 }, { streamId: `order-${randomUUID()}` });

let database: Database<unknown>;
beforeAll(async () => {
  await requirePostgres();
  database = createDatabase({ url: TEST_DATABASE_URL, schema: uniqueName('ops'), max: 4 });
  await migrate(database, {
    '0001_effects': {
      async up(db) {
        await sql`CREATE TABLE effects (consumer text NOT NULL, event_id uuid NOT NULL)`.execute(db);
      },
    },
  });
});
afterAll(async () => {
  await database?.close();
  if (database) await dropSchema(database.schema);
});

/**
 * Two consumers of one stream, each idempotent through the inbox: `shipping` fails on the events
 * named poisoned (one try, then a dead letter); `billing` handles everything.
 */
async function subscribe(bus: EventBus, poisoned: Set<string>) {
  for (const consumer of ['shipping', 'billing']) {
    await bus.subscribe({
      consumer,
      producer: PRODUCER,
      types: [TYPE],
      retry: { maxDeliver: 1, backoffMs: [10] },
      handle: idempotentHandler(database.db, consumer, async (event, trx) => {
        if (consumer === 'shipping' && poisoned.has(event.id)) throw new Error(`cannot ship ${event.id}`);
        await sql`INSERT INTO effects VALUES (${consumer}, ${event.id})`.execute(trx);
      }),
    });
  }
}
const effects = async (consumer: string, eventId: string) =>
  (
    await database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM effects WHERE consumer = $1 AND event_id = $2',
      [consumer, eventId],
    )
  ).rows[0]?.n ?? 0;

describe.each([['nats'], ['embedded']] as const)(
  'npm run ops -- deadletters (%s)',
  { timeout: 120_000 },
  (kind) => {
    let bus: EventBus;
    let env: Record<string, string>;
    let args: string[] = [];
    let stop: () => Promise<void>;
    let auditSchema: string | undefined;

    beforeAll(async () => {
      const test = await createTestBus(kind === 'nats' ? 'nats' : 'memory');
      bus = test.bus;
      if (kind === 'nats') {
        await bus.ensureStream(PRODUCER);
        // The operator's redrives and drops are recorded in moderation's audit list: its schema.
        const suffix = `_${uniqueName('ops')}`;
        auditSchema = `moderation${suffix}`;
        const moderation = createDatabase({ url: TEST_DATABASE_URL, schema: auditSchema, max: 2 });
        await migrate(moderation, moderationService.migrations);
        await moderation.close();
        env = { BUS_PREFIX: test.prefix, DATABASE_URL: TEST_DATABASE_URL, DB_SCHEMA_SUFFIX: suffix };
        stop = async () => {
          await test.close();
          await dropSchema(auditSchema as string);
        };
      } else {
        const token = 'ops-test-token';
        const admin = await startMetricsServer({
          host: '127.0.0.1',
          port: 0,
          extra: adminRoutes(bus, {}, token),
        });
        env = { ADMIN_URL: admin.url, ADMIN_TOKEN: token };
        args = ['--embedded'];
        stop = async () => {
          await admin.close();
          await test.close();
        };
      }
    });
    afterAll(() => stop?.());

    it('lists a poison event with its error, redrives it once fixed (the inbox keeps the other consumer at one effect), drops another', async () => {
      const poisoned = new Set<string>();
      await subscribe(bus, poisoned);
      const poison = envelope();
      poisoned.add(poison.id);
      // In process, publish resolves once every consumer has settled the event.
      await bus.publish(PRODUCER, poison);
      await waitFor(async () => (await bus.deadLetters('shipping')).length === 1, 10_000, 'the dead letter');
      await waitFor(async () => (await effects('billing', poison.id)) === 1, 10_000, 'billing to handle it');

      const listed = await ops([...args, '--json', 'deadletters', 'list'], env);
      expect(listed.code).toBe(0);
      const letters = JSON.parse(listed.output) as Array<{
        id: string;
        consumer: string;
        error: string;
        event: EventEnvelope;
      }>;
      expect(letters).toHaveLength(1);
      expect(letters[0]).toMatchObject({ consumer: 'shipping', event: { id: poison.id, type: TYPE } });
      expect(letters[0]?.error).toContain(`cannot ship ${poison.id}`);
      const human = await ops([...args, 'deadletters', 'list'], env);
      expect(human.output).toContain(`cannot ship ${poison.id}`);

      // Fixed: redriven, shipping handles it; billing, which had, changes nothing.
      poisoned.delete(poison.id);
      const redriven = await ops([...args, 'deadletters', 'redrive', letters[0]?.id as string], env);
      expect(redriven.output).toContain('Redrove 1 dead letter');
      await waitFor(
        async () => (await effects('shipping', poison.id)) === 1,
        10_000,
        'shipping to handle the redriven event',
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(await effects('billing', poison.id)).toBe(1);
      expect(JSON.parse((await ops([...args, '--json', 'deadletters', 'list'], env)).output)).toEqual([]);

      // Another poison event, dropped: never handled by shipping, gone from the list.
      const other = envelope();
      poisoned.add(other.id);
      await bus.publish(PRODUCER, other);
      await waitFor(
        async () => (await bus.deadLetters('shipping')).length === 1,
        10_000,
        'the second dead letter',
      );
      const dropped = await ops([...args, 'deadletters', 'drop', '--all'], env);
      expect(dropped.output).toContain('Dropped 1 dead letter');
      if (auditSchema) {
        // Each deed in the audit list, by the operator (no administrator), naming the consumer.
        const { rows } = await database.pool.query(
          `SELECT action, moderator_id, note FROM "${auditSchema}".audit ORDER BY at`,
        );
        expect(rows).toEqual([
          { action: 'redrive_dead_letter', moderator_id: null, note: `shipping: ${TYPE}` },
          { action: 'drop_dead_letter', moderator_id: null, note: `shipping: ${TYPE}` },
        ]);
      }
      expect(JSON.parse((await ops([...args, '--json', 'deadletters', 'list'], env)).output)).toEqual([]);
      expect(await effects('shipping', other.id)).toBe(0);

      // An id that is not there: said, and a failing exit code.
      const missing = await ops([...args, 'deadletters', 'drop', '999999'], env);
      expect(missing.code).toBe(1);
      expect(missing.output).toContain('No dead letter 999999');
    });
  },
);

describe('npm run ops -- moderator (distributed)', { timeout: 60_000 }, () => {
  it("names DATABASE_URL when its role cannot read identity's schema", async () => {
    const role = uniqueName('ops_nobody');
    await database.pool.query(`CREATE ROLE ${role} LOGIN`);
    try {
      const url = new URL(TEST_DATABASE_URL);
      url.username = role;
      url.password = '';
      const { code, output } = await ops(['moderator', 'grant', 'meg@example.org'], {
        DATABASE_URL: url.toString(),
        BUS_PREFIX: uniqueName('opsmod'),
      });
      expect(code).toBe(1);
      expect(output).toContain('DATABASE_URL');
      expect(output).toContain('schema identity');
    } finally {
      await database.pool.query(`DROP ROLE ${role}`);
    }
  });
});
