/**
 * `npm start`: a running local needlework with a demo dataset, in one command.
 *
 * 1. makes sure .dev.vars holds an ADMIN_TOKEN (creates a random one when absent);
 * 2. applies the D1 migrations to the local database;
 * 3. starts `wrangler dev --local` (D1, R2 under .wrangler/state);
 * 4. if the demo dataset is not there yet, builds it from real code on this machine (see
 *    cli/lib/demo.ts) and imports it through the admin API;
 * 5. builds the small `semtrace-demo` and `longcodeu-demo` datasets the same way when missing;
 * 6. seeds the leaderboard with the published RepoQA results when they are on this machine;
 * 7. prints the URL and a curl line that scores an answer.
 *
 * PORT (default 8787) picks the port. Ctrl-C stops everything.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import "../cli/lib/tree-sitter-node";
import { DEFAULT_URL, ROOT, api, waitForService, type Api, type ApiError } from "../cli/lib/api";
import { DEMO_SEED, buildDemoRelease } from "../cli/lib/demo";
import { defaultDistractorDir } from "../cli/lib/distractors";
import { DEFAULT_CRUXEVAL, buildSuiteFromDisk } from "../cli/lib/semtrace-suite";
import { equallySpaced } from "../src/benchmarks/semtrace/build";
import { SUITE_TASKS } from "../src/benchmarks/semtrace/dataset";
import { importReleaseFile } from "../cli/lib/import-release";
import { buildLongCodeUFromDisk, countsTable } from "../cli/lib/longcodeu-build";
import { applyLocalMigrations, ensureAdminToken, startWranglerDev } from "../cli/lib/local-service";

const PORT = Number(process.env.PORT ?? 8787);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const DEMO_ID = "demo";
const SEMTRACE_DEMO_ID = "semtrace-demo";
const LONGCODEU_DEMO_ID = "longcodeu-demo";
/** The demo's release file, rebuilt whenever the demo dataset is missing from the local instance. */
const DEMO_FILE = `${ROOT}.needlework/demo.json`;
const FIXTURE_FILE = `${ROOT}test/fixtures/repoqa-mini.json`;

/** Whether the instance has dataset `id` (and says so when it has). */
async function loaded(client: Api, id: string): Promise<boolean> {
  try {
    await client.request("GET", `/v1/datasets/${id}`);
    console.log(`Dataset "${id}": already loaded`);
    return true;
  } catch (err) {
    if ((err as ApiError).status !== 404) throw err;
    return false;
  }
}

async function ensureDemoDataset(token: string) {
  const client = api(URL_BASE, token);
  if (await loaded(client, DEMO_ID)) return;
  console.log(`Dataset "${DEMO_ID}": building it from code on this machine (docstring descriptions, seed ${DEMO_SEED})...`);
  const release = await buildDemoRelease(console.log);
  mkdirSync(dirname(DEMO_FILE), { recursive: true });
  writeFileSync(DEMO_FILE, JSON.stringify(release));
  const { repos, tasks } = await importReleaseFile(client, DEMO_FILE, {
    id: DEMO_ID,
    name: "needlework demo (built at start from code on this machine)",
    source: "npm start (cli/lib/demo.ts)",
    replace: true,
    build: { tool: "npm start demo", seed: DEMO_SEED, count: 10, bins: 64, maxBytes: 2000, descriptions: "docstring" },
  });
  console.log(`Dataset "${DEMO_ID}": imported ${repos} repositories, ${tasks} tasks`);
}

/**
 * The SemTrace-family demo `semtrace-demo`: a small suite (8 targets per task, D in {20, 40}, 5
 * positions) with distractors from Python's standard library; the CRUXEval tasks join when
 * ../shared/data/cruxeval is on this machine. Skipped, with a note, without python3.
 */
async function ensureSemtraceDemo(token: string) {
  const client = api(URL_BASE, token);
  if (await loaded(client, SEMTRACE_DEMO_ID)) return;
  const stdlib = defaultDistractorDir();
  if (!stdlib) {
    console.log(`Dataset "${SEMTRACE_DEMO_ID}": skipped (no python3, so no standard library for distractors; see docs/semtrace.md)`);
    return;
  }
  console.log(`Dataset "${SEMTRACE_DEMO_ID}": building a small SemTrace-family suite (seed 0)...`);
  const tasks = existsSync(DEFAULT_CRUXEVAL) ? SUITE_TASKS : (["semtrace", "sensitivity-semtrace"] as const);
  const suite = await buildSuiteFromDisk({
    tasks,
    seed: 0,
    digits: 2,
    grid: { distractors: [20, 40], positions: equallySpaced(5) },
    targets: 8,
    variants: { targets: 4, cap: 8 },
    distractorDir: stdlib,
    maxFiles: 300,
    log: console.log,
  });
  await client.request("POST", `/v1/datasets/${SEMTRACE_DEMO_ID}/suite?name=${encodeURIComponent("SemTrace-family demo (built at start)")}`, suite, { admin: true });
  console.log(`Dataset "${SEMTRACE_DEMO_ID}": imported ${Object.keys(suite.tasks).join(", ")}`);
}

/**
 * The LongCodeU demo `longcodeu-demo`: one example per task and length bucket up to 32K, built from
 * the `email` and `json` packages of Python's standard library (real code and reStructuredText
 * documentation); without python3, from needlework's own fixture repositories (0-8K only).
 */
