import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ERASED, type EventEnvelope, PERSONAL_FIELDS, SEALED_PREFIX } from '@waco/contracts';
import type { QueryExecutorProvider } from 'kysely';

// Crypto-shredding (docs/architecture.md, "Personal data and deletion"). The personal fields
// of an event (contracts' PERSONAL_FIELDS) are stored sealed with AES-256-GCM under their
// subject's key; the key lives in identity only. Deleting the key makes every sealed copy (the
// event logs, JetStream, backups) unreadable: such a field opens to ERASED.

/**
 * Where the keys come from: identity's table in identity, identity's internal route elsewhere.
 * `within` is the caller's transaction, when there is one: a ring that reads the keys from a
 * database of its own uses it, so that a command holding a connection never waits for a second
 * one from the same pool (enough such commands at once would hold every connection and wait
 * for each other until the pool's timeout).
 */
export interface KeyRing {
  /** The user's key, made if the user has none yet (to seal); undefined if deleted or unknown. */
  keyToSeal(userId: string, within?: QueryExecutorProvider): Promise<Buffer | undefined>;
  /** The user's key, or undefined once destroyed (then sealed fields read as erased). */
  keyToOpen(userId: string, within?: QueryExecutorProvider): Promise<Buffer | undefined>;
  /** Drops a cached key (the account was deleted). */
  forget(userId: string): void;
}

/** An event as decided: its type and data (sealing leaves everything else as it is). */
interface EventLike {
  type: string;
  data: unknown;
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** Seals one value with `key`; the key id and the field are bound to it as additional data. */
export function sealValue(key: Buffer, keyId: string, field: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${keyId}:${field}`));
  const ct = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEALED_PREFIX}${keyId}:${b64(iv)}:${b64(ct)}`;
}

/** Opens one sealed value; a plain (legacy) value opens to itself, a missing key to ERASED. */
export async function openValue(
  ring: KeyRing,
  field: string,
  value: string,
  within?: QueryExecutorProvider,
): Promise<string> {
  if (!value.startsWith(SEALED_PREFIX)) return value;
  const [keyId, iv, ct] = value.slice(SEALED_PREFIX.length).split(':');
  const key = keyId ? await ring.keyToOpen(keyId, within) : undefined;
  if (!key || !iv || !ct) return ERASED;
  const bytes = Buffer.from(ct, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${keyId}:${field}`));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** The object holding a dotted path's last part, and that part. */
function locate(data: unknown, path: string): [Record<string, unknown>, string] | undefined {
  const parts = path.split('.');
  let at = data;
  for (const part of parts.slice(0, -1)) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  if (!at || typeof at !== 'object') return undefined;
  return [at as Record<string, unknown>, parts.at(-1) as string];
}

/** Calls `change` on every personal string field of `event`'s copy; returns the copy. */
async function mapPersonal<E extends EventLike>(
  event: E,
  change: (subject: string, field: string, value: string) => Promise<string>,
): Promise<E> {
  const spec = PERSONAL_FIELDS[event.type];
  if (!spec || !event.data || typeof event.data !== 'object') return event;
  const subject = (event.data as Record<string, unknown>)[spec.subject];
  if (typeof subject !== 'string') return event;
  const data = structuredClone(event.data);
  for (const path of spec.fields) {
    const found = locate(data, path);
    if (!found) continue;
    const [holder, key] = found;
    const value = holder[key];
    if (typeof value === 'string' && value !== '') holder[key] = await change(subject, path, value);
  }
  return { ...event, data };
}

/** Seals and opens events' personal fields with a key ring. */
export class PersonalData {
  constructor(readonly keys: KeyRing) {}

  /**
   * The events with their personal fields sealed (a value already sealed stays as it is);
   * `within`: the caller's transaction, if any (see KeyRing).
   */
  seal<E extends EventLike>(events: readonly E[], within?: QueryExecutorProvider): Promise<E[]> {
    return Promise.all(
      events.map((event) =>
        mapPersonal(event, async (subject, field, value) => {
          if (value.startsWith(SEALED_PREFIX)) return value;
          const key = await this.keys.keyToSeal(subject, within);
          // A deleted account's data is not written again.
          return key ? sealValue(key, subject, field, value) : ERASED;
        }),
      ),
    );
  }

  /** The events with their personal fields readable, or erased where the key is gone. */
  open<E extends EventLike>(events: readonly E[], within?: QueryExecutorProvider): Promise<E[]> {
    return Promise.all(
      events.map((event) =>
        mapPersonal(event, (_subject, field, value) => openValue(this.keys, field, value, within)),
      ),
    );
  }

  /** One envelope opened (a bus delivery). */
  async openOne(event: EventEnvelope): Promise<EventEnvelope> {
    return (await this.open([event]))[0] as EventEnvelope;
  }
}

/** A new random key. */
export const newUserKey = () => randomBytes(32);

/**
 * A key ring asking identity's internal route (`GET /internal/user-keys/:id`), caching keys for
 * a minute (an instance that handles `UserDeleted` drops the key at once; others within the
 * minute). 404 means deleted (erased); any other failure throws, so a projection retries
 * and a rebuild stops rather than erasing a live user's data.
 */
export function httpKeyRing(identityUrl: string, options: { cacheMs?: number } = {}): KeyRing {
  const cacheMs = options.cacheMs ?? 60_000;
  const cache = new Map<string, { key: Buffer | undefined; until: number }>();
  const fetchKey = async (userId: string) => {
    const hit = cache.get(userId);
    if (hit && hit.until > Date.now()) return hit.key;
    const res = await fetch(
      `${identityUrl.replace(/\/+$/, '')}/internal/user-keys/${encodeURIComponent(userId)}`,
    );
    if (res.status === 404) {
      // Short: a missing key is final for a deleted account, but never hold one for long.
      cache.set(userId, { key: undefined, until: Date.now() + 10_000 });
      return undefined;
    }
    if (!res.ok) throw new Error(`identity answered ${res.status} for a user's key`);
    const body = (await res.json()) as { key: string };
    const key = Buffer.from(body.key, 'base64url');
    cache.set(userId, { key, until: Date.now() + cacheMs });
    return key;
  };
  return { keyToSeal: fetchKey, keyToOpen: fetchKey, forget: (userId) => void cache.delete(userId) };
}
