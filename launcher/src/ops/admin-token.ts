import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';

/**
 * The embedded process's admin routes act as the operator (grant a moderator, redrive or drop a
 * dead letter), and its metrics listener may be bound beyond loopback (METRICS_HOST): anyone who
 * reaches the port must not be the operator. Each start makes a new token and writes it where
 * only the account that runs the process can read it (DATA_DIR/admin-token, mode 0600);
 * `npm run ops -- --embedded` reads it from there (or ADMIN_TOKEN) and sends it as a bearer token.
 */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** Makes this start's token and writes it to DATA_DIR/admin-token, readable by its owner only. */
export function writeAdminToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, ADMIN_TOKEN_FILE);
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  // The mode given above applies only to a file it creates: one left by an older start keeps its own.
  chmodSync(file, 0o600);
  return token;
}

/** The token of the running process, from DATA_DIR/admin-token; undefined when there is none. */
export function readAdminToken(dataDir: string): string | undefined {
  try {
    return readFileSync(join(dataDir, ADMIN_TOKEN_FILE), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function carriesAdminToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return given.length > 0 && timingSafeEqual(digest(given), digest(token));
}
