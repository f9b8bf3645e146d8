/**
 * Building a LongCodeU release from repositories' files (pure: the Node command reads the disk,
 * loads tree-sitter, the tokenizer and an embedding client, and hands them in).
 *
 * The paper's stages (§3.2) as implemented: ② parse with tree-sitter (python-units.ts, calls.ts,
 * data-flow.ts) and rank similar units (similarity.ts); ③ requirements are docstrings; ④
 * documentation sections (doc-sections.ts; the paper annotated them by hand, here the sections a
 * heading or docstring ties to exactly one API are used); ⑤ trivial units excluded, files drawn at
 * random, no context used twice by one task (contexts.ts); ⑥ examples per task and length bucket
 * (examples.ts).
 *
 * Order and randomness (deterministic for a seed: the same inputs and options give byte-identical
 * JSON): tasks in the paper's order, each over the requested buckets in order; every random draw
 * goes through PyRandom (CPython's `random`) seeded with
 * `seed * 2**20 + repo_index * 2**7 + stream * 8 + bucket_index`, where stream 0 draws code
 * contexts, 1 stripped contexts, 2 docs contexts and 3 + i the choices of task i (LONGCODEU_TASKS
 * order). Code contexts are shared by CU_P, CU_DFA and SRE (each walks the same drawn sequence from
 * its start, skipping contexts it cannot use); DRA draws its own contexts around an anchor. A context
 * is stored once per repository part; ids are `<repo slug>-<kind>-<nnnn>` in order of first use,
 * example ids `<TASK>-<repo slug>-<nnnn>` per task.
 */
import {
  BUCKET_KEYS,
  LONGCODEU_LIMITS,
  LONGCODEU_TASKS,
  RELEASE_FORMAT,
  ReleaseSchema,
  RepoPartSchema,
  type LengthBucket,
  type LongCodeURelease,
  type LongCodeUTask,
  type LongContext,
  type RepoPart,
} from "../dataset/index";
import { PyRandom } from "../../../lib/datasets/pyrandom";
import type { LoadedLanguage } from "../../../lib/code/parser";
import {
  ContextPool,
  blockCost,
  codeBlock,
  drawDistinct,
  joinCodeBlocks,
  type CountingTokenizer,
  type DrawnContext,
} from "./contexts";
import { DATA_FLOW_RULES, DATA_FLOW_RULESET } from "./data-flow";
import { docsBlock, docsContextText, type DocSection } from "./doc-sections";
import { isBornAfter, type BornAfter } from "../../../lib/born";
import { combineBirths, provenanceOf, type DatingTarget, type TargetBorn } from "../../../lib/dating/dating";
import {
  codeView,
  cuDataFlow,
  cuPerception,
  cuSemanticAnalysis,
  dependencyRelation,
  documentationUnderstanding,
  draAnchors,
  sectionKey,
  semanticRelation,
  unitKey,
  type CodeView,
  type ExampleBody,
  type Fresh,
} from "./examples";
import { RepoModel, type RepoInput } from "./repo";
import { lexicalSimilarity, type Similarity } from "./similarity";

export type { RepoInput } from "./repo";
export type { CountingTokenizer } from "./contexts";
export { lexicalSimilarity, embeddingSimilarity, type Similarity, type SimilarityInfo } from "./similarity";

export interface LongCodeUBuildInput {
  repos: readonly RepoInput[];
  lang: LoadedLanguage;
  /** CodeLlama's in production (`codeLlamaTokenizer`, ready); anything with `count` in tests. */
  tokenizer: CountingTokenizer;
  seed: number;
  /** Examples per task per bucket (default 2). */
  perBucket?: number;
  buckets?: readonly LengthBucket[];
  tasks?: readonly LongCodeUTask[];
  /** SRE ground truth (default: the lexical similarity). */
  similarity?: Similarity;
  /** Merged into the release's `build` record. */
  build?: Record<string, unknown>;
  /**
   * Only examples whose answer is all born strictly after this day (needs each repository's `dating`;
   * undated code never passes). The contexts around them stay as drawn, except CU_P's, whose answer
   * is every function of its context: it draws from the files whose functions are all fresh.
   */
  bornAfter?: BornAfter;
  /**
   * With `bornAfter`: whether a task left without any example stops the build (default true, as the
   * command wants); a scheduled refresh building one source at a time keeps the tasks it can fill.
   */
  requireEveryTask?: boolean;
  log?: (line: string) => void;
}

