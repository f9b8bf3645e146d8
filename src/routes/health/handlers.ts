/** The health handler: the versions a score depends on, and how many datasets are ready. */
import { defaultBenchmark } from "../../benchmarks/registry";
import { GRAMMARS, PARSER_RUNTIME } from "../../lib/code/runtime";
import { countReadyDatasets } from "../../lib/datasets/store";
import { SERVICE_VERSION } from "../../lib/version";
import type { AppRouteHandler } from "../types";
import type * as routes from "./routes";

export const health: AppRouteHandler<typeof routes.health> = async (c) => {
  return c.json(
    {
      status: "ok" as const,
      service_version: SERVICE_VERSION,
      scorer_version: defaultBenchmark().scorerVersion,
      parser_runtime: { ...PARSER_RUNTIME },
      grammars: { ...GRAMMARS },
      datasets: await countReadyDatasets(c.env),
    },
    200,
  );
};
