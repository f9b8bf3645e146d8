/**
 * RunCoordinator: one Durable Object per run, the single owner of its progress.
 *
 * It feeds the queue one message per free slot (so a run never has more than `concurrency` tasks in
 * flight), hands each unit to exactly one consumer at a time (claim + lease, extended by
 * heartbeats), and counts results. Its alarm re-sends units whose lease ran out: a consumer that
 * died, or a `wrangler dev` stopped mid-run, loses nothing. A unit counts once however many times
 * its message arrives.
 */
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../lib/env";
import type { RunConfig, RunMessage, RunProgress, UnitResult, UnitState } from "./config";
import { recordFailure } from "./outcome";
import { finalizeRun } from "./finalize";
import { PartsLedger, type PartOutcome, type PartsState, type ReceivingRun } from "./parts-ledger";

/** A sent message must be claimed within this long, or it is sent again. */
export const QUEUE_LEASE_MS = 60_000;
/** A claimed unit must be heartbeated within this long, or it is sent again. */
export const RUN_LEASE_MS = 30_000;
const ALARM_MS = 5_000;
/** Sends of one unit before it is recorded as an error. */
const MAX_ATTEMPTS = 6;

/** A claim gives the run's config and, for a run whose outputs came in parts, the part that holds the unit's. */
type Claim =
  | { ok: true; config: RunConfig; part: { part: number; sha256: string } | null }
  | { ok: false; reason: "unknown-run" | "done" | "claimed" | "stopped" };

