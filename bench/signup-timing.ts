import { performance } from 'node:perf_hooks';
import { createIdentityService, type IdentityDatabase } from '@waco/identity';
import { createLogger, InProcessBus, type RunningService, startService } from '@waco/platform';
import { dropSchema, requirePostgres, TEST_DATABASE_URL, uniqueName } from '@waco/platform/testing';
import { loadAverage, summarize } from './measure';
import { numbersFromEnv } from './settings';

// How long identity takes to answer a signup with a new email (201) and one with a taken email
// (409), one request at a time, alternating, through Fastify's inject (no network). The two should
// be close: the taken email's answer pays for the same password hash. Runs in database `test`, in
// a schema dropped at the end.
//   npx tsx bench/signup-timing.ts      (ROUNDS=40 by default)

const { ROUNDS } = numbersFromEnv({ ROUNDS: 40 });
const say = (line = '') => process.stdout.write(`${line}\n`);
const logger = createLogger({ level: 'silent' });
await requirePostgres();
const schema = uniqueName('bench_signup');
const identity: RunningService<IdentityDatabase> = await startService(
  createIdentityService({ mailer: { send: async () => {}, close() {} } }),
  { databaseUrl: TEST_DATABASE_URL, schema, bus: new InProcessBus(logger), logger, poolSize: 4 },
);

const signup = async (email: string, expected: number) => {
  const started = performance.now();
  const res = await identity.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { firstName: 'Bench', lastName: 'Mark', email, password: 'correct horse battery' },
  });
  const ms = performance.now() - started;
  if (res.statusCode !== expected) throw new Error(`signup answered ${res.statusCode}: ${res.body}`);
  return ms;
};

const taken = `${uniqueName('taken')}@example.com`;
await signup(taken, 201);
// Warm both paths (the dummy hash, the pools, the JIT).
for (let i = 0; i < 3; i++) {
  await signup(`${uniqueName('warm')}@example.com`, 201);
  await signup(taken, 409);
}
const fresh: number[] = [];
const existing: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  fresh.push(await signup(`${uniqueName('new')}@example.com`, 201));
  existing.push(await signup(taken, 409));
}
const line = (label: string, ms: number[]) => {
  const s = summarize(ms);
  say(`${label.padEnd(22)} n=${s.count}  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms`);
};
say(`signup timing, ${ROUNDS} rounds, load ${loadAverage()}`);
line('new email (201)', fresh);
line('taken email (409)', existing);
await identity.stop();
await dropSchema(schema);
