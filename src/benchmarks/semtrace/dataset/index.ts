/**
 * The stored form of a SemTrace-family dataset ("suite"): what `npm run semtrace -- build` writes and
 * `POST /v1/datasets/{id}/suite` imports. One suite holds the distractor pool, the grid, and the
 * targets of every task it was built with.
 *
 * R2 layout, per dataset id:
 *   datasets/<id>/manifest.json                    the manifest (written last)
 *   datasets/<id>/suite/pool.json                  the distractor pool (`needlework/semtrace-pool@1`)
 *   datasets/<id>/suite/<task>/<nnnn>.json         target shards of a task (`needlework/semtrace-shard@1`)
 * D1 indexes one `tasks` row per target: task id `python::<task>::<target id>`, repo = the task.
 */
import { z } from "@hono/zod-openapi";
import { POSITIONAL_BENCHMARKS, SENSITIVITY_BENCHMARKS } from "./ids";

export const SUITE_FORMAT = "needlework/semtrace-suite@1";
export const POOL_FORMAT = "needlework/semtrace-pool@1";
export const TARGET_SHARD_FORMAT = "needlework/semtrace-shard@1";
export const SUITE_TASKS = [...POSITIONAL_BENCHMARKS, ...SENSITIVITY_BENCHMARKS] as const;
export type SuiteTask = (typeof SUITE_TASKS)[number];

/** Import limits (docs/limits.md). */
export const SUITE_LIMITS = {
  poolFunctions: 50_000,
  targetsPerTask: 50_000,
  codeChars: 20_000,
  targetsPerShard: 200,
} as const;

const Code = z.string().min(1).max(SUITE_LIMITS.codeChars);
const TargetId = z.string().regex(/^[A-Za-z0-9_.~-]{1,80}$/, "letters, digits, '_', '.', '~' and '-', at most 80");

export const PoolFunctionSchema = z.object({
  id: z.number().int().min(0),
  name: z.string().max(200),
  path: z.string().max(500),
  line: z.number().int().min(0),
  code: Code,
});

/** What the real interpreter (python3 at build time) returned for a target's call. */
export const InterpreterAnswerSchema = z.union([
  z.object({ ok: z.literal(true), repr: z.string().max(SUITE_LIMITS.codeChars) }),
  z.object({ ok: z.literal(false), error: z.string().max(2000) }),
]);

export const SuiteTargetSchema = z.object({
  id: TargetId,
  /** The function the model is shown (named `f`). */
  code: Code,
  /** Argument text of the call: `f(<input>)`. */
  input: z.string().max(SUITE_LIMITS.codeChars),
  /** Expected result as a Python literal (CPython repr). */
  output: z.string().max(SUITE_LIMITS.codeChars),
  /** Positional tasks: the distractor pool ids around the target, per distractor count D. */
  distractors: z.record(z.string().regex(/^\d+$/), z.array(z.number().int().min(0)).max(1000)).optional(),
  /** Sensitivity variants: the complete target's id, the removed line indices, the fraction of body lines removed. */
  base: TargetId.optional(),
  removed: z.array(z.number().int().min(0)).max(1000).optional(),
  fraction: z.number().min(0).max(1).optional(),
  /** What python3 returned for the call at build time (CRUXEval variants); absent: not computed. */
  interpreter: InterpreterAnswerSchema.optional(),
  /** Generation facts (SemTrace: k, x, digits). */
  meta: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()])).optional(),
});
export type SuiteTarget = z.infer<typeof SuiteTargetSchema>;

/**
 * What a sensitivity task's targets must be beyond their shape (checked at import, each breach a
 * 422 naming its units): every target is a version of a snippet (`base`) with a share of its lines
 * removed (`fraction`, 0 for the complete version), and a snippet with incomplete versions has its
 * complete one in the same task. Sensitivity (Eq. 1, sensitivity.ts) divides by the complete
 * version's result R(C): without it a snippet's variants measure nothing.
 */