/**
 * The version of the ground-truth rules (python-units.ts, calls.ts, examples.ts), recorded as the
 * release's `build.builder`; bumped whenever the same inputs would give other examples or answers.
 * Releases without it were built with @1. @2: a name defined several times resolves to its last
 * definition and overload stubs are never callees (DRA); anchors and answers are never nested in a
 * function at any depth, and no unit enclosing the anchor is an SRE answer; CodeBLEU-scored
 * answers and code anchors are self-scorable, and so are LDU's sections (BLEU 1 against
 * themselves); CU_P lists every `def` binding a module name (also in module-level
 * with/for/while/match blocks) once per file, at its first definition.
 */
export const BUILDER_VERSION = "longcodeu-build@2";

const STREAM = { code: 0, stripped: 1, docs: 2 } as const;
/** The stream of CU_P's contexts under `bornAfter`, past the streams of the tasks (3 + 7 = 10). */
const FRESH_CODE_STREAM = 11;
/** Draws tried around one DRA anchor before moving on to the next. */
const DRA_DRAWS_PER_ANCHOR = 4;
/** DRA anchors tried per bucket. */
const DRA_ANCHOR_TRIES = 48;

export function streamSeed(seed: number, repoIndex: number, stream: number, bucket: LengthBucket): number {
  return seed * 2 ** 20 + repoIndex * 2 ** 7 + stream * 8 + BUCKET_KEYS.indexOf(bucket);
}

/** A URL- and id-safe slug of a repository name. */
export function repoSlug(repo: string): string {
  const slug = repo
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "repo";
}

type Counts = Partial<Record<LongCodeUTask, Partial<Record<LengthBucket, number>>>>;

/** A release without its repositories' parts: what a streamed build returns once every part is out. */
export type ReleaseHead = Omit<LongCodeURelease, "repos">;

/** Builds and validates a release (throws when no repository yields an example). */
export async function buildLongCodeURelease(input: LongCodeUBuildInput): Promise<LongCodeURelease> {
  const parts: RepoPart[] = [];
  const head = await buildLongCodeUParts(input, (part) => {
    parts.push(part);
  });
  const release: LongCodeURelease = { ...head, repos: parts };
  const checked = ReleaseSchema.safeParse(release);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new Error(`the built release fails ReleaseSchema at ${issue.path.join(".")}: ${issue.message}`);
  }
  return release;
}

/**
 * Builds a release one repository at a time, handing each validated part to `emit` as soon as it is
 * built (the command writes it to disk and lets it go: a release is never whole in memory), and
 * returns the rest of the release. Same parts, in the same order, as buildLongCodeURelease.
 */
