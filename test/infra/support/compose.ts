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

/**
 * docker-compose.yml as Docker resolves it (`config`, values from .env.example), through
 * scripts/check-compose.sh. A missing compose tool fails naming it.
 */
export function resolvedCompose(): { services: Record<string, ComposeService> } {
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
