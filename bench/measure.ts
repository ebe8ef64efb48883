import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

// What the benchmarks share: percentiles, waiting, the machine's load, CPU time from /proc, and
// autocannon run as a process of its own (so that its CPU is never counted as the servers').

/** Count, p50, p99 and max of a list of latencies (ms). */
export function summarize(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export async function until(probe: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The 1, 5 and 15 minute load averages: how much else ran alongside on a shared machine. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface ProcStat {
  ppid: number;
  comm: string;
  ticks: number;
}

function procStats(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        comm,
        // utime + stime, and cutime + cstime: the children that ended and were waited for (a
        // Postgres backend that closed during a run counts in its postmaster's, not nowhere).
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return stats;
}

/** CPU time (user + system, ms) of a process and its children: tsx runs the service in a child. */
export function cpuMs(rootPid: number): number {
  const stats = procStats();
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop() as number;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/**
 * CPU time (ms) of every process of a name (`postgres`, `nats-server`): the whole machine's, so it
 * includes what other work on the same server costs meanwhile.
 */
export function cpuMsByName(comm: string): number {
  let ticks = 0;
  for (const stat of procStats().values()) if (stat.comm === comm) ticks += stat.ticks;
  return ticks * 10;
}

const AUTOCANNON = join(
  createRequire(import.meta.url).resolve('autocannon/package.json'),
  '..',
  'autocannon.js',
);
const run = promisify(execFile);

/** What one autocannon run measured. */
export interface CannonResult {
  requests: number;
  failed: number;
  p50: number;
  p99: number;
}

/** Runs autocannon against a URL for `seconds` with `connections` (a process of its own). */
export async function cannon(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<CannonResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}:${value}`,
  ]);
  const { stdout } = await run(
    process.execPath,
    [AUTOCANNON, '-j', '-c', String(options.connections), '-d', String(options.seconds), ...headerArgs, url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { total: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  return {
    requests: result.requests.total,
    failed: result.errors + result.timeouts + result.non2xx,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}
