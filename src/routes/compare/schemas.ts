/** The answer of `GET /v1/compare`: the paired figures, both sides, the groups and a page of discordant tasks. */
import { z } from "@hono/zod-openapi";
import { DISCORDANT_KINDS } from "../../core/compare/discordant";
import { DISCORDANT_PER_PAGE } from "../../core/compare/query";
import { SCOPE_OPTIONS } from "../../core/leaderboard/queries";

const TableSchema = z
  .object({ both: z.number().int(), only_a: z.number().int(), only_b: z.number().int(), neither: z.number().int() })
  .openapi("PairedTable", { description: "Paired pass/fail outcomes: both pass, only A, only B, neither" });

const DifferenceSchema = z
  .object({
    estimate: z.number(),
    ci_low: z.number(),
    ci_high: z.number(),
    method: z.string().openapi({
      description:
        "`newcombe-1998-method-10` (pass/fail: difference of pass@1) or `paired-bootstrap-percentile` (graded: mean paired difference)",
    }),
    seed: z.number().int().optional().openapi({
      description: "Bootstrap only: the seed of Python's random.Random (MT19937) the resamples are drawn with",
    }),
    resamples: z.number().int().optional().openapi({ description: "Bootstrap only" }),
  })
  .openapi("PairedDifference", { description: "A − B with its 95 % interval; null without pairs" });

const FiguresSchema = z.object({
  n_paired: z.number().int().openapi({ description: "Tasks scored on both sides" }),
  table: TableSchema.nullable().openapi({ description: "Null when the benchmark has no pass rule" }),
  mcnemar_p: z.number().nullable().openapi({ description: "McNemar's exact two-sided p-value (see `mcnemar`)" }),
  pass_at_1: z.object({ a: z.number(), b: z.number() }).nullable(),
  mean_grade: z
    .object({ a: z.number(), b: z.number() })
    .nullable()
    .openapi({ description: "Graded benchmarks: each side's mean grade over the pairs" }),
  difference: DifferenceSchema.nullable(),
});

const NotScoredSchema = z.object({ error: z.array(z.string()), context_exceeded: z.array(z.string()) });

const SideSchema = z.object({
  kind: z.enum(["run", "entry"]),
  id: z.string().openapi({ description: "The run id or the model slug" }),
  model: z.string(),
  benchmark: z.string(),
  dataset: z.string(),
  ...Object.fromEntries(
    SCOPE_OPTIONS.map(([name, p]) => [
      name,
      z
        .string()
        .nullable()
        .optional()
        .openapi({ description: `${p.owner}: an entry's ${name}; null for a run of that benchmark` }),
    ]),
  ),
  entry_kind: z.enum(["verified", "reported"]).nullable(),
  run: z.string().nullable().openapi({
    description:
      "Where the side's answers are: a run side's id, a verified entry's run (its receipt's `run`); null for a reported entry",
  }),
});

const DiscordantSideSchema = z.object({
  unit: z.string().nullable().openapi({
    description: "The run's unit (its sample page is `/runs/{id}/samples/{unit}`); null for an entry's sample",
  }),
  passed: z
    .boolean()
    .nullable()
    .openapi({ description: "Whether it passes at the comparison's threshold; null without a pass rule" }),
  score: z.number().nullable().openapi({ description: "Its grade (graded benchmarks) or stored score" }),
});

const DiscordantSchema = z
  .object({
    by: z.enum(["pass", "grade"]).openapi({
      description:
        "`pass`: the sides disagree on passing (`only_a`, `only_b`); `grade`: benchmarks without a pass rule, the grades differ (`a_higher`, `b_higher`)",
    }),
    counts: z
      .object({
        only_a: z.number().int().optional(),
        only_b: z.number().int().optional(),
        a_higher: z.number().int().optional(),
        b_higher: z.number().int().optional(),
      })
      .openapi({
        description:
          "Every discordant task by kind: `only_a` and `only_b` (by pass), or `a_higher` and `b_higher` (by grade)",
      }),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    per_page: z.number().int(),
    items: z.array(
      z.object({
        key: z.string().openapi({ description: "The task's pair key" }),
        kind: z.enum(DISCORDANT_KINDS),
        a: DiscordantSideSchema,
        b: DiscordantSideSchema,
        difference: z
          .number()
          .nullable()
          .openapi({ description: "Grade A − grade B (graded benchmarks); null otherwise" }),
        answers: z.string().openapi({
          description: "The page with both answers side by side against the expected answer",
          example: "/compare/task?a=run-…&b=run-…&key=…",
        }),
      }),
    ),
  })
  .openapi("DiscordantTasks", {
    description: `The tasks where the sides disagree, one page of ${DISCORDANT_PER_PAGE}: graded benchmarks largest difference first, pass/fail ones only_a before only_b, ties by key`,
  });

export const CompareSchema = FiguresSchema.extend({
  benchmark: z.string(),
  dataset: z.string(),
  outcome: z.enum(["pass_fail", "graded"]),
  threshold: z
    .number()
    .nullable()
    .openapi({ description: "The threshold the pass rule read; null when it reads none" }),
  a: SideSchema,
  b: SideSchema,
  pairing: z.string().openapi({ description: "The pairing rule, stated" }),
  mcnemar: z.string().nullable().openapi({ description: "The McNemar convention, stated; null without a table" }),
  unpaired: z
    .object({ a: z.array(z.string()), b: z.array(z.string()) })
    .openapi({ description: "Tasks present on one side only, by side" }),
  not_scored: z
    .object({ a: NotScoredSchema, b: NotScoredSchema })
    .openapi({ description: "Tasks on both sides left out because a side's sample is an error or a context overflow" }),
  groups: z
    .object({ by: z.string(), rows: z.array(FiguresSchema.extend({ key: z.string() })) })
    .nullable()
    .openapi({
      description:
        "The same figures per group as the benchmark defines (language, grid position, task); null when it defines none",
    }),
  discordant: DiscordantSchema,
}).openapi("Comparison");
