import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@waco/platform/testing';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/**
 * A NATS server with JetStream of a test's own, on a free port with its own store directory, so
 * that a fault test can kill and restart it without touching the machine's NATS on 4222.
 */
export class OwnNatsServer {
  private child: ChildProcess | undefined;
  readonly url: string;

  private constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {
    this.url = `nats://127.0.0.1:${port}`;
  }

  static async start(): Promise<OwnNatsServer> {
    const server = new OwnNatsServer(await freePort(), await mkdtemp(join(tmpdir(), 'waco-nats-')));
    await server.restart();
    return server;
  }

  /** Starts the server (again), on the same port and store; resolves once it accepts clients. */
  async restart() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      throw new Error('NATS is already running');
    const child = spawn(
      NATS_SERVER,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      {
        stdio: 'ignore',
      },
    );
    this.child = child;
    const failed = new Promise<never>((_, reject) => {
      child.once('error', (err) => reject(new Error(`cannot run ${NATS_SERVER}: ${err.message}`)));
      child.once('exit', (code) => reject(new Error(`nats-server exited with code ${code} at start`)));
    });
    await Promise.race([this.waitListening(), failed]);
  }

  /** Kills the server at once (no clean shutdown) and resolves when it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  /**
   * Kills the server, deletes its store (every stream, consumer and message: a lost disk) and
   * starts it again, empty, on the same port.
   */
  async wipe() {
    await this.kill();
    await rm(this.storeDir, { recursive: true, force: true });
    await mkdir(this.storeDir, { recursive: true });
    await this.restart();
  }

  async stop() {
    await this.kill('SIGTERM');
    await rm(this.storeDir, { recursive: true, force: true });
  }

  private async waitListening(timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: this.port });
        socket.once('data', (chunk) => {
          socket.end();
          resolve(chunk.toString().includes('"jetstream":true'));
        });
        socket.once('error', () => resolve(false));
      });
      if (up) return;
      if (Date.now() > deadline) throw new Error(`nats-server did not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
