/**
 * One task of a comparison, side by side (`GET /compare/task`, docs/compare.md "Side by side"): each
 * side's verdict and raw answer, and the expected answer. A run's answer is its stored output (R2);
 * a verified entry's is its run's; a reported entry stores none, which the answer says. The expected
 * answer is what the benchmark's oracle baseline answers for the task: the very text its scorer
 * compares against. The sides are read as `GET /v1/compare` reads them (the same bounds), then two
 * samples and two outputs.
 */
import { and, eq } from "drizzle-orm";
import { getBenchmark } from "../../benchmarks/registry";
import type { CompareRule, CompareSample } from "../../benchmarks/types";
import { datasetView } from "../dataset-view";
import { WITHHELD } from "../../lib/datasets/visibility";
import { db } from "../../lib/db/client";
import * as schema from "../../lib/db/schema";
import type { Env } from "../../lib/env";
import { notFound, ProblemError } from "../../lib/errors";
import { benchmarkOptions } from "../pages/runs/summary";
import { getRun, readOutput } from "../runs/store";
import type { TaskQuery } from "./query";
import { compareParams, comparedSides, sideInfo } from "./service";
import { readRun, type Side, type SideInfo } from "./sides";

/** A text, or why there is none. */
export type Shown = { text: string } | { missing: string };

/** One side of the task. */
export interface TaskSide {
  side: SideInfo;
  /** Its sample of the task; null when the side has none. */
  sample: CompareSample | null;
  /** Whether it passes at the comparison's threshold; null without a pass rule or a scored sample. */
  passed: boolean | null;
  /** Its grade (graded benchmarks); null otherwise. */
  grade: number | null;
  answer: Shown;
  /** The run and unit of the sample whose answer is shown (its page is `/runs/{run}/samples/{unit}`); null when none is. */
  from: { run: string; unit: string } | null;
}

export interface TaskComparison {
  benchmark: string;
  dataset: string;
  outcome: "pass_fail" | "graded";
  threshold: number | null;
  key: string;
  /** What the benchmark's oracle baseline answers: the text its scorer compares against. */
  expected: Shown;
  a: TaskSide;
  b: TaskSide;
  /** The comparison's query (for its link back). */
  params: Record<string, string>;
}

/** Why a reported entry shows no answer. */
export const REPORTED_NO_ANSWER =
  "This side is a reported leaderboard entry: its published results give a verdict per task, not the answer itself, so there is no answer to show.";

/** A run's stored answer to `unit`, or why there is none. */
async function runAnswer(env: Env, runId: string, unit: string): Promise<Shown> {
  const s = schema.runSamples;
  const [row] = await db(env)
    .select({ outputKey: s.outputKey, status: s.status, error: s.error })
    .from(s)
    .where(and(eq(s.runId, runId), eq(s.unit, unit)))
    .limit(1);
  if (!row) return { missing: `Run ${runId} has no sample "${unit}".` };
  if (!row.outputKey)
    return {
      missing:
        row.status === "scored"
          ? "Nothing was generated."
          : `Nothing was generated (${row.status.replace("_", " ")}: ${row.error ?? "no reason recorded"}).`,
    };
  const stored = await readOutput(env, row.outputKey);
  return stored ? { text: stored.output } : { missing: "The stored output is gone from storage." };
}

/** Where a side's answer is: its own run, a verified entry's run (its sample of the same task), or nowhere. */
async function answerOf(
  env: Env,
  side: Side,
  sample: CompareSample | null,
  rule: CompareRule,
  key: string,
): Promise<Pick<TaskSide, "answer" | "from">> {
  if (!sample)
    return {
      answer: { missing: `This side has no sample of task "${key}" (see the comparison's unpaired tasks).` },
      from: null,
    };
  if (side.kind === "run" && sample.unit !== null)
    return { answer: await runAnswer(env, side.id, sample.unit), from: { run: side.id, unit: sample.unit } };
  if (side.run === null) return { answer: { missing: REPORTED_NO_ANSWER }, from: null };
  let run: Side | undefined;
  try {
    run = await readRun(env, side.run);
  } catch (e) {
    if (!(e instanceof ProblemError)) throw e;
  }
  const own = run?.samples.find((s) => rule.pairKey(s) === key);
  if (!own?.unit)
    return {
      answer: {
        missing: `This verified entry's run ${side.run} is gone or has no sample of this task, so its answer cannot be shown.`,
      },
      from: null,
    };
  return { answer: await runAnswer(env, side.run, own.unit), from: { run: side.run, unit: own.unit } };
}

/** The oracle's answer to the task: of the first side with a run's unit (with that run's options), else of the task id. */
async function expectedOf(
  env: Env,
  benchmarkId: string,
  dataset: string,
  sides: readonly Pick<TaskSide, "sample" | "from">[],
): Promise<Shown> {
  const benchmark = getBenchmark(benchmarkId);
  if (!benchmark.baselines.includes("oracle"))
    return { missing: `${benchmark.title} has no oracle baseline, so no expected answer is shown.` };
  const from = sides.find((s) => s.from)?.from;
  let options: Record<string, unknown>;
  if (from) options = benchmarkOptions(await getRun(env, from.run));
  else {
    const parsed = benchmark.options.safeParse({});
    if (!parsed.success)
      return {
        missing: "No run on either side: the task's options are unknown, so the expected answer cannot be rebuilt.",
      };
    options = parsed.data;
  }
  const unit = from?.unit ?? sides.find((s) => s.sample)!.sample!.taskId;
  try {
    return { text: await benchmark.baseline(env, dataset, unit, options, "oracle") };
  } catch (e) {
    // The dataset deleted or re-imported since, or an entry's task that is no unit of it.
    if (e instanceof ProblemError) return { missing: `The expected answer cannot be rebuilt: ${e.detail}` };
    throw e;
  }
}

/** Task `key` of the comparison `q`, side by side; 404 when neither side has it. */
export async function compareTask(env: Env, q: TaskQuery): Promise<TaskComparison> {
  const { a, b, rule, threshold } = await comparedSides(env, q);
  // A held-out dataset's task: the verdicts and grades only (no answers, no expected answer, no detail).
  const view = await datasetView(env, a.dataset);
  const withheld: Shown = { missing: `The answer is ${WITHHELD}.` };
  const sideOf = async (side: Side): Promise<TaskSide> => {
    const sample = side.samples.find((s) => rule.pairKey(s) === q.key) ?? null;
    const scored = sample?.status === "scored";
    const found = await answerOf(env, side, sample, rule, q.key);
    return {
      side: sideInfo(side),
      sample: sample && view.sample(a.benchmark, sample),
      passed: scored && rule.passes ? rule.passes(sample, threshold ?? 0) : null,
      grade: scored && rule.grade ? rule.grade(sample) : null,
      ...(view.showsOutputs ? found : { ...found, answer: withheld }),
    };
  };
  const [ta, tb] = await Promise.all([sideOf(a), sideOf(b)]);
  if (!ta.sample && !tb.sample) notFound(`Neither side has a task "${q.key}".`);
  const params = compareParams({ a: ta.side, b: tb.side, benchmark: a.benchmark, dataset: a.dataset, threshold });
  return {
    benchmark: a.benchmark,
    dataset: a.dataset,
    outcome: rule.outcome,
    threshold,
    key: q.key,
    expected: view.showsOutputs
      ? await expectedOf(env, a.benchmark, a.dataset, [ta, tb])
      : { missing: `The expected answer is ${WITHHELD}.` },
    a: ta,
    b: tb,
    params,
  };
}
