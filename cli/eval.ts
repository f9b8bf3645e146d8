/**
 * Run a whole benchmark against a model from one command.
 *
 *   npm run eval -- --model <spec> --dataset <id> [options]
 *   npm run eval -- --watch <run id>
 *
 * Finds the instance (--url, NEEDLEWORK_URL, the running `npm start`, else starts a local one for the
 * command: cli/lib/instance.ts), infers the benchmark from the dataset when --benchmark is not given
 * (cli/lib/benchmark-choice.ts: a usage error lists the choices, or the ready datasets), creates the run, draws a live progress line from the run's
 * events, prints the results (the run's family's tables through cli/lib/families.ts, else the pass@1
 * tables), and writes the exports to `--out` (default `results/<run id>/`): the results
 * (`<model>-results.json`) and one line per sample (`<model>-samples.jsonl`) for every run, and when
 * its benchmark has them the reference's files (`<model>.jsonl`, `<model>-SCORES.json`); `<model>` is
 * the label as src/core/runs/export-names.ts makes it safe for a file name (no `:`, `/` as `_slash_`).
 * Exit status: 0 when the run completed, 1 when it ended otherwise (cancelled, budget exhausted) or
 * failed, 2 for a usage error, 130 on Ctrl-C (the run goes on in the service).
 */
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { parseArgs } from "node:util";
import {
  DEFAULT_PART_BYTES,
  MAX_PART_BYTES,
  errorOf,
  needsParts,
  type SubmittedOutput,
  type Run,
  type RunRequest,
  type RunResults,
  type SubmitOutputsRequest,
} from "../packages/client/src/index";
import { API_KEY_NAME, RUN_ID } from "../src/lib/patterns";
import { DEFAULT_URL, ROOT, api, type Api } from "./lib/api";
import { UsageError, intOption, runCommand } from "./lib/args";
import { chooseBenchmark, instanceListings, type DatasetBuilder } from "./lib/benchmark-choice";
import { nodeFamilies } from "./lib/families";
import type { EvalFlag, NodeFamily } from "./lib/node-family";
import { defaultUrl, instanceFile, urlFlag as urlFlagFor } from "./lib/instance";
import { withService } from "./lib/local-service";
import { exportNames, inspectLogName, progressLine, resultTables, spendLine, type RunProgress } from "./lib/run-report";
import { readSubmittedOutputs } from "./lib/submitted-outputs";
import { submitInParts } from "./lib/submit-parts";

const USAGE = `usage: npm run eval -- --model <spec> --dataset <id> [options]
       npm run eval -- --outputs <file> --model <name> [--dataset <id>] [--benchmark <id>] [options]
       npm run eval -- --watch <run id> [--url <instance>] [--out <dir>] [--json]

Runs a benchmark against a model on a needlework instance (the running npm start, found without
--url; when none runs, a local one is started for the command), shows its progress, prints the
results (the benchmark family's own tables, or pass@1 per threshold and language and per needle
depth), and writes the export files (the results, one JSON line per sample, and the reference
implementation's own files for the benchmarks that have them).

  --model <spec>            workers-ai:<model>, openai-compatible:<model>@<base url>, baseline:oracle|bm25|interpreter|empty
                            (with --outputs: just the model's name)
  --outputs <file>          score outputs you already have instead of calling a model: a JSONL of {"unit", "output"}
                            lines or promptfoo's results JSON (promptfoo eval -o results.json over the promptfoo export,
                            whose benchmark and dataset it takes); docs/runs.md#scoring-outputs-you-already-have.
                            A file larger than one part goes in parts; interrupted, the same command continues
  --part-bytes <n>          with --outputs: the JSON size of one part (default ${DEFAULT_PART_BYTES}, 1024 – ${MAX_PART_BYTES})
  --dataset <id>            a ready dataset of the instance (npm start loads the demo datasets it lists)
  --benchmark <id>          a benchmark of the instance (GET /v1/benchmarks); default: the one that reads
                            the dataset (when several do, the command lists them)
  --languages <a,b>         only these languages
  --limit <n>               only the first n tasks
  --concurrency <n>         tasks in flight at once (default 4)
  --budget <n>              stop sending when prompt + completion tokens would exceed n
  --temperature <x>         default 0
  --max-tokens <n>          default: the benchmark's
  --seed <n>                sent when the provider supports it
  --system-message <s>      off by default, as in the reference
  --prefill <how>           assistant, continue (vLLM) or user: how a prompt's assistant prefill is sent (default: the provider's)
  --api-key <NAME>          the NAME of a Worker secret holding the key (e.g. OPENROUTER_API_KEY in .dev.vars), never the key
  --label <s>               name on the leaderboard and of the export files (default: the model id)
  --cutoff <date>           the model's training cutoff (YYYY, YYYY-MM or YYYY-MM-DD), stored with its leaderboard
                            name so the board can score it on code born after it (docs/contamination.md#cutoffs)
  --option <key=value>      set one of the benchmark's options (GET /v1/benchmarks lists them; repeatable;
                            a value that is JSON, such as 0.5, true or ["a"], is sent as that JSON)
  --no-cache                call the model even for prompts it has answered before
  --publish, --no-publish   publish to the leaderboard when complete (default: when the run covers the whole dataset)
  --out <dir>               where the exports go (default results/<run id>/)
  --url <instance>          default $NEEDLEWORK_URL, else the running npm start (${instanceFile().replace(ROOT, "")}),
                            else ${DEFAULT_URL}
  --watch <run id>          follow an existing run instead of creating one
  --json                    print the results JSON instead of the tables
  -h, --help                this text
%FAMILY_FLAGS%`;

