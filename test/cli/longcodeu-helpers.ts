/** Reading a LongCodeU build directory (cli/lib/longcodeu-parts.ts) back into one release, for comparisons in tests. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CONTEXTS_FILE, HEADER_FILE, examplesFile, type BuildHeader } from "../../cli/lib/longcodeu-parts";
import { LONGCODEU_TASKS, type LongCodeURelease } from "../../src/benchmarks/longcodeu/dataset";

const jsonl = (file: string): any[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

/** The release a build directory holds, repositories in header order, examples in task order within each. */
export function releaseFromBuild(dir: string): LongCodeURelease {
  const { header } = JSON.parse(readFileSync(join(dir, HEADER_FILE), "utf8")) as BuildHeader;
  const contexts = jsonl(join(dir, CONTEXTS_FILE));
  const examples = LONGCODEU_TASKS.flatMap((t) => jsonl(join(dir, examplesFile(t))));
  const { repos, ...rest } = header;
  return {
    ...rest,
    repos: repos.map((r) => ({
      repo: r.repo,
      source: r.source,
      contexts: contexts.filter((c) => c.repo === r.repo).map(({ repo: _, ...c }) => c),
      examples: examples.filter((e) => e.repo === r.repo).map(({ repo: _, ...e }) => e),
    })),
  };
}
