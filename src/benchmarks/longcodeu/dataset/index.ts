/**
 * The stored form of a LongCodeU dataset: what `npm run longcodeu -- build` writes and
 * `POST /v1/datasets/{id}/longcodeu` imports. A release holds one or more repositories; each
 * repository brings its long contexts (code, code with every comment and docstring removed, or
 * numbered documentation) and the examples of the eight tasks built on them.
 *
 * R2 layout, per dataset id:
 *   datasets/<id>/manifest.json                          the manifest (written last)
 *   datasets/<id>/longcodeu/contexts/<context id>.json   one context (`needlework/longcodeu-context@1`)
 *   datasets/<id>/longcodeu/<task>/<nnnn>.json           example shards of a task (`needlework/longcodeu-shard@1`)
 * D1 indexes one `tasks` row per example: task id `<language>::<TASK>::<example id>`, repo = the task.
 */
import { z } from "@hono/zod-openapi";

export const RELEASE_FORMAT = "needlework/longcodeu-release@1";
export const CONTEXT_FORMAT = "needlework/longcodeu-context@1";
export const EXAMPLE_SHARD_FORMAT = "needlework/longcodeu-shard@1";
/** The dataset row's `benchmark` for LongCodeU datasets. */
export const LONGCODEU_DATASET_BENCHMARK = "longcodeu";

/** The paper's eight tasks, in its table order. */
export const LONGCODEU_TASKS = ["CU_P", "CU_SA", "CU_DFA", "DRA_T1", "DRA_T2", "SRE_T1", "SRE_T2", "LDU"] as const;
export type LongCodeUTask = (typeof LONGCODEU_TASKS)[number];

/**
 * Length buckets of the long context, in CodeLlama tokens of the context text alone (1K = 1024):
 * [0, 8192), [8192, 16384), [16384, 32768), [32768, 65536), [65536, 131072].
 */
export const LENGTH_BUCKETS = [
  { key: "0-8K", lo: 0, hi: 8 * 1024 },
  { key: "8-16K", lo: 8 * 1024, hi: 16 * 1024 },
  { key: "16-32K", lo: 16 * 1024, hi: 32 * 1024 },
  { key: "32-64K", lo: 32 * 1024, hi: 64 * 1024 },
  { key: "64-128K", lo: 64 * 1024, hi: 128 * 1024 },
] as const;
export type LengthBucket = (typeof LENGTH_BUCKETS)[number]["key"];
export const BUCKET_KEYS = LENGTH_BUCKETS.map((b) => b.key) as [LengthBucket, ...LengthBucket[]];

/** The bucket of a context of `tokens` tokens (the last bucket includes 128K itself); null above 128K. */
export function bucketOf(tokens: number): LengthBucket | null {
  const last = LENGTH_BUCKETS[LENGTH_BUCKETS.length - 1];
  if (tokens === last.hi) return last.key;
  return LENGTH_BUCKETS.find((b) => tokens >= b.lo && tokens < b.hi)?.key ?? null;
}

/** Import limits (docs/limits.md). */
export const LONGCODEU_LIMITS = {
  /** Characters of one context (128K tokens of code is about 500 KB). */
  contextChars: 1_500_000,
  contextsPerRelease: 5_000,
  examplesPerTask: 20_000,
  unitChars: 200_000,
  /** Examples per stored shard, and so per examples part of a multi-part import (only a task's last part may hold fewer). */
  examplesPerShard: 200,
  /** Contexts per contexts part of a multi-part import. */
  contextsPerPart: 100,
} as const;

const Id = z.string().regex(/^[A-Za-z0-9_.~-]{1,120}$/, "letters, digits, '_', '.', '~' and '-', at most 120");
const Name = z.string().min(1).max(500);

/**
 * One long context as the model sees it. `code` contexts concatenate whole files, each introduced
 * by a `# file: <path>` line; `stripped` is the same with every comment and docstring removed
 * (CU_SA); `docs` is numbered documentation sections (LDU).
 */
export const ContextSchema = z.object({
  id: Id,
  kind: z.enum(["code", "stripped", "docs"]),
  /** Repository-relative paths of the files (or documents) the context is made of, in order. */
  files: z.array(z.string().max(500)).min(1).max(10_000),
  text: z.string().min(1).max(LONGCODEU_LIMITS.contextChars),
  /** CodeLlama tokens of `text`. */
  tokens: z.number().int().min(1),
  bucket: z.enum(BUCKET_KEYS),
});
export type LongContext = z.infer<typeof ContextSchema>;