/** Options that describe a new run, so they make no sense with --watch. */
const CREATE_OPTIONS = [
  "model",
  "outputs",
  "dataset",
  "benchmark",
  "languages",
  "limit",
  "concurrency",
  "budget",
  "temperature",
  "max-tokens",
  "seed",
  "system-message",
  "prefill",
  "api-key",
  "label",
  "cutoff",
  "option",
  "no-cache",
  "publish",
  "no-publish",
  "part-bytes",
] as const;

const OPTIONS = {
  model: { type: "string" },
  outputs: { type: "string" },
  "part-bytes": { type: "string" },
  dataset: { type: "string" },
  benchmark: { type: "string" },
  languages: { type: "string" },
  limit: { type: "string" },
  concurrency: { type: "string" },
  budget: { type: "string" },
  temperature: { type: "string" },
  "max-tokens": { type: "string" },
  seed: { type: "string" },
  "system-message": { type: "string" },
  prefill: { type: "string" },
  "api-key": { type: "string" },
  label: { type: "string" },
  cutoff: { type: "string" },
  option: { type: "string", multiple: true },
  "no-cache": { type: "boolean" },
  publish: { type: "boolean" },
  "no-publish": { type: "boolean" },
  out: { type: "string" },
  url: { type: "string" },
  watch: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"] & Record<string, unknown>;

/** The families' own flags of `npm run eval`, by name (a name two families share must set the same option). */
function familyFlags(families: readonly NodeFamily[]): Map<string, EvalFlag> {
  const flags = new Map<string, EvalFlag>();
  for (const family of families)
    for (const [name, flag] of Object.entries(family.evalFlags ?? {})) {
      const seen = flags.get(name);
      if (seen && seen.option !== flag.option)
        throw new Error(`--${name} sets ${seen.option} for one family and ${flag.option} for another`);
      if (name in OPTIONS) throw new Error(`--${name} is one of npm run eval's own flags`);
      flags.set(name, flag);
    }
  return flags;
}

/** The usage's section of the families' own flags. */
function familyUsage(families: readonly NodeFamily[]): string {
  const sections = families.flatMap((f) => {
    const own = Object.entries(f.evalFlags ?? {});
    if (!own.length) return [];
    const lines = own.map(([name, flag]) => {
      const [arg, ...text] = flag.usage.includes("  ") ? flag.usage.split("  ") : ["", flag.usage];
      return `  ${`--${name}${arg ? ` ${arg}` : ""}`.padEnd(26)}${text.join("  ").trim()}`;
    });
    return [`\n${f.id}'s benchmark options:`, ...lines];
  });
  return sections.join("\n");
}

/** One flag's value as the option it sets (a UsageError names the flag). */
function flagValue(name: string, flag: EvalFlag, raw: unknown): unknown {
  if (flag.type === "boolean") return raw === true ? true : undefined;
  const text = String(raw);
  if (flag.type === "integer") return intOption(text, name, 1);
  const values =
    flag.type === "list"
      ? text
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean)
      : [text];
  if (!values.length) {
    const example = flag.values ? `, e.g. --${name} ${flag.values.slice(0, 2).join(",")}` : "";
    throw new UsageError(`--${name} needs at least one ${flag.item ?? "value"}${example}`);
  }
  const wrong = flag.values ? values.find((v) => !flag.values!.includes(v)) : undefined;
  if (wrong !== undefined) throw new UsageError(`--${name} must be ${flag.values!.join(" or ")}, got "${wrong}"`);
  return flag.type === "list" ? values : text;
}

