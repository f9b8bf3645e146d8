/**
 * The RepoQA demo `npm start` serves (dataset `demo`): built at start from real code that every
 * installation has (never from committed third-party code), in docstring mode with a fixed seed:
 * - needlework's own TypeScript sources;
 * - the JavaScript sources of undici, which wrangler installs;
 * - the `email` and `http` packages of Python's standard library, when a python3 is on the PATH.
 * Needles are dated as their sources allow (docs/repoqa.md, "Dates"): needlework's own code by the git
 * rule on this checkout (code no model has seen, unless uncommitted here: then undated), undici as
 * installed (no history: undated) and the standard library (no history: undated).
 * Also: the published RepoQA results seeded into the leaderboard when they are on this machine.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { ROOT, workDir, type Api } from "../../../../cli/lib/api";
import { directoryDating } from "../../../../cli/lib/born-sources";
import { collectFiles } from "../../../../cli/lib/collect";
import type { NodeDemo } from "../../../../cli/lib/node-family";
import { pythonStdlibDir } from "../../../../cli/lib/python-stdlib";
import { LANGUAGE_SPECS, type Language } from "../../../lib/code/languages";
import { isBornAfterCutoff, parseCutoff } from "../../../lib/born";
import { buildRepo } from "../curate/build";
import type { ReleaseRepo } from "../dataset/release";
import { importReleaseFile } from "./import-release";

export const DEMO_SEED = 0;
const BENCHMARK = "repoqa-snf";
const DEMO_ID = "demo";
/** The demo's release file, rebuilt whenever the demo dataset is missing from the local instance. */
const demoFile = () => `${workDir()}demo.json`;
/** What the closing text's example answer comes from before a demo was ever built here. */
const FIXTURE_FILE = `${ROOT}test/fixtures/repoqa-mini.json`;

interface DemoSource {
  repo: string;
  language: Language;
  root: string;
  entry: string;
}

export function demoSources(): DemoSource[] {
  const sources: DemoSource[] = [{ repo: "needlework/needlework", language: "typescript", root: ROOT, entry: "src" }];
  if (existsSync(`${ROOT}node_modules/undici/lib`))
    sources.push({ repo: "nodejs/undici", language: "typescript", root: `${ROOT}node_modules/undici`, entry: "lib" });
  const stdlib = pythonStdlibDir();
  if (stdlib) {
    for (const pkg of ["email", "http"])
      sources.push({ repo: `python/cpython-${pkg}`, language: "python", root: stdlib, entry: pkg });
  }
  return sources;
}

/** Builds the demo release; repositories that cannot give 10 needles are left out with a note. */
export async function buildDemoRelease(log: (line: string) => void): Promise<Partial<Record<Language, ReleaseRepo[]>>> {
  const release: Partial<Record<Language, ReleaseRepo[]>> = {};
  for (const source of demoSources()) {
    const { files } = await collectFiles(source.root, source.entry, LANGUAGE_SPECS[source.language].suffixes);
    try {
      const { repo, report } = await buildRepo(
        { repo: source.repo, entrypoint_path: source.entry, files },
        {
          language: source.language,
          descriptions: { kind: "docstring" },
          seed: DEMO_SEED,
          count: 10,
          bins: 64,
          maxBytes: 2000,
          // Only the ten needles are dated (a git log per file), so this costs well under a second.
          dating: await directoryDating(source.root),
        },
      );
      (release[source.language] ??= []).push(repo);
      const born = repo.provenance?.born as { earliest: string | null; latest: string | null; dated: number };
      const dates = born.dated ? `born ${born.earliest} to ${born.latest}` : "undated";
      const counts = `${report.files} files, ${report.functions} functions, ${report.needles} needles`;
      log(`  ${source.language.padEnd(10)} ${source.repo.padEnd(28)} ${counts} (${dates})`);
    } catch (err) {
      log(`  skipped ${source.repo}: ${(err as Error).message}`);
    }
  }
  return release;
}

