import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  container_name?: string;
  ports?: Array<string | { published?: string | number }>;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  logging?: { driver: string; options?: Record<string, string> };
}

export type ResolvedCompose = { services: Record<string, ComposeService> };

/** Whether `docker compose` (v2) or `docker-compose` (v1) is installed. */
export function composeToolFound() {
  for (const [cmd, args] of [
    ['docker', ['compose', 'version']],
    ['docker-compose', ['version']],
  ] as const) {
    try {
      execFileSync(cmd, args, { stdio: 'ignore' });
      return true;
    } catch {}
  }
  return false;
}

/**
 * docker-compose.yml as Docker resolves it (`config`, values from .env.example), through
 * scripts/check-compose.sh, which fails naming the tool when neither compose is installed.
 */
export function resolvedCompose(): ResolvedCompose {
  let out: string;
  try {
    out = execFileSync('bash', ['scripts/check-compose.sh', '--print'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, COMPOSE_PROJECT_NAME: 'waco-check' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? '');
    throw new Error(`scripts/check-compose.sh failed: ${stderr.trim() || (err as Error).message}`);
  }
  return parse(out);
}

export const rawCompose = () => readFileSync(`${ROOT}docker-compose.yml`, 'utf8');
export const envExample = () => readFileSync(`${ROOT}.env.example`, 'utf8');

/** KEY=VALUE lines of an env file (comments and blank lines skipped). */
function envFile(text: string) {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/);
    if (m) env[m[1] as string] = m[2] as string;
  }
  return env;
}

/**
 * docker-compose.yml resolved by this test itself: YAML anchors and merge keys, and compose's
 * interpolation (`${VAR}`, `${VAR:-default}`, `${VAR:?message}`, `$$`) from .env.example. It
 * lets the checks run where no compose tool is installed; where one is, the same checks run
 * on both.
 */
export function resolvedComposeLite(): ResolvedCompose {
  const env = envFile(envExample());
  const interpolate = (value: string) =>
    value.replace(/\$\$|\$\{([A-Za-z0-9_]+)(?:(:?[-?])([^}]*))?\}/g, (whole, name, op, arg) => {
      if (whole === '$$') return '$';
      const set = env[name];
      if (op === ':-' || op === '-') return set ? set : (arg ?? '');
      if (op === ':?' || op === '?') {
        if (!set) throw new Error(`docker-compose.yml: ${name} is required: ${arg}`);
        return set;
      }
      return set ?? '';
    });
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return interpolate(node);
    if (typeof node === 'number') return node;
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node)
          .filter(([k]) => !k.startsWith('x-'))
          .map(([k, v]) => [k, walk(v)]),
      );
    }
    return node;
  };
  // Compose writes environment values as strings.
  const doc = walk(parse(rawCompose(), { merge: true })) as ResolvedCompose;
  for (const service of Object.values(doc.services)) {
    if (service.environment) {
      service.environment = Object.fromEntries(
        Object.entries(service.environment).map(([k, v]) => [k, v === null ? null : String(v)]),
      );
    }
  }
  return doc;
}