export const SensitivityTargetsRule = z
  .array(
    z.object({
      id: z.string(),
      base: z.string({ error: "a sensitivity target needs base (its snippet's id) and fraction" }),
      fraction: z.number({ error: "a sensitivity target needs base (its snippet's id) and fraction" }),
    }),
  )
  .superRefine((targets, ctx) => {
    const complete = new Set(targets.filter((t) => t.fraction === 0).map((t) => t.base));
    const orphans = new Map<string, number[]>();
    for (const [i, t] of targets.entries())
      if (t.fraction > 0 && !complete.has(t.base)) orphans.set(t.base, [...(orphans.get(t.base) ?? []), i]);
    for (const [base, at] of orphans) {
      const units = at.map((i) => JSON.stringify(targets[i].id));
      ctx.addIssue({
        code: "custom",
        path: [at[0]],
        message: `snippet ${JSON.stringify(base)} has incomplete versions (units ${units.slice(0, 5).join(", ")}${units.length > 5 ? ` and ${units.length - 5} more` : ""}) but no complete version (a target with base ${JSON.stringify(base)} and fraction 0), which sensitivity needs`,
      });
    }
  });

export const SuiteGridSchema = z.object({
  distractors: z.array(z.number().int().min(1).max(1000)).min(1).max(12),
  positions: z.array(z.number().min(0).max(1)).min(1).max(21),
});
export type SuiteGrid = z.infer<typeof SuiteGridSchema>;

const Provenance = z.record(z.string(), z.unknown());

export const SuiteReleaseSchema = z
  .object({
    format: z.literal(SUITE_FORMAT),
    seed: z.number().int(),
    grid: SuiteGridSchema,
    /** How it was built (digits, caps, python version, notes): recorded in the manifest as given. */
    build: Provenance.default({}),
    pool: z.object({
      source: Provenance,
      filter: Provenance,
      functions: z.array(PoolFunctionSchema).min(1).max(SUITE_LIMITS.poolFunctions),
    }),
    tasks: z.partialRecord(
      z.enum(SUITE_TASKS),
      z.object({
        source: Provenance.default({}),
        targets: z.array(SuiteTargetSchema).min(1).max(SUITE_LIMITS.targetsPerTask),
      }),
    ),
  })
  .strict();
export type SuiteRelease = z.infer<typeof SuiteReleaseSchema>;

export interface SuitePool {
  format: typeof POOL_FORMAT;
  functions: { id: number; name: string; path: string; line: number; code: string }[];
}

export interface TargetShard {
  format: typeof TARGET_SHARD_FORMAT;
  task: SuiteTask;
  targets: SuiteTarget[];
}

/** The manifest of a suite (`GET /v1/datasets/{id}` returns it). */
export interface SuiteManifest {
  format: "needlework/manifest@1";
  id: string;
  benchmark: "semtrace-suite";
  name: string;
  seed: number;
  grid: SuiteGrid;
  build: Record<string, unknown>;
  pool: {
    key: string;
    sha256: string;
    functions: number;
    source: Record<string, unknown>;
    filter: Record<string, unknown>;
  };
  tasks: Partial<Record<SuiteTask, { targets: number; shards: number; source: Record<string, unknown> }>>;
  prompt_template_version: string;
  tokenizer: { name: string; version: string };
  scorer_version: string;
  /** What this dataset cannot offer, and why (e.g. CRUXEval input prediction). */
  notes: string[];
  content_sha256: string;
  created_at: string;
  shards: { key: string; task: SuiteTask; sha256: string; targets: number }[];
}

export const suiteKeys = {
  pool: (id: string) => `datasets/${id}/suite/pool.json`,
  shard: (id: string, task: SuiteTask, n: number) => `datasets/${id}/suite/${task}/${String(n).padStart(4, "0")}.json`,
};

/** `python::<task>::<target id>`: the `<language>::<repo>::<name>` shape every task id has. */
export const suiteTaskId = (task: SuiteTask, targetId: string) => `python::${task}::${targetId}`;