/** A demo unit's birth: its unit id (as the benchmark names it) and its day, null when undated. */
export interface DemoBirth {
  unit: string;
  born: string | null;
}

/**
 * The births of the demo's units as last built here (`.needlework/demo.json`), per repository with
 * its provenance (source, rule, born range); empty before the demo was ever built.
 */
export function demoBirths(): { repo: string; provenance: unknown; units: DemoBirth[] }[] {
  if (!existsSync(demoFile())) return [];
  const release = JSON.parse(readFileSync(demoFile(), "utf8")) as Record<
    string,
    { repo: string; provenance?: unknown; needles: { name: string; born?: string | null }[] }[]
  >;
  return Object.entries(release).flatMap(([language, repos]) =>
    repos.map((r) => ({
      repo: r.repo,
      provenance: r.provenance ?? null,
      units: r.needles.map((n) => ({ unit: `${language}::${r.repo}::${n.name}`, born: n.born ?? null })),
    })),
  );
}

/**
 * The demo units a model with training cutoff `cutoff` (`2025`, `2025-06`, `2025-06-30`) cannot have
 * seen: those born on or after the first day after the cutoff's whole period. Undated units never count.
 */
export function unseenDemoUnits(cutoff: string): { unseen: DemoBirth[]; total: number } {
  const parsed = parseCutoff(cutoff);
  const all = demoBirths().flatMap((r) => r.units);
  return { unseen: all.filter((u) => u.born !== null && isBornAfterCutoff(u.born, parsed)), total: all.length };
}

/** The cutoff the banner reads the demo's dates against: a model trained on code up to the end of 2025. */
export const BANNER_CUTOFF = "2025";

/**
 * The banner's lines on the demo's dates: which units a model with a 2025 cutoff cannot have seen
 * (per repository, with their birth range), which are undated, and what a birth date misses.
 */
export function datedLines(base: string): string {
  const births = demoBirths();
  if (births.length === 0) return "";
  const { unseen, total } = unseenDemoUnits(BANNER_CUTOFF);
  const unseenSet = new Set(unseen.map((u) => u.unit));
  const perRepo = births.map((r) => {
    const mine = r.units.filter((u) => unseenSet.has(u.unit)).map((u) => u.born as string);
    const undated = r.units.filter((u) => u.born === null).length;
    const range = mine.length ? `${mine.length} unseen, born ${[...mine].sort()[0]} to ${[...mine].sort().at(-1)}` : "";
    return `    ${r.repo.padEnd(26)} ${[range, undated ? `${undated} undated` : ""].filter(Boolean).join(", ") || "none unseen"}`;
  });
  const board = `${base}/?benchmark=${BENCHMARK}&dataset=${DEMO_ID}&unseen=1`;
  return `Dated units (docs/contamination.md): ${unseen.length} of the demo's ${total} units were born after ${BANNER_CUTOFF}, so a
model with a ${BANNER_CUTOFF} training cutoff cannot have seen them:
${perRepo.join("\n")}
  A birth is when the code first appeared in the history read here (this checkout's git log; undici
  and Python's standard library come without history, so they are undated): copied code and squashed
  histories make code look newer than it is. Each unit's \`born\` is in the units list above.
  the unseen board: ${board}`;
}

type Release = Record<
  string,
  {
    repo: string;
    content: Record<string, string>;
    needles: { name: string; path: string; start_line: number; end_line: number }[];
  }[]
>;

/**
 * The closing text, the calls README.md's first way teaches (the `{benchmark, unit}` shape every
 * benchmark answers): the hosted benchmarks, the demo's units, one unit's prompt, a curl line that
 * scores a right answer to it, and eval lines.
 */
