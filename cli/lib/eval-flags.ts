/** `npm run eval`'s flags: its usage, its own options, the families' options and what they set. */
import type { parseArgs } from "node:util";
import { DEFAULT_PART_BYTES, MAX_PART_BYTES } from "../../packages/client/src/index";
import { DEFAULT_URL, ROOT } from "./api";
import { UsageError, intOption } from "./args";
import { instanceFile } from "./instance";
import type { EvalFlag, NodeFamily } from "./node-family";

export const USAGE = `usage: npm run eval -- --model <spec> --dataset <id> [options]
       npm run eval -- --outputs <file> --model <name> [--dataset <id>] [--benchmark <id>] [options]
       npm run eval -- --watch <run id> [--url <instance>] [--out <dir>] [--json]

Runs a benchmark against a model on a needlework instance (the running npm start, found without
--url; when none runs, a local one is started for the command), shows its progress, prints the
results (the benchmark family's own tables, or pass@1 per threshold and language and per needle
depth), and writes the export files (the results, one JSON line per sample, and the reference
implementation's own files for the benchmarks that have them).

  --model <spec>            workers-ai:<model>, openai-compatible:<model>@<base url>, baseline:oracle|bm25|interpreter|empty
                            (with --outputs: just the model's name)
  --outputs <file>          score outputs you already have instead of calling a model: a JSONL of {"unit", "output"}
                            lines or promptfoo's results JSON (promptfoo eval -o results.json over the promptfoo export,
                            whose benchmark and dataset it takes); docs/runs.md#scoring-outputs-you-already-have.
                            A file larger than one part goes in parts; interrupted, the same command continues
  --part-bytes <n>          with --outputs: the JSON size of one part (default ${DEFAULT_PART_BYTES}, 1024 – ${MAX_PART_BYTES})
  --dataset <id>            a ready dataset of the instance (npm start loads the demo datasets it lists)
  --benchmark <id>          a benchmark of the instance (GET /v1/benchmarks); default: the one that reads
                            the dataset (when several do, the command lists them)
  --languages <a,b>         only these languages
  --limit <n>               only the first n tasks
  --concurrency <n>         tasks in flight at once (default 4)
  --budget <n>              stop sending when prompt + completion tokens would exceed n
  --temperature <x>         default 0
  --max-tokens <n>          default: the benchmark's
  --seed <n>                sent when the provider supports it
  --system-message <s>      off by default, as in the reference
  --prefill <how>           assistant, continue (vLLM) or user: how a prompt's assistant prefill is sent (default: the provider's)
  --api-key <NAME>          the NAME of a Worker secret holding the key (e.g. OPENROUTER_API_KEY in .dev.vars), never the key
  --label <s>               name on the leaderboard and of the export files (default: the model id)
  --cutoff <date>           the model's training cutoff (YYYY, YYYY-MM or YYYY-MM-DD), stored with its leaderboard
                            name so the board can score it on code born after it (docs/contamination.md#cutoffs)
  --option <key=value>      set one of the benchmark's options (GET /v1/benchmarks lists them; repeatable;
                            a value that is JSON, such as 0.5, true or ["a"], is sent as that JSON)
  --no-cache                call the model even for prompts it has answered before
  --publish, --no-publish   publish to the leaderboard when complete (default: when the run covers the whole dataset)
  --out <dir>               where the exports go (default results/<run id>/)
  --url <instance>          default $NEEDLEWORK_URL, else the running npm start (${instanceFile().replace(ROOT, "")}),
                            else ${DEFAULT_URL}
  --watch <run id>          follow an existing run instead of creating one
  --json                    print the results JSON instead of the tables
  -h, --help                this text
%FAMILY_FLAGS%`;

/** Options that describe a new run, so they make no sense with --watch. */
export const CREATE_OPTIONS = [
  "model",
  "outputs",
  "dataset",
  "benchmark",
  "languages",
  "limit",
  "concurrency",
  "budget",
  "temperature",
  "max-tokens",
  "seed",
  "system-message",
  "prefill",
  "api-key",
  "label",
  "cutoff",
  "option",
  "no-cache",
  "publish",
  "no-publish",
  "part-bytes",
] as const;

