import { PassThrough, type Readable } from 'node:stream';

// A revocation can cross a stream that is opening (its session was resolved just before): a
// session ended this recently is refused at once when its stream's answer arrives.
const REMEMBER_REVOKED_MS = 60_000;

/**
 * The live streams (`GET /api/stream`) this gateway instance holds open, by session. A session
 * that ends (logout here, or `SessionRevoked` from any instance) has its streams ended at once:
 * the service's connection is dropped and the browser's answer ends cleanly, so nothing private
 * reaches a browser that has signed out. EventSource then reconnects as a guest and gets 401.
 */
export class OpenStreams {
  private readonly bySession = new Map<string, Set<() => void>>();
  private readonly revoked = new Map<string, number>();

  /** The upstream's streamed answer, as the browser gets it: ended when the session ends. */
  track(sessionId: string, upstream: Readable): Readable {
    const toBrowser = new PassThrough();
    let ending = false;
    const end = () => {
      ending = true;
      upstream.unpipe(toBrowser);
      upstream.destroy();
      toBrowser.end();
    };
    // A service's stream that breaks breaks the browser's too (it reconnects); one ended here
    // ends cleanly, whatever the dropped connection reports.
    upstream.on('error', (err) => {
      if (!ending) toBrowser.destroy(err);
    });
    // The browser went away (or the stream ended): the service's connection goes with it.
    toBrowser.once('close', () => {
      upstream.destroy();
      this.forget(sessionId, end);
    });
    upstream.pipe(toBrowser);
    if (this.wasRevoked(sessionId)) {
      end();
      return toBrowser;
    }
    const ends = this.bySession.get(sessionId) ?? new Set();
    ends.add(end);
    this.bySession.set(sessionId, ends);
    return toBrowser;
  }

  /** Ends every stream of a session held here. */
  endSession(sessionId: string) {
    this.revoked.set(sessionId, Date.now() + REMEMBER_REVOKED_MS);
    this.pruneRevoked();
    const ends = this.bySession.get(sessionId);
    this.bySession.delete(sessionId);
    for (const end of ends ?? []) end();
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
