/**
 * The leaderboard side of LongCodeU (Li et al.; spec ../shared/spec/longcodeu.md): eight tasks of
 * one run benchmark, `longcodeu`, shown as eight columns plus the paper's #Avg (the mean of the
 * task means), per length bucket, for recall or precision.
 *
 * Storage (src/lib/db/schema.ts):
 * - `leaderboard_samples`: one row per example. `task_id` is `python::<TASK>::<example id>`,
 *   `score` the recall, `passed` recall = 1, and `parts` its `precision`, `unparseable` and
 *   `bucket`. A sample whose context length is unknown (an error before the context was loaded)
 *   has `context_size` 0 and no bucket: it counts in its task over all lengths, never in a
 *   guessed bucket. `position` is 0 (there is no single target).
 * - `leaderboard_aggregates`: LongCodeU has no similarity threshold, so its aggregates are stored
 *   once, under threshold `LONGCODEU_THRESHOLD` ("-"), and its reads ask for that key whatever the
 *   query's threshold (the positional benchmarks store eleven identical copies instead; here that
 *   would be 11 x 54 rows per entry for nothing). Group types and keys:
 *     task         `<TASK>`           a task over all lengths
 *     task_length  `<TASK>|<bucket>`  a task in one length bucket
 *     all          `all`              the average over tasks, all lengths (#Avg)
 *     length       `<bucket>`         the average over tasks in one bucket
 *   Columns: `rate` = mean recall, `mean_precision` = mean precision (for `all`/`length`: the mean
 *   of the task means, over the tasks with scored samples there), `mean_score` = `rate`, `n` =
 *   scored samples, `passed` = scored samples with recall 1, `unparseable`, `errors` and
 *   `context_exceeded` = counts; no interval (a mean of graded scores has no Wilson interval). A
 *   group with errors only has n 0, rate 0 and mean_precision null, read as "no value".
 * Every mean comes from `longcodeuTable` (./table.ts), the computation the
 * run's results summary uses too, so a run and its published entry always agree.
 *
 * Board reads rank by the rank values `recall:<bucket>` and `precision:<bucket>` (`ranks`), then read
 * the page's entries by id and their aggregates on the aggregates' full key (`longcodeuStatements`); a
 * query adds `bucket` and `metric`, defaults to the dataset with the most entries, and a model's
 * breakdown adds `longcodeu`.
 */
import { z } from "@hono/zod-openapi";
import type { BenchmarkLeaderboard } from "../../../kit/leaderboard/family";
import { fixedOption } from "../../../kit/leaderboard/options";
import { THRESHOLD_PARAM } from "../../../kit/leaderboard/pass-rate";
import { BUCKET_KEYS, LONGCODEU_TASKS } from "../dataset/index";
import { longcodeuAggregates } from "./aggregate";
import { board, breakdown, csv, rankAxis, ranks } from "./board";
import { LONGCODEU_BUCKET_FILTERS, LONGCODEU_METRICS, LONGCODEU_THRESHOLD } from "./names";
import { SAMPLE_PART, sample } from "./sample";
import { LongCodeUBreakdownSchema, PaperReferenceSchema, TaskValues } from "./schemas";
import type { LongCodeUQuery } from "./types";

export * from "./names";
export * from "./paper";
export * from "./aggregate";
export * from "./read";
export * from "./types";
export type { LongCodeUSamplePart } from "./sample";
export { longcodeuStatements } from "./board";

/** How LongCodeU is shown on the leaderboard. */
export const longcodeuLeaderboard: BenchmarkLeaderboard = {
  about: "%s (LongCodeU's eight tasks)",
  sample,
  part: SAMPLE_PART,
  aggregate: longcodeuAggregates,
  // No threshold and no pass@1: its recall and precision tables are its run summary.
  passRates: false,
  // Unseen: the mean recall over the examples born after the model's cutoff (all tasks together, not #Avg).
  unseen: { threshold: () => LONGCODEU_THRESHOLD, metric: "score" },
  params: {
    // No threshold, scoring mode or comment mode: accepted and echoed as before, they change nothing.
    threshold: {
      ...THRESHOLD_PARAM,
      owner: "LongCodeU",
      description: "Ignored by LongCodeU (no threshold): kept for old links",
    },
    mode: fixedOption("LongCodeU", "official"),
    comment_mode: fixedOption("LongCodeU", "original"),
    bucket: {
      owner: "LongCodeU",
      values: LONGCODEU_BUCKET_FILTERS,
      default: "all",
      description: `LongCodeU only: the context-length bucket (CodeLlama tokens) shown, \`all\` (default) or one of ${BUCKET_KEYS.map((b) => `\`${b}\``).join(", ")}`,
    },
    metric: {
      owner: "LongCodeU",
      values: LONGCODEU_METRICS,
      default: "recall",
      description:
        "LongCodeU only: `recall` (default: EM-R, LCS-R, CodeBLEU, CB-R, BLEU) or `precision` (EM-P, LCS-P, CodeBLEU, CB-P, BLEU): fills the task columns and ranks by their average",
    },
  },
  ranks,
  rankAxis,
  board,
  breakdown,
  csv,
  csvAbout:
    "LongCodeU: rank, model, kind, the eight tasks, average, n, unparseable, errors, context_exceeded, in the query's bucket and metric",
  csvName: (q) => [(q as LongCodeUQuery).bucket, (q as LongCodeUQuery).metric],
  schemas: {
    row: {
      tasks: TaskValues.optional().openapi({
        description:
          "LongCodeU only, in the query's bucket and metric: the metric's mean per task (0..1; null: no scored example of the task there). LongCodeU rows: `rate` is the average over the tasks that have one (the paper's #Avg), `n` the scored examples, `passed` and the interval null, `languages` empty, `errors` and `context_exceeded` those of the bucket.",
      }),
      tasks_averaged: z
        .number()
        .int()
        .optional()
        .openapi({ description: "LongCodeU only: how many tasks the average is over" }),
      unparseable: z
        .number()
        .int()
        .optional()
        .openapi({ description: "LongCodeU only: outputs that could not be parsed (scored 0 and counted in n)" }),
    },
    response: {
      tasks: z
        .array(z.enum(LONGCODEU_TASKS))
        .optional()
        .openapi({ description: "LongCodeU only: the task columns, in the paper's order" }),
      paper_reference: z.array(PaperReferenceSchema).optional().openapi({
        description:
          "LongCodeU only, with metric=recall and bucket=all: the paper's Table 3 (recall metrics over all lengths, its own data set), a reference apart from the rows",
      }),
    },
    breakdown: {
      longcodeu: LongCodeUBreakdownSchema.optional().openapi({
        description:
          "LongCodeU only: the task x length-bucket grid with recall and precision. There `thresholds`, `depth`, `length` and `heatmap` are empty (LongCodeU has no threshold).",
      }),
    },
  },
};
