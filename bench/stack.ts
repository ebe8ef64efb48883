import { SERVICE_NAMES, type ServiceName } from '@waco/contracts/routes';
import { startProcesses } from '@waco/launcher/processes';
import { createBus, JetStreamBus } from '@waco/platform';
import * as kit from '@waco/platform/testing';
import { SseClient } from '@waco/platform/testing';
import type pg from 'pg';
import { until } from './measure';

/** The services the event benchmarks start (media and moderation are never called). */
export const STACK_SERVICES = ['identity', 'posts', 'messaging', 'notifications'] as const;

/**
 * The distributed stack for a benchmark: identity, posts, messaging, notifications and the
 * gateway, each a process of its own on this machine's Postgres and NATS JetStream, under a
 * prefix and schema suffix of the run's own; rate limits out of the way. `stop` removes it all.
 */
export async function startBenchStack(name: string, env: Record<string, string> = {}) {
  await kit.requirePostgres();
  await kit.requireNats();
  const tag = kit.uniqueName(name).split('_').at(-1) as string;
  const suffix = `_${name}${tag}`;
  const prefix = `${name}${tag}`;
  const logs: string[] = [];
  const ports = { gateway: await kit.freePort() } as Record<ServiceName | 'gateway', number>;
  // Every service has its port; those not in STACK_SERVICES are never started.
  for (const name of SERVICE_NAMES) ports[name] = await kit.freePort();
  const group = await startProcesses({
    databaseUrl: kit.TEST_DATABASE_URL,
    natsUrl: kit.TEST_NATS_URL,
    ports,
    busPrefix: prefix,
    schemaSuffix: suffix,
    appOrigin: 'http://localhost:3000',
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      // A few accounts post and message in bulk: the limits per member are for people.
      MEMBER_LIMITS: 'off',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    onOutput: (service, line) => logs.push(`[${service}] ${line}`),
    services: [...STACK_SERVICES],
  });
  const base = group.gatewayUrl;

  /** Signs a user up through the gateway; their session cookie comes back. */
  const signUp = async (firstName: string, lastName: string): Promise<User> => {
    const { id, cookie } = await kit.signUpAt(base, { firstName, lastName, password: 'benchmark pw' });
    return { id, name: `${firstName} ${lastName}`, cookie };
  };

  /** Waits until every service has heard of these users from identity's events. */
  const untilUsersKnown = (db: pg.Pool, ids: string[]) =>
    until(async () => {
      for (const [schema, table] of [
        [`posts${suffix}`, 'authors'],
        [`messaging${suffix}`, 'users'],
        [`notifications${suffix}`, 'users'],
      ]) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM "${schema}".${table} WHERE id = ANY($1::uuid[])`,
          [ids],
        );
        if (rows[0].n !== ids.length) return false;
      }
      return true;
    }, 120_000);

  /** Tells of the warnings and errors the services logged. */
  const reportProblems = (say: (line: string) => void) => {
    const problems = logs.filter((l) => /"level":(40|50|60)/.test(l));
    if (problems.length)
      say(
        `${problems.length} warnings or errors in the services' logs, e.g.\n${problems.slice(0, 5).join('\n')}`,
      );
  };

  const streams: SseClient[] = [];
  /** Opens a user's live stream through the gateway and waits for its first event; closed at `stop`. */
  const openStream = async (user: User) => {
    const stream = await SseClient.open(`${base}/api/stream`, { cookie: user.cookie });
    if (stream.status !== 200) throw new Error(`stream answered ${stream.status}`);
    streams.push(stream);
    await stream.waitFor((e) => e.event === 'unread');
    return stream;
  };

  /** The services' last lines (a benchmark failed). */
  const reportLastLines = (say: (line: string) => void) => say(logs.slice(-40).join('\n'));

  /**
   * Runs a benchmark on the stack, and tells of the services' warnings after it, or of their last
   * lines when it fails. At the end, `release` (what the benchmark opened itself), then `stop`.
   */
  const run = async (
    say: (line: string) => void,
    benchmark: () => Promise<void>,
    release: () => Promise<void>,
  ) => {
    try {
      await benchmark();
      reportProblems(say);
    } catch (err) {
      reportLastLines(say);
      throw err;
    } finally {
      await release();
      await stop();
    }
  };

  const stop = async () => {
    for (const stream of streams) stream.close();
    await group.stop();
    const cleaner = await createBus({
      kind: 'nats',
      natsUrl: kit.TEST_NATS_URL,
      prefix,
      logger: kit.testLogger,
    });
    if (cleaner instanceof JetStreamBus) await cleaner.deleteStreams();
    await cleaner.close();
    for (const s of STACK_SERVICES) await kit.dropSchema(`${s}${suffix}`);
  };

  return {
    group,
    base,
    ports,
    tag,
    suffix,
    prefix,
    logs,
    signUp,
    untilUsersKnown,
    reportProblems,
    reportLastLines,
    openStream,
    run,
    stop,
  };
}

export interface User {
  id: string;
  name: string;
  cookie: string;
  /** The user's live stream, when the benchmark holds one open. */
  stream?: SseClient;
}
