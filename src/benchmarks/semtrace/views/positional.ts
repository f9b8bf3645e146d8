/** Names, numbers and links shared by the positional benchmarks' pages. */
import type { PositionalBenchmark } from "../dataset/ids";

/** Short names, in the order of the paper's Figure 2 (least to most sensitive to position). */
export const SHORT_NAMES: Record<PositionalBenchmark, string> = {
  "lexical-recall": "Lexical recall",
  "cruxeval-o": "CRUXEval-O",
  semtrace: "SemTrace",
};

/** A drop (0 … 1) in percent with two decimals, as the paper prints them ("92.73"); "–" for none. */
export function dropPct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : (v * 100).toFixed(2);
}

/** Query parameters of a positional page: benchmark, dataset and a kind other than "all" (thresholds mean nothing there). */
export function positionalParams(benchmark: string, dataset: string, kind?: string): Record<string, string> {
  return { benchmark, ...(dataset ? { dataset } : {}), ...(kind && kind !== "all" ? { kind } : {}) };
}
