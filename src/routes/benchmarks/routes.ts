/** The contracts of the benchmark routes: the benchmarks, a dataset's units, a unit's prompt, the units as JSONL. */
import { createRoute, z } from "@hono/zod-openapi";
import { EXPORT_FORMATS, EXPORT_LIMITS } from "../../core/harnesses/export";
import { PROMPTFOO_ASSERTS } from "../../core/harnesses/promptfoo";
import { PREFILL_MODES } from "../../core/runs/prefill";
import { jsonResponse, problemResponses, queryInteger } from "../../lib/middleware/openapi";
import {
  BenchmarkId,
  BenchmarkInfo,
  DatasetParam,
  OptionsQuery,
  UnitFilters,
  UnitPage,
  UnitParam,
  UnitPrompt,
} from "./schemas";

export const list = createRoute({
  method: "get",
  path: "/v1/benchmarks",
  tags: ["benchmarks"],
  summary: "Every hosted benchmark, with its ready datasets",
  responses: { 200: jsonResponse(z.object({ benchmarks: z.array(BenchmarkInfo) }), "The benchmarks") },
});

export const units = createRoute({
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

export const prompt = createRoute({
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

export const exportUnits = createRoute({
  method: "get",
  path: "/v1/benchmarks/{benchmark}/datasets/{dataset}/export",
  tags: ["benchmarks"],
  summary: "A dataset's units as JSONL for outside harnesses: prompts, promptfoo test cases or inspect_ai samples",
  request: {
    params: z.object({ benchmark: BenchmarkId, dataset: DatasetParam }),
    query: z.object({
      format: z.enum(EXPORT_FORMATS).default("jsonl").openapi({
        description:
          '`jsonl`: each unit\'s prompt as GET .../units/{unit}/prompt answers it; `promptfoo`: one promptfoo test case per unit (vars benchmark, dataset, unit, options, messages, prefill, max_tokens, metadata; options.max_tokens; an assertion that scores through this instance); `inspect`: inspect_ai samples (id, input, target "", metadata)',
      }),
      ...UnitFilters,
      prefill: z.enum(PREFILL_MODES).default("assistant").openapi({
        description:
          "Where a prompt's final assistant turn goes: `assistant` (kept as the last message), `continue` (the same; promptfoo test cases also ask vLLM to continue it), `user` (appended to the user turn, for APIs that answer a final assistant turn with a new one)",
      }),
      assert: z.enum(PROMPTFOO_ASSERTS).default("webhook").openapi({
        description:
          "promptfoo only: `webhook` (a scorer failure is a failed test) or `javascript` (a scorer failure is an error; puts a line of JavaScript in each test case)",
      }),
      limit: queryInteger(z.number().int().min(1).max(EXPORT_LIMITS.units))
        .default(EXPORT_LIMITS.units)
        .openapi({ description: `Units in this response (at most ${EXPORT_LIMITS.units})` }),
      after: z
        .string()
        .max(2048)
        .optional()
        .openapi({ description: 'Where to continue: the `after` of the previous response\'s `Link: rel="next"`' }),
    }),
  },
  responses: {
    200: {
      description:
        'One JSON object per line (application/x-ndjson). Headers: `X-Total-Count` (units matching the filters), `Link: <…>; rel="next"` when more remain',
      content: { "application/x-ndjson": { schema: z.string() } },
    },
    ...problemResponses(400, 404, 422),
  },
});
