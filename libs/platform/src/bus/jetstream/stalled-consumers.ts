/** Durable consumers of this process that are not consuming now: why, and since when. */
export class StalledConsumers {
  private readonly stalled = new Map<string, { since: number; reason: string }>();

  mark(key: string, reason: string) {
    const since = this.stalled.get(key)?.since ?? Date.now();
    this.stalled.set(key, { since, reason });
  }

  clear(key: string) {
    this.stalled.delete(key);
  }

  reasonOf(key: string): string | undefined {
    return this.stalled.get(key)?.reason;
  }

  /** Throws when one has not been consuming for longer than `stalledAfterMs` (readiness). */
  check(stalledAfterMs: number) {
    const now = Date.now();
    const late = [...this.stalled.entries()].filter(([, s]) => now - s.since > stalledAfterMs);
    if (late.length === 0) return;
    throw new Error(
      `not consuming: ${late
        .map(([key, s]) => `${key} for ${Math.round((now - s.since) / 1000)} s (${s.reason})`)
        .join('; ')}`,
    );
  }
}
