/**
 * `POST /v1/score` and `POST /v1/score/batch`: two request shapes on one path each; and promptfoo's.
 *
 * - Any benchmark (the generic shape): `{benchmark, dataset, unit, answer, options?}` (batch:
 *   `{benchmark, dataset, options?, answers: [{unit, answer}]}`), scored by the benchmark's own
 *   `Benchmark.score`, the function a run scores its samples with, under the options a run over the
 *   dataset would record; answers `{benchmark, dataset, unit, task, language, passed, score, detail,
 *   scorer_version, options, dataset_sha256}` (batch: `results` and a pass@1 `summary`). Units come
 *   from `GET /v1/benchmarks/{benchmark}/datasets/{dataset}/units` (routes/benchmarks/). The
 *   request is metered with one WorkMeter (BUDGETS.benchmark), the parent of each answer's per-unit
 *   meters, whatever the family.
 * - The default benchmark's original shape (registry `defaultBenchmark`, its `Benchmark.originalScore`),
 *   a body without `benchmark`: its schemas and handler are the family's; this route documents them
 *   beside the generic shape and checks each answer's size.
 *
 * Which shape a body is: it is the generic one when it has a `benchmark` field; a body shaped as
 * promptfoo's webhook request is pointed at the third path:
 * - `POST /v1/score/promptfoo`: promptfoo's webhook assertion request as promptfoo sends it
 *   (`{output, context: {prompt, vars}}`, src/core/harnesses/promptfoo.ts), the unit named by `vars`
 *   (`benchmark`, `dataset`, `unit`, `options`) and scored as the generic shape is, answered as
 *   promptfoo's GradingResult. Its body limit holds the prompt twice (promptfoo sends it twice).
 */
import { createRouter } from "../../lib/middleware/openapi";
import * as handlers from "./handlers";
import * as routes from "./routes";

export const scoreRoutes = createRouter()
  .openapi(routes.score, handlers.score, handlers.scoreHook)
  .openapi(routes.promptfoo, handlers.promptfoo)
  .openapi(routes.batch, handlers.batch, handlers.batchHook);
