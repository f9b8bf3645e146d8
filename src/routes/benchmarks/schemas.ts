/** The path parameters, query filters and answers of the benchmark routes (the units listing, prompts and the export). */
import { z } from "@hono/zod-openapi";
import { benchmarkIds, defaultBenchmark } from "../../benchmarks/registry";

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
export const UnitParam = z
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

const Message = z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() }).openapi("ChatMessage");

export const BenchmarkInfo = z
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

export const UnitPage = z
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

export const UnitPrompt = z
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
