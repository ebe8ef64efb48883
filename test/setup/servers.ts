// vitest globalSetup: finds the Postgres and NATS JetStream the integration tests use, once per
// run, before any test file starts.
//   1. TEST_DATABASE_URL and TEST_NATS_URL (default: this machine's 127.0.0.1:5432 database
//      `test` and 127.0.0.1:4222) when they answer; NATS must have JetStream enabled.
//   2. Otherwise, with a Docker engine, testcontainers starts what is missing (Postgres 18,
//      NATS with -js) and the tests get its URLs through those two variables.
//   3. Otherwise the run stops here, with one message naming what to start.
// Every test reads the two URLs from @waco/platform/testing, which reads these variables. This
// file imports them from their own export, a TypeScript file with no imports: a globalSetup runs
// before the packages' `waco-source` sources resolve.
import { connect } from 'node:net';
import { TEST_DATABASE_URL, TEST_NATS_URL } from '@waco/platform/testing/servers';
import pg from 'pg';

// The images testcontainers starts, pinned (the same as docker-compose.yml's).
const POSTGRES_IMAGE = 'postgres:18.6-trixie';
const NATS_IMAGE = 'nats:2.14.5-alpine';

/** True when Postgres at `url` accepts a connection and a query. */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * True when NATS at `url` answers with JetStream enabled: the server's first line (INFO) says
 * `"jetstream":true`, which a bare port probe would not tell.
 */
export function jetStreamAnswers(url: string, timeoutMs = 3000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 4222) });
    let info = '';
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      info += chunk.toString();
      if (info.includes('\n')) done(/^INFO .*"jetstream":true/.test(info));
    });
  });
}

/** True when testcontainers finds a container runtime (Docker, Podman, a remote DOCKER_HOST). */
async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export default async function setup() {
  const [postgresUp, natsUp] = await Promise.all([
    postgresAnswers(TEST_DATABASE_URL),
    jetStreamAnswers(TEST_NATS_URL),
  ]);
  if (postgresUp && natsUp) return;

  const missing = [
    ...(postgresUp ? [] : [`PostgreSQL at ${TEST_DATABASE_URL}`]),
    ...(natsUp ? [] : [`NATS with JetStream at ${TEST_NATS_URL}`]),
  ];
  if (!(await dockerAnswers())) {
    const message =
      `The tests need ${missing.join(' and ')}, which did not answer, and there is no Docker engine ` +
      'for testcontainers to start them in. Start them (bash scripts/ensure-services.sh on Debian), ' +
      'or start Docker, or point TEST_DATABASE_URL / TEST_NATS_URL at running ones.';
    // One message and out: a thrown error would come with a stack trace into this file and
    // vitest's "No test files found", neither of which is the problem.
    console.error(`\n${message}\n`);
    process.exit(1);
  }

  const { GenericContainer, Wait } = await import('testcontainers');
  const stops: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  try {
    if (!postgresUp) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const postgres = await new PostgreSqlContainer(POSTGRES_IMAGE)
        .withDatabase('test')
        .withUsername('postgres')
        .withPassword('postgres')
        // Tests create and drop many schemas; durability does not matter here.
        .withCommand(['postgres', '-c', 'fsync=off', '-c', 'max_connections=300'])
        .start();
      stops.push(() => postgres.stop());
      process.env.TEST_DATABASE_URL = postgres.getConnectionUri();
    }
    if (!natsUp) {
      const nats = await new GenericContainer(NATS_IMAGE)
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start();
      stops.push(() => nats.stop());
      process.env.TEST_NATS_URL = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
    }
  } catch (err) {
    await teardown();
    throw err;
  }
  console.log(
    `[servers] started with testcontainers: ${missing.join(', ')} were not running ` +
      `(TEST_DATABASE_URL=${process.env.TEST_DATABASE_URL}, TEST_NATS_URL=${process.env.TEST_NATS_URL})`,
  );
  return teardown;
}
