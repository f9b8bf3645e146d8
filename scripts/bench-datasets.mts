/**
 * `npm run bench` (second part): dataset building in Node, where the builder runs.
 * - time to build a RepoQA-style dataset from a repository of about 50K lines (Python's standard
 *   library packages until 50K lines; docstring mode, seed 0): dependency analysis, topological
 *   order, function analysis (twice: before and after removing the needles' docstrings), selection;
 * - code contexts per second at 16K tokens (the reference's algorithm with the CodeLlama
 *   tokenizer), for the original and the positional-padding comment-free mode.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync, mkdirSync } from "node:fs";
import "../cli/lib/tree-sitter-node.ts";
import { collectFiles } from "../cli/lib/collect.ts";
import { LANGUAGE_SPECS } from "../src/lib/code/languages.ts";
import { makeCodeContext, referenceDepths, type CommentMode } from "../src/benchmarks/repoqa/dataset/context.ts";
import { buildRepo } from "../src/benchmarks/repoqa/curate/build.ts";
import { topologicalSort } from "../src/benchmarks/repoqa/curate/topo.ts";
import { loadCodeLlamaTokenizer } from "../src/lib/datasets/tokenizer.ts";

const stdlib = execFileSync("python3", ["-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], {
  encoding: "utf8",
}).trim();
const packages = [
  "asyncio",
  "email",
  "http",
  "json",
  "logging",
  "concurrent",
  "xml",
  "urllib",
  "importlib",
  "unittest",
  "multiprocessing",
];

const files: Record<string, string> = {};
let lines = 0;
for (const pkg of packages) {
  if (lines >= 50_000) break;
  const { files: found } = await collectFiles(stdlib, pkg, LANGUAGE_SPECS.python.suffixes);
  for (const [path, text] of Object.entries(found)) {
    files[path] = text;
    lines += text.split("\n").length;
  }
}
const bytes = Object.values(files).reduce((n, t) => n + Buffer.byteLength(t), 0);
console.log(
  `\nDataset building (Node ${process.version}), ${Object.keys(files).length} files, ${lines} lines, ${(bytes / 1024).toFixed(0)} KB of Python from ${stdlib}`,
);

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const { repo, report } = await buildRepo(
  { repo: "python/stdlib-bench", entrypoint_path: ".", files },
  { language: "python", descriptions: { kind: "docstring" }, seed: 0, count: 10, bins: 64, maxBytes: 2000 },
);
const buildMs = performance.now() - t0;
const buildCpu = (process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1000;
console.log(
  `  build: ${buildMs.toFixed(0)} ms wall, ${buildCpu.toFixed(0)} ms CPU (${report.functions} functions, ${report.needles} needles; includes tree-sitter init)`,
);

const tokenizer = await loadCodeLlamaTokenizer();
const order = topologicalSort(repo.dependency!);
const ordered = order.map((p) => [p, repo.content[p]] as const);
const depths = referenceDepths(repo.needles.length);
const results: Record<string, number> = {};
for (const mode of ["original", "positional_padding"] as CommentMode[]) {
  // Warm up once, then time every needle at its reference depth, three rounds.
  await makeCodeContext(
    {
      language: "python",
      files: ordered,
      needle: repo.needles[0] as never,
      size: 16384,
      positionRatio: depths[0],
      commentMode: mode,
    },
    tokenizer,
  );
  const start = performance.now();
  let n = 0;
  for (let round = 0; round < 3; round++) {
    for (const [i, needle] of repo.needles.entries()) {
      await makeCodeContext(
        {
          language: "python",
          files: ordered,
          needle: needle as never,
          size: 16384,
          positionRatio: depths[i],
          commentMode: mode,
        },
        tokenizer,
      );
      n++;
    }
  }
  const perContext = (performance.now() - start) / n;
  results[mode] = perContext;
  console.log(
    `  16K contexts, ${mode.padEnd(18)} ${perContext.toFixed(0)} ms each, ${(1000 / perContext).toFixed(1)} contexts/s (${n} contexts)`,
  );
}

mkdirSync("bench/results", { recursive: true });
writeFileSync(
  "bench/results/datasets.json",
  JSON.stringify(
    {
      generated_at: new Date().toISOString(),
      node: process.version,
      files: Object.keys(files).length,
      lines,
      bytes,
      build_ms: buildMs,
      build_cpu_ms: buildCpu,
      functions: report.functions,
      context_ms: results,
    },
    null,
    2,
  ),
);
