/**
 * A per-isolate cache that shares only settled values between requests.
 *
 * workerd ties a promise to the request that created it. A request awaiting another request's
 * still-pending promise is resumed from that other request's context, which workerd refuses
 * ("Cannot perform I/O on behalf of a different request") or leaves hanging once the first request
 * has ended. So a miss always loads on its own, even while another request loads the same key, and
 * the first load to finish fills the cache; a hit hands out the stored value, never a promise.
 */
export class IsolateCache<V> {
  /** Values in least-recently-used order (Map iteration is insertion order). */
  private readonly values = new Map<string, V>();
  private readonly sizes = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  /** The value of `key`, marked most recently used; undefined when absent. */
  peek(key: string): V | undefined {
    const value = this.values.get(key);
    if (value === undefined) return undefined;
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  has(key: string): boolean {
    return this.values.has(key);
  }

  /** Stores `value` (counting `bytes` against the budget) and evicts what no longer fits. */
  set(key: string, value: V, bytes = 0): void {
    this.values.delete(key);
    this.values.set(key, value);
    this.sizes.set(key, bytes);
    this.evict();
  }

  /** Adds `bytes` to a stored key's size (values that grow after they are stored); ignored for absent keys. */
  charge(key: string, bytes: number): void {
    if (!this.values.has(key)) return;
    this.sizes.set(key, (this.sizes.get(key) ?? 0) + bytes);
    this.evict();
  }

  /**
   * The cached value of `key`, or what `load` gives (stored unless `keep` says no, e.g. for a
   * "not there yet" answer worth asking again).
   */
  async get(
    key: string,
    load: () => Promise<{ value: V; bytes: number }>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const { value, bytes } = await load();
    const raced = this.peek(key);
    if (raced !== undefined) return raced;
    if (keep(value)) this.set(key, value, bytes);
    return value;
  }

  /** Drops the least recently used entries beyond the count or byte budget (never the newest). */
  private evict(): void {
    let bytes = 0;
    for (const n of this.sizes.values()) bytes += n;
    while (this.values.size > 1 && (this.values.size > this.maxEntries || bytes > this.maxBytes)) {
      const oldest = this.values.keys().next().value!;
      this.values.delete(oldest);
      bytes -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }
}
