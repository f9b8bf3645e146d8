/**
 * A synthetic RepoQA run of any size, written straight to D1 (no model, no queue): the sample
 * browser's paging and filters at scale, in the workerd tests and `scripts/bench-run-pages.mts`.
 * Sample i: language LANGUAGES[i % 3], depth (i % 11) / 10, context size SIZES[i % 2]; every 7th
 * an error, every 13th (not an error) a context overflow, the rest scored, passing when i % 4 is not 0.
 */
export const LANGUAGES = ["go", "python", "typescript"] as const;
export const SIZES = [2048, 16384] as const;

export interface SyntheticSample {
  unit: string;
  taskId: string;
  language: string;
  position: number;
  contextSize: number;
  status: "scored" | "error" | "context_exceeded";
  passed: boolean | null;
  score: number | null;
  error: string | null;
}

export function syntheticSample(i: number): SyntheticSample {
  const language = LANGUAGES[i % 3];
  const taskId = `${language}::synthetic/repo${Math.floor(i / 100)}::fn_${String(i).padStart(6, "0")}`;
  const status = i % 7 === 0 ? "error" : i % 13 === 0 ? "context_exceeded" : "scored";
  const passed = status === "scored" ? i % 4 !== 0 : null;
  return {
    unit: taskId,
    taskId,
    language,
    position: (i % 11) / 10,
    contextSize: SIZES[i % 2],
    status,
    passed,
    score: status === "scored" ? (passed ? 0.9 : 0.3) : null,
    error:
      status === "error"
        ? "timed out: after 3000 ms"
        : status === "context_exceeded"
          ? "9000 prompt tokens + 1024 max_tokens exceed the 8192-token window"
          : null,
  };
}

/** The run row's columns (a completed RepoQA run over `n` units). */
export function syntheticRun(id: string, n: number) {
  const at = "2026-11-24T00:00:00.000Z";
  return {
    id,
    benchmark: "repoqa-snf",
    dataset_id: "synthetic",
    model: "baseline:synthetic",
    model_label: "synthetic",
    parameters: JSON.stringify({ temperature: 0, max_tokens: 1024 }),
    options: JSON.stringify({ benchmark_options: { threshold: 0.8, scoring_mode: "official" } }),
    receipt: JSON.stringify({ run: id, synthetic: true }),
    status: "completed",
    unit_count: n,
    created_at: at,
    finished_at: at,
  };
}

/** A sample as its run_samples columns. */
export function sampleColumns(runId: string, s: SyntheticSample): Record<string, string | number | null> {
  return {
    run_id: runId,
    unit: s.unit,
    task_id: s.taskId,
    language: s.language,
    position: s.position,
    context_size: s.contextSize,
    status: s.status,
    passed: s.passed === null ? null : Number(s.passed),
    score: s.score,
    detail: s.status === "scored" ? JSON.stringify({ is_best: s.passed, best_similarity: s.score }) : null,
    scorer_version: s.status === "scored" ? "synthetic" : null,
    output_key: null,
    prompt_sha256: "0".repeat(64),
    prompt_tokens: 1000,
    completion_tokens: s.status === "scored" ? 50 : null,
    cached: 0,
    calls: s.status === "error" ? 4 : s.status === "scored" ? 1 : 0,
    latency_ms: 10,
    error: s.error,
    finished_at: "2026-11-24T00:00:00.000Z",
  };
}

/** `INSERT` statements (SQL text, values inlined) for a run of `n` synthetic samples, `perStatement` rows each. */
export function syntheticRunSql(id: string, n: number, perStatement = 100): string[] {
  const literal = (v: string | number | null) =>
    v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`;
  const insert = (table: string, rows: Record<string, string | number | null>[]) =>
    `INSERT INTO ${table} (${Object.keys(rows[0]).join(", ")}) VALUES ${rows.map((r) => `(${Object.values(r).map(literal).join(", ")})`).join(", ")};`;
  const out = [insert("runs", [syntheticRun(id, n)])];
  for (let i = 0; i < n; i += perStatement) {
    out.push(
      insert(
        "run_samples",
        Array.from({ length: Math.min(perStatement, n - i) }, (_, k) => sampleColumns(id, syntheticSample(i + k))),
      ),
    );
  }
  return out;
}

/**
 * An UPDATE that makes a synthetic run pass where i % 5 is not 0 (its verdict detail too), so two
 * synthetic runs disagree on a known set of tasks: A (i % 4) passes alone where i % 4 ≠ 0 = i % 5,
 * B where i % 5 ≠ 0 = i % 4 (the paired comparison's discordant tasks, in tests and benches).
 */
export function disagreeingRunSql(runId: string): string {
  const i = "CAST(substr(unit, -6) AS INTEGER)";
  const pass = `(${i} % 5 != 0)`;
  return `UPDATE run_samples SET passed = ${pass}, score = CASE WHEN ${pass} THEN 0.9 ELSE 0.3 END,
    detail = json_object('is_best', json(CASE WHEN ${pass} THEN 'true' ELSE 'false' END), 'best_similarity', CASE WHEN ${pass} THEN 0.9 ELSE 0.3 END)
    WHERE run_id = '${runId}' AND status = 'scored';`;
}
