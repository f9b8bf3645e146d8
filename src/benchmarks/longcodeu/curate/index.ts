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
  LONGCODEU_TASKS,
  RELEASE_FORMAT,
  ReleaseSchema,
  RepoPartSchema,
  type LengthBucket,
  type LongCodeURelease,
  type LongCodeUTask,
  type RepoPart,
} from "../dataset/index";
import type { LoadedLanguage } from "../../../lib/code/parser";
import type { CountingTokenizer } from "./contexts";
import { DATA_FLOW_RULES, DATA_FLOW_RULESET } from "./data-flow";
import type { BornAfter } from "../../../lib/born";
import { FreshCounts } from "./fresh-counts";
import { RepoBuilder } from "./repo-builder";
import type { RepoInput } from "./repo";
import { lexicalSimilarity, type Similarity } from "./similarity";

export type { RepoInput } from "./repo";
export type { CountingTokenizer } from "./contexts";
export { lexicalSimilarity, embeddingSimilarity, type Similarity, type SimilarityInfo } from "./similarity";
export { streamSeed } from "./draws";

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