/** An `--option key=value`: the key, and the value as JSON when it parses as JSON, else as text. */
function optionFlag(text: string): [string, unknown] {
  const at = text.indexOf("=");
  if (at <= 0) throw new UsageError(`--option takes key=value (e.g. --option threshold=0.5), got "${text}"`);
  const raw = text.slice(at + 1);
  try {
    return [text.slice(0, at), JSON.parse(raw)];
  } catch {
    return [text.slice(0, at), raw];
  }
}

/** The benchmark options the flags give: the families' own flags, then every `--option`. */
function benchmarkOptions(values: Values, flags: ReadonlyMap<string, EvalFlag>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, flag] of flags)
    if (values[name] !== undefined) options[flag.option] = flagValue(name, flag, values[name]);
  for (const text of values.option ?? []) {
    const [key, value] = optionFlag(text);
    options[key] = value;
  }
  return JSON.parse(JSON.stringify(options)); // drops the undefined ones
}

/** The POST /v1/runs body the flags describe (validated here as far as the flags go; the API checks the rest). */
function runRequest(values: Values, flags: ReadonlyMap<string, EvalFlag>): Record<string, unknown> {
  if (!values.model)
    throw new UsageError(
      values.outputs
        ? "--model names the model whose --outputs these are (e.g. --model my-model)"
        : "--model is required (e.g. --model baseline:oracle)",
    );
  const submitted =
    values.outputs !== undefined
      ? readSubmittedOutputs(resolve(process.env.INIT_CWD ?? process.cwd(), values.outputs), {
          benchmark: values.benchmark,
          dataset: values.dataset,
        })
      : undefined;
  if (submitted && (values.languages !== undefined || values.limit !== undefined))
    throw new UsageError("--outputs covers the units in the file: --languages and --limit do not apply");
  if (!submitted && values["part-bytes"] !== undefined)
    throw new UsageError("--part-bytes sizes the parts of --outputs");
  if ((intOption(values["part-bytes"], "part-bytes", 1024) ?? 0) > MAX_PART_BYTES)
    throw new UsageError(`--part-bytes is at most ${MAX_PART_BYTES} (a part's body is at most 8 MiB)`);
  const dataset = values.dataset ?? submitted?.dataset;
  if (!dataset) throw new UsageError("--dataset is required (e.g. --dataset demo)");
  if (values.publish && values["no-publish"]) throw new UsageError("--publish and --no-publish contradict each other");
  let temperature: number | undefined;
  if (values.temperature !== undefined) {
    temperature = Number(values.temperature);
    if (values.temperature.trim() === "" || !Number.isFinite(temperature) || temperature < 0 || temperature > 2) {
      throw new UsageError(`--temperature must be a number from 0 to 2, got "${values.temperature}"`);
    }
  }
  // The value is not echoed: it may be the key itself.
  if (values["api-key"] !== undefined && !API_KEY_NAME.test(values["api-key"])) {
    throw new UsageError(
      "--api-key takes the NAME of a Worker secret matching *_API_KEY (e.g. OPENROUTER_API_KEY, set in .dev.vars), never the key itself",
    );
  }
  if (values.prefill !== undefined && !["assistant", "continue", "user"].includes(values.prefill))
    throw new UsageError(`--prefill must be assistant, continue or user, got "${values.prefill}"`);
  const languages = values.languages
    ?.split(",")
    .map((l) => l.trim())
    .filter(Boolean);
  if (values.languages !== undefined && !languages?.length)
    throw new UsageError("--languages needs at least one language, e.g. --languages python,go");
  const options = benchmarkOptions(values, flags);
  const body: Record<string, unknown> = {
    benchmark: values.benchmark ?? submitted?.benchmark,
    dataset,
    model: values.model,
    api_key: values["api-key"],
    label: values.label,
    cutoff: values.cutoff,
    temperature,
    max_tokens: intOption(values["max-tokens"], "max-tokens", 1),
    seed: intOption(values.seed, "seed", 0),
    system_message: values["system-message"],
    prefill: values.prefill,
    options: Object.keys(options).length ? options : undefined,
    languages,
    limit: intOption(values.limit, "limit", 1),
    concurrency: intOption(values.concurrency, "concurrency", 1),
    token_budget: intOption(values.budget, "budget", 1),
    cache: values["no-cache"] ? false : undefined,
    publish: values.publish ? true : values["no-publish"] ? false : undefined,
    outputs: submitted?.outputs,
  };
  return JSON.parse(JSON.stringify(body)); // drops the undefined fields
}

