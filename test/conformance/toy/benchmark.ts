/**
 * The toy benchmark through the `Benchmark` interface only: units are the dataset's item ids, the
 * prompt lists the words, the oracle answers the asked one, the scorer compares first words; its
 * leaderboard and pages come from the shared libraries (./leaderboard.ts, ./views.tsx).
 */
import { z } from "@hono/zod-openapi";
import { defineBenchmark } from "../../../src/benchmarks/define";
import { loadCodeLlamaTokenizer } from "../../../src/lib/datasets/tokenizer";
import { ProblemError } from "../../../src/lib/errors";
import { TOY_BENCHMARK, TOY_DATASET_KIND } from "./dataset";
import { toyLeaderboard } from "./leaderboard/index";
import { toyPrompt, TOY_PROMPT_VERSION } from "./prompt";
import { scoreToy, toyOracle, TOY_SCORER_VERSION } from "./score";
import { readyToy, toyItem } from "./store";
import { toyViews } from "./views/index";

/** The toy has no options: anything given is refused (422). */
const ToyOptions = z.object({}).strict();

export const toyBenchmark = defineBenchmark({
  id: TOY_BENCHMARK,
  title: "Toy recall (a fourth family, in the tests only)",
  promptTemplateVersion: TOY_PROMPT_VERSION,
  scorerVersion: TOY_SCORER_VERSION,
  datasetKind: TOY_DATASET_KIND,
  defaultMaxTokens: 8,
  options: ToyOptions,
  baselines: ["oracle"],
  leaderboard: toyLeaderboard,
  views: toyViews,

  async units(env, datasetId, _options, filters) {
    const { dataset, manifest } = await readyToy(env, datasetId);
    const has = new Set(manifest.items.map((i) => i.language));
    const missing = (filters.languages ?? []).filter((l) => !has.has(l));
    if (missing.length)
      throw new ProblemError("unprocessable-content", `Toy dataset "${datasetId}" has no ${missing.join(", ")} items.`);
    const items = manifest.items.filter((i) => !filters.languages || filters.languages.includes(i.language));
    const units = items.map((i) => i.id);
    return {
      units: filters.limit ? units.slice(0, filters.limit) : units,
      datasetSha256: dataset.contentSha256,
      resolved: {},
    };
  },

  async load(env, datasetId, unit) {
    const item = await toyItem(env, datasetId, unit);
    const messages = toyPrompt(item);
    const tokenizer = await loadCodeLlamaTokenizer();
    return {
      unit,
      taskId: item.id,
      language: item.language,
      messages,
      promptTokens: messages.reduce((n, m) => n + tokenizer.count(m.content), 0),
      position: item.index / item.words.length,
      contextSize: item.words.length,
      born: null,
    };
  },

  async baseline(env, datasetId, unit) {
    return toyOracle(await toyItem(env, datasetId, unit));
  },

  async score(env, datasetId, unit, output) {
    return scoreToy(await toyItem(env, datasetId, unit), output);
  },
});
