/** Creating, reading, cancelling and re-scoring runs (what the /v1/runs routes call). */
import { and, eq } from "drizzle-orm";
import { getBenchmark } from "../../benchmarks/registry";
import { parseOptions } from "../units";
import type { BaselineKind } from "../../benchmarks/types";
import * as schema from "../../lib/db/schema";
import { db } from "../../lib/db/client";
import { getDataset } from "../../lib/datasets/store";
import type { Env } from "../../lib/env";
import { conflict, invalid, ProblemError } from "../../lib/errors";
import { passRateAggregates, rateOf, type Aggregate } from "../../kit/leaderboard/aggregate";
import { toSample } from "../leaderboard/verified";
import { checkedCutoff, setCutoff } from "../../kit/leaderboard/cutoffs";
import { THRESHOLD_KEYS, thresholdKey } from "../../lib/metrics/thresholds";
import { SERVICE_VERSION } from "../../lib/version";
import { GRAMMARS, PARSER_RUNTIME } from "../../lib/code/runtime";
import type { GenerationParameters, RunConfig, RunProgress } from "./config";
import { coordinatorOf } from "./consumer";
import { publishRun, verifiedSample } from "./finalize";
import { modelLimits, parseModelSpec, readApiKey, submittedModel } from "./models";
import { DEFAULT_RETRY } from "./retry";
import type { RunRequest } from "./request";
import { checkSubmission, PART_LIMITS, storeSubmission, SUBMITTED_SOURCE } from "./submitted";
import { allSamples, benchmarkOptions, getRun, readOutput, type RunRow, type SampleRow } from "./store";

/** The born range of a dataset's provenance (null for an undated dataset). */
function datasetBorn(
  dataset: { provenance: Record<string, unknown> | null } | undefined,
): Record<string, unknown> | null {
  const born = dataset?.provenance?.born;
  return born && typeof born === "object" ? (born as Record<string, unknown>) : null;
}

/** Sortable and unguessable: `run-<utc time>-<random>`. */
function newRunId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const random = [...crypto.getRandomValues(new Uint8Array(5))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `run-${stamp}-${random}`;
}

