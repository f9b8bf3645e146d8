/** A dataset as the dataset routes answer it. */
import { z } from "@hono/zod-openapi";
import { defaultBenchmark } from "../../benchmarks/registry";
import { VisibilitySchema } from "../../lib/datasets/visibility";
import { datasetIdParam } from "../../lib/middleware/openapi";

export const DatasetId = datasetIdParam(defaultBenchmark().leaderboard?.defaultDataset ?? "demo");

export const DatasetSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    benchmark: z.string(),
    status: z.enum(["importing", "ready"]),
    languages: z.array(z.string()),
    repos: z.number().int(),
    tasks: z.number().int(),
    content_sha256: z.string().nullable(),
    visibility: VisibilitySchema,
    born: z
      .object({
        earliest: z.string().nullable(),
        latest: z.string().nullable(),
        dated: z.number().int(),
        undated: z.number().int(),
      })
      .nullable()
      .openapi({
        description:
          "When its targets were born (docs/contamination.md: the earliest and latest day, how many are dated); null for an undated dataset",
      }),
    created_at: z.string(),
  })
  .openapi("DatasetSummary");
