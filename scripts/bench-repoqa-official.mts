/**
 * `npm run bench` (RepoQA curation): rebuilds the official RepoQA release (2024-04-20) from its
 * repositories at their pinned commits and counts, per language, the needles that sit at the
 * official 16K token span (src/benchmarks/repoqa/node/official-rebuild.ts), with the reference
 * curation (`--curation reference`) and, with `--before`, needlework's default curation too.
 *
 *   npx tsx scripts/bench-repoqa-official.mts [--before] [--lang rust] [--repo serde] [--misses]
 *
 * Inputs: ../shared/data/repoqa-2024-04-20-repos (NEEDLEWORK_REPOQA_REPOS) and
 * ../shared/data/repoqa-official/needle-positions-2024-04-20-16k.json (NEEDLEWORK_REPOQA_OFFICIAL).
 * Writes bench/results/repoqa-official.json. About 2 minutes of CPU per curation for the whole release.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import "../cli/lib/tree-sitter-node.ts";
import {
  readOfficialInputs,
  rebuildOfficialRepo,
  type RebuiltNeedle,
} from "../src/benchmarks/repoqa/node/official-rebuild.ts";
import { loadCodeLlamaTokenizer } from "../src/lib/datasets/tokenizer.ts";
import type { Curation } from "../src/lib/code/imports/common.ts";

const ROOT = resolve(import.meta.dirname, "..");
const REPOS = resolve(ROOT, process.env.NEEDLEWORK_REPOQA_REPOS ?? "../shared/data/repoqa-2024-04-20-repos");
const POSITIONS = join(
  resolve(ROOT, process.env.NEEDLEWORK_REPOQA_OFFICIAL ?? "../shared/data/repoqa-official"),
  "needle-positions-2024-04-20-16k.json",
);

const { values } = parseArgs({
  options: {
    before: { type: "boolean", default: false },
    lang: { type: "string" },
    repo: { type: "string" },
    misses: { type: "boolean", default: false },
  },
});
const { repos, needles } = await readOfficialInputs(REPOS, POSITIONS);
const tokenizer = await loadCodeLlamaTokenizer();
const curations: Curation[] = values.before ? ["needlework", "reference"] : ["reference"];

type Tally = Record<string, { exact: number; needles: number; missing: number }>;
const results: Record<string, { tally: Tally; repos: Record<string, RebuiltNeedle[]> }> = {};
const started = performance.now();
for (const curation of curations) {
  const tally: Tally = {};
  const perRepo: Record<string, RebuiltNeedle[]> = {};
  for (const repo of repos) {
    if (values.lang && repo.language !== values.lang) continue;
    if (values.repo && !repo.repo.includes(values.repo)) continue;
    const t = (tally[repo.language] ??= { exact: 0, needles: 0, missing: 0 });
    if (repo.missing) {
      t.missing += needles.filter((n) => n.repo === repo.repo).length;
      console.log(
        `${curation.padEnd(10)} ${repo.language.padEnd(10)} ${repo.repo.padEnd(34)} not available: ${repo.missing}`,
      );
      continue;
    }
    const rebuilt = await rebuildOfficialRepo(REPOS, repo, needles, tokenizer, { curation });
    perRepo[repo.repo] = rebuilt;
    const exact = rebuilt.filter((n) => n.exact).length;
    t.exact += exact;
    t.needles += rebuilt.length;
    console.log(
      `${curation.padEnd(10)} ${repo.language.padEnd(10)} ${repo.repo.padEnd(34)} ${exact}/${rebuilt.length}`,
    );
    if (values.misses) {
      for (const n of rebuilt.filter((x) => !x.exact))
        console.log(
          `    ${n.name} @${n.needle_position}: ours ${n.ours?.join("-") ?? "not found"}, official ${n.official.join("-")}`,
        );
    }
  }
  results[curation] = { tally, repos: perRepo };
}
const seconds = (performance.now() - started) / 1000;
for (const curation of curations) {
  const tally = results[curation].tally;
  const total = Object.values(tally).reduce((a, t) => ({ exact: a.exact + t.exact, needles: a.needles + t.needles }), {
    exact: 0,
    needles: 0,
  });
  const parts = Object.entries(tally).map(
    ([lang, t]) => `${lang} ${t.exact}/${t.needles}${t.missing ? ` (+${t.missing} unavailable)` : ""}`,
  );
  console.log(
    `${curation} curation: ${total.exact}/${total.needles} needles at the official span — ${parts.join(", ")}`,
  );
}
console.log(`(${seconds.toFixed(0)} s)`);
mkdirSync(join(ROOT, "bench", "results"), { recursive: true });
writeFileSync(join(ROOT, "bench", "results", "repoqa-official.json"), JSON.stringify({ seconds, results }, null, 2));
