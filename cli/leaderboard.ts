/**
 * Import a benchmark's published results (in its reference's file formats) into a needlework
 * instance's leaderboard (docs/leaderboard.md has the published release's command line).
 *
 *   npm run leaderboard -- import <file.json> [...] --dataset <id> --source <text> --license <spdx> [--url <instance>]
 *
 * Files are `<model>-SCORES.json` (per-task rows, checked against their own scores) and
 * `COMBINED-RESULTS.json` (rates only). SCORES files go first whatever the order given, so the
 * combined file only fills in the models they do not cover. Options:
 *   --benchmark <id>        default: the instance's default benchmark
 *   --mode official|strict  scoring mode of the results (default official)
 *   --comment-mode <m>      default: the benchmark's
 *   --context-size <n>      context length of the evaluation (default: the benchmark's)
 *   --n-per-language <n>    tasks per language behind rates-only files (the API knows the published release's; required for others)
 *   --url <instance>        default: NEEDLEWORK_URL, else the running local instance (npm start's), else one started for the command
 * The admin token comes from NEEDLEWORK_ADMIN_TOKEN or, locally, ADMIN_TOKEN in .dev.vars.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import type { LeaderboardImport } from "../packages/client/src/index";
import { api } from "./lib/api";
import { defaultUrl } from "./lib/instance";
import { UsageError, intOption, runCommand } from "./lib/args";
import { withService } from "./lib/local-service";

const USAGE =
  "usage: npm run leaderboard -- import <file.json> [...] --dataset <id> --source <text> --license <spdx> [--url <instance>] [--benchmark id] [--mode official|strict] [--comment-mode m] [--context-size n] [--n-per-language n]";

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dataset: { type: "string" },
      source: { type: "string" },
      license: { type: "string" },
      benchmark: { type: "string" },
      mode: { type: "string" },
      "comment-mode": { type: "string" },
      "context-size": { type: "string" },
      "n-per-language": { type: "string" },
      url: { type: "string", default: defaultUrl() },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, ...files] = positionals;
  if (values.help || command !== "import" || files.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  for (const required of ["dataset", "source", "license"] as const) {
    if (!values[required]) throw new UsageError(`--${required} is required`);
  }
  const params = {
    kind: "reported",
    dataset: values.dataset,
    source: values.source,
    license: values.license,
    benchmark: values.benchmark,
    scoring_mode: values.mode,
    comment_mode: values["comment-mode"],
    context_size: intOption(values["context-size"], "context-size", 1),
    n_per_language: intOption(values["n-per-language"], "n-per-language", 1),
  };

  const parsed: { path: string; json: Record<string, { results?: unknown }>; scores: boolean }[] = [];
  for (const path of files) {
    const text = await readFile(path, "utf8").catch((err) => {
      throw new UsageError(`${path}: ${(err as Error).message}`);
    });
    let json: Record<string, { results?: unknown }>;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UsageError(`${path}: not JSON`);
    }
    if (!json || typeof json !== "object" || Array.isArray(json))
      throw new UsageError(`${path}: expected an object of models`);
    parsed.push({
      path,
      json,
      scores: Object.values<{ results?: unknown }>(json).some((m) => m && typeof m === "object" && "results" in m),
    });
  }
  // Per-sample files first: the combined file then keeps them and fills in the other models.
  parsed.sort((a, b) => Number(b.scores) - Number(a.scores));

  const client = api(values.url!);
  let failed = 0;
  await withService(
    client.url,
    async () => {
      for (const { path, json } of parsed) {
        try {
          // The flags as given: the service checks them (a 400 naming what it accepts).
          const result = await client.importLeaderboard({ ...params, file: json } as LeaderboardImport);
          const tally = new Map<string, number>();
          for (const e of result.entries) tally.set(e.status, (tally.get(e.status) ?? 0) + 1);
          const summary = [...tally].map(([status, n]) => `${n} ${status}`).join(", ");
          const one =
            result.entries.length === 1 ? ` ${result.entries[0].model} (${result.entries[0].model_slug})` : "";
          console.log(`${basename(path)}: ${result.file_type},${one} ${summary}`);
          for (const w of result.warnings) console.log(`  warning: ${w}`);
        } catch (err) {
          failed++;
          console.error(`${basename(path)}: ${(err as Error).message}`);
        }
      }
    },
    console.log,
    "npm run leaderboard -- import",
  );
  console.log(
    `${parsed.length - failed} of ${parsed.length} files imported into ${client.url}; leaderboard at ${client.url}/ and ${client.url}/v1/leaderboard`,
  );
  return failed ? 1 : 0;
}

runCommand(main, "leaderboard import");
