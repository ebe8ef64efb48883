import { identityService } from '@waco/identity';
import { USER_ID_HEADER } from '@waco/platform';
import { signUpAt } from '@waco/platform/testing';
import { startBareProxy } from './bare-proxy';
import { benchGateway } from './bench-gateway';
import { inProcessServices } from './in-process';
import { cannon, cpuMs } from './measure';
import { nginxBinary, startNginxProxy } from './nginx-proxy';
import { numbersFromEnv } from './settings';

// Gateway overhead (ARCHITECTURE.md, budgets): GET /api/user through the gateway with the
// session cookie, against the same request sent straight to identity with x-user-id.
// Budget: a proxied request costs at most 1.5x the direct one.
//
// The anchor of the same run: the same request (with x-user-id) through a bare proxy
// (bare-proxy.ts: `node:http` and an undici pool, nothing else), the least any second HTTP hop
// costs here; the gateway's own work is what it costs beyond that. And nginx (Debian's, when
// installed: apt-get install nginx-light) in front of the same service, as an operator's edge
// proxy: its CPU per request (its worker's, from /proc) beside the gateway's.
//
// Identity and the gateway run in this process, as in the embedded mode; autocannon runs as a
// process of its own, so that this process's CPU time is the servers' alone. That CPU time per
// request is the cost the budget speaks of, and unlike requests per second it hardly moves when
// something else busies the machine. Postgres's own CPU is not counted (it is the same query on
// both paths), which makes the ratio stricter, not looser.
//
//   npx tsx bench/gateway.ts     (DURATION=10 WARMUP=3 ROUNDS=5 CONNECTIONS=10)

const {
  DURATION: DURATION_S,
  WARMUP: WARMUP_S,
  ROUNDS,
  CONNECTIONS,
} = numbersFromEnv({ DURATION: 10, WARMUP: 3, ROUNDS: 5, CONNECTIONS: 10 });
const BUDGET = 1.5;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** A process of its own whose CPU time counts too (nginx). */
  pid?: number;
}

/** What one autocannon run measured, and the CPU time this process spent meanwhile. */
interface Round {
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  cpuUs: number;
}

async function load(target: Target, seconds: number): Promise<Round> {
  const cpu = process.cpuUsage();
  const other = target.pid ? cpuMs(target.pid) : 0;
  const result = await cannon(target.url, { seconds, connections: CONNECTIONS, headers: target.headers });
  const used = process.cpuUsage(cpu);
  const otherUs = target.pid ? (cpuMs(target.pid) - other) * 1000 : 0;
  return { ...result, cpuUs: used.user + used.system + otherUs };
}

const services = await inProcessServices();
const identity = await services.start(identityService, 'bench_identity', { poolSize: 10 });
// Only identity is started: nothing else is called.
const gateway = await benchGateway({ identity: identity.url }, services.bus, services.logger);
const gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
const bare = await startBareProxy(identity.url);
// nginx (Debian's, when installed) as the edge proxy operators know, in front of the same service.
const nginxAt = nginxBinary();
const nginx = nginxAt ? await startNginxProxy(nginxAt, identity.url) : undefined;
if (!nginx)
  process.stdout.write('nginx is not installed (apt-get install nginx-light): its row is left out\n');