/** Milliseconds the run has been going (until it finished). */
function elapsedMs(p: RunProgress): number {
  const start = Date.parse(p.started_at);
  if (!Number.isFinite(start) || start <= 0) return 0;
  return Math.max(0, (p.finished_at ? Date.parse(p.finished_at) : Date.now()) - start);
}

/**
 * The progress line: on a terminal one line rewritten in place (at most ten times a second),
 * otherwise (a log file, CI) a new line at most every five seconds and for the final state.
 */
class ProgressView {
  private latest?: RunProgress;
  private lastDraw = 0;
  private lastText = "";
  private timer?: NodeJS.Timeout;
  private onLine = false;
  private readonly interval: number;

  constructor(private readonly stream: NodeJS.WriteStream) {
    this.interval = stream.isTTY ? 100 : 5000;
  }

  update(p: RunProgress, final = false) {
    this.latest = p;
    const wait = this.interval - (Date.now() - this.lastDraw);
    if (final || wait <= 0) return this.draw();
    if (this.stream.isTTY && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.draw();
      }, wait);
    }
  }

  private draw() {
    if (!this.latest) return;
    this.lastDraw = Date.now();
    if (this.stream.isTTY) {
      const columns = this.stream.columns || 100;
      let line = progressLine(this.latest, { width: 20, elapsedMs: elapsedMs(this.latest) });
      if (line.length >= columns)
        line = progressLine(this.latest, {
          width: Math.max(5, 20 - (line.length - columns + 1)),
          elapsedMs: elapsedMs(this.latest),
        });
      this.stream.write(`\r${line.slice(0, columns - 1)}\x1b[K`);
      this.onLine = true;
    } else {
      const line = progressLine(this.latest, { width: 20, elapsedMs: elapsedMs(this.latest) });
      if (line !== this.lastText) this.stream.write(`${line}\n`);
      this.lastText = line;
    }
  }

  /** Ends the line on a terminal so that what follows starts on a fresh one. */
  end() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.onLine) this.stream.write("\n");
    this.onLine = false;
  }
}

class Interrupted extends Error {}

interface Session {
  client: Api;
  values: Values;
  /** The families' own flags (each sets a benchmark option). */
  flags: ReadonlyMap<string, EvalFlag>;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Where the progress line goes (stderr with --json, so stdout stays JSON). */
  stream: NodeJS.WriteStream;
  runId?: string;
  /** While the run is being created: an interruption waits for its id. */
  creating?: boolean;
  /** While the parts of its submitted outputs are being sent: interrupted, the same command continues. */
  sendingParts?: boolean;
  /** Set once the run has ended: an interruption then no longer leaves a run going. */
  ended?: boolean;
}

function urlFlag(s: Session): string {
  return urlFlagFor(s.client.url);
}

/** What the families say makes a dataset of each kind (for the missing-dataset hint). */
async function datasetBuilders(): Promise<DatasetBuilder[]> {
  return (await nodeFamilies()).flatMap((f) =>
    f.datasets ? [{ ...f.datasets, demos: (f.demos ?? []).map((d) => d.id) }] : [],
  );
}

function cancelHint(s: Session, id: string): string {
  return `curl -X POST ${s.client.url}/v1/runs/${id}/cancel -H "authorization: Bearer $NEEDLEWORK_ADMIN_TOKEN"  (locally the token is ADMIN_TOKEN in .dev.vars)`;
}

