/**
 * Keeps the best `size` items seen, best first, without sorting everything: a query over a broad prefix can touch tens
 * of thousands of titles but only shows a few.
 */
export class TopK<T> {
  private readonly items: T[] = [];

  /** `isBetter(a, b)` is true when `a` ranks above `b`. */
  constructor(
    private readonly size: number,
    private readonly isBetter: (left: T, right: T) => boolean,
  ) {}

  /** The item a better one would push out, once `size` items are kept; undefined before. */
  worstKept(): T | undefined {
    return this.items.length < this.size ? undefined : this.items[this.items.length - 1];
  }

  /** Whether `offer(item)` would keep it: lets callers skip building items that would be dropped. */
  wouldKeep(item: T): boolean {
    const worst = this.items[this.items.length - 1];
    return this.items.length < this.size || worst === undefined || this.isBetter(item, worst);
  }

  offer(item: T): void {
    const items = this.items;
    if (items.length >= this.size) {
      const worst = items[items.length - 1];
      if (worst === undefined || !this.isBetter(item, worst)) return;
      items.pop();
    }
    let position = items.length;
    while (position > 0) {
      const above = items[position - 1];
      if (above === undefined || !this.isBetter(item, above)) break;
      position--;
    }
    items.splice(position, 0, item);
  }

  /** The kept items, best first. */
  toArray(): T[] {
    return [...this.items];
  }
}
