/**
 * The benchmark-generic public surface, one design for every benchmark the registry hosts, so an
 * outside harness runs any of them the same way: list units → fetch a unit's prompt → call its own
 * model → score the answer (`POST /v1/score` with `benchmark` and `unit`).
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
 * - `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/export`: the units as JSONL for outside
 *   harnesses (prompts, promptfoo test cases, inspect_ai samples), with the listing's filters.
 *
 * Errors: unknown benchmark or dataset 404, unknown unit 404, options that are not JSON 400,
 * options the benchmark refuses or a dataset of another family 422.
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const benchmarkRoutes = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.units, handlers.units)
  .openapi(routes.prompt, handlers.prompt)
  .openapi(routes.exportUnits, handlers.exportUnits);
