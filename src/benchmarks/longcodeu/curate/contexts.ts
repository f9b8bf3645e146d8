/**
 * Long contexts: which files (or documentation sections) make up one context of a length bucket.
 *
 * Layout of a code context (`code` and `stripped` kinds): each file as `# file: <path>` on its own
 * line followed by the file's code (trailing line breaks trimmed), files separated by one blank
 * line, a final line break. Docs contexts: see `docsContextText` in doc-sections.ts.
 *
 * Drawing one context for bucket [lo, hi) (PyRandom, seeded):
 * 1. shuffle the candidate items (files in path order, or sections in document order) with
 *    `random.shuffle`, then draw a target length `random.randrange(lo, hi)` (the last bucket's range
 *    includes 128K itself);
 * 2. take the required items (a DRA anchor's file and its callees' files), then add the other items
 *    in shuffled order, skipping any that would push the estimate past the bucket, until the
 *    estimate reaches the target;
 * 3. the items keep their shuffled order; the final text is counted exactly with the tokenizer and
 *    the draw is kept only when that count falls in the bucket (`bucketOf`), and when the same item
 *    set has not been drawn before for that pool.
 * The estimate adds each item's token count as it would stand after another item (a blank line
 * and its block), so it is exact up to the first item's leading-space token.
 */
import { LENGTH_BUCKETS, bucketOf, type LengthBucket } from "../dataset/index";
import type { PyRandom } from "../../../lib/datasets/pyrandom";

export interface CountingTokenizer {
  readonly name: string;
  readonly version?: string;
  count(text: string): number;
}

/** The block a file contributes to a code context. */
export function codeBlock(path: string, code: string): string {
  return `# file: ${path}\n${code.replace(/\n+$/, "")}`;
}

/** A code context's text from its blocks. */
export function joinCodeBlocks(blocks: readonly string[]): string {
  return blocks.join("\n\n") + "\n";
}

/** [lo, hi] as randrange bounds: the last bucket includes its upper end. */
export function bucketBounds(bucket: LengthBucket): { lo: number; hi: number; inclusive: boolean } {
  const i = LENGTH_BUCKETS.findIndex((b) => b.key === bucket);
  const b = LENGTH_BUCKETS[i];
  return { lo: b.lo, hi: b.hi, inclusive: i === LENGTH_BUCKETS.length - 1 };
}

/** Token count of a block as it stands after another block ("\n\n" + block + "\n"). */
export function blockCost(tokenizer: CountingTokenizer, block: string): number {
  return tokenizer.count(`\n\n${block}\n`) - tokenizer.count("\n");
}

/**
 * One draw (steps 1 and 2 of the module comment): the chosen items in shuffled order, or undefined
 * when the required items alone overshoot or everything falls short of the bucket.
 */
export function drawItems(
  rng: PyRandom,
  keys: readonly string[],
  required: ReadonlySet<string>,
  bucket: LengthBucket,
  cost: (key: string) => number,
): string[] | undefined {
  const { lo, hi, inclusive } = bucketBounds(bucket);
  const order = keys.slice();
  rng.shuffle(order);
  const target = rng.randrange(lo, inclusive ? hi + 1 : hi);
  const max = inclusive ? hi : hi - 1;
  let tokens = 0;
  const chosen = new Set<string>();
  for (const key of order) {
    if (!required.has(key)) continue;
    tokens += cost(key);
    chosen.add(key);
  }
  if (chosen.size !== required.size || tokens > max) return undefined;
  for (const key of order) {
    if (tokens >= target) break;
    if (chosen.has(key)) continue;
    const next = tokens + cost(key);
    if (next > max) continue;
    chosen.add(key);
    tokens = next;
  }
  if (tokens < lo || chosen.size === 0) return undefined;
  return order.filter((k) => chosen.has(k));
}

export interface DrawnContext {
  keys: string[];
  text: string;
  tokens: number;
  bucket: LengthBucket;
}

/**
 * A lazily drawn sequence of distinct contexts of one kind and bucket (one PyRandom stream). Tasks
 * walk it from the start, so different tasks share contexts while no task uses one twice.
 */
export class ContextPool {
  private readonly drawn: DrawnContext[] = [];
  private readonly seen = new Set<string>();
  private exhausted = false;

  constructor(
    private readonly rng: PyRandom,
    private readonly keys: readonly string[],
    private readonly bucket: LengthBucket,
    private readonly cost: (key: string) => number,
    private readonly compose: (keys: string[]) => string,
    private readonly tokenizer: CountingTokenizer,
    /** Consecutive failed or repeated draws after which the pool is considered exhausted. */
    private readonly patience = 24,
    /** At most this many contexts. */
    private readonly limit = 64,
  ) {
    const total = keys.reduce((s, k) => s + cost(k), 0);
    const { lo } = bucketBounds(bucket);
    if (keys.length === 0 || total < lo) this.exhausted = true;
  }

  /** The i-th context of the pool, drawing as needed; undefined past the end. */
  at(i: number): DrawnContext | undefined {
    while (this.drawn.length <= i && !this.exhausted) {
      const next = drawDistinct(
        this.rng,
        this.keys,
        new Set(),
        this.bucket,
        this.cost,
        this.compose,
        this.tokenizer,
        this.seen,
        this.patience,
      );
      if (!next || this.drawn.length + 1 >= this.limit) this.exhausted = true;
      if (next) this.drawn.push(next);
    }
    return this.drawn[i];
  }
}

/** Draws until a context whose item set is not in `seen` lands in the bucket (at most `patience` tries). */
export function drawDistinct(
  rng: PyRandom,
  keys: readonly string[],
  required: ReadonlySet<string>,
  bucket: LengthBucket,
  cost: (key: string) => number,
  compose: (keys: string[]) => string,
  tokenizer: CountingTokenizer,
  seen: Set<string>,
  patience: number,
  /** Checked before the (costly) exact count: a draw it refuses is not kept. */
  accept?: (keys: readonly string[]) => boolean,
): DrawnContext | undefined {
  for (let attempt = 0; attempt < patience; attempt++) {
    const chosen = drawItems(rng, keys, required, bucket, cost);
    if (!chosen) continue;
    const setKey = [...chosen].sort().join("\u0000");
    if (seen.has(setKey) || (accept && !accept(chosen))) continue;
    const text = compose(chosen);
    const tokens = tokenizer.count(text);
    if (bucketOf(tokens) !== bucket) continue;
    seen.add(setKey);
    return { keys: chosen, text, tokens, bucket };
  }
  return undefined;
}
