/**
 * Which benchmark a run of `npm run eval -- --dataset <id>` is (the CLI never makes the
 * user guess), asked of the instance before the run is created:
 * - `--benchmark` given: it must be one of `GET /v1/benchmarks`, and the dataset one it reads;
 * - not given: the benchmarks that read the dataset (`GET /v1/benchmarks`' `datasets`); when
 *   several do (one family's benchmarks may share a dataset), those with units in it
 *   (`GET .../units?limit=1` answers 200, not 422); one left is the run's, several are a usage
 *   error that lists them;
 * - a dataset that is missing (or not ready, or of a kind the benchmark does not read) is a usage
 *   error that lists the ready datasets with the benchmarks that read them, and the commands that
 *   build one (`DatasetBuilder`, from the families' Node-side tools).
 */
import { ApiError, type Api } from "./api";
import { UsageError } from "./args";

/** What `GET /v1/benchmarks` says of one benchmark (the fields used here). */
export interface BenchmarkListing {
  id: string;
  title: string;
  dataset_kind: string;
  datasets: string[];
}

/** What `GET /v1/datasets` says of one dataset (the fields used here). */
export interface DatasetListing {
  id: string;
  benchmark: string;
  status: string;
}

/** The commands that make datasets of one kind, and the demo datasets of that kind `npm start` loads. */
export interface DatasetBuilder {
  kind: string;
  commands: readonly string[];
  demos: readonly string[];
}

/** What the choice reads from the instance; `hasUnits` asks whether a run of `benchmark` over `dataset` has any unit. */
export interface InstanceListings {
  url: string;
  benchmarks: BenchmarkListing[];
  datasets: DatasetListing[];
  hasUnits(benchmark: string, dataset: string): Promise<boolean>;
}

export async function instanceListings(client: Api): Promise<InstanceListings> {
  const [benchmarks, datasets] = await Promise.all([client.benchmarks(), client.datasets()]);
  return {
    url: client.url,
    benchmarks,
    datasets,
    async hasUnits(benchmark, dataset) {
      try {
        await client.units(benchmark, dataset, { limit: 1 });
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) return false; // e.g. a suite without this task's targets
        throw err;
      }
    },
  };
}

const list = (items: readonly string[]) => items.join(", ");

/** The ready datasets, each with the benchmarks that read it (only `of` when given). */
function readyDatasets(listings: InstanceListings, of?: BenchmarkListing): string[] {
  const readers = of ? [of] : listings.benchmarks;
  return listings.datasets
    .filter((d) => d.status === "ready")
    .map((d) => ({ id: d.id, by: readers.filter((b) => b.datasets.includes(d.id)).map((b) => b.id) }))
    .filter((d) => d.by.length > 0)
    .map((d) => `  --dataset ${d.id.padEnd(24)} read by ${list(d.by)}`);
}

/** How to make a dataset of the kinds `kinds` (all when empty): command lines, their `# notes` aligned. */
function buildHints(builders: readonly DatasetBuilder[], kinds: readonly string[]): string[] {
  const relevant = builders.filter((b) => kinds.length === 0 || kinds.includes(b.kind));
  const demos = relevant.flatMap((b) => b.demos);
  const lines = relevant.flatMap((b) => b.commands).map((c) => c.split(/\s+# /));
  if (demos.length) lines.push(["npm start", `the demo datasets (${list(demos)}), when the local instance lacks them`]);
  const width = Math.max(...lines.map(([command]) => command.length));
  return lines.map(([command, note]) => (note ? `  ${command.padEnd(width)}   # ${note}` : `  ${command}`));
}

function missingDataset(
  listings: InstanceListings,
  dataset: string,
  builders: readonly DatasetBuilder[],
  benchmark?: BenchmarkListing,
): UsageError {
  const row = listings.datasets.find((d) => d.id === dataset);
  const why = !row
    ? `no dataset "${dataset}" on ${listings.url}`
    : row.status !== "ready"
      ? `dataset "${dataset}" on ${listings.url} is not ready (${row.status}): its import did not finish`
      : `dataset "${dataset}" is a ${row.benchmark} dataset, which ${benchmark?.id} does not read (it reads ${benchmark?.dataset_kind} datasets)`;
  const ready = readyDatasets(listings, benchmark);
  const hints = buildHints(builders, benchmark ? [benchmark.dataset_kind] : []);
  return new UsageError(
    [
      why,
      ready.length
        ? `ready datasets${benchmark ? ` ${benchmark.id} reads` : ""}:\n${ready.join("\n")}`
        : `no ready dataset${benchmark ? ` that ${benchmark.id} reads` : ""} yet`,
      hints.length ? `make one with:\n${hints.join("\n")}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
  );
}

/** The benchmark a run of `dataset` is: `given` checked, or inferred from what reads the dataset. */
export async function chooseBenchmark(
  listings: InstanceListings,
  dataset: string,
  given: string | undefined,
  builders: readonly DatasetBuilder[],
): Promise<string> {
  if (given !== undefined) {
    const benchmark = listings.benchmarks.find((b) => b.id === given);
    if (!benchmark)
      throw new UsageError(
        `no benchmark "${given}" on ${listings.url}: use one of ${list(listings.benchmarks.map((b) => b.id))}`,
      );
    if (!benchmark.datasets.includes(dataset)) throw missingDataset(listings, dataset, builders, benchmark);
    return given;
  }
  const readers = listings.benchmarks.filter((b) => b.datasets.includes(dataset));
  if (readers.length === 0) throw missingDataset(listings, dataset, builders);
  if (readers.length === 1) return readers[0].id;
  const withUnits: BenchmarkListing[] = [];
  for (const b of readers) if (await listings.hasUnits(b.id, dataset)) withUnits.push(b);
  if (withUnits.length === 1) return withUnits[0].id;
  const choices = (withUnits.length ? withUnits : readers).map((b) => `  --benchmark ${b.id.padEnd(24)} ${b.title}`);
  const without = readers.filter((b) => !withUnits.includes(b)).map((b) => b.id);
  throw new UsageError(
    `dataset "${dataset}" is read by ${choices.length} benchmarks; pick one:\n${choices.join("\n")}` +
      (withUnits.length && without.length
        ? `\n(${list(without)} read ${readers[0].dataset_kind} datasets too, but "${dataset}" has no units for them)`
        : ""),
  );
}