export async function buildLongCodeUParts(
  input: LongCodeUBuildInput,
  emit: (part: RepoPart) => void | Promise<void>,
): Promise<ReleaseHead> {
  const tasks = LONGCODEU_TASKS.filter((t) => (input.tasks ?? LONGCODEU_TASKS).includes(t));
  const buckets = BUCKET_KEYS.filter((b) => (input.buckets ?? BUCKET_KEYS).includes(b));
  const perBucket = input.perBucket ?? 2;
  const similarity = input.similarity ?? lexicalSimilarity;
  const log = input.log ?? (() => {});
  if (!Number.isSafeInteger(input.seed) || Math.abs(input.seed) >= 2 ** 32)
    throw new RangeError("seed must be an integer with |seed| < 2^32");
  if (!Number.isInteger(perBucket) || perBucket < 1) throw new RangeError("perBucket must be a positive integer");
  if (input.repos.length > 1000) throw new RangeError("at most 1000 repositories");

  let emitted = 0;
  const fresh = new FreshCounts();
  const counts: Counts = {};
  const repoCounts: Record<string, Counts> = {};
  const slugs = new Set<string>();
  const skippedRepos: string[] = [];
  for (const [repoIndex, repoInput] of input.repos.entries()) {
    let slug = repoSlug(repoInput.repo);
    for (let n = 2; slugs.has(slug); n++) slug = `${repoSlug(repoInput.repo).slice(0, 56)}-${n}`;
    slugs.add(slug);
    const builder = new RepoBuilder(
      input.lang,
      repoInput,
      repoIndex,
      slug,
      input.seed,
      input.tokenizer,
      similarity,
      perBucket,
      input.bornAfter,
    );
    await builder.prepare();
    log(
      `  ${repoInput.repo}: ${builder.repo.files.size} Python files (${builder.repo.eligible.length} usable), ${builder.repo.sections.length} documentation sections`,
    );
    const own: Counts = {};
    for (const task of tasks) {
      for (const bucket of buckets) {
        const n = await builder.build(task, bucket);
        if (n === 0) continue;
        (own[task] ??= {})[bucket] = n;
        const total = (counts[task] ??= {});
        total[bucket] = (total[bucket] ?? 0) + n;
      }
    }
    const part = await builder.part();
    fresh.add(builder.freshCounts());
    if (!part) {
      skippedRepos.push(repoInput.repo);
      log(`  ${repoInput.repo}: no examples (too small for the requested buckets?)`);
      continue;
    }
    const checked = RepoPartSchema.safeParse(part);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new Error(
        `the built part of ${repoInput.repo} fails RepoPartSchema at ${issue.path.join(".")}: ${issue.message}`,
      );
    }
    repoCounts[slug] = own;
    await emit(part);
    emitted++;
  }
  if (input.bornAfter && input.requireEveryTask !== false) {
    const missing = tasks.filter((t) => !Object.keys(counts[t] ?? {}).length);
    if (missing.length)
      throw new Error(
        `--born-after ${input.bornAfter.after} leaves no example for ${missing.join(", ")} ` +
          `(${fresh.describe()}; examples kept: ${tasks.map((t) => `${t} ${sum(counts[t])}`).join(", ")}). ` +
          "Drop those tasks with --tasks, choose an earlier date, or build from newer code.",
      );
  }
  if (emitted === 0)
    throw new Error(
      `no examples could be built from ${input.repos.map((r) => r.repo).join(", ")} for buckets ${buckets.join(", ")}`,
    );

  const notes: string[] = [];
  if (tasks.includes("LDU"))
    notes.push(
      "LDU sections are tied to APIs automatically (a docstring, or a heading naming exactly that API as code), not annotated by hand as in the paper.",
    );
  if (skippedRepos.length) notes.push(`Repositories without any example: ${skippedRepos.join(", ")}.`);
  return {
    format: RELEASE_FORMAT,
    seed: input.seed,
    language: "python",
    build: {
      tool: "needlework longcodeu build",
      builder: BUILDER_VERSION,
      ...input.build,
      tasks,
      buckets,
      per_bucket: perBucket,
      similarity: similarity.info,
      data_flow: { ruleset: DATA_FLOW_RULESET, rules: [...DATA_FLOW_RULES] },
      tokenizer: { name: input.tokenizer.name, version: input.tokenizer.version ?? null },
      ...(input.bornAfter ? { born_after: input.bornAfter.after } : {}),
      counts,
      /** Per repository part, keyed by its slug (the id prefix). */
      repo_counts: repoCounts,
      notes,
    },
  };
}

const sum = (byBucket: Partial<Record<LengthBucket, number>> | undefined) =>
  Object.values(byBucket ?? {}).reduce((n, k) => n + (k ?? 0), 0);

/** What `--born-after` kept of the code answers may use, over every repository: for the refusal's message. */
interface FreshCount {
  candidates: number;
  dated: number;
  fresh: number;
}

class FreshCounts {
  readonly units: FreshCount = { candidates: 0, dated: 0, fresh: 0 };
  readonly sections: FreshCount = { candidates: 0, dated: 0, fresh: 0 };

  add(more: { units: FreshCount; sections: FreshCount }): void {
    for (const kind of ["units", "sections"] as const)
      for (const k of ["candidates", "dated", "fresh"] as const) this[kind][k] += more[kind][k];
  }

  describe(): string {
    const one = (c: FreshCount, what: string) =>
      `${c.fresh} of ${c.candidates} candidate ${what} born after it ` +
      `(${c.dated} dated, ${c.candidates - c.dated} undated)`;
    return `${one(this.units, "units")}; ${one(this.sections, "documentation sections")}`;
  }
}

/** Builds one repository's examples task by task. */
class RepoBuilder {
  readonly repo: RepoModel;
  private readonly contexts = new Map<string, LongContext>();
  private readonly contextCounter = { code: 0, stripped: 0, docs: 0 };
  private readonly examples: RepoPart["examples"] = [];
  private readonly exampleCounter: Partial<Record<LongCodeUTask, number>> = {};
  private readonly pools = new Map<string, ContextPool>();
  private readonly views = new Map<string, CodeView>();
  private readonly costs = {
    code: new Map<string, number>(),
    stripped: new Map<string, number>(),
    docs: new Map<string, number>(),
  };
  private readonly sectionById: Map<string, DocSection>;
  private readonly draAnchorCache = new Map<boolean, ReturnType<typeof draAnchors>>();
  /** Births of the parts dated so far (examples.ts part keys). */
  private readonly births = new Map<string, TargetBorn>();
  /** Each example's parts, by example id. */
  private readonly partsOf = new Map<string, string[]>();
  /** With `bornAfter`: whether a part is born after it. */
  private readonly fresh: Fresh | undefined;