function usage(base: string, urlFlag: string): string {
  const release = JSON.parse(readFileSync(existsSync(demoFile()) ? demoFile() : FIXTURE_FILE, "utf8")) as Release;
  const [language, repos] = Object.entries(release)[0];
  const repo = repos[0];
  const needle = repo.needles[0];
  const code = repo.content[needle.path].split("\n").slice(needle.start_line, needle.end_line).join("\n");
  const unit = `${language}::${repo.repo}::${needle.name}`;
  const units = `${base}/v1/benchmarks/${BENCHMARK}/datasets/${DEMO_ID}/units`;
  const dated = datedLines(base);
  const body = JSON.stringify({ benchmark: BENCHMARK, dataset: DEMO_ID, unit, answer: "```\n" + code + "\n```" });
  const quoted = `'${body.replaceAll("'", "'\\''")}'`;
  return `The RepoQA demo "${DEMO_ID}" (README.md, "Score one answer over HTTP", for every benchmark):
  the benchmarks:  curl -s ${base}/v1/benchmarks
  demo units:      curl -s '${units}?limit=3'
  one's prompt:    ${units}/${encodeURIComponent(unit)}/prompt   (JSON; about 16K tokens of code)

Score an answer (here: the unit's target function itself, so "passed": true):
  curl -s ${base}/v1/score -H 'content-type: application/json' -d ${quoted}

Evaluate a model on the demo (in another terminal; baselines need no network):
  npm run eval -- --model baseline:bm25 --dataset ${DEMO_ID}${urlFlag}
  npm run eval -- --model openai-compatible:<model>@http://127.0.0.1:11434/v1 --dataset ${DEMO_ID}${urlFlag}${dated ? `\n\n${dated}` : ""}`;
}

export const repoqaDemo: NodeDemo = {
  id: DEMO_ID,
  async load(client, log) {
    log(`Dataset "${DEMO_ID}": building it from code on this machine (docstring descriptions, seed ${DEMO_SEED})...`);
    const release = await buildDemoRelease(log);
    mkdirSync(dirname(demoFile()), { recursive: true });
    writeFileSync(demoFile(), JSON.stringify(release));
    const { repos, tasks } = await importReleaseFile(client, demoFile(), {
      id: DEMO_ID,
      name: "needlework demo (built at start from code on this machine)",
      source: "npm start (src/benchmarks/repoqa/node/demo.ts)",
      replace: true,
      build: {
        tool: "npm start demo",
        seed: DEMO_SEED,
        count: 10,
        bins: 64,
        maxBytes: 2000,
        descriptions: "docstring",
      },
    });
    log(`Dataset "${DEMO_ID}": imported ${repos} repositories, ${tasks} tasks`);
  },
  usage,
};

/**
 * Seeds the local leaderboard with the published RepoQA results when they are on this machine
 * (../shared/data/repoqa-official beside the repository, or NEEDLEWORK_REPOQA_OFFICIAL); they are
 * never committed, so elsewhere the leaderboard starts empty and docs/leaderboard.md says how to load them.
 */
export async function seedLeaderboard(client: Api, log: (line: string) => void): Promise<void> {
  const dir = process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? `${ROOT}../shared/data/repoqa-official`;
  if (!existsSync(`${dir}/COMBINED-RESULTS.json`)) {
    log(`Leaderboard: empty (no published results at ${dir}; see docs/leaderboard.md)`);
    return;
  }
  const board = await client.request<{ rows: unknown[] }>("GET", "/v1/leaderboard");
  if (board.rows.length > 0) {
    log("Leaderboard: already seeded");
    return;
  }
  // Per-sample files first; the combined file then fills in the models without one.
  const files = [...readdirSync(`${dir}/scores`).map((f) => `${dir}/scores/${f}`), `${dir}/COMBINED-RESULTS.json`];
  for (const file of files) {
    const body = {
      kind: "reported",
      dataset: "repoqa-2024-04-20",
      source: "RepoQA authors (EvalPlus team)",
      license: "Apache-2.0",
      file: JSON.parse(readFileSync(file, "utf8")),
    };
    await client.request("POST", "/v1/leaderboard/import", body, { auth: true });
  }
  log(`Leaderboard: seeded with the ${files.length} published RepoQA result files in ${dir}`);
}
