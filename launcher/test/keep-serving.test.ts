import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const TSX = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill();
});

describe('the embedded process, on an error nobody catches', () => {
  it('logs it with the error and keeps answering', async () => {
    child = spawn(TSX, [join(import.meta.dirname, 'fixtures', 'throws-later.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 20_000;
    while (!(output.includes('caught by nobody') && output.includes('awaited by nobody'))) {
      if (Date.now() > deadline) throw new Error(`no error logged; output: ${output}`);
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}; output: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const port = /listening (\d+)/.exec(output)?.[1];
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('still here');
    expect(child.exitCode).toBeNull();
    expect(output).toMatch(/unexpected error outside any request/);
    expect(output).toMatch(/unhandled promise rejection/);
  });
});
