/** A least-recently-used cache of small immutable objects, bounded by total bytes. */
export class ByteCache<V extends { bytes: Buffer }> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly maxTotalBytes: number,
    /** Larger objects are streamed, never cached. */
    readonly maxEntryBytes: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: V) {
    if (entry.bytes.length > this.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes.length;
      this.entries.delete(key);
    }
    this.entries.set(key, entry);
    this.total += entry.bytes.length;
    for (const [oldest, value] of this.entries) {
      if (this.total <= this.maxTotalBytes) break;
      this.entries.delete(oldest);
      this.total -= value.bytes.length;
    }
  }
}
