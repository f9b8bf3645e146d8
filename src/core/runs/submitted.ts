/**
 * Runs made from submitted outputs (docs/runs.md#scoring-outputs-you-already-have): the caller
 * brings `[{unit, output}]` a harness already produced, nothing is called, and each unit is answered
 * by its submitted output through the ordinary run pipeline (queue, coordinator, `Benchmark.score`,
 * sample rows), so its verdicts are exactly those of any other run and of `POST /v1/score`.
 */
import { z } from "@hono/zod-openapi";
import { cached, getStoredJson } from "../../lib/datasets/json-cache";
import type { Env } from "../../lib/env";
import { invalid, ProblemError } from "../../lib/errors";
import { sha256Hex } from "../../lib/sha256";
import type { RunConfig } from "./config";

/** What the receipt of such a run says it was made from. */
export const SUBMITTED_SOURCE = "submitted outputs";

/** Bounds of a submission in parts (docs/limits.md): parts announced, outputs in one part (its body is limited as POST /v1/runs's). */
export const PART_LIMITS = { parts: 64, outputs: 5000 } as const;

/** Units named in an unknown-unit or duplicate-unit problem before "and N more". */
const NAMED = 5;

/** One submitted output: a unit and the model's raw text for it (POST /v1/runs `outputs`, a part's `outputs`). */
export const SubmittedOutputSchema = z
  .object({ unit: z.string().min(1).max(1024), output: z.string() })
  .strict()
  .openapi("SubmittedOutput");

export type SubmittedOutput = z.infer<typeof SubmittedOutputSchema>;

/** Where a run's submitted outputs are kept: one JSON object, unit → output. */
export const submittedKey = (runId: string) => `runs/${runId}/submitted.json`;

/** `a, b, c (and 4 more)`. */
export const firstFew = (units: readonly string[]) =>
  units
    .slice(0, NAMED)
    .map((u) => JSON.stringify(u))
    .join(", ") + (units.length > NAMED ? ` (and ${units.length - NAMED} more)` : "");

/**
 * Checks a submission against the units the dataset has (for the run's options) and returns the
 * run's units in the dataset's order, whether they are the whole dataset, and the sha256 of the
 * submission (of the JSON text of `outputs` as given, `[{"unit":…,"output":…},…]`). A unit the
 * dataset lacks, or one submitted twice, is a 422 naming the first few; nothing is stored.
 */
export async function checkSubmission(
  datasetId: string,
  datasetUnits: readonly string[],
  outputs: readonly SubmittedOutput[],
) {
  const seen = checkUnits(datasetId, datasetUnits, outputs);
  const units = datasetUnits.filter((u) => seen.has(u));
  return { units, whole: units.length === datasetUnits.length, sha256: await sha256Hex(submissionText(outputs)) };
}

/** The JSON text a submission's sha256 is taken of: `[{"unit":…,"output":…},…]` in the order given. */
export const submissionText = (outputs: readonly SubmittedOutput[]) =>
  JSON.stringify(outputs.map(({ unit, output }) => ({ unit, output })));

/** The units of `outputs`, each checked to be the dataset's and given once (a 422 naming the first few otherwise). */
export function checkUnits(
  datasetId: string,
  datasetUnits: readonly string[],
  outputs: readonly SubmittedOutput[],
): Set<string> {
  const known = new Set(datasetUnits);
  const seen = new Set<string>();
  const twice: string[] = [];
  const unknown: string[] = [];
  for (const { unit } of outputs) {
    if (seen.has(unit)) twice.push(unit);
    seen.add(unit);
    if (!known.has(unit)) unknown.push(unit);
  }
  if (unknown.length) {
    throw new ProblemError(
      "unprocessable-content",
      `${unknown.length} submitted ${unknown.length === 1 ? "unit is" : "units are"} not in dataset "${datasetId}" (for these options): ${firstFew(unknown)}.`,
      {
        unknown_units: unknown.slice(0, NAMED),
      },
    );
  }
  if (twice.length) invalid(`Each unit takes one output; submitted twice: ${firstFew(twice)}.`);
  return seen;
}

/** Stores a run's submitted outputs (before its row exists: a failed write leaves no run). */
export async function storeSubmission(env: Env, runId: string, outputs: readonly SubmittedOutput[]) {
  await env.DATASETS.put(
    submittedKey(runId),
    JSON.stringify(Object.fromEntries(outputs.map((o) => [o.unit, o.output]))),
  );
}

/** Where one part of a run's submitted outputs is kept: the part's `outputs` as given, under its content's sha256. */
export const partKey = (runId: string, part: number, sha256: string) => `runs/${runId}/parts/${part}-${sha256}.json`;

/**
 * The output submitted for `unit` (the stored object is read once per isolate); null if it has
 * none. `part`: the part that brought it, for a run whose outputs came in parts (its coordinator says which).
 */
export async function submittedOutput(
  env: Env,
  config: RunConfig,
  unit: string,
  part: { part: number; sha256: string } | null = null,
): Promise<string | null> {
  if (part) {
    const entry = await cached<SubmittedOutput[]>(env, partKey(config.id, part.part, part.sha256), part.sha256);
    const byUnit =
      (entry.sets.get("by-unit") as Map<string, string> | undefined) ??
      new Map(entry.value.map((o) => [o.unit, o.output]));
    entry.sets.set("by-unit", byUnit);
    return byUnit.get(unit) ?? null;
  }
  const outputs = await getStoredJson<Record<string, string>>(env, submittedKey(config.id), config.id);
  return Object.hasOwn(outputs, unit) ? outputs[unit] : null;
}