/** A code unit of an answer (a function, method or class), as it appears in the context. */
export const CodeUnitSchema = z.object({
  /** The unit's simple name (`load`, not `Loader.load`): what a predicted unit is matched by. */
  name: Name,
  /** Qualified name within its file (`Loader.load`), for people reading results. */
  qualified: Name.optional(),
  path: z.string().max(500).optional(),
  code: z.string().min(1).max(LONGCODEU_LIMITS.unitChars),
});
export type CodeUnit = z.infer<typeof CodeUnitSchema>;

/**
 * What the model is given beyond the instruction and the context.
 * CU_P: nothing. CU_SA: requirement. CU_DFA: name (function) + variable. DRA_T1 / SRE_T1: name + code.
 * DRA_T2 / SRE_T2: name + requirement (the function's signature and docstring, body left out).
 * LDU: name (the API).
 */
export const AnchorSchema = z
  .object({
    name: Name.optional(),
    variable: Name.optional(),
    code: z.string().max(LONGCODEU_LIMITS.unitChars).optional(),
    requirement: z.string().max(LONGCODEU_LIMITS.unitChars).optional(),
  })
  .strict();

/**
 * The reference answer. CU_P: names (top-level functions in order). CU_SA: units (exactly one).
 * CU_DFA: lines (1-based line numbers in the context text, and the line's text).
 * DRA_*: units (the directly called repository functions/methods). SRE_*: units (top-5, most similar first).
 * LDU: section (its sequence number) and text (the section, without its markers).
 */
export const AnswerSchema = z
  .object({
    names: z.array(Name).max(10_000).optional(),
    units: z.array(CodeUnitSchema).max(1_000).optional(),
    lines: z
      .array(z.object({ line: z.number().int().min(1), text: z.string().max(10_000) }))
      .max(10_000)
      .optional(),
    section: z.number().int().min(1).optional(),
    text: z.string().max(LONGCODEU_LIMITS.unitChars).optional(),
  })
  .strict();

export const ExampleSchema = z.object({
  /** Unique in the dataset; the run unit id. The builder writes `<TASK>-<repo slug>-<nnnn>`. */
  id: Id,
  task: z.enum(LONGCODEU_TASKS),
  /** The context id (in the same repository part). */
  context: Id,
  anchor: AnchorSchema,
  answer: AnswerSchema,
  /** How the example was chosen (similarity scores, callee resolution...), recorded as given. */
  meta: z.record(z.string(), z.unknown()).optional(),
  /**
   * When the code its answer must reproduce was born (docs/contamination.md): the earliest birth
   * among the answer's parts (units, lines, the section's file), so that "born after a cutoff" means
   * the model can have seen none of it. Null or absent: undated.
   */
  born: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a day, YYYY-MM-DD")
    .nullable()
    .optional(),
});
export type LongCodeUExample = z.infer<typeof ExampleSchema>;

/**
 * What each task needs in anchor and answer, which ExampleSchema leaves optional: a union on `task`
 * that imports check examples against after the schema (an example lacking one is a 422 naming the
 * first missing field, in the order below). Every message is the missing field, as "needs <message>".
 */
const filled = (what: string) => z.string({ error: what }).min(1, { error: what });
const some = (what: string) => z.array(z.unknown(), { error: what }).min(1, { error: what });
const rules = <T extends LongCodeUTask>(task: T, anchor: z.ZodRawShape, answer: z.ZodRawShape) =>
  z.object({ task: z.literal(task), anchor: z.object(anchor), answer: z.object(answer) });
const NAME = { name: filled("anchor.name") };
export const TaskFieldsSchema = z.discriminatedUnion("task", [
  rules("CU_P", {}, { names: some("answer.names (at least one)") }),
  rules(
    "CU_SA",
    { requirement: filled("anchor.requirement") },
    {
      units: z.array(z.unknown(), { error: "exactly one answer unit" }).length(1, { error: "exactly one answer unit" }),
    },
  ),
  rules("CU_DFA", { ...NAME, variable: filled("anchor.variable") }, { lines: some("answer.lines (at least one)") }),
  ...(["DRA_T1", "SRE_T1"] as const).map((t) =>
    rules(t, { ...NAME, code: filled("anchor.code") }, { units: some("answer.units (at least one)") }),
  ),
  ...(["DRA_T2", "SRE_T2"] as const).map((t) =>
    rules(t, { ...NAME, requirement: filled("anchor.requirement") }, { units: some("answer.units (at least one)") }),
  ),
  rules("LDU", NAME, { section: z.number({ error: "answer.section" }), text: filled("answer.text") }),
]);

