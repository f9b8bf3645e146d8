/**
 * The contexts one repository's examples are drawn from: a pool per kind and length bucket (each
 * with its own seeded stream), the cost of each file's or section's block, and the code view of each
 * drawn context, all cached for the repository's build.
 */
import { BUCKET_KEYS, type LengthBucket } from "../dataset/index";
import { PyRandom } from "../../../lib/datasets/pyrandom";
import {
  ContextPool,
  blockCost,
  codeBlock,
  joinCodeBlocks,
  type CountingTokenizer,
  type DrawnContext,
} from "./contexts";
import { docsBlock, docsContextText, type DocSection } from "./doc-sections";
import { codeView, unitKey, type CodeView, type Fresh } from "./examples";
import type { RepoModel } from "./repo";

const STREAM = { code: 0, stripped: 1, docs: 2 } as const;
/** The stream of CU_P's contexts under `bornAfter`, past the streams of the tasks (3 + 7 = 10). */
const FRESH_CODE_STREAM = 11;

export function streamSeed(seed: number, repoIndex: number, stream: number, bucket: LengthBucket): number {
  return seed * 2 ** 20 + repoIndex * 2 ** 7 + stream * 8 + BUCKET_KEYS.indexOf(bucket);
}

/** One repository's context pools, block costs and code views. */
export class ContextDraws {
  private readonly pools = new Map<string, ContextPool>();
  private readonly views = new Map<string, CodeView>();
  private readonly costs = {
    code: new Map<string, number>(),
    stripped: new Map<string, number>(),
    docs: new Map<string, number>(),
  };

  constructor(
    private readonly repo: RepoModel,
    private readonly sectionById: Map<string, DocSection>,
    private readonly repoIndex: number,
    private readonly seed: number,
    private readonly tokenizer: CountingTokenizer,
    private readonly perBucket: number,
  ) {}

  rng(stream: number, bucket: LengthBucket): PyRandom {
    return new PyRandom(streamSeed(this.seed, this.repoIndex, stream, bucket));
  }

  /** Items (and their blocks) a context of `kind` can be made of. */
  private itemKeys(kind: "code" | "stripped" | "docs"): string[] {
    if (kind === "docs") return [...this.sectionById.keys()];
    if (kind === "code") return this.repo.eligible;
    return this.repo.eligible.filter((p) => this.repo.stripped(p));
  }

  private block(kind: "code" | "stripped" | "docs", key: string): string {
    if (kind === "docs") return docsBlock(99, this.sectionById.get(key)!.text);
    const file = kind === "code" ? this.repo.files.get(key)! : this.repo.stripped(key)!;
    return codeBlock(key, file.code);
  }

  cost(kind: "code" | "stripped" | "docs"): (key: string) => number {
    const cache = this.costs[kind];
    return (key) => {
      let c = cache.get(key);
      if (c === undefined) cache.set(key, (c = blockCost(this.tokenizer, this.block(kind, key))));
      return c;
    };
  }

  compose(kind: "code" | "stripped" | "docs"): (keys: string[]) => string {
    if (kind === "docs") return (keys) => docsContextText(keys.map((k) => this.sectionById.get(k)!));
    return (keys) => joinCodeBlocks(keys.map((k) => this.block(kind, k)));
  }

  pool(kind: "code" | "stripped" | "docs", bucket: LengthBucket): ContextPool {
    const key = `${kind}/${bucket}`;
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new ContextPool(
        this.rng(STREAM[kind], bucket),
        this.itemKeys(kind),
        bucket,
        this.cost(kind),
        this.compose(kind),
        this.tokenizer,
        24,
        Math.max(16, this.perBucket * 8),
      );
      this.pools.set(key, pool);
    }
    return pool;
  }

  /** CU_P's contexts under `bornAfter`: drawn from the files whose top-level functions are all fresh. */
  freshCodePool(bucket: LengthBucket, fresh: Fresh): ContextPool {
    const key = `code-fresh/${bucket}`;
    let pool = this.pools.get(key);
    if (!pool) {
      const keys = this.repo.eligible.filter((path) =>
        this.repo.files
          .get(path)!
          .units.filter((u) => u.kind === "function" && u.topLevel)
          .every((u) => fresh(unitKey(path, u))),
      );
      pool = new ContextPool(
        this.rng(FRESH_CODE_STREAM, bucket),
        keys,
        bucket,
        this.cost("code"),
        this.compose("code"),
        this.tokenizer,
        24,
        Math.max(16, this.perBucket * 8),
      );
      this.pools.set(key, pool);
    }
    return pool;
  }

  view(kind: "code" | "stripped", drawn: DrawnContext): CodeView {
    const key = `${kind}\u0000${drawn.keys.join("\u0000")}`;
    let view = this.views.get(key);
    if (!view) {
      const original = (p: string) => this.repo.files.get(p)!;
      view = codeView(
        kind,
        drawn.keys,
        drawn.text,
        kind === "code" ? original : (p) => this.repo.stripped(p)!,
        original,
        (code) => this.repo.scorable(code),
      );
      this.views.set(key, view);
    }
    return view;
  }
}
