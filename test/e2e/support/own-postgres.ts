import { execFile, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@waco/platform/testing';
import pg from 'pg';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const IS_ROOT = process.getuid?.() === 0;
/** Postgres refuses to run as root: as root, its commands run as the `postgres` user. */
const AS_USER = process.env.PG_RUN_AS ?? 'postgres';

/**
 * A throwaway PostgreSQL cluster of a test's own (initdb, pg_ctl) on a free port, with fsync off,
 * so that a fault test can stop and restart it without touching the machine's shared server.
 */
export class OwnPostgres {
  readonly url: string;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/waco`;
  }

  static async start(): Promise<OwnPostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'waco-pg-'));
    if (IS_ROOT) {
      const { stdout } = await run('id', ['-u', AS_USER]);
      const { stdout: gid } = await run('id', ['-g', AS_USER]);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await chmod(dir, 0o700);
    const server = new OwnPostgres(await freePort(), dir);
    await server.pg('initdb', [
      '-D',
      server.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await server.startServer();
    // pg_ctl leaves the server running on its own: should this process end without `stop` (a
    // crashed or interrupted test run), take the server down with it.
    process.once('exit', () => server.stopNow());
    const admin = new pg.Client({ connectionString: server.url.replace(/\/waco$/, '/postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE waco');
    await admin.end();
    return server;
  }

  private get dataDir() {
    return join(this.dir, 'data');
  }

  /** Runs one of Postgres's programs, as the postgres user when we are root. */
  private async pg(program: string, args: string[]) {
    const bin = join(BIN, program);
    try {
      if (IS_ROOT) await run('runuser', ['-u', AS_USER, '--', bin, ...args], { timeout: 60_000 });
      else await run(bin, args, { timeout: 60_000 });
    } catch (err) {
      throw new Error(
        `${program} failed (${(err as Error).message}). The fault suite needs PostgreSQL 15's programs under ${BIN} (set PG_BIN_DIR).`,
      );
    }
  }

  /** Starts the server (again) on the same port and data; resolves once it accepts clients. */
  async startServer() {
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await this.pg('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.dir, 'log'), '-w', 'start']);
  }

  /** Stops the server: `fast` ends every session at once (what a restart does to clients). */
  async stopServer(mode: 'fast' | 'immediate' = 'fast') {
    await this.pg('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
  }

  /** Stops the server at once, synchronously (for an exit hook). */
  private stopNow() {
    const pgCtl = join(BIN, 'pg_ctl');
    const args = ['-D', this.dataDir, '-m', 'immediate', 'stop'];
    if (IS_ROOT) spawnSync('runuser', ['-u', AS_USER, '--', pgCtl, ...args], { stdio: 'ignore' });
    else spawnSync(pgCtl, args, { stdio: 'ignore' });
    rmSync(this.dir, { recursive: true, force: true });
  }

  async stop() {
    await this.stopServer('immediate').catch(() => {});
    await rm(this.dir, { recursive: true, force: true });
  }
}
