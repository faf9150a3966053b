/**
 * A bounded map that forgets the least recently used entries once their sizes pass `maxBytes`:
 * what a process keeps of published sites (renders, models) and of immutable content (objects,
 * bodies, revisions). Each entry's size is estimated once, when it is set.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value) + key.length;
    this.delete(key);
    if (size > this.maxBytes) return;
    this.entries.set(key, { value, size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get bytes(): number {
    return this.total;
  }
}

const MB = 1024 * 1024;

/** A cache budget in bytes: the environment variable `name` in MB (at least 1), else `fallbackMb`. */
export const budgetMb = (name: string, fallbackMb: number) => Math.max(1, Number(process.env[name] ?? fallbackMb)) * MB;