async function ensureLongcodeuDemo(token: string) {
  const client = api(URL_BASE, token);
  if (await loaded(client, LONGCODEU_DEMO_ID)) return;
  const stdlib = defaultDistractorDir();
  const repos = stdlib ? [`${stdlib}/email`, `${stdlib}/json`] : [`${ROOT}test/fixtures/longcodeu/inkwell`, `${ROOT}test/fixtures/longcodeu/tidepool`];
  console.log(`Dataset "${LONGCODEU_DEMO_ID}": building LongCodeU examples from ${stdlib ? "Python's email and json packages" : "the fixture repositories"} (seed 0)...`);
  const release = await buildLongCodeUFromDisk({ repos, seed: 0, perBucket: 1, buckets: ["0-8K", "8-16K", "16-32K"] });
  await client.request("POST", `/v1/datasets/${LONGCODEU_DEMO_ID}/longcodeu?name=${encodeURIComponent("LongCodeU demo (built at start)")}`, release, { admin: true });
  console.log(`Dataset "${LONGCODEU_DEMO_ID}": imported\n${countsTable(release)}`);
}

/**
 * Seeds the local leaderboard with the published RepoQA results when they are on this machine
 * (../shared/data/repoqa-official beside the repository, or NEEDLEWORK_REPOQA_OFFICIAL); they are
 * never committed, so elsewhere the leaderboard starts empty and docs/leaderboard.md says how to load them.
 */
async function seedLeaderboard(token: string) {
  const dir = process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? `${ROOT}../shared/data/repoqa-official`;
  const client = api(URL_BASE, token);
  if (!existsSync(`${dir}/COMBINED-RESULTS.json`)) {
    console.log(`Leaderboard: empty (no published results at ${dir}; see docs/leaderboard.md)`);
    return;
  }
  const board = await client.request<{ rows: unknown[] }>("GET", "/v1/leaderboard");
  if (board.rows.length > 0) {
    console.log("Leaderboard: already seeded");
    return;
  }
  // Per-sample files first; the combined file then fills in the models without one.
  const files = [...readdirSync(`${dir}/scores`).map((f) => `${dir}/scores/${f}`), `${dir}/COMBINED-RESULTS.json`];
  for (const file of files) {
    const body = { kind: "reported", dataset: "repoqa-2024-04-20", source: "RepoQA authors (EvalPlus team)", license: "Apache-2.0", file: JSON.parse(readFileSync(file, "utf8")) };
    await client.request("POST", "/v1/leaderboard/import", body, { admin: true });
  }
  console.log(`Leaderboard: seeded with the ${files.length} published RepoQA result files in ${dir}`);
}

type Release = Record<string, { repo: string; content: Record<string, string>; needles: { name: string; path: string; start_line: number; end_line: number }[] }[]>;

function printUsage() {
  const release = JSON.parse(readFileSync(existsSync(DEMO_FILE) ? DEMO_FILE : FIXTURE_FILE, "utf8")) as Release;
  const [language, repos] = Object.entries(release)[0];
  const repo = repos[0];
  const needle = repo.needles[0];
  const code = repo.content[needle.path].split("\n").slice(needle.start_line, needle.end_line).join("\n");
  const body = JSON.stringify({ dataset: DEMO_ID, task: `${language}::${repo.repo}::${needle.name}`, answer: "```\n" + code + "\n```" });
  const quoted = `'${body.replaceAll("'", "'\\''")}'`;
  const urlFlag = URL_BASE === DEFAULT_URL ? "" : ` --url ${URL_BASE}`;
  console.log(`
needlework is running at ${URL_BASE}
  leaderboard:     ${URL_BASE}/
  API description: ${URL_BASE}/openapi.json     health: ${URL_BASE}/v1/health
  demo tasks:      ${URL_BASE}/v1/datasets/${DEMO_ID}/tasks
  a prompt:        ${URL_BASE}/v1/datasets/${DEMO_ID}/prompt?task=${encodeURIComponent(`${language}::${repo.repo}::${needle.name}`)}

Score an answer (here: the target function itself, so it passes):
  curl -s ${URL_BASE}/v1/score -H 'content-type: application/json' -d ${quoted}

Evaluate a model on the demo (in another terminal; baselines need no network):
  npm run eval -- --model baseline:bm25 --dataset ${DEMO_ID}${urlFlag}
  npm run eval -- --model openai-compatible:<model>@http://127.0.0.1:11434/v1 --dataset ${DEMO_ID}${urlFlag}

The lexical-vs-semantic recall demo (SemTrace, CRUXEval-O, lexical recall, sensitivity):
  npm run eval -- --benchmark semtrace --model baseline:interpreter --dataset ${SEMTRACE_DEMO_ID}${urlFlag}
  npm run eval -- --benchmark cruxeval-o --model openai-compatible:<model>@http://127.0.0.1:11434/v1 --dataset ${SEMTRACE_DEMO_ID}${urlFlag}

The LongCodeU demo (eight long-code-understanding tasks, by length bucket):
  npm run eval -- --benchmark longcodeu --model baseline:oracle --dataset ${LONGCODEU_DEMO_ID}${urlFlag}
  npm run eval -- --benchmark longcodeu --tasks CU_P,LDU --model openai-compatible:<model>@http://127.0.0.1:11434/v1 --dataset ${LONGCODEU_DEMO_ID}${urlFlag}

Press Ctrl-C to stop.`);
}

async function main() {
  const token = ensureAdminToken();
  applyLocalMigrations();
  console.log("D1: migrations applied to the local database");
  const dev = startWranglerDev(PORT, "inherit");
  const stop = () => dev.kill("SIGINT");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  dev.on("exit", (code) => process.exit(code ?? 0));
  await waitForService(URL_BASE, 90_000);
  await ensureDemoDataset(token);
  await ensureSemtraceDemo(token);
  await ensureLongcodeuDemo(token);
  await seedLeaderboard(token);
  printUsage();
}

main().catch((err) => {
  console.error(`npm start failed: ${(err as Error).message}`);
  process.exit(1);
});
