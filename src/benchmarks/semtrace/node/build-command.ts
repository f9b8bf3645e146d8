/**
 * Build a SemTrace-family suite (lexical recall, CRUXEval-O, SemTrace, line-removal sensitivity) and
 * load it into a needlework instance.
 *
 *   npm run semtrace -- build --id <dataset id> [options]
 *
 * Options:
 *   --cruxeval <jsonl>        CRUXEval records {code, input, output, id} (needed by cruxeval-o,
 *                             lexical-recall, sensitivity-cruxeval-o; default ../shared/data/cruxeval/cruxeval.jsonl when present)
 *   --distractor-dir <dir>    real Python functions for distractors (default: Python's standard library)
 *   --max-files <n>           read at most n files of that directory (quick builds)
 *   --distractor-tokens <n>   choose distractors of n tokens on average, so D distractors make about
 *                             n x D tokens (default 200: the paper's ~4K-16K at D = 20-80); "chars":
 *                             the paper's 25th-75th percentile of characters as it is
 *   --tasks <list>            default lexical-recall,cruxeval-o,semtrace,sensitivity-semtrace,sensitivity-cruxeval-o
 *   --seed <int>              default 0
 *   --targets <n>             targets per positional task (default 800, the paper's)
 *   --digits <2-6>            SemTrace digit variant (default 2)
 *   --distractors <list>      D values (default 20,40,60,80)
 *   --positions <n>           equally spaced target positions (default 11)
 *   --variant-targets <n>     complete functions that get line-removal variants (default 100)
 *   --variants <n>            at most n variants per function (default 16)
 *   --out <file>              where to write the suite JSON (default .needlework/<id>.json)
 *   --url <instance>          load into this instance (default local; a stopped local one is started)
 *   --no-load                 only write the suite JSON
 *   --replace                 replace an existing dataset with this id
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { PAPER_CONTEXT, equallySpaced } from "../curate/index";
import { SUITE_TASKS, type SuiteTask } from "../dataset/index";
import { SEMTRACE_DIGITS } from "../curate/generator";
import { api, deleteDatasetIfPresent, workDir } from "../../../../cli/lib/api";
import {
  UsageError,
  VISIBILITY_USAGE,
  datasetIdOption,
  intOption,
  loadOptions,
  visibilityOption,
} from "../../../../cli/lib/args";
import type { NodeCommand } from "../../../../cli/lib/node-family";
import { urlFlag } from "../../../../cli/lib/instance";
import { withService } from "../../../../cli/lib/local-service";
import { buildSuiteFromDisk } from "./suite";

const USAGE =
  "npm run semtrace -- build --id <dataset id> [--cruxeval jsonl] [--distractor-dir dir] [--max-files n] [--distractor-tokens n|chars] [--tasks list] [--seed n] [--targets n] [--digits 2-6] [--distractors 20,40,60,80] [--positions 11] [--variant-targets n] [--variants n] [--out file] [--url u | --no-load] [--replace] " +
  VISIBILITY_USAGE;

const intList = (value: string, name: string) =>
  value.split(",").map((v) => {
    const n = Number(v.trim());
    if (!Number.isSafeInteger(n) || n < 1)
      throw new UsageError(`--${name} must be a comma-separated list of positive integers, got "${value}"`);
    return n;
  });

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: "string" },
      cruxeval: { type: "string" },
      "distractor-dir": { type: "string" },
      "max-files": { type: "string" },
      "distractor-tokens": { type: "string" },
      tasks: { type: "string", default: SUITE_TASKS.join(",") },
      seed: { type: "string" },
      targets: { type: "string" },
      digits: { type: "string" },
      distractors: { type: "string", default: "20,40,60,80" },
      positions: { type: "string" },
      "variant-targets": { type: "string" },
      variants: { type: "string" },
      out: { type: "string" },
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
  const tasks = values.tasks!.split(",").map((t) => t.trim()) as SuiteTask[];
  const unknown = tasks.filter((t) => !SUITE_TASKS.includes(t));
  if (unknown.length) throw new UsageError(`unknown task ${unknown.join(", ")}: use ${SUITE_TASKS.join(", ")}`);
  const digits = intOption(values.digits, "digits", SEMTRACE_DIGITS.min, 2);
  if (digits > SEMTRACE_DIGITS.max)
    throw new UsageError(`--digits must be ${SEMTRACE_DIGITS.min} to ${SEMTRACE_DIGITS.max}`);
  const grid = {
    distractors: intList(values.distractors!, "distractors"),
    positions: equallySpaced(intOption(values.positions, "positions", 1, 11)),
  };

  const suite = await buildSuiteFromDisk({
    tasks,
    seed: intOption(values.seed, "seed", 0, 0),
    digits,
    grid,
    targets: intOption(values.targets, "targets", 1, 800),
    variants: {
      targets: intOption(values["variant-targets"], "variant-targets", 1, 100),
      cap: intOption(values.variants, "variants", 1, 16),
    },
    distractorDir: values["distractor-dir"] ? resolve(values["distractor-dir"]) : undefined,
    maxFiles: intOption(values["max-files"], "max-files", 1),
    distractorTokens:
      values["distractor-tokens"] === "chars"
        ? null
        : intOption(values["distractor-tokens"], "distractor-tokens", 1, PAPER_CONTEXT.tokensPerDistractor),
    cruxeval: values.cruxeval ? resolve(values.cruxeval) : undefined,
    log: console.log,
  });
  const out = resolve(values.out ?? `${workDir()}${id}.json`);
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(suite));
  console.log(`Wrote ${out}`);
  if (values["no-load"]) return 0;

  await withService(
    values.url!,
    async () => {
      const client = api(values.url!);
      if (values.replace) await deleteDatasetIfPresent(client, id);
      const manifest = await client.request<{ content_sha256: string }>(
        "POST",
        `/v1/datasets/${id}/suite?visibility=${visibility}`,
        suite,
        { auth: true },
      );
      console.log(`Loaded dataset "${id}" into ${values.url}: content sha256 ${manifest.content_sha256}`);
      console.log(`Run it: npm run eval -- --benchmark semtrace --dataset ${id} --model <spec>${urlFlag(values.url!)}`);
    },
    console.log,
    "npm run semtrace -- build",
  );
  return 0;
}

export const buildCommand: NodeCommand = { usage: USAGE, run: main };