export class RunCoordinator extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private ledger: PartsLedger;
  private finalizing = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.createTables();
    this.ledger = new PartsLedger(this.sql);
  }

  private createTables() {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS units (
      unit TEXT PRIMARY KEY, seq INTEGER NOT NULL, state TEXT NOT NULL, attempt INTEGER NOT NULL DEFAULT 0,
      lease_until INTEGER NOT NULL DEFAULT 0, status TEXT, passed INTEGER NOT NULL DEFAULT 0,
      prompt_tokens INTEGER NOT NULL DEFAULT 0, completion_tokens INTEGER NOT NULL DEFAULT 0,
      reserved INTEGER NOT NULL DEFAULT 0, cached INTEGER NOT NULL DEFAULT 0, calls INTEGER NOT NULL DEFAULT 0)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS units_by_state ON units (state, seq)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  }

  private get<T>(key: string): T | undefined {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  private set(key: string, value: unknown) {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      JSON.stringify(value),
    );
  }

  private config(): RunConfig | undefined {
    return this.get<RunConfig>("config");
  }

  private status(): RunProgress["status"] {
    return this.get<RunProgress["status"]>("status") ?? "running";
  }

  /** Starts the run (idempotent: a second call changes nothing). */
  async start(config: RunConfig, units: string[]): Promise<RunProgress> {
    if (!this.config()) {
      this.ctx.storage.transactionSync(() => {
        this.set("config", config);
        this.set("status", "running");
        this.set("started_at", new Date().toISOString());
        for (const [seq, unit] of units.entries())
          this.sql.exec("INSERT INTO units (unit, seq, state) VALUES (?, ?, 'pending')", unit, seq);
      });
      await this.feed();
      await this.settle();
    }
    return this.snapshot();
  }

  /** A run whose outputs come in parts waits for them (idempotent); start it with {@link startReceived}. */
  async receive(run: ReceivingRun): Promise<RunProgress> {
    if (!this.config() && !this.get<ReceivingRun>("receiving")) {
      this.ctx.storage.transactionSync(() => {
        this.set("receiving", run);
        this.set("status", "receiving");
      });
    }
    return this.snapshot();
  }

  /** What a receiving run was created as, the parts it has, and whether it has started. */
  async parts(): Promise<PartsState> {
    return {
      run: this.get<ReceivingRun>("receiving") ?? null,
      received: this.ledger.received(),
      started: Boolean(this.config()),
    };
  }

  /** Takes one part's units (src/core/runs/parts-ledger.ts): a part is taken once, a unit in one part only. */
  async acceptPart(part: number, sha256: string, units: string[]): Promise<PartOutcome> {
    if (!this.get<ReceivingRun>("receiving")) return { outcome: "not-receiving" };
    return this.ledger.accept(part, sha256, units, (fn) => this.ctx.storage.transactionSync(fn));
  }

  /** Starts a receiving run over the units its parts brought, in the order submitted (idempotent, as start). */
  async startReceived(config: RunConfig): Promise<RunProgress> {
    return this.start(config, this.config() ? [] : this.ledger.units());
  }

  /** A consumer takes a unit. Refused when it is done, held by a live lease, or the run stopped. */
  async claim(unit: string, attempt: number): Promise<Claim> {
    const config = this.config();
    if (!config) return { ok: false, reason: "unknown-run" };
    const row = this.sql
      .exec<{ state: UnitState; lease_until: number }>("SELECT state, lease_until FROM units WHERE unit = ?", unit)
      .toArray()[0];
    if (!row || row.state === "done") return { ok: false, reason: "done" };
    if (row.state === "skipped" || this.status() !== "running") return { ok: false, reason: "stopped" };
    if (row.state === "running" && row.lease_until > Date.now()) return { ok: false, reason: "claimed" };
    this.sql.exec(
      "UPDATE units SET state = 'running', attempt = ?, lease_until = ? WHERE unit = ?",
      attempt,
      Date.now() + RUN_LEASE_MS,
      unit,
    );
    return { ok: true, config, part: this.ledger.partOf(unit) };
  }

  /** A consumer failed before finishing (storage, a bug) and hands the unit back for its message's redelivery. */
  async unclaim(unit: string, attempt: number): Promise<void> {
    this.sql.exec(
      "UPDATE units SET state = 'queued', lease_until = ? WHERE unit = ? AND attempt = ? AND state = 'running'",
      Date.now() + QUEUE_LEASE_MS,
      unit,
      attempt,
    );
  }

  /** Keeps a claim alive; `false` tells the consumer to stop (the run was cancelled or the unit re-assigned). */
  async heartbeat(unit: string, attempt: number): Promise<boolean> {
    if (this.status() === "cancelled") return false;
    const cursor = this.sql.exec(
      "UPDATE units SET lease_until = ? WHERE unit = ? AND state = 'running' AND attempt = ?",
      Date.now() + RUN_LEASE_MS,
      unit,
      attempt,
    );
    return cursor.rowsWritten > 0;
  }

  /**
   * Admits a model call that may spend `tokens` (prompt estimate + max_tokens) against the run's
   * budget. Refusing stops the run: the unit and everything not yet sent are skipped.
   */
  async admit(unit: string, tokens: number): Promise<boolean> {
    const config = this.config();
    if (!config || this.status() !== "running") return false;
    if (config.tokenBudget !== null) {
      const { spent } = this.sql
        .exec<{ spent: number }>(
          "SELECT COALESCE(SUM(prompt_tokens + completion_tokens + reserved), 0) AS spent FROM units",
        )
        .one();
      if (spent + tokens > config.tokenBudget) {
        this.ctx.storage.transactionSync(() => {
          this.set("status", "budget_exhausted");
          this.sql.exec("UPDATE units SET state = 'skipped' WHERE state IN ('pending', 'queued') OR unit = ?", unit);
        });
        await this.settle();
        return false;
      }
    }
    this.sql.exec("UPDATE units SET reserved = ? WHERE unit = ?", tokens, unit);
    return true;
  }

  /** Records a finished unit (the first result wins) and sends the next ones. */
  async complete(unit: string, result: UnitResult): Promise<void> {
    this.sql.exec(
      `UPDATE units SET state = 'done', status = ?, passed = ?, prompt_tokens = ?, completion_tokens = ?, cached = ?, calls = ?, reserved = 0
       WHERE unit = ? AND state != 'done'`,
      result.status,
      result.passed ? 1 : 0,
      result.promptTokens,
      result.completionTokens,
      result.cached ? 1 : 0,
      result.calls,
      unit,
    );
    await this.feed();
    await this.settle();
  }

  /**
   * A consumer gave a unit up: the run stopped, or the unit was handed to a newer attempt (which
   * then keeps it: a stale attempt changes nothing).
   */
  async release(unit: string, attempt: number): Promise<void> {
    this.sql.exec(
      "UPDATE units SET state = 'skipped', reserved = 0 WHERE unit = ? AND attempt = ? AND state IN ('queued', 'running')",
      unit,
      attempt,
    );
    await this.settle();
  }

  async cancel(): Promise<RunProgress> {
    if (this.config() && this.status() === "running") {
      this.ctx.storage.transactionSync(() => {
        this.set("status", "cancelled");
        this.sql.exec("UPDATE units SET state = 'skipped' WHERE state IN ('pending', 'queued')");
      });
      await this.settle();
    }
    return this.progress();
  }

  /** Forgets the run (src/core/runs/retention.ts): its alarm and every unit and setting it stored. */
  async purge(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // This instance may still be asked (a late queue message): it then finds an unknown run.
    this.createTables();
    this.ledger = new PartsLedger(this.sql);
  }

  /** Progress now. Also re-arms the alarm of a running run, so watching a run is enough to revive one whose alarm was lost. */
  async progress(): Promise<RunProgress> {
    if (this.config() && this.status() === "running" && (await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + ALARM_MS);
    }
    return this.snapshot();
  }

  private snapshot(): RunProgress {
    const config = this.config();
    const counts: RunProgress["counts"] = {
      pending: 0,
      queued: 0,
      running: 0,
      done: 0,
      skipped: 0,
      scored: 0,
      passed: 0,
      error: 0,
      context_exceeded: 0,
    };
    for (const r of this.sql.exec<{ state: UnitState; n: number }>(
      "SELECT state, COUNT(*) AS n FROM units GROUP BY state",
    ))
      counts[r.state] = r.n;
    for (const r of this.sql.exec<{ status: string; n: number; passed: number }>(
      "SELECT status, COUNT(*) AS n, SUM(passed) AS passed FROM units WHERE state = 'done' GROUP BY status",
    )) {
      if (r.status === "scored" || r.status === "error" || r.status === "context_exceeded") counts[r.status] = r.n;
      if (r.status === "scored") counts.passed = r.passed;
    }
    const t = this.sql
      .exec<{ p: number; c: number; r: number; calls: number; cached: number; units: number }>(
        "SELECT COALESCE(SUM(prompt_tokens), 0) AS p, COALESCE(SUM(completion_tokens), 0) AS c, COALESCE(SUM(reserved), 0) AS r, COALESCE(SUM(calls), 0) AS calls, COALESCE(SUM(cached), 0) AS cached, COUNT(*) AS units FROM units",
      )
      .one();
    const price = config?.price ?? null;
    const receiving = this.get<ReceivingRun>("receiving");
    return {
      status: this.status(),
      ...(receiving
        ? { parts: { expected: receiving.parts, received: this.ledger.received().map((p) => p.part) } }
        : {}),
      units: t.units,
      counts,
      tokens: { prompt: t.p, completion: t.c, reserved: t.r },
      model_calls: t.calls,
      cached: t.cached,
      cost_usd: price ? (t.p * price.input + t.c * price.output) / 1e6 : null,
      started_at: this.get<string>("started_at") ?? new Date(0).toISOString(),
      finished_at: this.get<string>("finished_at") ?? null,
      updated_at: new Date().toISOString(),
    };
  }

  /** Re-sends units whose lease ran out, then feeds and settles. */
  override async alarm(): Promise<void> {
    const expired = this.sql
      .exec<{ unit: string; attempt: number }>(
        "SELECT unit, attempt FROM units WHERE state IN ('queued', 'running') AND lease_until <= ? ORDER BY seq",
        Date.now(),
      )
      .toArray();
    if (expired.length) {
      if (this.status() === "running") {
        // A unit whose consumers keep dying (not failing: that is recorded) is given up on.
        const run = this.config()!.id;
        for (const { unit, attempt } of expired.filter((r) => r.attempt >= MAX_ATTEMPTS)) {
          await this.complete(
            unit,
            await recordFailure(
              this.env,
              { run, unit, attempt },
              `no consumer finished it in ${MAX_ATTEMPTS} attempts`,
            ),
          );
        }
        await this.send(expired.filter((r) => r.attempt < MAX_ATTEMPTS).map((r) => r.unit));
      }
      // A stopped run does not send again: an abandoned unit is simply not run.
      else
        for (const { unit } of expired)
          this.sql.exec("UPDATE units SET state = 'skipped', reserved = 0 WHERE unit = ?", unit);
    }
    await this.feed();
    await this.settle();
  }

  private inFlight(): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM units WHERE state IN ('queued', 'running')").one().n;
  }

  private async feed() {
    const config = this.config();
    if (!config || this.status() !== "running") return;
    const free = config.concurrency - this.inFlight();
    if (free <= 0) return;
    const next = this.sql
      .exec<{ unit: string }>("SELECT unit FROM units WHERE state = 'pending' ORDER BY seq LIMIT ?", free)
      .toArray()
      .map((r) => r.unit);
    if (next.length) await this.send(next);
  }

  private async send(units: string[]) {
    const config = this.config()!;
    const messages: { body: RunMessage }[] = [];
    for (const unit of units) {
      const { attempt } = this.sql
        .exec<{ attempt: number }>(
          "UPDATE units SET state = 'queued', attempt = attempt + 1, lease_until = ? WHERE unit = ? RETURNING attempt",
          Date.now() + QUEUE_LEASE_MS,
          unit,
        )
        .one();
      messages.push({ body: { run: config.id, unit, attempt } });
    }
    // A failed send leaves the units queued with a lease: the alarm sends them again.
    for (let i = 0; i < messages.length; i += 100) {
      await this.env.RUN_QUEUE.sendBatch(messages.slice(i, i + 100)).catch((e) =>
        console.error(`run ${config.id}: queue send failed`, e),
      );
    }
  }

  /** Ends the run once nothing is left to do; otherwise keeps the alarm ticking. */
  private async settle() {
    const config = this.config();
    if (!config || this.get<boolean>("finalized")) return;
    const open = this.sql
      .exec<{ n: number }>("SELECT COUNT(*) AS n FROM units WHERE state IN ('pending', 'queued', 'running')")
      .one().n;
    const status = this.status();
    if (open > 0 && (status === "running" || this.inFlight() > 0)) {
      if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + ALARM_MS);
      return;
    }
    // Other calls run while finalizeRun waits on D1: one finalization at a time, and `finished_at`
    // (what watchers wait for) only once the D1 row says how the run ended.
    if (this.finalizing) return;
    this.finalizing = true;
    try {
      if (status === "running") this.set("status", "completed");
      const progress = { ...this.snapshot(), finished_at: new Date().toISOString() };
      await finalizeRun(this.env, config, progress);
      this.set("finished_at", progress.finished_at);
      this.set("finalized", true);
      await this.ctx.storage.deleteAlarm();
    } catch (e) {
      // D1 failed: the alarm tries again.
      console.error(`run ${config.id}: finalizing failed`, e instanceof Error ? e.message : e);
      await this.ctx.storage.setAlarm(Date.now() + ALARM_MS);
    } finally {
      this.finalizing = false;
    }
  }
}
