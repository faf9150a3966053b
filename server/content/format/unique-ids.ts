/**
 * Ids made unique in order of claim: `base`, then `base-1`, `base-2`… The next suffix of each base
 * is remembered, so that thousands of equal headings cost linear time, not quadratic.
 */
export class UniqueIds {
  private readonly used: Set<string>;
  private readonly nextSuffix = new Map<string, number>();

  constructor(taken: Iterable<string> = []) {
    this.used = new Set(taken);
  }

  claim(base: string): string {
    let n = this.nextSuffix.get(base) ?? 1;
    let id = base;
    if (this.used.has(id)) {
      do id = `${base}-${n++}`;
      while (this.used.has(id));
    }
    this.nextSuffix.set(base, n);
    this.used.add(id);
    return id;
  }
}
