/** The toy family's scorer and oracle: the answer's first word against the item's word. */
import type { SampleVerdict } from "../../../src/benchmarks/types";
import type { ToyItem } from "./dataset";

export const TOY_SCORER_VERSION = "toy-scorer-1";

/** The word the item asks for: what the oracle baseline answers. */
export const toyOracle = (item: ToyItem) => item.words[item.index];

/** Passes when the answer's first word is the item's word (case and surrounding punctuation ignored). */
export function scoreToy(item: ToyItem, output: string): SampleVerdict {
  const answered = (output.trim().split(/\s+/)[0] ?? "").replace(/^\W+|\W+$/g, "").toLowerCase();
  const passed = answered === toyOracle(item);
  return { passed, score: passed ? 1 : 0, detail: { answered } };
}
