/**
 * What each kind of step does. A build reads one source through the step's metered fetch and keeps
 * its part in R2 (`refresh/<window>/<benchmark>/<source>.json`) before its row says done, so a try
 * cut off after the write finds the part and adopts it instead of fetching again. An import step is
 * the family's, idempotent by its contract. `finish` names the window's datasets; `publish` makes them
 * public. Nothing reads a window's datasets before `finish`, and a failed window's are deleted.
 */
import type { Env } from "../../lib/env";
import { deleteDataset, getDataset } from "../../lib/datasets/store";
import { setVisibility } from "../../lib/datasets/visibility";
import { isSourceError, resolveVersions } from "../../lib/sources";
import type { RefreshConfig } from "./config";
import type { StepMeter } from "./meter";
import { type BenchmarkLookup, buildSteps, type ParsedStep, partsOf, windowBenchmarks } from "./plan";
import { stepsOf, updateWindow, type StepRow, type WindowRow } from "./store";
import { bornAfterOf, publishedBeforeOf, windowDatasetId } from "./windows";

/** A step's outcome: done (with what it stored), or a source skipped and why. */
export type StepOutcome =
  | { status: "done"; record: Record<string, unknown>; outputKey?: string }
  | { status: "skipped"; reason: string; record: Record<string, unknown> };

/** A failure worth another try (a registry that is down, a binding's hiccup), not a verdict on the source. */
export class TransientStepError extends Error {
  override readonly name = "TransientStepError";
}

export interface StepContext {
  env: Env;
  window: WindowRow;
  config: RefreshConfig;
  meter: StepMeter;
  lookup: BenchmarkLookup;
}

export const partKey = (windowId: string, benchmark: string, source: number) =>
  `refresh/${windowId}/${benchmark}/${String(source).padStart(3, "0")}.json`;

interface StoredBuild {
  part: unknown;
  units: number;
  record: Record<string, unknown>;
}

export async function runStep(ctx: StepContext, step: ParsedStep, name: string): Promise<StepOutcome> {
  switch (step.kind) {
    case "build":
      return build(ctx, step.benchmark, step.source);
    case "import":
      return importPart(ctx, step.benchmark, step.name, name);
    case "finish":
      return finish(ctx);
    case "publish":
      return publish(ctx);
  }
}

const benchmarkOf = (config: RefreshConfig, id: string, lookup: BenchmarkLookup) => {
  const wb = windowBenchmarks(config, lookup).find((b) => b.benchmark.id === id);
  if (!wb) throw new Error(`the window's configuration has no benchmark ${id}`);
  return wb;
};

async function build(ctx: StepContext, benchmark: string, index: number): Promise<StepOutcome> {
  const { env, window, config, meter } = ctx;
  const wb = benchmarkOf(config, benchmark, ctx.lookup);
  const source = config.sources[index];
  const key = partKey(window.id, benchmark, index);
  const described = { source: source.spec, entry: source.entry ?? ".", benchmark };
  const adopted = await env.DATASETS.get(key);
  if (adopted) {
    const stored = (await adopted.json()) as StoredBuild;
    return {
      status: "done",
      outputKey: key,
      record: { ...described, units: stored.units, ...stored.record, resumed_from: key },
    };
  }
  let built: Awaited<ReturnType<typeof wb.builder.buildSource>>;
  const replay = new ReplayOnce(meter.fetch);
  try {
    const stale = await releasedBeforeWindow(ctx, index, replay);
    if (stale) return { status: "skipped", reason: stale, record: { ...described, fetched: meter.urls } };
    built = await wb.builder.buildSource({
      spec: source.spec,
      entry: source.entry,
      bornAfter: bornAfterOf(window),
      publishedBefore: publishedBeforeOf(window),
      registries: config.registries,
      bounds: config.bounds,
      versions: config.versions,
      fetch: replay.fetch,
      options: wb.options,
    });
  } catch (err) {
    if (isSourceError(err, "registry-down")) throw new TransientStepError(err.message);
    const why = isSourceError(err) ? err.message : `build error: ${(err as Error).message ?? String(err)}`;
    return { status: "skipped", reason: why, record: { ...described, fetched: meter.urls } };
  }
  if (built.part === null)
    return { status: "skipped", reason: built.reason, record: { ...described, ...built.record, fetched: meter.urls } };
  const stored: StoredBuild = { part: built.part, units: built.units, record: built.record };
  await meter
    .bucket(env.DATASETS)
    .put(key, JSON.stringify(stored), { httpMetadata: { contentType: "application/json" } });
  return {
    status: "done",
    outputKey: key,
    record: { ...described, units: built.units, ...built.record, fetched: meter.urls },
  };
}

/**
 * Why source `index` cannot yield a unit born in the window, when its metadata alone says so: the
 * version a build would read (the newest published before the window's end) was published before
 * the window's start, so every line of it is in a version older than the window. Saves a build that
 * would download and date `versions` archives to find nothing. The metadata read here is given to the
 * build once (`replay`), so it is fetched and counted once.
 */