export const OPTIONS = {
  model: { type: "string" },
  outputs: { type: "string" },
  "part-bytes": { type: "string" },
  dataset: { type: "string" },
  benchmark: { type: "string" },
  languages: { type: "string" },
  limit: { type: "string" },
  concurrency: { type: "string" },
  budget: { type: "string" },
  temperature: { type: "string" },
  "max-tokens": { type: "string" },
  seed: { type: "string" },
  "system-message": { type: "string" },
  prefill: { type: "string" },
  "api-key": { type: "string" },
  label: { type: "string" },
  cutoff: { type: "string" },
  option: { type: "string", multiple: true },
  "no-cache": { type: "boolean" },
  publish: { type: "boolean" },
  "no-publish": { type: "boolean" },
  out: { type: "string" },
  url: { type: "string" },
  watch: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"] & Record<string, unknown>;

/** The families' own flags of `npm run eval`, by name (a name two families share must set the same option). */
export function familyFlags(families: readonly NodeFamily[]): Map<string, EvalFlag> {
  const flags = new Map<string, EvalFlag>();
  for (const family of families)
    for (const [name, flag] of Object.entries(family.evalFlags ?? {})) {
      const seen = flags.get(name);
      if (seen && seen.option !== flag.option)
        throw new Error(`--${name} sets ${seen.option} for one family and ${flag.option} for another`);
      if (name in OPTIONS) throw new Error(`--${name} is one of npm run eval's own flags`);
      flags.set(name, flag);
    }
  return flags;
}

/** The usage's section of the families' own flags. */
export function familyUsage(families: readonly NodeFamily[]): string {
  const sections = families.flatMap((f) => {
    const own = Object.entries(f.evalFlags ?? {});
    if (!own.length) return [];
    const lines = own.map(([name, flag]) => {
      const [arg, ...text] = flag.usage.includes("  ") ? flag.usage.split("  ") : ["", flag.usage];
      return `  ${`--${name}${arg ? ` ${arg}` : ""}`.padEnd(26)}${text.join("  ").trim()}`;
    });
    return [`\n${f.id}'s benchmark options:`, ...lines];
  });
  return sections.join("\n");
}

/** One flag's value as the option it sets (a UsageError names the flag). */
function flagValue(name: string, flag: EvalFlag, raw: unknown): unknown {
  if (flag.type === "boolean") return raw === true ? true : undefined;
  const text = String(raw);
  if (flag.type === "integer") return intOption(text, name, 1);
  const values =
    flag.type === "list"
      ? text
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean)
      : [text];
  if (!values.length) {
    const example = flag.values ? `, e.g. --${name} ${flag.values.slice(0, 2).join(",")}` : "";
    throw new UsageError(`--${name} needs at least one ${flag.item ?? "value"}${example}`);
  }
  const wrong = flag.values ? values.find((v) => !flag.values!.includes(v)) : undefined;
  if (wrong !== undefined) throw new UsageError(`--${name} must be ${flag.values!.join(" or ")}, got "${wrong}"`);
  return flag.type === "list" ? values : text;
}

/** An `--option key=value`: the key, and the value as JSON when it parses as JSON, else as text. */
function optionFlag(text: string): [string, unknown] {
  const at = text.indexOf("=");
  if (at <= 0) throw new UsageError(`--option takes key=value (e.g. --option threshold=0.5), got "${text}"`);
  const raw = text.slice(at + 1);
  try {
    return [text.slice(0, at), JSON.parse(raw)];
  } catch {
    return [text.slice(0, at), raw];
  }
}

/** The benchmark options the flags give: the families' own flags, then every `--option`. */
export function benchmarkOptions(values: Values, flags: ReadonlyMap<string, EvalFlag>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, flag] of flags)
    if (values[name] !== undefined) options[flag.option] = flagValue(name, flag, values[name]);
  for (const text of values.option ?? []) {
    const [key, value] = optionFlag(text);
    options[key] = value;
  }
  return JSON.parse(JSON.stringify(options)); // drops the undefined ones
}
