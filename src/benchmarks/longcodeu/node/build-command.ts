/**
 * Build a LongCodeU dataset (the paper's eight tasks over length buckets) from Python repositories
 * on disk or packages of a registry, and load it into a needlework instance.
 *
 *   npm run longcodeu -- build --id <dataset id> --repo <dir | spec> [--repo <dir | spec> ...] [options]
 *
 * Options:
 *   --repo <dir | spec>       a repository to build from (repeatable): a directory (dated by its git history
 *                             when it is tracked in a git work tree, undated otherwise), or a registry spec,
 *                             `pypi:<name>@<version>`, `npm:<name>[@range]`, `crates:<name>@<version>`
 *                             (the newest selected version is built, dated by the first version holding it)
 *   --born-after YYYY-MM-DD   only examples whose whole answer is born strictly after the day (undated code
 *                             never is); refuses the build when a requested task keeps no example
 *   --versions <n>            registry specs: versions read back to date the code, the built one included
 *                             (default 20)
 *   --seed <int>              default 0 (every random draw derives from it; same seed, same JSON)
 *   --per-bucket <n>          examples per task per length bucket (default 2)
 *   --buckets <list>          default 0-8K,8-16K,16-32K,32-64K,64-128K
 *   --tasks <list>            default CU_P,CU_SA,CU_DFA,DRA_T1,DRA_T2,SRE_T1,SRE_T2,LDU
 *   --embeddings-url <url>    OpenAI-compatible base URL for SRE embeddings (POST <url>/embeddings;
 *                             key from NEEDLEWORK_EMBEDDINGS_API_KEY); without it SRE uses the
 *                             lexical similarity
 *   --embedding-model <name>  the embedding model (needed with --embeddings-url)
 *   --out <dir>               the build directory (default .needlework/longcodeu/<id>/): JSONL files
 *                             written repository by repository as they are built, header.json last
 *   --rebuild                 build again even if <dir> holds a finished build with the same options
 *   --part-bytes <n>          bytes of JSON per contexts part (default 4 MiB, at most 32 MiB)
 *   --url <instance>          load into this instance (default local; a stopped local one is started)
 *   --no-load                 only build
 *   --replace                 replace an existing dataset with this id
 *
 * Resumable at every step: a finished build with the same options is reused, and the upload skips
 * the parts the instance already has (by sha256), so rerunning the command after a failure or a
 * kill completes the import (./parts.ts).
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket, type LongCodeUTask } from "../dataset/index";
import { api, deleteDatasetIfPresent, workDir } from "../../../../cli/lib/api";
import {
  UsageError,
  VISIBILITY_USAGE,
  datasetIdOption,
  intOption,
  loadOptions,
  visibilityOption,
} from "../../../../cli/lib/args";
import { isRegistrySpec } from "../../../../cli/lib/born-sources";
import type { NodeCommand } from "../../../../cli/lib/node-family";
import { parseBornAfter, type BornAfter } from "../../../lib/born";
import { urlFlag } from "../../../../cli/lib/instance";
import { withService } from "../../../../cli/lib/local-service";
import { DEFAULT_PART_BYTES, countsTable, finishedBuild, uploadBuild, writeBuild } from "./parts";
import { LIMITS } from "../../../lib/middleware/body";

const USAGE =
  "npm run longcodeu -- build --id <dataset id> --repo <dir | spec> [--repo <dir | spec> ...] [--born-after YYYY-MM-DD] [--versions n] [--seed n] [--per-bucket n] [--buckets 0-8K,8-16K,...] [--tasks CU_P,...] [--embeddings-url url --embedding-model name] [--out dir] [--rebuild] [--part-bytes n] [--url u | --no-load] [--replace] " +
  VISIBILITY_USAGE;

function listOption<T extends string>(value: string, name: string, allowed: readonly T[]): T[] {
  const items = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = items.filter((v) => !(allowed as readonly string[]).includes(v));
  if (unknown.length) throw new UsageError(`unknown ${name} ${unknown.join(", ")}: use ${allowed.join(", ")}`);
  if (items.length === 0) throw new UsageError(`--${name} needs at least one value`);
  return items as T[];
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      repo: { type: "string", multiple: true },
      seed: { type: "string" },
      "per-bucket": { type: "string" },
      "born-after": { type: "string" },
      versions: { type: "string" },
      buckets: { type: "string", default: BUCKET_KEYS.join(",") },
      tasks: { type: "string", default: LONGCODEU_TASKS.join(",") },
      "embeddings-url": { type: "string" },
      "embedding-model": { type: "string" },
      out: { type: "string" },
      rebuild: { type: "boolean", default: false },
      "part-bytes": { type: "string" },
      ...loadOptions(),
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals.length > 0) {
    console.log(`usage: ${USAGE}`);
    return values.help ? 0 : 2;
  }
  const id = datasetIdOption(values.id);
  const visibility = visibilityOption(values.visibility);
  if (!values.repo?.length) throw new UsageError("--repo <dir> is required (repeat it for several repositories)");
  const tasks = listOption<LongCodeUTask>(values.tasks!, "tasks", LONGCODEU_TASKS);
  const buckets = listOption<LengthBucket>(values.buckets!, "buckets", BUCKET_KEYS);
  const seed = intOption(values.seed, "seed", 0, 0);
  if (seed >= 2 ** 32) throw new UsageError("--seed must be below 2^32");
  if (!!values["embeddings-url"] !== !!values["embedding-model"])
    throw new UsageError("--embeddings-url and --embedding-model go together");

  const partBytes = intOption(values["part-bytes"], "part-bytes", 1, DEFAULT_PART_BYTES);
  if (partBytes > LIMITS.repoBody)
    throw new UsageError(`--part-bytes must be at most ${LIMITS.repoBody} (the import's request limit)`);

  let bornAfter: BornAfter | undefined;
  try {
    bornAfter = values["born-after"] === undefined ? undefined : parseBornAfter(values["born-after"]);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const options = {
    repos: values.repo.map((r) => (isRegistrySpec(r) ? r : resolve(r))),
    ...(bornAfter ? { bornAfter } : {}),
    ...(values.versions !== undefined ? { versions: intOption(values.versions, "versions", 1) } : {}),
    seed,
    perBucket: intOption(values["per-bucket"], "per-bucket", 1, 2),
    buckets,
    tasks,
    embeddings: values["embeddings-url"]
      ? { url: values["embeddings-url"], model: values["embedding-model"]! }
      : undefined,
  };
  const dir = resolve(values.out ?? `${workDir()}longcodeu/${id}`);
  let built = values.rebuild ? undefined : finishedBuild(dir, options);
  if (built) console.log(`Reusing the finished build in ${dir} (same options; --rebuild to build again)`);
  else {
    // The builder (tree-sitter, the tokenizer's vocabulary) is loaded only to build: an upload-only rerun stays small.
    const { streamLongCodeUFromDisk } = await import("./build");
    const started = Date.now();
    built = await writeBuild(dir, options, (emit) => streamLongCodeUFromDisk({ ...options, log: console.log }, emit));
    console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s, written to ${dir}`);
  }
  console.log(
    `\nExamples per task and length bucket (CodeLlama tokens of the context):\n${countsTable(built.header.build.counts as Parameters<typeof countsTable>[0])}`,
  );
  for (const line of bornLines(built.header.repos)) console.log(line);
  if (values["no-load"]) return 0;

  await withService(
    values.url!,
    async () => {
      const client = api(values.url!);
      if (values.replace) await deleteDatasetIfPresent(client, id);
      const done = await uploadBuild(client, dir, id, { partBytes, visibility });
      if (!done.manifest)
        console.log(`Dataset "${id}" is already imported into ${values.url} (--replace to import this build instead)`);
      else {
        console.log(
          `Loaded dataset "${id}" into ${values.url} in ${done.seconds.toFixed(1)} s (${done.sent} parts sent, ${done.skipped} already stored): content sha256 ${done.manifest.content_sha256}`,
        );
      }
      console.log(`Run it: npm run eval -- --dataset ${id} --model <spec>${urlFlag(values.url!)}`);
    },
    console.log,
    "npm run longcodeu -- build",
  );
  return 0;
}

/** Per repository: its examples' births (range, counts, rule) and the warnings of its dating. */
export function bornLines(repos: readonly { repo: string; source: Record<string, unknown> }[]): string[] {
  const lines: string[] = [];
  for (const { repo, source } of repos) {
    const p = source.provenance as
      | { rule: string | null; born: Record<string, number | string | null>; warnings: string[] }
      | undefined;
    if (!p) continue;
    const { earliest, latest, dated, undated } = p.born;
    const range = dated ? `born ${earliest} to ${latest}` : "undated";
    lines.push(`  ${repo}: ${range} (${dated} dated, ${undated} undated; ${p.rule ?? "no history"})`);
    for (const w of p.warnings) lines.push(`    WARNING: ${w}`);
  }
  return lines;
}

export const buildCommand: NodeCommand = { usage: USAGE, run: main };