async function releasedBeforeWindow(ctx: StepContext, index: number, replay: ReplayOnce): Promise<string | undefined> {
  const { window, config } = ctx;
  const resolution = await resolveVersions(config.sources[index].spec, {
    registries: config.registries,
    bounds: config.bounds,
    fetch: replay.keep,
    select: { publishedBefore: publishedBeforeOf(window) },
  });
  const newest = resolution.versions.at(-1);
  if (!newest || newest.publishedAt >= `${window.start}T00:00:00.000Z`) return undefined;
  return `no release in the window: ${resolution.source}'s newest version before ${window.end}, ${newest.version}, was published ${newest.publishedAt.slice(0, 10)}, before ${window.start}`;
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

/**
 * A fetch (`keep`) that remembers the body of the one answer it fetched as the body is read, and a
 * fetch (`fetch`) that answers the next request for that URL from it, once, then forgets it.
 */
class ReplayOnce {
  private kept?: { url: string; chunks: Uint8Array[]; init: ResponseInit; complete: boolean };

  constructor(private readonly inner: typeof fetch) {}

  readonly keep: typeof fetch = async (input, init) => {
    const response = await this.inner(input, init);
    if (!response.ok || !response.body) return response;
    const headers = new Headers(response.headers);
    // The body given again is the decoded one, of another length.
    headers.delete("content-length");
    headers.delete("content-encoding");
    const kept = (this.kept = {
      url: urlOf(input),
      chunks: [] as Uint8Array[],
      init: { status: response.status, statusText: response.statusText, headers },
      complete: false as boolean,
    });
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          kept.chunks.push(chunk);
          out.enqueue(chunk);
        },
        flush() {
          kept.complete = true;
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  readonly fetch: typeof fetch = async (input, init) => {
    const kept = this.kept;
    if (kept?.complete && kept.url === urlOf(input)) {
      this.kept = undefined;
      return new Response(new Blob(kept.chunks), kept.init);
    }
    return this.inner(input, init);
  };
}

async function importPart(ctx: StepContext, benchmark: string, name: string, step: string): Promise<StepOutcome> {
  const { env, window, config, meter } = ctx;
  const wb = benchmarkOf(config, benchmark, ctx.lookup);
  const parts = partsOf(await stepsOf(env, window.id), benchmark);
  const datasetId = windowDatasetId(window, wb.benchmark.datasetKind);
  const record = await wb.builder.importStep({ ...env, DATASETS: meter.bucket(env.DATASETS) }, name, {
    datasetId,
    name: `${wb.benchmark.title}: code born ${window.start} to ${window.end} (held out until ${window.publicAfter.slice(0, 10)})`,
    options: wb.options,
    parts: parts.length,
    async part(i) {
      const key = parts[i]?.outputKey;
      const object = key ? await env.DATASETS.get(key) : null;
      if (!object) throw new TransientStepError(`part ${i} of ${step} is missing from R2 (${key})`);
      return ((await object.json()) as StoredBuild).part;
    },
  });
  return { status: "done", record: { dataset: datasetId, ...record } };
}

/** Units and skips per benchmark, from the build steps' rows. */
function summary(config: RefreshConfig, rows: readonly StepRow[]) {
  const byName = new Map(rows.map((r) => [r.step, r]));
  const out: Record<
    string,
    { sources: number; built: number; units: number; skipped: { source: string; reason: string }[] }
  > = {};
  for (const b of buildSteps(config)) {
    const row = byName.get(b.step);
    const entry = (out[b.benchmark] ??= { sources: 0, built: 0, units: 0, skipped: [] });
    entry.sources++;
    if (row?.status === "done") {
      entry.built++;
      entry.units += Number((row.record as { units?: number } | null)?.units ?? 0);
    } else entry.skipped.push({ source: config.sources[b.source].spec, reason: row?.reason ?? "not run" });
  }
  return out;
}

async function finish(ctx: StepContext): Promise<StepOutcome> {
  const { env, window, config } = ctx;
  const rows = await stepsOf(env, window.id);
  const datasets: Record<string, string> = {};
  for (const wb of windowBenchmarks(config, ctx.lookup)) {
    if (partsOf(rows, wb.benchmark.id).length === 0) continue;
    const id = windowDatasetId(window, wb.benchmark.datasetKind);
    const row = await getDataset(env, id);
    if (row?.status !== "ready" || row.visibility !== "held-out")
      throw new Error(`dataset ${id} is not ready and held out after its import steps`);
    datasets[wb.benchmark.id] = id;
  }
  const built = summary(config, rows);
  if (Object.keys(datasets).length === 0)
    throw new WindowFailure(`no source yielded a unit born in the window (${JSON.stringify(built)})`);
  await updateWindow(env, window.id, { status: "held-out", datasets, completedAt: new Date().toISOString() });
  return { status: "done", record: { datasets, benchmarks: built } };
}

async function publish(ctx: StepContext): Promise<StepOutcome> {
  const { env, window } = ctx;
  if (window.status !== "held-out" && window.status !== "public")
    throw new WindowFailure(`window ${window.id} is ${window.status}; only a held-out window is made public`);
  for (const id of Object.values(window.datasets)) await setVisibility(env, id, "public");
  const publishedAt = window.publishedAt ?? new Date().toISOString();
  await updateWindow(env, window.id, { status: "public", publishedAt });
  return { status: "done", record: { datasets: window.datasets, published_at: publishedAt } };
}

/** A window that cannot complete: it fails at once, without further tries. */
export class WindowFailure extends Error {
  override readonly name = "WindowFailure";
}

/** Fails a window: deletes whatever its imports wrote (nothing of it stays half-imported) and records why. */
export async function failWindow(
  env: Env,
  window: WindowRow,
  config: RefreshConfig,
  lookup: BenchmarkLookup,
  reason: string,
): Promise<void> {
  for (const wb of windowBenchmarks(config, lookup)) {
    const id = windowDatasetId(window, wb.benchmark.datasetKind);
    if (await getDataset(env, id)) await deleteDataset(env, id);
  }
  await updateWindow(env, window.id, { status: "failed", error: reason, datasets: {} });
}