export async function createRun(env: Env, req: RunRequest) {
  const outputs = req.outputs;
  const inParts = req.parts !== undefined;
  if (outputs && inParts)
    invalid(
      "Send the `outputs` in the body or announce `parts` and send them with PUT /v1/runs/{id}/outputs/{part}, not both.",
    );
  if (inParts && req.parts! > PART_LIMITS.parts)
    throw new ProblemError(
      "payload-too-large",
      `A submission is sent in at most ${PART_LIMITS.parts} parts (of at most ${PART_LIMITS.outputs} outputs each); ${req.parts} were announced.`,
      { limit_parts: PART_LIMITS.parts },
    );
  if ((outputs || inParts) && (req.languages?.length || req.limit))
    invalid("A run from submitted `outputs` covers the units submitted: drop `languages` and `limit`.");
  const model = outputs || inParts ? submittedModel(req.model) : parseModelSpec(req.model);
  const apiKeyName =
    model.provider === "openai-compatible" || model.provider === "workers-ai" ? (req.api_key ?? null) : null;
  readApiKey(env, apiKeyName); // a missing secret is a 422 now, not an error per sample later
  const benchmark = getBenchmark(req.benchmark);
  if (
    model.provider === "baseline" &&
    model.modelId !== "empty" &&
    !benchmark.baselines.includes(model.modelId as BaselineKind)
  ) {
    invalid(
      `${benchmark.id} has no ${model.spec} (it has ${[...benchmark.baselines, "empty"].map((b) => `baseline:${b}`).join(", ")}).`,
    );
  }
  if (req.cutoff !== undefined) checkedCutoff(req.cutoff); // a bad cutoff is a 400 before anything is stored
  const parsed = parseOptions(benchmark, req.options);
  const listed = await benchmark.units(env, req.dataset, parsed, { languages: req.languages, limit: req.limit });
  const { datasetSha256, resolved } = listed;
  const submission = outputs ? await checkSubmission(req.dataset, listed.units, outputs) : null;
  const units = submission ? submission.units : listed.units;
  if (units.length === 0) invalid(`No tasks of "${req.dataset}" match the filters.`);
  const options = { ...parsed, ...resolved };
  const limits = modelLimits(model, req.model_limits);
  const parameters: GenerationParameters = {
    temperature: req.temperature,
    max_tokens: req.max_tokens ?? benchmark.defaultMaxTokens,
    seed: req.seed ?? null,
    system_message: req.system_message ?? null,
    prefill: req.prefill ?? limits.prefill,
  };
  const now = new Date();
  const id = newRunId(now);
  const filtered = Boolean(
    req.languages?.length || req.limit || benchmark.narrows?.(options) || (submission && !submission.whole),
  );
  const config: RunConfig = {
    id,
    benchmark: benchmark.id,
    datasetId: req.dataset,
    datasetSha256,
    model,
    apiKeyName,
    parameters,
    limits,
    options,
    concurrency: req.concurrency,
    tokenBudget: req.token_budget ?? null,
    retry: { ...DEFAULT_RETRY, ...req.retry },
    cache: req.cache,
    // Only a run over the whole dataset is a leaderboard entry.
    publish: req.publish ?? !filtered,
    price: req.price ?? null,
  };
  if (config.publish && filtered) {
    invalid(
      "Only a run over the whole dataset can be published: drop `languages`/`limit` (and options that pick part of the dataset, such as `tasks`), submit an output for every unit, or set `publish: false`.",
    );
  }
  const receipt = {
    run: id,
    benchmark: benchmark.id,
    dataset: req.dataset,
    dataset_sha256: datasetSha256,
    prompt_template_version: benchmark.promptTemplateVersion,
    scorer_version: benchmark.scorerVersion,
    service_version: SERVICE_VERSION,
    // What parses code for scoring (answer sanitizers, CodeBLEU): trees on broken code depend on it.
    parser_runtime: { ...PARSER_RUNTIME },
    grammars: { ...GRAMMARS },
    model: model.spec,
    parameters,
    options,
    filters: {
      languages: req.languages ?? null,
      limit: req.limit ?? null,
      ...(submission && !submission.whole ? { units: units.length } : {}),
    },
    // Where the answers came from: absent for a run that called its model here (for one in parts, the sha256 comes with the last part).
    ...(submission
      ? { source: SUBMITTED_SOURCE, outputs_sha256: submission.sha256, outputs: units.length }
      : inParts
        ? { source: SUBMITTED_SOURCE, parts: req.parts }
        : {}),
    context_window: limits.contextWindow,
    // Whether the seed actually reached the provider (not every provider takes one).
    seed_applied: limits.seed && parameters.seed !== null,
    comment_mode: options.comment_mode ?? null,
    // When the dataset's targets were born, as its import recorded them; a run's figures on unseen code depend on it.
    born: datasetBorn(await getDataset(env, req.dataset)),
    cutoff: req.cutoff ?? null,
    created_at: now.toISOString(),
    finished_at: null,
  };
  if (outputs) await storeSubmission(env, id, outputs);
  // A run in parts waits for them in its coordinator (before its row exists: a failure leaves no run).
  const receiving = inParts
    ? await coordinatorOf(env, id).receive({
        config,
        publish: req.publish,
        requestedOptions: parsed,
        parts: req.parts!,
      })
    : null;
  await db(env)
    .insert(schema.runs)
    .values({
      id,
      benchmark: benchmark.id,
      datasetId: req.dataset,
      model: model.spec,
      modelLabel: req.label ?? model.label,
      apiKeyName,
      parameters: parameters as unknown as Record<string, unknown>,
      options: {
        benchmark_options: options,
        concurrency: config.concurrency,
        token_budget: config.tokenBudget,
        retry: config.retry,
        cache: config.cache,
        publish: config.publish,
        price: config.price,
        limits,
      },
      receipt,
      status: receiving ? "receiving" : "running",
      unitCount: receiving ? 0 : units.length,
      createdAt: now.toISOString(),
    });
  if (req.cutoff !== undefined) await setCutoff(env, req.label ?? model.label, req.cutoff, `run ${id}`);
  const progress = receiving ?? (await coordinatorOf(env, id).start(config, units));
  return runView(await getRun(env, id), progress);
}

