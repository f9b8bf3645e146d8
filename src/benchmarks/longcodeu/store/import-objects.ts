/** The R2 side of a LongCodeU import: where contexts are stored, what they carry, bounded parallel reads and writes. */
import type { Env } from "../../../lib/env";
import type { LengthBucket, LongContext } from "../dataset/index";
import { longcodeuKeys } from "../dataset/ids";

/** R2 reads and writes in flight at once. */
export const R2_CONCURRENCY = 8;

/** Where a dataset's contexts are stored (one object each). */
export const contextsPrefix = (datasetId: string) => longcodeuKeys.context(datasetId, "").slice(0, -".json".length);

/** What a stored context carries in its R2 custom metadata: all the commit and examples parts need. */
export interface ContextMeta {
  part: string;
  /** The sha256 of the part that wrote it: an object left by a cut-off try of other content does not count. */
  part_sha256: string;
  /** Position in its part. */
  index: string;
  repo: string;
  kind: LongContext["kind"];
  tokens: string;
  bucket: LengthBucket;
  sha256: string;
}

/**
 * Runs `f` over `items` with at most `limit` in flight. After a failure nothing new starts, and it
 * rejects only once the calls in flight have ended, so a clean-up never races a late write.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  f: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await f(items[i], i);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
}

/** Every stored context's metadata, from R2's listing (1000 a page). */
export async function storedContexts(
  env: Env,
  datasetId: string,
): Promise<(ContextMeta & { id: string; key: string })[]> {
  const prefix = contextsPrefix(datasetId);
  const out: (ContextMeta & { id: string; key: string })[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.DATASETS.list({ prefix, cursor, include: ["customMetadata"] });
    for (const o of page.objects)
      out.push({
        ...(o.customMetadata as unknown as ContextMeta),
        id: o.key.slice(prefix.length, -".json".length),
        key: o.key,
      });
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}
