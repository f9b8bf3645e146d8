/**
 * A window's steps, in order: one build per source and benchmark, then each benchmark's import
 * steps (as its WindowBuilder names them, over the parts built), then `finish`; `publish` comes
 * later, when the window is due to go public. The plan is a function of the window's configuration
 * and its finished steps, so whoever advances the window computes the same next step.
 */
import type { Benchmark, WindowBuilder } from "../../benchmarks/types";
import { RefreshConfigError, type RefreshConfig } from "./config";
import type { StepRow } from "./store";

/** How the refresh finds a benchmark by id: the registry in the Worker (./worker.ts), the families the command loads. */
export type BenchmarkLookup = (id: string) => Benchmark | undefined;

export interface WindowBenchmark {
  benchmark: Benchmark;
  builder: WindowBuilder;
  options: Record<string, unknown>;
}

/** The configured benchmarks with their parsed options; an unknown one, or one without a window build, throws. */
export function windowBenchmarks(config: RefreshConfig, lookup: BenchmarkLookup): WindowBenchmark[] {
  return Object.entries(config.benchmarks).map(([id, raw]) => {
    const benchmark = lookup(id);
    if (!benchmark) throw new RefreshConfigError(`refresh configuration: benchmarks.${id}: no such benchmark`);
    if (!benchmark.windowBuild)
      throw new RefreshConfigError(`refresh configuration: benchmarks.${id}: it has no scheduled build`);
    const parsed = benchmark.windowBuild.options.safeParse(raw);
    if (!parsed.success)
      throw new RefreshConfigError(
        `refresh configuration: benchmarks.${id}: ${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`,
      );
    return { benchmark, builder: benchmark.windowBuild, options: parsed.data };
  });
}

export type ParsedStep =
  | { kind: "build"; benchmark: string; source: number }
  | { kind: "import"; benchmark: string; name: string }
  | { kind: "finish" }
  | { kind: "publish" };

const pad = (n: number) => String(n).padStart(3, "0");

export const stepName = {
  build: (benchmark: string, source: number) => `build/${benchmark}/${pad(source)}`,
  import: (benchmark: string, name: string) => `import/${benchmark}/${name}`,
  finish: "finish",
  publish: "publish",
} as const;

export function parseStep(step: string): ParsedStep | undefined {
  if (step === "finish" || step === "publish") return { kind: step };
  const [kind, benchmark, rest] = step.split("/");
  if (kind === "build" && benchmark && /^\d+$/.test(rest ?? "")) return { kind, benchmark, source: Number(rest) };
  if (kind === "import" && benchmark && rest)
    return { kind, benchmark, name: step.slice(`import/${benchmark}/`.length) };
  return undefined;
}

/** The order steps are listed in (a step's `seq`). */
export function seqOf(step: ParsedStep, config: RefreshConfig, importIndex = 0): number {
  const ids = Object.keys(config.benchmarks);
  if (step.kind === "build") return step.source * ids.length + ids.indexOf(step.benchmark);
  if (step.kind === "import") return 100_000 + ids.indexOf(step.benchmark) * 10_000 + importIndex;
  return step.kind === "finish" ? 900_000 : 950_000;
}

/** Every build step of the window, in order (a source names the benchmarks it feeds, else all). */
export function buildSteps(config: RefreshConfig): { step: string; benchmark: string; source: number }[] {
  const ids = Object.keys(config.benchmarks);
  return config.sources.flatMap((s, source) =>
    ids
      .filter((b) => !s.benchmarks || s.benchmarks.includes(b))
      .map((benchmark) => ({ step: stepName.build(benchmark, source), benchmark, source })),
  );
}

const finished = (row: StepRow | undefined) => row !== undefined && row.status !== "running";

/** The built parts of a benchmark, in source order: the `done` build steps that stored a part. */
export function partsOf(rows: readonly StepRow[], benchmark: string): StepRow[] {
  return rows
    .filter((r) => r.status === "done" && r.outputKey && parseStep(r.step)?.kind === "build")
    .filter((r) => (parseStep(r.step) as { benchmark: string }).benchmark === benchmark)
    .sort((a, b) => a.seq - b.seq);
}

/** The import steps of a benchmark over its built parts (none without parts). */
export function importSteps(wb: WindowBenchmark, rows: readonly StepRow[]): string[] {
  const parts = partsOf(rows, wb.benchmark.id).length;
  return parts === 0 ? [] : wb.builder.importSteps(parts).map((n) => stepName.import(wb.benchmark.id, n));
}

/**
 * The next step to run: the first unfinished one in plan order; `finish` when all before it are;
 * undefined once `finish` is finished (publishing is the tick's, when due). A step that failed ends
 * the plan: the window has failed.
 */
export function nextStep(config: RefreshConfig, rows: readonly StepRow[], lookup: BenchmarkLookup): string | undefined {
  const byName = new Map(rows.map((r) => [r.step, r]));
  if (rows.some((r) => r.status === "failed")) return undefined;
  for (const b of buildSteps(config)) if (!finished(byName.get(b.step))) return b.step;
  for (const wb of windowBenchmarks(config, lookup))
    for (const step of importSteps(wb, rows)) if (!finished(byName.get(step))) return step;
  return finished(byName.get(stepName.finish)) ? undefined : stepName.finish;
}
