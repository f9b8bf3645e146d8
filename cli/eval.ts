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
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  DEFAULT_PART_BYTES,
  needsParts,
  type SubmittedOutput,
  type Run,
  type RunRequest,
  type SubmitOutputsRequest,
} from "../packages/client/src/index";
import { RUN_ID } from "../src/lib/patterns";
import { api } from "./lib/api";
import { UsageError, intOption, runCommand } from "./lib/args";
import { chooseBenchmark, instanceListings, type DatasetBuilder } from "./lib/benchmark-choice";
import { CREATE_OPTIONS, OPTIONS, USAGE, type Values, familyFlags, familyUsage } from "./lib/eval-flags";
import { ProgressView, elapsedMs } from "./lib/eval-progress";
import { runRequest } from "./lib/eval-request";
import { Interrupted, type Session, cancelHint, download, getResults, urlFlag } from "./lib/eval-session";
import { nodeFamilies } from "./lib/families";
import { defaultUrl } from "./lib/instance";
import { withService } from "./lib/local-service";
import { exportNames, inspectLogName, progressLine, resultTables, spendLine, type RunProgress } from "./lib/run-report";
import { submitInParts } from "./lib/submit-parts";

/** What the families say makes a dataset of each kind (for the missing-dataset hint). */
async function datasetBuilders(): Promise<DatasetBuilder[]> {
  return (await nodeFamilies()).flatMap((f) =>
    f.datasets ? [{ ...f.datasets, demos: (f.demos ?? []).map((d) => d.id) }] : [],
  );
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

  const view = new ProgressView<RunProgress>(s.stream, (p, width) =>
    progressLine(p, { width, elapsedMs: elapsedMs(p) }),
  );
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