export function runView(run: RunRow, progress: RunProgress) {
  return {
    id: run.id,
    benchmark: run.benchmark,
    dataset: run.datasetId,
    model: run.model,
    label: run.modelLabel,
    api_key: run.apiKeyName,
    status: progress.status,
    // A run from submitted outputs in parts: announced and received (GET /v1/runs/{id}/outputs has more).
    ...(progress.parts ? { parts: progress.parts } : {}),
    units: run.unitCount,
    counts: progress.counts,
    tokens: progress.tokens,
    model_calls: progress.model_calls,
    cached: progress.cached,
    cost_usd: progress.cost_usd,
    parameters: run.parameters,
    options: run.options,
    receipt: run.receipt,
    created_at: run.createdAt,
    started_at: progress.started_at,
    finished_at: progress.finished_at,
    links: {
      self: `/v1/runs/${run.id}`,
      events: `/v1/runs/${run.id}/events`,
      samples: `/v1/runs/${run.id}/samples`,
      results: `/v1/runs/${run.id}/results`,
    },
  };
}

export async function readRun(env: Env, id: string) {
  const run = await getRun(env, id);
  return runView(run, await coordinatorOf(env, id).progress());
}

export async function cancelRun(env: Env, id: string) {
  const run = await getRun(env, id);
  return runView(run, await coordinatorOf(env, id).cancel());
}

/**
 * A run's threshold (as a key) and the pass-rate aggregates of its samples, as its benchmark's
 * leaderboard aggregates them (every group, every threshold); empty for a benchmark whose results
 * are not pass rates (they are in its `summarize`).
 */
export function runAggregates(run: RunRow, rows: readonly SampleRow[]) {
  const benchmark = getBenchmark(run.benchmark);
  const threshold = thresholdKey(Number(benchmarkOptions(run).threshold ?? 0.8));
  const board = benchmark.leaderboard;
  const samples = () => rows.map((r) => toSample(verifiedSample(r, benchmark)));
  const aggregates = !board ? passRateAggregates(samples()) : board.passRates ? board.aggregate(samples()) : [];
  return { threshold, aggregates };
}

/**
 * A run's results: its counts (errors and context overflows counted apart), pass@1 of the scored
 * samples per group with 95 % Wilson intervals, as its benchmark defines passing (at every threshold
 * of the sweep and per depth bucket at the run's threshold where it sweeps one, else at its one
 * rule; none where its samples are graded), and its own `summarize` results. Only the benchmark's
 * own fields: no threshold list where it has no threshold, no depth table where it has no needle.
 */
export async function runResults(env: Env, id: string) {
  const run = await getRun(env, id);
  const rows = await allSamples(env, id);
  const benchmark = getBenchmark(run.benchmark);
  const count = (status: SampleRow["status"]) => rows.filter((r) => r.status === status).length;
  const passRates = benchmark.thresholdSweep
    ? sweptPassRates(run, rows)
    : !benchmark.leaderboard || benchmark.leaderboard.passRates
      ? { pass_at_1: passedShares(rows) }
      : {};
  return {
    run: run.id,
    benchmark: run.benchmark,
    model: run.model,
    label: run.modelLabel,
    status: run.status,
    samples: rows.length,
    scored: count("scored"),
    errors: count("error"),
    context_exceeded: count("context_exceeded"),
    ...passRates,
    ...(benchmark.summarize ? { summary: benchmark.summarize(rows, benchmarkOptions(run)) } : {}),
    receipt: run.receipt,
  };
}

const rateFields = (a: Pick<Aggregate, "n" | "passed" | "rate" | "ciLow" | "ciHigh">) => ({
  n: a.n,
  passed: a.passed,
  rate: a.rate,
  ci_low: a.ciLow,
  ci_high: a.ciHigh,
});

/** The reference's tables: pass@1 per group at every threshold, and per depth bucket at the run's threshold. */
function sweptPassRates(run: RunRow, rows: readonly SampleRow[]) {
  const { threshold, aggregates } = runAggregates(run, rows);
  const pick = (type: string) => aggregates.filter((a) => a.groupType === type);
  const byGroup: Record<string, Record<string, ReturnType<typeof rateFields>>> = {};
  for (const a of [...pick("all"), ...pick("language")]) (byGroup[a.groupKey] ??= {})[a.threshold] = rateFields(a);
  return {
    threshold,
    thresholds: [...THRESHOLD_KEYS],
    pass_at_1: byGroup,
    by_depth: pick("depth")
      .filter((a) => a.threshold === threshold)
      .map((a) => ({ bucket: a.groupKey, ...rateFields(a) })),
  };
}