async function getResults(s: Session, id: string, status: string): Promise<RunResults> {
  // The run's row in D1 is updated just after its coordinator reports the end: wait for it briefly.
  for (let i = 0; ; i++) {
    const results = await s.client.runResults(id);
    if (results.status === status || i >= 30) return results;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Streams one export into `file`; undefined when the instance has no such export for the run (a
 * 422: its benchmark has no reference files, so the API, not this command, says which runs have them).
 */
async function download(s: Session, path: string, file: string): Promise<string | undefined> {
  const res = await s.client.fetch("GET", path, undefined, { signal: s.signal });
  if (res.status === 422) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok) throw await errorOf(res);
  if (!res.body) throw new Error(`${path}: the answer has no body`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(file));
  return file;
}

/** Creates (or attaches to) the run, follows it to the end, prints the results and writes the exports. */
async function evaluate(s: Session): Promise<number> {
  const { client, values, log } = s;
  let run: Run;
  if (values.watch) {
    run = await client.run(values.watch);
  } else {
    s.creating = true;
    try {
      // With --outputs, a promptfoo file may name the dataset and benchmark itself.
      const request = runRequest(values, s.flags) as {
        dataset: string;
        benchmark?: string;
        outputs?: SubmittedOutput[];
      };
      const benchmark = await chooseBenchmark(
        await instanceListings(client),
        request.dataset,
        request.benchmark,
        await datasetBuilders(),
      );
      const partBytes = intOption(values["part-bytes"], "part-bytes", 1024) ?? DEFAULT_PART_BYTES;
      if (request.outputs && needsParts(request.outputs, partBytes)) {
        // A big file goes in parts, resumably (the client's flow; the record: cli/lib/submit-parts.ts).
        s.sendingParts = true;
        run = await submitInParts(client, { ...request, benchmark } as SubmitOutputsRequest, {
          partBytes,
          log,
          signal: s.signal,
          onRun: (id) => (s.runId = id),
        });
        s.sendingParts = false;
      } else {
        run =
          "outputs" in request
            ? await client.submitOutputs({ ...request, benchmark } as SubmitOutputsRequest)
            : await client.createRun({ ...request, benchmark } as RunRequest);
      }
    } finally {
      s.creating = false;
    }
  }
  s.runId = run.id;
  log(`Run ${run.id}: ${run.model} on ${run.dataset} (${run.benchmark}), ${run.units} tasks`);
  log(`  watch:  npm run eval -- --watch ${run.id}${urlFlag(s)}    (or ${client.url}/v1/runs/${run.id})`);
  log(`  cancel: ${cancelHint(s, run.id)}`);
  if (s.signal.aborted) throw new Interrupted();

  const view = new ProgressView(s.stream);
  let final: RunProgress | undefined;
  try {
    view.update(run);
    for await (const event of client.runEvents(run.id, { signal: s.signal })) {
      if (event.event !== "progress" && event.event !== "done") continue;
      const progress = JSON.parse(event.data) as RunProgress;
      if (event.event === "done") final = progress;
      view.update(progress, event.event === "done");
    }
  } finally {
    view.end();
  }
  if (s.signal.aborted || !final) throw new Interrupted();
  s.ended = true;

  const seconds = (elapsedMs(final) / 1000).toFixed(1);
  const skipped = final.counts.skipped ? `, ${final.counts.skipped} tasks skipped` : "";
  log(
    final.status === "completed"
      ? `Run ${run.id} completed in ${seconds} s`
      : `Run ${run.id} ended ${final.status} after ${seconds} s${skipped}`,
  );

  const results = await getResults(s, run.id, final.status);
  if (values.json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    for (const table of resultTables(results, await nodeFamilies())) log(`\n${table}`);
    log("");
  }
  log(
    `${results.scored} scored; errors ${results.errors}, context exceeded ${results.context_exceeded} (counted apart, not as failures); ${spendLine(run.model, final)}`,
  );

  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? join("results", run.id));
  await mkdir(out, { recursive: true });
  const names = exportNames(run.label ?? run.model);
  log(`Exports in ${out}:`);
  // Every run exports its results and one line per sample; runs of a benchmark with reference files also the reference's own formats.
  const exports = [
    [`/v1/runs/${run.id}/outputs.jsonl?format=reference`, join(out, names.outputs)],
    [`/v1/runs/${run.id}/scores.json`, join(out, names.scores)],
    [`/v1/runs/${run.id}/results`, join(out, names.results)],
    [`/v1/runs/${run.id}/outputs.jsonl?format=samples`, join(out, names.samples)],
  ];
  for (const [path, file] of exports) {
    const written = await download(s, path, file);
    if (written) log(`  ${written}`);
  }
  // The run as inspect_ai's log, named as inspect_ai names its logs (its listing, `inspect view --log-dir`, needs it).
  // Optional: a deployed instance caps a request's reads, so a very large run's log comes only in parts.
  const logPath = `/v1/runs/${run.id}/log?format=inspect`;
  const logFile = join(out, inspectLogName({ id: run.id, benchmark: run.benchmark, createdAt: run.created_at }));
  try {
    const written = await download(s, logPath, logFile);
    if (written) log(`  ${written}`);
  } catch (err) {
    await rm(logFile, { force: true });
    log(`  (inspect_ai's log not written: ${(err as Error).message}; GET ${logPath}&limit=… gives it in parts)`);
  }
  return final.status === "completed" ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const families = await nodeFamilies();
  const flags = familyFlags(families);
  const options = {
    ...OPTIONS,
    ...Object.fromEntries([...flags].map(([name, f]) => [name, { type: f.type === "boolean" ? "boolean" : "string" }])),
  } as typeof OPTIONS;
  let values: Values;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (values.help) {
    console.log(USAGE.replace("%FAMILY_FLAGS%", familyUsage(families)));
    return 0;
  }
  if (values.watch !== undefined) {
    const given = [...CREATE_OPTIONS, ...flags.keys()].filter((o) => values[o] !== undefined);
    if (given.length)
      throw new UsageError(
        `--watch follows an existing run; ${given.map((o) => `--${o}`).join(", ")} ${given.length === 1 ? "applies" : "apply"} only when creating one`,
      );
    if (!RUN_ID.test(values.watch))
      throw new UsageError(`--watch takes a run id such as run-20261121120000-0123456789, got "${values.watch}"`);
  } else {
    runRequest(values, flags); // usage errors before any service is contacted or started
  }

  const log = values.json ? (line: string) => console.error(line) : (line: string) => console.log(line);
  const controller = new AbortController();
  const s: Session = {
    client: api(values.url ?? defaultUrl()),
    values,
    flags,
    signal: controller.signal,
    log,
    stream: values.json ? process.stderr : process.stdout,
  };
  process.on("SIGINT", () => {
    // Nothing to leave behind yet (or a second Ctrl-C): stop at once.
    if (controller.signal.aborted || (!s.runId && !s.creating)) {
      if (!s.runId) log("\nInterrupted before a run was created.");
      process.exit(130);
    }
    controller.abort();
  });

  // withService says when it starts a local instance itself: that one stops with this command.
  let startedHere = false;
  const serviceLog = (line: string) => {
    if (line.startsWith("Starting a local needlework")) startedHere = true;
    log(line);
  };
  try {
    return await withService(s.client.url, () => evaluate(s), serviceLog, "npm run eval");
  } catch (err) {
    const aborted = err instanceof Interrupted || (controller.signal.aborted && (err as Error).name === "AbortError");
    if (!aborted) throw err;
    if (s.runId && s.sendingParts) {
      log(`Interrupted while sending the parts of run ${s.runId}: run the same command again to send the rest.`);
      return 130;
    }
    if (!s.runId || s.ended) {
      log(s.runId ? `Interrupted; run ${s.runId} had already ended.` : "Interrupted before a run was created.");
      return 130;
    }
    log(`Interrupted. Run ${s.runId} goes on in the service at ${s.client.url}.`);
    log(`  watch it:  npm run eval -- --watch ${s.runId}${urlFlag(s)}`);
    log(`  cancel it: ${cancelHint(s, s.runId)}`);
    if (startedHere) {
      log(
        "This command started the local service and has stopped it: the run is paused, and resumes when the service runs again (npm start, or the watch command above, which starts it).",
      );
    }
    return 130;
  }
}

runCommand(main, "eval", "\n(npm run eval -- --help for the options)");
