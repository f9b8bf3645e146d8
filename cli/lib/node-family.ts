/**
 * What a benchmark family gives the Node-side tools (the CLI and `npm start` reach a
 * family only through the registry): its commands (`npm run <family> -- <command> …`, dispatched by
 * cli/family.ts), the demo dataset `npm start` loads, and its section of `npm run eval`'s report.
 * A family implements it in `src/benchmarks/<family>/node/index.ts` (default export); cli/lib/families.ts
 * finds that module for every family of the registry, so nothing in cli/ or scripts/start.ts names one.
 */
import type { Api } from "./api";

/** One command of a family, e.g. `build`: `npm run <script> -- <command> [args]`. */
export interface NodeCommand {
  /** One line for the family's help: the command line and what it does. */
  usage: string;
  /** Runs with the arguments after the command's name; resolves to the exit status (a UsageError exits 2). */
  run(argv: string[]): Promise<number>;
}

/** A demo dataset `npm start` makes sure the local instance has. */
export interface NodeDemo {
  /** The dataset id. */
  id: string;
  /** Builds the dataset from what this machine has and imports it (called only when the instance lacks it). */
  load(client: Api, log: (line: string) => void): Promise<void>;
  /** `npm start`'s closing text about the demo: how to look at it and evaluate on it (`urlFlag`: ` --url <base>` or ""). */
  usage(base: string, urlFlag: string): string;
}

/**
 * `GET /v1/runs/{id}/results`: what every benchmark's results carry, pass@1 as the benchmark has it,
 * and the family's own `summary` (docs/runs.md, "Results"); the client package's types.
 */
export type { Rate, RunResults } from "../../packages/client/src/index";
import type { RunResults } from "../../packages/client/src/index";

/** The results of a benchmark that sweeps a similarity threshold (`threshold`, `thresholds`, `by_depth`). */
export type SweptRunResults = Extract<RunResults, { thresholds: string[] }>;

/**
 * A flag of `npm run eval` that sets one of a family's benchmark options (`--scoring-mode strict`
 * sets a benchmark's `scoring_mode`): the family's own words on the command line, shown in the usage
 * under the family's name. `--option key=value` sets any option without one.
 */
export interface EvalFlag {
  /** The benchmark option it sets (the run's `options.<option>`). */
  option: string;
  /** `list`: comma-separated, sent as an array; `integer`: a whole number; `boolean`: a switch. */
  type: "string" | "boolean" | "integer" | "list";
  /** The values it takes, checked before anything is sent; absent: the service checks the value. */
  values?: readonly string[];
  /** What one value is called, for the message when a list is empty ("task": "--tasks needs at least one task"). */
  item?: string;
  /** The usage line's argument and text, e.g. "<m>  official (default) or strict". */
  usage: string;
}

export interface NodeFamily {
  /** The family's folder under src/benchmarks/ (its `Family.id`). */
  id: string;
  /** Its commands by name (`npm run <script> -- <name> …`). */
  commands: Readonly<Record<string, NodeCommand>>;
  /**
   * The kind of dataset the family's benchmarks read (`GET /v1/benchmarks`' `dataset_kind`) and short
   * command lines that make one (a note after `  # `): what `npm run eval` suggests when a dataset is missing.
   */
  datasets?: { kind: string; commands: readonly string[] };
  /** Its flags of `npm run eval` (without the leading `--`), each setting one of its benchmarks' options. */
  evalFlags?: Readonly<Record<string, EvalFlag>>;
  /** The demo datasets `npm start` loads, in order. */
  demos?: readonly NodeDemo[];
  /** What `npm start` does once every family's demo is there (e.g. seed the leaderboard with published results). */
  afterDemos?(client: Api, log: (line: string) => void): Promise<void>;
  /**
   * The tables `npm run eval` prints for a run of one of the family's benchmarks, or undefined when
   * `results.summary` is not its (the pass@1 tables every run has are printed then).
   */
  runReport?(results: RunResults): string[] | undefined;
}
