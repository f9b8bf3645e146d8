/**
 * The benchmark-generic public surface (issue 15), one design for every benchmark the registry
 * hosts, so an outside harness runs any of them the same way: list units → fetch a unit's prompt →
 * call its own model → score the answer (`POST /v1/score` with `benchmark` and `unit`).
 *
 * - `GET /v1/benchmarks`: every benchmark (id, title, versions, default max_tokens, options, the
 *   kind of dataset it reads and the ready datasets of that kind).
 * - `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units`: the units a run over the dataset
 *   covers, in run order, paged (`limit`, opaque `after` = the previous page's `next`), filtered by
 *   `language` (repeatable), `task` (a task id), `prefix` (of the unit id) and `options` (JSON: the
 *   benchmark's run options, which may pick part of the dataset, e.g. a task filter).
 * - `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt`: the messages a run
 *   sends for the unit (`Benchmark.load`: the same code), the assistant `prefill` when the last
 *   message is one, the default `max_tokens`, the prompt's token count with the dataset's
 *   tokenizer, and the options as a run would record them. Unit ids hold `/`, `:` and `@`:
 *   percent-encode the segment (`encodeURIComponent`).
 *
 * Nothing here names a family: everything goes through src/core/units.ts and the registry.
 * Errors: unknown benchmark or dataset 404, unknown unit 404, options that are not JSON 400,
 * options the benchmark refuses or a dataset of another family 422.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { allBenchmarks, benchmarkIds, defaultBenchmark } from "../benchmarks/registry";
import { benchmarkOr404, listUnits, unitPrompt } from "../core/units";
import { listDatasets } from "../lib/datasets/store";
import { ProblemError } from "../lib/errors";
import { createRouter, jsonResponse, problemResponses, queryInteger } from "../lib/middleware/openapi";

/** The OpenAPI example of a dataset id: the default benchmark's leaderboard dataset. */
const exampleDataset = defaultBenchmark().leaderboard?.defaultDataset ?? "demo";

export const BenchmarkId = z
  .string()
  .min(1)
  .max(64)
  .openapi({
    param: { name: "benchmark", in: "path" },
    example: defaultBenchmark().id,
    description: `One of ${benchmarkIds().join(", ")}`,
  });
export const DatasetParam = z
  .string()
  .min(1)
  .max(64)
  .openapi({ param: { name: "dataset", in: "path" }, example: exampleDataset });
const UnitParam = z
  .string()
  .min(1)
  .max(1024)
  .openapi({
    param: { name: "unit", in: "path" },
    example: "crux-0@20@0.5",
    description: "A unit id from the listing, percent-encoded",
  });

export const OptionsQuery = z.string().max(4096).optional().openapi({
  description:
    'The benchmark\'s run options as JSON, e.g. `{"scoring_mode":"strict"}` or `{"tasks":["CU_P"]}` (default `{}`)',
});

/** The filters of the units listing (and of the export, which takes the same). */
export const UnitFilters = {
  language: z
    .union([z.string().max(32), z.array(z.string().max(32)).max(16)])
    .optional()
    .openapi({ description: "Only units in this language (repeatable)" }),
  task: z.string().max(1024).optional().openapi({ description: "Only the units of this task id" }),
  prefix: z.string().max(1024).optional().openapi({ description: "Only units whose id starts with this" }),
  options: OptionsQuery,
};

/** `language` of a query (one or repeated) as a list, or undefined. */
export const languagesOf = (language: string | string[] | undefined) =>
  language === undefined ? undefined : Array.isArray(language) ? language : [language];

const Message = z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() }).openapi("ChatMessage");

const BenchmarkInfo = z
  .object({
    id: z.string(),
    title: z.string(),
    dataset_kind: z.string().openapi({ description: "The `benchmark` of the datasets it reads (GET /v1/datasets)" }),
    datasets: z.array(z.string()).openapi({ description: "Ready datasets of that kind" }),
    prompt_template_version: z.string(),
    scorer_version: z.string(),
    default_max_tokens: z.number().int(),
    baselines: z.array(z.string()),
    options: z.record(z.string(), z.unknown()).openapi({ description: "The options' JSON Schema" }),
    leaderboard: z.boolean(),
  })
  .openapi("BenchmarkInfo");

/** A unit's `born`, as the listing, prompts, exports and run samples carry it. */
const Born = z.string().nullable().openapi({
  description:
    "The UTC day the code the answer must reproduce was born, by the dataset's birth rule (docs/contamination.md: evidence, not proof); null when the dataset is undated",
  example: "2026-11-24",
});

const UnitRow = z
  .object({ unit: z.string(), task: z.string(), language: z.string(), born: Born })
  .openapi("BenchmarkUnit");

const UnitPage = z
  .object({
    benchmark: z.string(),
    dataset: z.string(),
    dataset_sha256: z.string(),
    options: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The options as a run records them (the dataset fills its defaults)" }),
    total: z.number().int().openapi({ description: "Units matching the filters" }),
    units: z.array(UnitRow),
    next: z.string().nullable().openapi({ description: "Cursor of the next page (`after`), null on the last" }),
  })
  .openapi("BenchmarkUnitPage");

