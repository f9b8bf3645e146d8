/**
 * Search in a run's answers (docs/runs.md, "Searching the answers"; docs/limits.md). The answers
 * are R2 objects, one per sample, so a search cannot ask D1: it reads them. To keep a request's
 * cost bounded whatever the run's size, one request reads the stored outputs of at most
 * `SEARCH_SAMPLES` samples — the next ones of the filtered order — and parses at most `SEARCH_BYTES`
 * of them, then says how far it looked and links to go on from there. A sample page's previous /
 * next under a search look at most `SEARCH_NEAR` samples each way. The match is a case-insensitive
 * substring of the raw answer.
 */
import type { Env } from "../../../lib/env";
import type { StoredOutput } from "../../runs/store";
import type { SampleListRow } from "./queries";

/** Samples whose stored answers one search request reads at most. */
export const SEARCH_SAMPLES = 100;
/** Bytes of stored outputs one search request reads and parses at most. */
export const SEARCH_BYTES = 1_000_000;
/** Samples a sample page's previous / next look at each way under a search. */
export const SEARCH_NEAR = 25;
/** Outputs read at once. */
const CONCURRENCY = 10;
/** Characters of context either side of a match in its snippet. */
const SNIPPET = 60;

/** A match: the answer around its first occurrence. */
export interface Match {
  before: string;
  match: string;
  after: string;
}

export interface Scan {
  /** Matches by unit. */
  matches: Map<string, Match>;
  /** How many of the rows, from the first, were looked at (the rest: over the byte budget). */
  scanned: number;
  bytes: number;
  /** Units looked at but not searched: a stored output larger than the whole byte budget. */
  tooLong: string[];
}

/** The first occurrence of `needle` (lower case) in `text`, with its context; null when there is none. */
export function findIn(text: string, needle: string): Match | null {
  const at = text.toLowerCase().indexOf(needle);
  if (at < 0) return null;
  const from = Math.max(0, at - SNIPPET);
  const to = Math.min(text.length, at + needle.length + SNIPPET);
  return {
    before: (from > 0 ? "…" : "") + text.slice(from, at),
    match: text.slice(at, at + needle.length),
    after: text.slice(at + needle.length, to) + (to < text.length ? "…" : ""),
  };
}

/**
 * Looks for `query` in the stored answers of `rows`, in order, until the rows or `SEARCH_BYTES` run
 * out (at most `SEARCH_SAMPLES` rows are read: callers pass no more). A row without a stored output
 * (an error, a context overflow) is looked at without a read.
 */
export async function scanAnswers(
  env: Env,
  rows: readonly Pick<SampleListRow, "unit" | "outputKey">[],
  query: string,
): Promise<Scan> {
  const needle = query.toLowerCase();
  const matches = new Map<string, Match>();
  const tooLong: string[] = [];
  let bytes = 0;
  let scanned = 0;
  const limit = Math.min(rows.length, SEARCH_SAMPLES);
  for (let i = 0; i < limit; i += CONCURRENCY) {
    const chunk = rows.slice(i, Math.min(i + CONCURRENCY, limit));
    // The objects' sizes come before their bodies: a body is read only while the byte budget holds.
    const objects = await Promise.all(chunk.map((r) => (r.outputKey ? env.DATASETS.get(r.outputKey) : null)));
    for (let k = 0; k < chunk.length; k++) {
      const object = objects[k];
      if (object && object.size > SEARCH_BYTES) {
        await object.body.cancel();
        tooLong.push(chunk[k].unit);
        scanned++;
        continue;
      }
      if (object && bytes + object.size > SEARCH_BYTES) {
        await Promise.all(objects.slice(k).map((o) => o?.body.cancel()));
        return { matches, scanned, bytes, tooLong };
      }
      scanned++;
      if (!object) continue;
      bytes += object.size;
      const match = findIn(((await object.json()) as StoredOutput).output, needle);
      if (match) matches.set(chunk[k].unit, match);
    }
  }
  return { matches, scanned, bytes, tooLong };
}
