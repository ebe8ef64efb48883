import { SessionLookup } from '@waco/contracts';
import { backoffDelay, sleep, telemetry } from '@waco/platform';
import { Instances } from '../upstreams/instances';
import { sessionToken } from './session-cookie';

/** Identity could not say who holds a session (down, slow, or answering nonsense). */
export class IdentityUnavailableError extends Error {}

/** A request's session: the token its cookie carries, and whose session that is (null: a guest). */
export interface RequestSession {
  token: string | undefined;
  lookup: SessionLookup | null;
}

interface CacheEntry {
  session: SessionLookup | null;
  expiresAt: number;
}

export interface SessionResolverOptions {
  /** Identity's base URL, or several instances' separated by commas. */
  identityUrl: string;
  /** How long an answer is reused. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  lookupTimeoutMs?: number;
}

/**
 * Resolves a session token to its user by asking identity, and remembers the answer for a few
 * seconds; concurrent requests with the same token share one lookup. A session can be dropped at
 * once by its token (logout through the gateway) or by identity's session id (`SessionRevoked`:
 * the SHA-256 of the token, as identity's lookup answer names it), so the gateway never hashes.
 */
export class SessionResolver {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly tokenBySessionId = new Map<string, string>();
  private readonly inFlight = new Map<string, Promise<SessionLookup | null>>();
  /** Bumped by every drop: a lookup that started before a drop is not cached. */
  private generation = 0;
  private readonly maxEntries: number;

  private readonly identity: Instances;

  constructor(private readonly options: SessionResolverOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.identity = new Instances(options.identityUrl);
  }

  /**
   * The session a request's Cookie header names: at once when no lookup is needed (no cookie, or
   * the answer is cached: most requests), else once identity answered. Identity unreachable
   * rejects with `IdentityUnavailableError` (answered by `answerIdentityUnavailable`). The proxy,
   * the account export and the boot data all take their session here.
   */
  ofRequest(cookieHeader: string | undefined): RequestSession | Promise<RequestSession> {
    const token = sessionToken(cookieHeader);
    if (token === undefined) return { token, lookup: null };
    const known = this.cached(token);
    if (known !== undefined) return { token, lookup: known };
    return this.resolve(token).then((lookup) => ({ token, lookup }));
  }

  /** The session's user, or null for a guest (no such session, or it has expired). */
  resolve(token: string): Promise<SessionLookup | null> {
    const known = this.cached(token);
    if (known !== undefined) return Promise.resolve(known);
    telemetry().sessionLookups.add(1, { 'waco.cache.result': 'miss' });
    const pending = this.inFlight.get(token);
    if (pending) return pending;

    const startedIn = this.generation;
    const settle = () => {
      if (this.inFlight.get(token) === lookup) this.inFlight.delete(token);
    };
    const lookup: Promise<SessionLookup | null> = this.lookup(token).then(
      (session) => {
        settle();
        if (this.generation === startedIn) this.remember(token, session);
        return session;
      },
      (err: unknown) => {
        settle();
        throw err;
      },
    );
    this.inFlight.set(token, lookup);
    return lookup;
  }

  /**
   * The answer when it is at hand (cached, or not a token at all), without waiting: undefined
   * when identity must be asked (`resolve`). The forward takes this path on most requests.
   */
  cached(token: string): SessionLookup | null | undefined {
    // Tokens are short random strings (identity takes at most 256 characters).
    if (token.length === 0 || token.length > 256) return null;
    const hit = this.cache.get(token);
    if (hit && hit.expiresAt > Date.now()) {
      telemetry().sessionLookups.add(1, { 'waco.cache.result': 'hit' });
      return hit.session;
    }
    return undefined;
  }

  /** Drops a session by its token (its logout answer is passing through the gateway). */
  forgetToken(token: string) {
    this.generation++;
    this.inFlight.delete(token);
    const entry = this.cache.get(token);
    if (entry?.session) this.tokenBySessionId.delete(entry.session.sessionId);
    this.cache.delete(token);
  }

  /** Drops a session by identity's session id (`SessionRevoked`). */
  forgetSession(sessionId: string) {
    this.generation++;
    // A lookup in flight cannot be matched to a session id yet: let the next request ask again.
    this.inFlight.clear();
    const token = this.tokenBySessionId.get(sessionId);
    if (token === undefined) return;
    this.tokenBySessionId.delete(sessionId);
    this.cache.delete(token);
  }

  private remember(token: string, session: SessionLookup | null) {
    this.cache.delete(token);
    while (this.cache.size >= this.maxEntries) {
      const [oldest, entry] = this.cache.entries().next().value ?? [];
      if (oldest === undefined) break;
      this.cache.delete(oldest);
      if (entry?.session) this.tokenBySessionId.delete(entry.session.sessionId);
    }
    this.cache.set(token, { session, expiresAt: Date.now() + this.options.ttlMs });
    if (session) this.tokenBySessionId.set(session.sessionId, token);
  }

  /**
   * Asks identity, and once more after a short pause (the next instance, when there are several)
   * if it could not answer (a restart, a connection closed under the request): a lookup is a
   * read, safe to repeat. Each lookup opens
   * or reuses a connection of its own, so a lost one costs nothing beyond that request.
   */
  private async lookup(token: string): Promise<SessionLookup | null> {
    const first = this.identity.next();
    try {
      return await this.lookupOnce(first, token);
    } catch (err) {
      if (!(err instanceof IdentityUnavailableError)) throw err;
      await sleep(backoffDelay(1));
      return this.lookupOnce(this.identity.after(new URL(first).origin), token);
    }
  }

  private async lookupOnce(identityUrl: string, token: string): Promise<SessionLookup | null> {
    const url = `${identityUrl}/internal/sessions/${encodeURIComponent(token)}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.options.lookupTimeoutMs ?? 3000) });
    } catch (err) {
      throw new IdentityUnavailableError(
        `identity did not answer a session lookup: ${(err as Error).message}`,
      );
    }
    // 404: no such session (or expired); 400: not even a token. Either way, a guest.
    if (res.status === 404 || res.status === 400) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new IdentityUnavailableError(`identity answered a session lookup with ${res.status}`);
    }
    const parsed = SessionLookup.safeParse(await res.json().catch(() => null));
    if (!parsed.success)
      throw new IdentityUnavailableError('identity answered a session lookup with nonsense');
    return parsed.data;
  }
}