const UnitPrompt = z
  .object({
    benchmark: z.string(),
    dataset: z.string(),
    unit: z.string(),
    task: z.string(),
    language: z.string(),
    messages: z.array(Message).openapi({
      description:
        "Exactly what a run sends (before its optional system message); a final assistant turn is the prefill",
    }),
    prefill: z.string().nullable().openapi({
      description:
        "The final assistant turn's text when the prompt has one: send it as the model's turn to continue (vLLM: continue_final_message), or append it to the user turn after a blank line for APIs that cannot continue a turn (a run's `prefill: user`); the answer is what the model writes after it",
    }),
    max_tokens: z.number().int().openapi({ description: "What a run sends as max_tokens unless told otherwise" }),
    prompt_tokens: z
      .number()
      .int()
      .openapi({ description: "Prompt tokens with the dataset's tokenizer (an estimate for other tokenizers)" }),
    tokenizer: z.object({ name: z.string(), version: z.string() }),
    position: z
      .number()
      .nullable()
      .openapi({ description: "Where the target sits in the context (0..1), if the benchmark places one" }),
    context_size: z.number().nullable(),
    born: Born,
    prompt_sha256: z.string().openapi({
      description:
        "sha256 of the messages' JSON: a run's sample records the same with `prefill: assistant` and no system message",
    }),
    prompt_template_version: z.string(),
    options: z.record(z.string(), z.unknown()),
    dataset_sha256: z.string(),
  })
  .openapi("BenchmarkUnitPrompt");

const list = createRoute({
  method: "get",
  path: "/v1/benchmarks",
  tags: ["benchmarks"],
  summary: "Every hosted benchmark, with its ready datasets",
  responses: { 200: jsonResponse(z.object({ benchmarks: z.array(BenchmarkInfo) }), "The benchmarks") },
});

const units = createRoute({
  method: "get",
  path: "/v1/benchmarks/{benchmark}/datasets/{dataset}/units",
  tags: ["benchmarks"],
  summary: "The units a run of a benchmark over a dataset covers, in run order, paged and filtered",
  request: {
    params: z.object({ benchmark: BenchmarkId, dataset: DatasetParam }),
    query: z.object({
      ...UnitFilters,
      limit: queryInteger(z.number().int().min(1).max(1000)).default(100),
      after: z.string().max(2048).optional().openapi({ description: "The `next` cursor of the previous page" }),
    }),
  },
  responses: { 200: jsonResponse(UnitPage, "A page of units"), ...problemResponses(400, 404, 422) },
});

const prompt = createRoute({
  method: "get",
  path: "/v1/benchmarks/{benchmark}/datasets/{dataset}/units/{unit}/prompt",
  tags: ["benchmarks"],
  summary: "A unit's exact prompt, with its prefill, default max_tokens and token count",
  request: {
    params: z.object({ benchmark: BenchmarkId, dataset: DatasetParam, unit: UnitParam }),
    query: z.object({ options: OptionsQuery }),
  },
  responses: { 200: jsonResponse(UnitPrompt, "The prompt"), ...problemResponses(400, 404, 422) },
});

/** `options` of a query string: JSON (400 when it is not), checked by the benchmark later (422). */
export function optionsOf(raw: string | undefined): unknown {
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new ProblemError("validation-error", "options: must be a JSON object (URL-encoded).", {
      errors: [{ path: "options", message: "must be JSON" }],
    });
  }
}

export const benchmarkRoutes = createRouter()
  .openapi(list, async (c) => {
    const ready = (await listDatasets(c.env)).filter((d) => d.status === "ready");
    const benchmarks = allBenchmarks().map((b) => ({
      id: b.id,
      title: b.title,
      dataset_kind: b.datasetKind,
      datasets: ready.filter((d) => d.benchmark === b.datasetKind).map((d) => d.id),
      prompt_template_version: b.promptTemplateVersion,
      scorer_version: b.scorerVersion,
      default_max_tokens: b.defaultMaxTokens,
      baselines: [...b.baselines, "empty"],
      options: z.toJSONSchema(b.options, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
      leaderboard: Boolean(b.leaderboard),
    }));
    return c.json({ benchmarks }, 200);
  })
  .openapi(units, async (c) => {
    const { benchmark: id, dataset } = c.req.valid("param");
    const q = c.req.valid("query");
    const benchmark = benchmarkOr404(id, benchmarkIds());
    const page = await listUnits(c.env, benchmark, dataset, {
      languages: languagesOf(q.language),
      task: q.task,
      prefix: q.prefix,
      options: optionsOf(q.options),
      limit: q.limit,
      after: q.after,
    });
    return c.json(page, 200);
  })
  .openapi(prompt, async (c) => {
    const { benchmark: id, dataset, unit } = c.req.valid("param");
    const benchmark = benchmarkOr404(id, benchmarkIds());
    return c.json(await unitPrompt(c.env, benchmark, dataset, unit, optionsOf(c.req.valid("query").options)), 200);
  });