try {
  const user = await signUpAt(gatewayUrl, {
    firstName: 'Bench',
    lastName: 'Mark',
    password: 'benchmark password',
  });
  const { cookie } = user;

  const targets: Target[] = [
    { name: 'direct', url: `${identity.url}/api/user`, headers: { [USER_ID_HEADER]: user.id } },
    { name: 'via gateway', url: `${gatewayUrl}/api/user`, headers: { cookie } },
    { name: 'via bare proxy', url: `${bare.url}/api/user`, headers: { [USER_ID_HEADER]: user.id } },
    ...(nginx
      ? [
          {
            name: 'via nginx',
            url: `${nginx.url}/api/user`,
            headers: { [USER_ID_HEADER]: user.id },
            pid: nginx.pid,
          },
        ]
      : []),
  ];
  for (const target of targets) {
    const check = await fetch(target.url, { headers: target.headers });
    if (check.status !== 200) throw new Error(`GET ${target.url} answered ${check.status}`);
  }

  process.stdout.write(`warming up (${WARMUP_S} s each)...\n`);
  for (const target of targets) await load(target, WARMUP_S);

  // The two take turns in short rounds, so that a busy moment of the machine weighs on both.
  process.stdout.write(
    `measuring GET /api/user: ${DURATION_S} s each, in ${ROUNDS} alternating rounds, ${CONNECTIONS} connections\n`,
  );
  const rounds = new Map<Target, Round[]>(targets.map((t) => [t, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const target of targets) rounds.get(target)?.push(await load(target, DURATION_S / ROUNDS));
  }

  const [direct, proxied, anchor, edge] = targets.map((target) => {
    const runs = rounds.get(target) ?? [];
    const requests = sum(runs.map((r) => r.requests));
    return {
      name: target.name,
      rps: requests / DURATION_S,
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      cpuUs: sum(runs.map((r) => r.cpuUs)) / Math.max(requests, 1),
      failed: sum(runs.map((r) => r.failed)),
    };
  }) as [Summary, Summary, Summary, Summary | undefined];

  const ratios = [
    {
      label: 'throughput (gateway / direct)',
      value: proxied.rps / direct.rps,
      ok: (v: number) => v >= 1 / BUDGET,
    },
    {
      label: 'p99 latency (gateway / direct)',
      value: proxied.p99 / direct.p99,
      ok: (v: number) => v <= BUDGET,
    },
    {
      label: 'CPU per request (gateway / direct)',
      value: proxied.cpuUs / direct.cpuUs,
      ok: (v: number) => v <= BUDGET,
    },
  ];
  const cell = (value: string | number) => String(value).padStart(12);
  const lines = [
    '',
    `${''.padEnd(14)}${cell('req/s')}${cell('p50 ms')}${cell('p99 ms')}${cell('CPU µs/req')}${cell('failed')}`,
    ...[direct, proxied, anchor, ...(edge ? [edge] : [])].map(
      (r) =>
        `${r.name.padEnd(14)}${cell(r.rps.toFixed(0))}${cell(r.p50.toFixed(1))}${cell(r.p99.toFixed(1))}` +
        `${cell(r.cpuUs.toFixed(0))}${cell(r.failed)}`,
    ),
    '',
    ...ratios.map(
      ({ label, value, ok }) =>
        `${label.padEnd(36)}${value.toFixed(2)}  ${ok(value) ? 'within' : 'OVER'} budget (${label.startsWith('throughput') ? `>= ${(1 / BUDGET).toFixed(2)}` : `<= ${BUDGET}`})`,
    ),
    '',
    'anchor, the bare proxy (the least a second hop costs here):',
    `${'  CPU per request (bare / direct)'.padEnd(36)}${(anchor.cpuUs / direct.cpuUs).toFixed(2)}`,
    `${'  throughput (bare / direct)'.padEnd(36)}${(anchor.rps / direct.rps).toFixed(2)}`,
    `${"  the gateway's own CPU per request".padEnd(36)}${(proxied.cpuUs - anchor.cpuUs).toFixed(0)} µs beyond the bare proxy's`,
    ...(edge
      ? [
          '',
          'anchor, nginx in front of the same service (the proxy operators know):',
          `${'  throughput (nginx / direct)'.padEnd(36)}${(edge.rps / direct.rps).toFixed(2)}`,
          `${'  proxy CPU per request: gateway'.padEnd(36)}${(proxied.cpuUs - direct.cpuUs).toFixed(0)} µs`,
          `${'  proxy CPU per request: nginx'.padEnd(36)}${(edge.cpuUs - direct.cpuUs).toFixed(0)} µs`,
          `${'  gateway / nginx (target <= 3)'.padEnd(36)}${((proxied.cpuUs - direct.cpuUs) / Math.max(edge.cpuUs - direct.cpuUs, 1)).toFixed(2)}`,
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n'));
} finally {
  await gateway.close();
  await bare.close();
  await nginx?.close();
  await services.stop();
}

type Summary = { name: string; rps: number; p50: number; p99: number; cpuUs: number; failed: number };

function sum(values: number[]) {
  return values.reduce((a, b) => a + b, 0);
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
