/**
 * Needle selection. The loop is the reference's `scripts/curate/needle_selection.py`: walk the
 * functions in order and keep one whose name is unique in the repository, whose body is at most
 * `maxBytes` bytes, and whose bin (`global_start_byte // (repo characters // bins)`) is still free;
 * then draw `min(count, candidates)` of them with Python's `random.sample`.
 * Ours, not the reference's: the reference drew without a seed; we seed Python's generator with a
 * recorded seed, so the draw is reproducible (also in Python). And `eligible` (docstring mode) is
 * tested before a function claims its bin, so an ineligible function does not waste the bin.
 */
import type { ReleaseFunction } from "../dataset/release";
import { codePointLength, type RepoFunctions } from "./functions";
import { PyRandom } from "../../../lib/datasets/pyrandom";

export interface NeedleOptions {
  seed: number;
  /** Needles per repository (reference: 10). */
  count: number;
  /** Bins over the repository's characters (reference: 64). */
  bins: number;
  /** Longest needle in bytes, `end_byte - start_byte` (reference: 2000). */
  maxBytes: number;
  /** Extra eligibility test (docstring mode keeps only documented functions). */
  eligible?: (path: string, fn: ReleaseFunction) => boolean;
}

export const DEFAULT_NEEDLE_OPTIONS = { seed: 0, count: 10, bins: 64, maxBytes: 2000 } as const;

export type SelectedNeedle = ReleaseFunction & { path: string };

export class NeedleSelectionError extends Error {}

export function selectNeedles(
  content: Record<string, string>,
  functions: RepoFunctions,
  opts: NeedleOptions,
): SelectedNeedle[] {
  if (opts.count < 1 || opts.bins < opts.count) {
    throw new NeedleSelectionError(
      `bins (${opts.bins}) must be at least the needle count (${opts.count}), which must be positive`,
    );
  }
  const repoChars = Object.values(content).reduce((n, text) => n + codePointLength(text), 0);
  const binSize = Math.floor(repoChars / opts.bins);
  if (binSize === 0)
    throw new NeedleSelectionError(`the repository has ${repoChars} characters, fewer than the ${opts.bins} bins`);

  const occurrences = new Map<string, number>();
  for (const fns of Object.values(functions))
    for (const fn of fns) occurrences.set(fn.name, (occurrences.get(fn.name) ?? 0) + 1);

  const takenBins = new Set<number>();
  const candidates: SelectedNeedle[] = [];
  for (const [path, fns] of Object.entries(functions)) {
    for (const fn of fns) {
      if (occurrences.get(fn.name) !== 1) continue;
      if (fn.end_byte! - fn.start_byte! > opts.maxBytes) continue;
      const bin = Math.floor(fn.global_start_byte! / binSize);
      if (takenBins.has(bin)) continue;
      if (opts.eligible && !opts.eligible(path, fn)) continue;
      takenBins.add(bin);
      candidates.push({ ...fn, path });
    }
  }
  return new PyRandom(opts.seed).sample(candidates, Math.min(opts.count, candidates.length));
}
