/**
 * The parts ledger of a run receiving its submitted outputs in parts (docs/runs.md#big-submissions-in-parts),
 * kept in its RunCoordinator's SQLite: which parts are in (number, sha256, size), which unit came in
 * which part, and what the run will be once they are all in. The Durable Object is single-threaded,
 * so a part is accepted or refused as a whole, and a unit can belong to one part only.
 */
import type { RunConfig } from "./config";

/** What a run waiting for its parts is, stored when it is created. */
export interface ReceivingRun {
  /** The run's config (its `publish` is decided when the parts are in, from `publish` below). */
  config: RunConfig;
  /** `publish` as requested (undefined: publish when the parts cover the whole dataset). */
  publish?: boolean;
  /** The benchmark options as requested (the units of each part are checked under them). */
  requestedOptions: Record<string, unknown>;
  /** Parts announced. */
  parts: number;
}

export interface PartRow {
  part: number;
  sha256: string;
  outputs: number;
}

/** What a receiving run was created as, the parts it has, and whether it has started. */
export interface PartsState {
  run: ReceivingRun | null;
  received: PartRow[];
  started: boolean;
}

/** How a part was taken: new, the same as stored, or refused (another content for it, units already in other parts). */
export type PartOutcome =
  | { outcome: "stored" | "unchanged" }
  | { outcome: "conflict"; sha256: string }
  | { outcome: "duplicate"; units: string[]; parts: number[] }
  | { outcome: "not-receiving" };

/** Units named in a refusal. */
const NAMED = 5;

export class PartsLedger {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      "CREATE TABLE IF NOT EXISTS parts (part INTEGER PRIMARY KEY, sha256 TEXT NOT NULL, outputs INTEGER NOT NULL)",
    );
    sql.exec(
      "CREATE TABLE IF NOT EXISTS part_units (unit TEXT PRIMARY KEY, part INTEGER NOT NULL, pos INTEGER NOT NULL)",
    );
  }

  received(): PartRow[] {
    return this.sql
      .exec<{ part: number; sha256: string; outputs: number }>("SELECT part, sha256, outputs FROM parts ORDER BY part")
      .toArray();
  }

  /**
   * Takes part `part` with `units` (checked against the dataset by the caller) if it is new and
   * none of its units is in another part; the same content again changes nothing.
   */
  accept(part: number, sha256: string, units: readonly string[], transaction: (fn: () => void) => void): PartOutcome {
    const stored = this.sql.exec<{ sha256: string }>("SELECT sha256 FROM parts WHERE part = ?", part).toArray()[0];
    if (stored)
      return stored.sha256 === sha256 ? { outcome: "unchanged" } : { outcome: "conflict", sha256: stored.sha256 };
    const taken: { unit: string; part: number }[] = [];
    for (const unit of units) {
      const row = this.sql.exec<{ part: number }>("SELECT part FROM part_units WHERE unit = ?", unit).toArray()[0];
      if (row) taken.push({ unit, part: row.part });
    }
    if (taken.length)
      return {
        outcome: "duplicate",
        units: taken.slice(0, NAMED).map((t) => t.unit),
        parts: [...new Set(taken.map((t) => t.part))].sort((a, b) => a - b),
      };
    transaction(() => {
      this.sql.exec("INSERT INTO parts (part, sha256, outputs) VALUES (?, ?, ?)", part, sha256, units.length);
      for (const [pos, unit] of units.entries())
        this.sql.exec("INSERT INTO part_units (unit, part, pos) VALUES (?, ?, ?)", unit, part, pos);
    });
    return { outcome: "stored" };
  }

  /** The part (and its content's sha256) a unit came in; null for a unit of no part. */
  partOf(unit: string): { part: number; sha256: string } | null {
    return (
      this.sql
        .exec<{ part: number; sha256: string }>(
          "SELECT p.part, p.sha256 FROM part_units u JOIN parts p ON p.part = u.part WHERE u.unit = ?",
          unit,
        )
        .toArray()[0] ?? null
    );
  }

  /** Every unit received, in the order submitted (part by part). */
  units(): string[] {
    return this.sql
      .exec<{ unit: string }>("SELECT unit FROM part_units ORDER BY part, pos")
      .toArray()
      .map((r) => r.unit);
  }
}
