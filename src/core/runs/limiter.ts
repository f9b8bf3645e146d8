/**
 * ModelLimiter: one Durable Object per model (provider + model id + endpoint), holding the budget
 * every run against that model shares: calls in flight and calls per minute. Leases expire, so a
 * consumer that dies mid-call frees its slot; a 429 with Retry-After pauses every run at once.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../lib/env";

/** As long as a run's lease on a task: both lapse together when a consumer dies. */
export const SLOT_LEASE_MS = 30_000;

export type Acquired = { granted: true; lease: string } | { granted: false; waitMs: number };

export class ModelLimiter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS calls (at INTEGER NOT NULL)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
  }

  /**
   * Takes a slot, held until `release` or until its lease lapses ({@link SLOT_LEASE_MS}, renewed by
   * `extend`): a consumer that dies mid-call frees its slot as soon as its run re-sends the task.
   * Otherwise says how long to wait before asking again.
   */
  async acquire(limits: { concurrency: number; requestsPerMinute: number | null }): Promise<Acquired> {
    const leaseMs = SLOT_LEASE_MS;
    const now = Date.now();
    this.sql.exec("DELETE FROM leases WHERE expires_at <= ?", now);
    this.sql.exec("DELETE FROM calls WHERE at <= ?", now - 60_000);
    const paused =
      this.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'paused_until'").toArray()[0]?.value ?? 0;
    if (paused > now) return { granted: false, waitMs: paused - now };
    const held = this.sql
      .exec<{ n: number; next: number | null }>("SELECT COUNT(*) AS n, MIN(expires_at) AS next FROM leases")
      .one();
    if (held.n >= limits.concurrency) return { granted: false, waitMs: 250 };
    if (limits.requestsPerMinute !== null) {
      const window = this.sql
        .exec<{ n: number; first: number | null }>("SELECT COUNT(*) AS n, MIN(at) AS first FROM calls")
        .one();
      if (window.n >= limits.requestsPerMinute)
        return { granted: false, waitMs: Math.max(50, (window.first ?? now) + 60_000 - now) };
    }
    const lease = crypto.randomUUID();
    this.sql.exec("INSERT INTO leases (id, expires_at) VALUES (?, ?)", lease, now + leaseMs);
    this.sql.exec("INSERT INTO calls (at) VALUES (?)", now);
    return { granted: true, lease };
  }

  async extend(lease: string): Promise<void> {
    this.sql.exec("UPDATE leases SET expires_at = ? WHERE id = ?", Date.now() + SLOT_LEASE_MS, lease);
  }

  async release(lease: string): Promise<void> {
    this.sql.exec("DELETE FROM leases WHERE id = ?", lease);
  }

  /** The provider asked us to back off (429 + Retry-After): nobody calls before `until`. */
  async pause(until: number): Promise<void> {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES ('paused_until', ?) ON CONFLICT (key) DO UPDATE SET value = MAX(value, excluded.value)",
      until,
    );
  }

  /** Calls in flight now (for tests and the bench). */
  async inFlight(): Promise<number> {
    this.sql.exec("DELETE FROM leases WHERE expires_at <= ?", Date.now());
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases").one().n;
  }
}