const Provenance = z.record(z.string(), z.unknown());

/** One repository's contexts and examples. */
export const RepoPartSchema = z.object({
  /** `owner/name` or a directory name. */
  repo: z.string().min(1).max(200),
  /** Where it came from: path, commit, sha256 of the files read, licence when known. */
  source: Provenance.default({}),
  contexts: z.array(ContextSchema).min(1).max(LONGCODEU_LIMITS.contextsPerRelease),
  examples: z
    .array(ExampleSchema)
    .min(1)
    .max(LONGCODEU_LIMITS.examplesPerTask * LONGCODEU_TASKS.length),
});
export type RepoPart = z.infer<typeof RepoPartSchema>;

export const ReleaseSchema = z
  .object({
    format: z.literal(RELEASE_FORMAT),
    seed: z.number().int(),
    language: z.enum(["python"]),
    /**
     * How it was built, recorded in the manifest as given: the similarity used for SRE ground truth
     * (`similarity: { kind: "embedding" | "lexical", name, ... }`), the data-flow rule set version,
     * per-bucket counts, tokenizer, notes.
     */
    build: Provenance.default({}),
    repos: z.array(RepoPartSchema).min(1).max(1_000),
  })
  .strict();
export type LongCodeURelease = z.infer<typeof ReleaseSchema>;

/*
 * The multi-part import (docs/longcodeu.md, "Importing in parts"): the same release sent as named
 * parts, `contexts-<nnnn>` (contexts of one repository) and `<TASK>-<nnnn>` (the task's examples
 * from position nnnn × examplesPerShard on, across repositories), then a commit with the release's
 * header. Part names fix where things are stored, so sending a part again is a no-op.
 */

/** `contexts-0000` ... or `<TASK>-0000` ...: what a part holds and its sequence number. */
export const PART_NAME = new RegExp(`^(contexts|${LONGCODEU_TASKS.join("|")})-(\\d{4})$`);

/** A part's name parsed: a contexts part or the `index`-th examples shard of a task. */
export function parsePartName(
  name: string,
): { kind: "contexts"; index: number } | { kind: "examples"; task: LongCodeUTask; index: number } | null {
  const m = PART_NAME.exec(name);
  if (!m) return null;
  const index = Number(m[2]);
  return m[1] === "contexts" ? { kind: "contexts", index } : { kind: "examples", task: m[1] as LongCodeUTask, index };
}

/** A part's name from what it holds. */
export const partName = (what: "contexts" | LongCodeUTask, index: number) =>
  `${what}-${String(index).padStart(4, "0")}`;

/** Contexts of one repository. */
export const ContextsPartSchema = z
  .object({
    repo: RepoPartSchema.shape.repo,
    contexts: z.array(ContextSchema).min(1).max(LONGCODEU_LIMITS.contextsPerPart),
  })
  .strict();
export type ContextsPart = z.infer<typeof ContextsPartSchema>;

/** An example of an examples part: the release's example and the repository whose context it names. */
export const PartExampleSchema = ExampleSchema.extend({ repo: RepoPartSchema.shape.repo });
export type PartExample = z.infer<typeof PartExampleSchema>;

/** Examples of one task, in release order. */
export const ExamplesPartSchema = z
  .object({
    task: z.enum(LONGCODEU_TASKS),
    examples: z.array(PartExampleSchema).min(1).max(LONGCODEU_LIMITS.examplesPerShard),
  })
  .strict();
export type ExamplesPart = z.infer<typeof ExamplesPartSchema>;

/** The commit of a multi-part import: the release without its contexts and examples, and how many each repository has. */
export const ReleaseHeaderSchema = z
  .object({
    format: z.literal(RELEASE_FORMAT),
    seed: z.number().int(),
    language: z.enum(["python"]),
    build: Provenance.default({}),
    repos: z
      .array(
        z.object({
          repo: RepoPartSchema.shape.repo,
          source: Provenance.default({}),
          contexts: z.number().int().min(1),
          examples: z.number().int().min(1),
        }),
      )
      .min(1)
      .max(1_000),
  })
  .strict();
export type ReleaseHeader = z.infer<typeof ReleaseHeaderSchema>;