/** The share of scored samples its scorer passed, overall and per language (in unit order), with Wilson intervals. */
function passedShares(rows: readonly SampleRow[]) {
  const groups = new Map<string, { passed: number; n: number }>();
  for (const r of rows) {
    if (r.status !== "scored") continue;
    for (const key of ["all", r.language]) {
      const g = groups.get(key) ?? groups.set(key, { passed: 0, n: 0 }).get(key)!;
      g.n++;
      if (r.passed) g.passed++;
    }
  }
  return Object.fromEntries(
    [...groups].map(([key, g]) => {
      const r = rateOf(g.passed, g.n);
      return [key, { n: r.n, passed: r.passed, rate: r.rate, ci_low: r.ci_low, ci_high: r.ci_high }];
    }),
  );
}

/**
 * Re-scores every stored output with the run's benchmark options changed by `changes` (another
 * scoring mode, threshold, comment handling, or simply a newer scorer), without calling the model.
 */
export async function rescoreRun(env: Env, id: string, changes: Record<string, unknown>) {
  const run = await getRun(env, id);
  const progress = await coordinatorOf(env, id).progress();
  if (progress.status === "running")
    conflict(`Run ${id} is still running; re-score it when it has finished (or cancel it).`);
  const benchmark = getBenchmark(run.benchmark);
  const stored = benchmarkOptions(run);
  const options = { ...stored, ...parseOptions(benchmark, { ...stored, ...changes }) };
  const rows = (await allSamples(env, id)).filter((r) => r.status === "scored" && r.outputKey);
  let changed = 0;
  const updates = [];
  for (const row of rows) {
    const output = await readOutput(env, row.outputKey!);
    if (!output) conflict(`The stored output of ${row.unit} is missing from R2; this run cannot be re-scored.`);
    const verdict = await benchmark.score(env, run.datasetId, row.unit, output.output, options);
    if (verdict.passed !== row.passed || verdict.score !== row.score) changed++;
    // The model calls that failed before the answer are history, not verdict: they survive a re-score.
    const attempts = row.detail?.attempts;
    updates.push(
      db(env)
        .update(schema.runSamples)
        .set({
          passed: verdict.passed,
          score: verdict.score,
          detail: attempts ? { ...verdict.detail, attempts } : verdict.detail,
          scorerVersion: benchmark.scorerVersion,
        })
        .where(and(eq(schema.runSamples.runId, id), eq(schema.runSamples.unit, row.unit))),
    );
  }
  const receipt = {
    ...run.receipt,
    options,
    scorer_version: benchmark.scorerVersion,
    parser_runtime: { ...PARSER_RUNTIME },
    grammars: { ...GRAMMARS },
    rescored_at: new Date().toISOString(),
  };
  const runUpdate = db(env)
    .update(schema.runs)
    .set({ options: { ...run.options, benchmark_options: options }, receipt })
    .where(eq(schema.runs.id, id));
  for (let i = 0; i < updates.length; i += 50) await db(env).batch(updates.slice(i, i + 50) as never);
  await runUpdate;
  return { run: id, rescored: rows.length, changed, options, results: await runResults(env, id) };
}

export async function publishRunById(env: Env, id: string) {
  const run = await getRun(env, id);
  if (run.status !== "completed") conflict(`Run ${id} is ${run.status}; only a completed run is published.`);
  const benchmark = getBenchmark(run.benchmark);
  if (!benchmark.leaderboard)
    invalid(`The leaderboard does not show ${run.benchmark} runs; GET /v1/runs/${id}/results has their results.`);
  const filters = run.receipt.filters as { languages: unknown; limit: unknown; units?: unknown } | undefined;
  const options = benchmarkOptions(run);
  if (filters?.languages || filters?.limit || filters?.units || benchmark.narrows?.(options))
    invalid("Only a run over the whole dataset can be published.");
  return publishRun(env, run);
}
