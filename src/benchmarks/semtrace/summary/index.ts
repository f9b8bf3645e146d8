/**
 * A run's results for the family: the (D x position) grid with the paper's relative accuracy, and
 * the sensitivity curve. Only scored samples count; errors and context overflows are counted apart.
 */
import { z } from "@hono/zod-openapi";
import { intSchema } from "../../../lib/middleware/openapi";
import { positionKey, relativeAccuracy } from "../leaderboard";
import type { SummarySample } from "../../types";
import { summarizeSensitivity } from "./sensitivity";

export interface GridCell {
  distractors: number;
  position: number;
  n: number;
  passed: number;
  accuracy: number;
  /** Mean partial score (SemTrace: fraction of list positions right). */
  mean_score: number;
  /** accuracy / the best position's accuracy at this D (null when that is 0): the paper's Figure 2. */
  relative: number | null;
  unresolved: number;
  unparseable: number;
}

export function positionalSummary(samples: readonly SummarySample[]) {
  const cells = new Map<string, GridCell>();
  for (const s of samples) {
    if (s.status !== "scored" || s.contextSize === null || s.position === null) continue;
    const key = `${s.contextSize}@${s.position}`;
    let c = cells.get(key);
    if (!c)
      cells.set(
        key,
        (c = {
          distractors: s.contextSize,
          position: s.position,
          n: 0,
          passed: 0,
          accuracy: 0,
          mean_score: 0,
          relative: null,
          unresolved: 0,
          unparseable: 0,
        }),
      );
    c.n++;
    if (s.passed) c.passed++;
    c.mean_score += s.score ?? 0;
    if (s.detail?.unresolved === true) c.unresolved++;
    if (s.detail?.unparseable === true) c.unparseable++;
  }
  const grid = [...cells.values()]
    .map((c) => ({ ...c, accuracy: c.passed / c.n, mean_score: c.mean_score / c.n }))
    .sort((a, b) => a.distractors - b.distractors || a.position - b.position);
  const total = (k: "unresolved" | "unparseable") => grid.reduce((n, c) => n + c[k], 0);
  // The leaderboard's definition, so a run's drop and its published entry's agree.
  const { relative, drops, median_drop } = relativeAccuracy(
    grid.map((c) => ({ distractors: c.distractors, position: c.position, rate: c.accuracy })),
  );
  for (const c of grid) c.relative = relative.get(`${positionKey(c.position)}|${c.distractors}`) ?? null;
  return { grid, drops, median_drop, unresolved: total("unresolved"), unparseable: total("unparseable") };
}

/** Snippets a sensitivity summary leaves out, by name (at most this many listed). */
const LISTED_SNIPPETS = 100;

/**
 * A sensitivity run's summary. A snippet needs a scored complete version (its R(C)); one whose
 * incomplete versions were scored without it (its sample ended in an error, or a dataset imported
 * before the import required it) is left out of every figure and counted in `without_complete`.
 */
export function sensitivitySummary(samples: readonly SummarySample[]) {
  const items = samples
    .filter(
      (s) => s.status === "scored" && typeof s.detail?.base === "string" && typeof s.detail?.fraction === "number",
    )
    .map((s) => ({
      base: s.detail!.base as string,
      fraction: s.detail!.fraction as number,
      correct: s.passed === true,
    }));
  const complete = new Set(items.filter((i) => i.fraction === 0).map((i) => i.base));
  const kept = items.filter((i) => complete.has(i.base));
  const left = items.filter((i) => !complete.has(i.base));
  const snippets = [...new Set(left.map((i) => i.base))];
  return {
    sensitivity: kept.length ? summarizeSensitivity(kept) : null,
    ...(left.length && {
      without_complete: {
        snippets: snippets.slice(0, LISTED_SNIPPETS),
        total: snippets.length,
        samples: left.length,
        note: `${snippets.length} snippet${snippets.length === 1 ? " has" : "s have"} scored incomplete versions but no scored complete version (its sample ended in an error, or the dataset holds none: re-import it), so sensitivity has no R(C) for ${snippets.length === 1 ? "it" : "them"}: ${left.length} sample${left.length === 1 ? " is" : "s are"} left out of these figures.`,
      },
    }),
  };
}

// ---- the OpenAPI schemas of the summaries (the results' `summary`: Benchmark.summarySchema) --------

export const PositionalSummarySchema = z
  .object({
    grid: z
      .array(
        z.object({
          distractors: intSchema(),
          position: z.number(),
          n: intSchema(),
          passed: intSchema(),
          accuracy: z.number(),
          mean_score: z
            .number()
            .openapi({ description: "Mean partial score (SemTrace: fraction of list positions right)" }),
          relative: z
            .number()
            .nullable()
            .openapi({ description: "accuracy / the best position's accuracy at this D; null when that is 0" }),
          unresolved: intSchema(),
          unparseable: intSchema(),
        }),
      )
      .openapi({ description: "One cell per (D, position) with scored samples, by D then position" }),
    drops: z.array(
      z.object({
        distractors: intSchema(),
        best: z.number(),
        min_relative: z.number().nullable(),
        min_position: z.string().nullable(),
        drop: z.number().nullable().openapi({ description: "1 - min_relative" }),
      }),
    ),
    median_drop: z.number().nullable(),
    unresolved: intSchema(),
    unparseable: intSchema(),
  })
  .openapi("PositionalSummary", {
    description:
      "The position × D grid with the paper's relative accuracy, the drops and their median (docs/semtrace.md)",
  });

export const SensitivityRunSummarySchema = z
  .object({
    sensitivity: z
      .object({
        per_snippet: z.object({ mean: z.number().nullable(), snippets: intSchema(), unsolved: intSchema() }),
        aggregate: z.number().nullable(),
        curve: z
          .array(z.object({ bucket: z.string(), lo: z.number(), hi: z.number(), n: intSchema(), accuracy: z.number() }))
          .openapi({ description: 'Accuracy by fraction removed: "0" (complete), then "0.0-0.1" … "0.9-1.0"' }),
      })
      .nullable()
      .openapi({ description: "null without scored samples (of snippets with a scored complete version)" }),
    without_complete: z
      .object({
        snippets: z
          .array(z.string())
          .openapi({ description: `The snippets left out (at most ${LISTED_SNIPPETS} listed)` }),
        total: intSchema("Snippets left out"),
        samples: intSchema("Their samples, left out of every figure"),
        note: z.string(),
      })
      .optional()
      .openapi({
        description:
          "Snippets whose incomplete versions were scored without a scored complete version: left out (absent when there are none)",
      }),
  })
  .openapi("SensitivityRunSummary", {
    description: "The accuracy curve by fraction of lines removed and the sensitivity (docs/semtrace.md)",
  });