  constructor(
    lang: LoadedLanguage,
    private readonly input: RepoInput,
    private readonly repoIndex: number,
    private readonly slug: string,
    private readonly seed: number,
    private readonly tokenizer: CountingTokenizer,
    private readonly similarity: Similarity,
    private readonly perBucket: number,
    private readonly bornAfter?: BornAfter,
  ) {
    this.repo = new RepoModel(lang, input);
    this.sectionById = new Map(
      this.repo.sections.filter((s) => s.text.length <= LONGCODEU_LIMITS.unitChars).map((s) => [s.id, s]),
    );
    this.fresh = bornAfter
      ? (key) => {
          const born = this.births.get(key)?.born;
          return !!born && isBornAfter(born, bornAfter);
        }
      : undefined;
  }

  /** Every part an answer may use: units not nested in a function, of the files contexts are made of, and sections. */
  private candidateKeys(): { units: string[]; sections: string[] } {
    const units = this.repo.eligible.flatMap((path) =>
      this.repo.files
        .get(path)!
        .units.filter((u) => !u.inFunction)
        .map((u) => unitKey(path, u)),
    );
    return { units, sections: [...this.sectionById.values()].map(sectionKey) };
  }

  /** With `bornAfter`, dates every candidate part before examples are chosen (else only answers' parts, at the end). */
  async prepare(): Promise<void> {
    if (!this.bornAfter) return;
    if (!this.input.dating)
      throw new Error(`--born-after needs a source that can be dated; ${this.input.repo} has none`);
    const { units, sections } = this.candidateKeys();
    await this.date([...units, ...sections]);
  }

  private async date(keys: readonly string[]): Promise<void> {
    const wanted = [...new Set(keys)].filter((k) => !this.births.has(k));
    const targets = wanted
      .map((k) => this.repo.datingTarget(k, this.sectionById))
      .filter((t): t is DatingTarget => !!t && t.body.trim() !== "");
    const got = targets.length ? await this.input.dating!.dates(targets) : new Map<string, TargetBorn>();
    for (const k of wanted) this.births.set(k, got.get(k) ?? { born: null, rule: null, reason: "not-found" });
  }

  /** How many candidate parts `bornAfter` dated and kept (zeros without it). */
  freshCounts(): { units: FreshCount; sections: FreshCount } {
    const { units, sections } = this.bornAfter ? this.candidateKeys() : { units: [], sections: [] };
    const count = (keys: string[]): FreshCount => ({
      candidates: keys.length,
      dated: keys.filter((k) => this.births.get(k)?.born).length,
      fresh: keys.filter((k) => this.fresh?.(k)).length,
    });
    return { units: count(units), sections: count(sections) };
  }

