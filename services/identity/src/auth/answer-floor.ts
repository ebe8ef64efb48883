/**
 * How long a refusal should take so that it looks like a success: the median of the last
 * successes' durations. A taken email's 409 skips the new account's writes and commit; waited out
 * to this floor, the two answers' times overlap, and the timing tells nothing the words do not
 * (docs/architecture.md, "Signup and taken emails"). Kept per process, in memory: a median of
 * the recent past, so it follows the machine's load.
 */
export class AnswerFloor {
  private readonly recent: number[] = [];

  constructor(private readonly size = 31) {}

  /** A success took `ms`. */
  record(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > this.size) this.recent.shift();
  }

  /** How much longer a refusal that has taken `elapsedMs` so far should wait (0 before any success). */
  remaining(elapsedMs: number): number {
    if (this.recent.length === 0) return 0;
    const sorted = [...this.recent].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] as number;
    return Math.max(0, median - elapsedMs);
  }
}
