// Starts one compiled service (`npm run build` output) with plain `node`, as the production
// image does, and waits for its /readyz. Used by the compiled-service test and by
// scripts/check-production-install.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface CompiledService {
  name: string;
  url: string;
  process: ChildProcess;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** SIGTERM, then the exit code (services drain and exit 0). */
  stop(): Promise<number | null>;
}

/**
 * `node <appDir>/services/<name>/dist/main.js` with `env` on top of this process's environment,
 * minus NODE_OPTIONS: npm's `--conditions=waco-source` (.npmrc) would send it to the sources.
 */
export async function startCompiledService(
  appDir: string,
  name: string,
  port: number,
  env: Record<string, string>,
  readyWithinMs = 30_000,
): Promise<CompiledService> {
  const { NODE_OPTIONS: _dropped, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(appDir, 'services', name, 'dist', 'main.js')], {
    cwd: appDir,
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const service: CompiledService = {
    name,
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };

  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready:\n${output}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return service;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await service.stop();
  throw new Error(`${name} was not ready at ${url}/readyz within ${readyWithinMs} ms:\n${output}`);
}