  private rng(stream: number, bucket: LengthBucket): PyRandom {
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

  private cost(kind: "code" | "stripped" | "docs"): (key: string) => number {
    const cache = this.costs[kind];
    return (key) => {
      let c = cache.get(key);
      if (c === undefined) cache.set(key, (c = blockCost(this.tokenizer, this.block(kind, key))));
      return c;
    };
  }

  private compose(kind: "code" | "stripped" | "docs"): (keys: string[]) => string {
    if (kind === "docs") return (keys) => docsContextText(keys.map((k) => this.sectionById.get(k)!));
    return (keys) => joinCodeBlocks(keys.map((k) => this.block(kind, k)));
  }

  private pool(kind: "code" | "stripped" | "docs", bucket: LengthBucket): ContextPool {
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
  private freshCodePool(bucket: LengthBucket, fresh: Fresh): ContextPool {
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

  private view(kind: "code" | "stripped", drawn: DrawnContext): CodeView {
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

  /** Builds up to perBucket examples of `task` in `bucket`; returns how many. */
  async build(task: LongCodeUTask, bucket: LengthBucket): Promise<number> {
    const rng = this.rng(3 + LONGCODEU_TASKS.indexOf(task), bucket);
    let made = 0;
    if (task === "DRA_T1" || task === "DRA_T2") {
      const t2 = task === "DRA_T2";
      let anchors = this.draAnchorCache.get(t2);
      if (!anchors) this.draAnchorCache.set(t2, (anchors = draAnchors(this.repo, t2, this.fresh)));
      const order = anchors.slice();
      rng.shuffle(order);
      const seen = new Set<string>();
      for (const anchor of order.slice(0, DRA_ANCHOR_TRIES)) {
        if (made >= this.perBucket) break;
        const required = new Set([anchor.path, ...anchor.callees.map((c) => c.path)]);
        // The anchor's name must be unique in the context (checked again on the view).
        const unique = (keys: readonly string[]) =>
          keys.reduce(
            (n, p) =>
              n +
              this.repo.files.get(p)!.units.filter((u) => u.kind === "function" && u.name === anchor.unit.name).length,
            0,
          ) === 1;
        const drawn = drawDistinct(
          rng,
          this.repo.eligible,
          required,
          bucket,
          this.cost("code"),
          this.compose("code"),
          this.tokenizer,
          seen,
          DRA_DRAWS_PER_ANCHOR,
          unique,
        );
        if (!drawn) continue;
        const body = dependencyRelation(this.view("code", drawn), anchor, this.repo, t2);
        if (body) {
          this.add(task, "code", drawn, body);
          made++;
        }
      }
      return made;
    }
    const kind = task === "CU_SA" ? "stripped" : task === "LDU" ? "docs" : "code";
    const pool = task === "CU_P" && this.fresh ? this.freshCodePool(bucket, this.fresh) : this.pool(kind, bucket);
    for (let i = 0; made < this.perBucket; i++) {
      const drawn = pool.at(i);
      if (!drawn) break;
      let body: ExampleBody | undefined;
      if (task === "LDU")
        body = documentationUnderstanding(
          drawn.keys.map((k) => this.sectionById.get(k)!),
          this.repo,
          rng,
          this.fresh,
        );
      else {
        const view = this.view(kind as "code" | "stripped", drawn);
        if (task === "CU_P") body = cuPerception(view, this.fresh);
        else if (task === "CU_SA") body = cuSemanticAnalysis(view, rng, this.fresh);
        else if (task === "CU_DFA") body = cuDataFlow(view, rng, this.fresh);
        else body = await semanticRelation(view, rng, this.similarity, task === "SRE_T2", this.fresh);
      }
      if (body) {
        this.add(task, kind, drawn, body);
        made++;
      }
    }
    return made;
  }

  private add(task: LongCodeUTask, kind: LongContext["kind"], drawn: DrawnContext, body: ExampleBody): void {
    const key = `${kind}\u0000${drawn.keys.join("\u0000")}`;
    let context = this.contexts.get(key);
    if (!context) {
      const n = ++this.contextCounter[kind];
      const files = kind === "docs" ? [...new Set(drawn.keys.map((k) => this.sectionById.get(k)!.path))] : drawn.keys;
      context = {
        id: `${this.slug}-${kind}-${String(n).padStart(4, "0")}`,
        kind,
        files,
        text: drawn.text,
        tokens: drawn.tokens,
        bucket: drawn.bucket,
      };
      this.contexts.set(key, context);
    }
    const n = (this.exampleCounter[task] = (this.exampleCounter[task] ?? 0) + 1);
    const id = `${task}-${this.slug}-${String(n).padStart(4, "0")}`;
    this.partsOf.set(id, body.parts);
    this.examples.push({
      id,
      task,
      context: context.id,
      anchor: body.anchor,
      answer: body.answer,
      meta: body.meta,
    });
  }

  /**
   * The repository's part. With a dating, each example gets `born`, the earliest birth among its
   * parts (undated when any part is), and the source its provenance.
   */
  async part(): Promise<RepoPart | undefined> {
    if (this.examples.length === 0) return undefined;
    const dating = this.input.dating;
    if (!dating)
      return {
        repo: this.input.repo,
        source: this.input.source ?? {},
        contexts: [...this.contexts.values()],
        examples: this.examples,
      };
    await this.date([...this.partsOf.values()].flat());
    const births = this.examples.map((e) =>
      combineBirths(
        this.partsOf.get(e.id)!.map((k) => this.births.get(k)!),
        "earliest",
      ),
    );
    return {
      repo: this.input.repo,
      source: { ...this.input.source, provenance: provenanceOf(dating, births) },
      contexts: [...this.contexts.values()],
      examples: this.examples.map((e, i) => ({ ...e, born: births[i].born })),
    };
  }
}
