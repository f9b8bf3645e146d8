/**
 * LongCodeU at scale: importing a build made by `npm run longcodeu -- build --no-load` into a fresh
 * local instance through the multi-part import, and the oracle over a sample of it.
 *
 *   tsx scripts/bench-longcodeu-import.mts <build dir> [--sample=N] [--part-bytes=N] [--cli-heap-mb=N]
 *
 * `--cli-heap-mb` caps the command's V8 heap (--max-old-space-size): an upload that completes with a
 * heap smaller than the build shows it never holds the release whole.
 *
 * 1. A fresh `wrangler dev` (its own --persist-to directory).
 * 2. The real command, `npm run longcodeu -- build` (cli/family.ts) with the options header.json records (so it reuses
 *    the build and only uploads), under `/usr/bin/time -v` when present: wall time and the CLI's
 *    peak RSS. The peak RSS (VmHWM) of each workerd process under `wrangler dev` is read before and
 *    after: the one serving the Worker with its local D1 and R2, and its front proxy.
 * 3. One oracle run per task over its first N units (default 10) through POST /v1/runs: recall
 *    and precision must be 1.
 *
 * Not part of `npm run bench` (it needs a build of minutes to hours; docs/longcodeu.md has the figures and commands).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, api } from "../cli/lib/api.ts";
import { startIsolatedInstance } from "../cli/lib/local-service.ts";
import { HEADER_FILE, buildBytes, type BuildHeader } from "../src/benchmarks/longcodeu/node/parts.ts";
import { commandOf, peakRss, processTree } from "../cli/lib/process-tree.ts";
import { LONGCODEU_TASKS } from "../src/benchmarks/longcodeu/dataset/index.ts";

const dir = process.argv[2];
if (!dir || !existsSync(join(dir, HEADER_FILE))) {
  console.error("usage: tsx scripts/bench-longcodeu-import.mts <finished build dir> [--sample=N]");
  process.exit(2);
}
const SAMPLE = Number(process.argv.find((a) => a.startsWith("--sample="))?.slice(9) ?? 10);
const PART_BYTES = process.argv.find((a) => a.startsWith("--part-bytes="))?.slice(13);
const CLI_HEAP_MB = process.argv.find((a) => a.startsWith("--cli-heap-mb="))?.slice(14);
const ID = "bench-longcodeu-import";
const { header, options } = JSON.parse(readFileSync(join(dir, HEADER_FILE), "utf8")) as BuildHeader & {
  options: { repos: string[]; seed: number; perBucket: number; buckets: string[]; tasks: string[] };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

const instance = await startIsolatedInstance("nw-bench-lcu-import");
try {
  const workerds = processTree(instance.dev.pid!).filter((pid) => /workerd serve/.test(commandOf(pid)));
  if (!workerds.length) throw new Error("no workerd process under wrangler dev");
  const idle = workerds.map((pid) => peakRss(pid)!);

  const args = [
    "cli/family.ts",
    "longcodeu",
    "build",
    "--id",
    ID,
    "--out",
    dir,
    "--url",
    instance.url,
    "--seed",
    String(options.seed),
    "--per-bucket",
    String(options.perBucket),
    "--buckets",
    options.buckets.join(","),
    "--tasks",
    options.tasks.join(","),
    ...options.repos.flatMap((r) => ["--repo", r]),
    ...(PART_BYTES ? ["--part-bytes", PART_BYTES] : []),
  ];
  const timed = existsSync("/usr/bin/time");
  const tsx = join(ROOT, "node_modules/.bin/tsx");
  const started = performance.now();
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(timed ? "/usr/bin/time" : tsx, timed ? ["-v", tsx, ...args] : args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NEEDLEWORK_ADMIN_TOKEN: instance.token,
        ...(CLI_HEAP_MB && { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${CLI_HEAP_MB}` }),
      },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (c) => resolve({ code: c ?? 1, output }));
  });
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0 || !/Loaded dataset/.test(output)) throw new Error(`the import failed:\n${output.slice(-3000)}`);
  const cliRss = timed ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1]) * 1024 : undefined;
  const peaks = workerds.map(
    (pid, i) =>
      `${mb(peakRss(pid)!)} (${mb(idle[i])} before; pid ${pid}, ${/--socket-addr=entry=127\.0\.0\.1:0\b/.test(commandOf(pid)) ? "the Worker with D1 and R2" : "front proxy"})`,
  );
  const contexts = header.repos.reduce((n, r) => n + r.contexts, 0);
  const examples = header.repos.reduce((n, r) => n + r.examples, 0);
  console.log("LongCodeU import in parts");
  console.log(
    `  build: ${header.repos.length} repositories, ${examples} examples, ${contexts} contexts, ${mb(buildBytes(dir))} of JSONL`,
  );
  console.log(`  ${/Loaded dataset.*$/m.exec(output)![0]}`);
  console.log(`  import: ${seconds.toFixed(1)} s wall (the command, with tsx start-up and the parts list)`);
  console.log(
    `  contexts parts up to ${PART_BYTES ? `${PART_BYTES} bytes` : "the default 4 MiB"}; CLI peak RSS: ${cliRss ? mb(cliRss) : "(no /usr/bin/time)"}${CLI_HEAP_MB ? ` (V8 heap capped at ${CLI_HEAP_MB} MiB)` : ""}`,
  );
  console.log(`  workerd peak RSS: ${peaks.join("; ")}`);

  const client = api(instance.url, instance.token);
  console.log(`  oracle over the first ${SAMPLE} units of each task:`);
  for (const task of LONGCODEU_TASKS) {
    if (!header.build.counts || !(header.build.counts as Record<string, unknown>)[task]) continue;
    const run = await client.request<{ id: string }>(
      "POST",
      "/v1/runs",
      {
        benchmark: "longcodeu",
        dataset: ID,
        model: "baseline:oracle",
        options: { tasks: [task] },
        limit: SAMPLE,
        concurrency: 8,
        publish: false,
      },
      { auth: true },
    );
    let view: { status: string; units: number; counts: Record<string, number> };
    for (;;) {
      view = await client.request("GET", `/v1/runs/${run.id}`);
      if (!["queued", "running"].includes(view.status)) break;
      await sleep(200);
    }
    const { summary } = await client.request<{
      summary: { table: { tasks: Record<string, { all: { n: number; recall: number; precision: number } }> } };
    }>("GET", `/v1/runs/${run.id}/results`);
    const cell = summary.table.tasks[task].all;
    console.log(
      `    ${task.padEnd(7)} ${view.status} ${String(cell.n).padStart(3)} units: recall ${cell.recall.toFixed(4)}, precision ${cell.precision.toFixed(4)}, errors ${view.counts.error ?? 0}`,
    );
  }
} finally {
  await instance.stop();
}
