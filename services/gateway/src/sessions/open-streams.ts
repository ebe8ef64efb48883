// A revocation can cross a stream that is opening (its session was resolved just before): a
// session ended this recently is refused at once when its stream's answer arrives.
const REMEMBER_REVOKED_MS = 60_000;

/** Where guests' streams (a post's live thread) are held: no session id is empty. */
export const GUEST_STREAMS = '';

/**
 * The live streams (`GET /api/stream`, a post's thread) this gateway instance holds open, by
 * session (guests' under GUEST_STREAMS, ended only when the gateway stops). A session
 * that ends (logout here, or `SessionRevoked` from any instance) has its streams ended at once:
 * the service's connection is dropped and the browser's answer ends cleanly, so nothing private
 * reaches a browser that has signed out. EventSource then reconnects as a guest and gets 401.
 */
export class OpenStreams {
  private readonly bySession = new Map<string, Set<() => void>>();
  private readonly revoked = new Map<string, number>();
  private draining = false;

  /**
   * Holds a stream of a session: `end` ends it cleanly (the forward drops the service's
   * connection and ends the browser's answer), at once if the session has just been revoked.
   * Returns what to call when the stream ends otherwise (the browser left, the service ended it).
   */
  hold(sessionId: string, end: () => void): () => void {
    if (this.draining || this.wasRevoked(sessionId)) {
      end();
      return () => {};
    }
    const ends = this.bySession.get(sessionId) ?? new Set();
    ends.add(end);
    this.bySession.set(sessionId, ends);
    return () => this.forget(sessionId, end);
  }

  /** Ends every stream of a session held here. */
  endSession(sessionId: string) {
    this.revoked.set(sessionId, Date.now() + REMEMBER_REVOKED_MS);
    this.pruneRevoked();
    const ends = this.bySession.get(sessionId);
    this.bySession.delete(sessionId);
    for (const end of ends ?? []) end();
  }

  /**
   * The gateway is stopping: ends every stream held here, and any that opens from now on, at
   * once and cleanly. Each browser's EventSource reconnects with its Last-Event-ID (to another
   * instance, the load balancer having taken this one out), and the service replays what it
   * missed; a stream left open would hold the stopping gateway forever.
   */
  endAll() {
    this.draining = true;
    const all = [...this.bySession.values()];
    this.bySession.clear();
    for (const ends of all) for (const end of ends) end();
  }

  /** How many streams are open here. */
  get size(): number {
    let n = 0;
    for (const ends of this.bySession.values()) n += ends.size;
    return n;
  }

  private forget(sessionId: string, end: () => void) {
    const ends = this.bySession.get(sessionId);
    if (!ends) return;
    ends.delete(end);
    if (ends.size === 0) this.bySession.delete(sessionId);
  }

  private wasRevoked(sessionId: string) {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until > Date.now();
  }

  private pruneRevoked() {
    const now = Date.now();
    // Oldest first (insertion order): stop at the first one still remembered.
    for (const [sessionId, until] of this.revoked) {
      if (until > now) break;
      this.revoked.delete(sessionId);
    }
  }
}
