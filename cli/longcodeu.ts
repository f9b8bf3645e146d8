/**
 * Build a LongCodeU dataset (the paper's eight tasks over length buckets) from Python repositories
 * on disk and load it into a needlework instance.
 *
 *   npm run longcodeu -- build --id <dataset id> --repo <dir> [--repo <dir> ...] [options]
 *
 * Options:
 *   --repo <dir>              a repository to build from (repeatable)
 *   --seed <int>              default 0 (every random draw derives from it; same seed, same JSON)
 *   --per-bucket <n>          examples per task per length bucket (default 2)
 *   --buckets <list>          default 0-8K,8-16K,16-32K,32-64K,64-128K
 *   --tasks <list>            default CU_P,CU_SA,CU_DFA,DRA_T1,DRA_T2,SRE_T1,SRE_T2,LDU
 *   --embeddings-url <url>    OpenAI-compatible base URL for SRE embeddings (POST <url>/embeddings;
 *                             key from NEEDLEWORK_EMBEDDINGS_API_KEY); without it SRE uses the
 *                             lexical similarity
 *   --embedding-model <name>  the embedding model (needed with --embeddings-url)
 *   --out <file>              where to write the release JSON (default .needlework/<id>.json)
 *   --url <instance>          load into this instance (default local; a stopped local one is started)
 *   --no-load                 only write the release JSON
 *   --replace                 replace an existing dataset with this id
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BUCKET_KEYS, LONGCODEU_TASKS, type LengthBucket, type LongCodeUTask } from "../src/benchmarks/longcodeu/dataset";
import { ApiError, DEFAULT_URL, ROOT, api } from "./lib/api";
import { UsageError, intOption, runCommand } from "./lib/args";
import { withService } from "./lib/local-service";
import { buildLongCodeUFromDisk, countsTable } from "./lib/longcodeu-build";
import { LIMITS } from "../src/middleware/body";

const USAGE =
  "usage: npm run longcodeu -- build --id <dataset id> --repo <dir> [--repo <dir> ...] [--seed n] [--per-bucket n] [--buckets 0-8K,8-16K,...] [--tasks CU_P,...] [--embeddings-url url --embedding-model name] [--out file] [--url u | --no-load] [--replace]";

function listOption<T extends string>(value: string, name: string, allowed: readonly T[]): T[] {
  const items = value.split(",").map((v) => v.trim()).filter(Boolean);
  const unknown = items.filter((v) => !(allowed as readonly string[]).includes(v));
  if (unknown.length) throw new UsageError(`unknown ${name} ${unknown.join(", ")}: use ${allowed.join(", ")}`);
  if (items.length === 0) throw new UsageError(`--${name} needs at least one value`);
  return items as T[];
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      repo: { type: "string", multiple: true },
      seed: { type: "string" },
      "per-bucket": { type: "string" },
      buckets: { type: "string", default: BUCKET_KEYS.join(",") },
      tasks: { type: "string", default: LONGCODEU_TASKS.join(",") },
      "embeddings-url": { type: "string" },
      "embedding-model": { type: "string" },
      out: { type: "string" },
      url: { type: "string", default: process.env.NEEDLEWORK_URL ?? DEFAULT_URL },
      "no-load": { type: "boolean", default: false },
      replace: { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || positionals[0] !== "build") {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (!values.id || !/^[a-z0-9][a-z0-9._-]{0,63}$/.test(values.id)) throw new UsageError("--id is required: lower-case letters, digits, '.', '_' and '-'");
  if (!values.repo?.length) throw new UsageError("--repo <dir> is required (repeat it for several repositories)");
  const tasks = listOption<LongCodeUTask>(values.tasks!, "tasks", LONGCODEU_TASKS);
  const buckets = listOption<LengthBucket>(values.buckets!, "buckets", BUCKET_KEYS);
  const seed = intOption(values.seed, "seed", 0, 0);
  if (seed >= 2 ** 32) throw new UsageError("--seed must be below 2^32");
  if (!!values["embeddings-url"] !== !!values["embedding-model"]) throw new UsageError("--embeddings-url and --embedding-model go together");

  const release = await buildLongCodeUFromDisk({
    repos: values.repo,
    seed,
    perBucket: intOption(values["per-bucket"], "per-bucket", 1, 2),
    buckets,
    tasks,
    embeddings: values["embeddings-url"] ? { url: values["embeddings-url"], model: values["embedding-model"]! } : undefined,
    log: console.log,
  });
  console.log(`\nExamples per task and length bucket (CodeLlama tokens of the context):\n${countsTable(release)}`);
  const out = resolve(values.out ?? `${ROOT}.needlework/${values.id}.json`);
  await mkdir(dirname(out), { recursive: true });
  const json = JSON.stringify(release);
  await writeFile(out, json);
  console.log(`Wrote ${out}`);
  if (values["no-load"]) return 0;
  const bytes = Buffer.byteLength(json);
  if (bytes > LIMITS.repoBody) {
    throw new UsageError(`the release is ${bytes} bytes, more than the import limit of ${LIMITS.repoBody}: build from fewer repositories or buckets, or with a smaller --per-bucket`);
  }

  await withService(values.url!, async () => {
    const client = api(values.url!);
    if (values.replace) {
      await client.request("DELETE", `/v1/datasets/${values.id}`, undefined, { admin: true }).catch((err) => {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      });
    }
    const { manifest } = await client.request<{ manifest: { content_sha256?: string } }>("POST", `/v1/datasets/${values.id}/longcodeu`, release, { admin: true });
    console.log(`Loaded dataset "${values.id}" into ${values.url}${manifest?.content_sha256 ? `: content sha256 ${manifest.content_sha256}` : ""}`);
    console.log(`Run it: npm run eval -- --benchmark longcodeu --dataset ${values.id} --model <spec>`);
  });
  return 0;
}

runCommand(main, "longcodeu build");
