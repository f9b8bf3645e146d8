/**
 * Contexts and whole releases: the seeded file draw (checked against CPython's `random`), contexts
 * land in their buckets and are never reused within a task, answers are cut from their contexts,
 * the release passes ReleaseSchema and a build is byte-identical for a seed.
 */
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import { codeLlamaTokenizer } from "../../src/lib/datasets/tokenizer";
import {
  BUCKET_KEYS,
  LONGCODEU_TASKS,
  ReleaseSchema,
  bucketOf,
  type LongCodeURelease,
} from "../../src/benchmarks/longcodeu/dataset/index";
import { buildLongCodeURelease, repoSlug } from "../../src/benchmarks/longcodeu/curate/index";
import { codeBlock, drawItems, joinCodeBlocks } from "../../src/benchmarks/longcodeu/curate/contexts";
import { RepoModel, normalizeText } from "../../src/benchmarks/longcodeu/curate/repo";
import { charTokenizer, fixtureRepo, python } from "./build-helpers";

describe("drawing a context's files", () => {
  const keys = ["a", "b", "c", "d", "e", "f"];
  const flat = () => 2000;

  // Expected orders and targets from CPython 3.11: random.seed(s); x = list("abcdef");
  // random.shuffle(x); random.randrange(lo, hi)  ->  5: bafdce... 7628, 11: cabfed 3025, 3: acdfeb 9265.
  it("shuffles with random.shuffle, draws the target with random.randrange and adds files until it is reached", () => {
    expect(drawItems(new PyRandom(5), keys, new Set(), "0-8K", flat)).toEqual(["b", "a", "d", "f"]);
    expect(drawItems(new PyRandom(11), keys, new Set(), "0-8K", flat)).toEqual(["c", "a"]);
    expect(drawItems(new PyRandom(3), keys, new Set(), "8-16K", flat)).toEqual(["a", "c", "d", "f", "e"]);
  });

  it("takes required files first, keeps the shuffled order, and skips a file that would overshoot the bucket", () => {
    expect(drawItems(new PyRandom(11), keys, new Set(["e"]), "0-8K", flat)).toEqual(["c", "e"]);
    expect(drawItems(new PyRandom(5), keys, new Set(), "0-8K", (k) => (k === "a" ? 7000 : 2000))).toEqual([
      "b",
      "d",
      "f",
      "c",
    ]);
    // Required files past the bucket, or everything short of it: no context.
    expect(drawItems(new PyRandom(5), keys, new Set(["a", "b", "c", "d", "e"]), "0-8K", flat)).toBeUndefined();
    expect(drawItems(new PyRandom(5), keys, new Set(), "16-32K", flat)).toBeUndefined();
  });
});

/** Checks every invariant of a built release against the repositories it came from. */
async function checkRelease(release: LongCodeURelease, count: (text: string) => number) {
  expect(ReleaseSchema.safeParse(release).success).toBe(true);
  const lang = await python();
  const exampleIds = new Set<string>();
  const recount: Record<string, Record<string, number>> = {};
  for (const part of release.repos) {
    const repo = new RepoModel(lang, fixtureRepo(part.repo as "inkwell" | "tidepool"));
    const contexts = new Map(part.contexts.map((c) => [c.id, c]));
    expect(contexts.size).toBe(part.contexts.length);
    for (const c of part.contexts) {
      expect(c.id).toMatch(new RegExp(`^${repoSlug(part.repo)}-${c.kind}-\\d{4}$`));
      expect(c.tokens).toBe(count(c.text));
      expect(bucketOf(c.tokens)).toBe(c.bucket);
      if (c.kind === "code")
        expect(c.text).toBe(joinCodeBlocks(c.files.map((p) => codeBlock(p, normalizeText(repo.input.files[p])))));
      if (c.kind === "stripped")
        expect(c.text).toBe(joinCodeBlocks(c.files.map((p) => codeBlock(p, repo.stripped(p)!.code))));
      if (c.kind === "docs") expect(c.text).toMatch(/^1\n<BEGIN>\n/);
    }
    const usedByTask = new Map<string, Set<string>>();
    for (const e of part.examples) {
      expect(exampleIds.has(e.id)).toBe(false);
      exampleIds.add(e.id);
      expect(e.id).toMatch(new RegExp(`^${e.task}-${repoSlug(part.repo)}-\\d{4}$`));
      const c = contexts.get(e.context)!;
      expect(c, e.id).toBeDefined();
      expect(c.kind).toBe(e.task === "CU_SA" ? "stripped" : e.task === "LDU" ? "docs" : "code");
      // A task never uses a context twice.
      const used = usedByTask.get(e.task) ?? new Set();
      expect(used.has(c.id), `${e.task} reuses ${c.id}`).toBe(false);
      usedByTask.set(e.task, used.add(c.id));
      (recount[e.task] ??= {})[c.bucket] = (recount[e.task][c.bucket] ?? 0) + 1;
      const lines = c.text.split("\n");
      const a = e.answer;
      const nonEmpty = (a.names?.length ?? 0) + (a.units?.length ?? 0) + (a.lines?.length ?? 0) + (a.text ? 1 : 0);
      expect(nonEmpty, e.id).toBeGreaterThan(0);
      for (const u of a.units ?? []) expect(c.text, `${e.id}: ${u.qualified}`).toContain(u.code);
      for (const l of a.lines ?? []) expect(lines[l.line - 1]).toBe(l.text);
      if (e.task === "LDU") expect(c.text).toContain(`${a.section}\n<BEGIN>\n${a.text}\n<END>`);
      if (e.task === "DRA_T1" || e.task === "SRE_T1") expect(c.text).toContain(e.anchor.code);
      if (e.task === "SRE_T1" || e.task === "SRE_T2") expect(a.units).toHaveLength(5);
      if (e.task === "CU_SA") expect(a.units).toHaveLength(1);
      if (e.task === "DRA_T1" || e.task === "DRA_T2") {
        // The anchor's file and every callee's file are in the context.
        expect(c.files).toContain(e.meta!.path);
        for (const u of a.units!) expect(c.files).toContain(u.path);
      }
      if (["CU_DFA", "DRA_T1", "DRA_T2", "SRE_T1", "SRE_T2"].includes(e.task)) {
        const defs = c.text.match(new RegExp(`^\\s*(async )?def ${e.anchor.name}\\(`, "gm")) ?? [];
        expect(defs, `${e.id}: anchor name unique`).toHaveLength(1);
      }
    }
  }
  expect(release.build.counts).toEqual(recount);
}

describe("building a release", () => {
  it("fills each bucket the fixtures are large enough for, records the counts, and passes every check", async () => {
    const tokenizer = charTokenizer(2);
    const release = await buildLongCodeURelease({
      repos: [fixtureRepo("inkwell"), fixtureRepo("tidepool")],
      lang: await python(),
      tokenizer,
      seed: 0,
      buckets: ["0-8K", "8-16K", "16-32K"],
    });
    await checkRelease(release, tokenizer.count);
    const counts = release.build.counts as Record<string, Record<string, number>>;
    // Both repositories fill 0-8K for every task (2 each). At 2 tokens a character both have enough
    // code for 8-16K (inkwell about 7,600 characters, tidepool 5,400) but neither for 16-32K.
    for (const task of LONGCODEU_TASKS) expect(counts[task]["0-8K"], task).toBe(4);
    expect(counts.CU_P["8-16K"]).toBe(4);
    expect(Object.values(counts).some((c) => c["16-32K"])).toBe(false);
    // tidepool's stripped code is under 4,096 characters: no CU_SA example in 8-16K.
    const tidepool = new RepoModel(await python(), fixtureRepo("tidepool"));
    expect(tidepool.eligible.reduce((n, p) => n + tidepool.stripped(p)!.code.length, 0)).toBeLessThan(4096);
    const repoCounts = release.build.repo_counts as Record<string, Record<string, Record<string, number>>>;
    expect(repoCounts.tidepool.CU_SA).toEqual({ "0-8K": 2 });
    expect(release.build).toMatchObject({
      per_bucket: 2,
      buckets: ["0-8K", "8-16K", "16-32K"],
      similarity: { kind: "lexical", name: "tfidf-identifier-subtokens@1" },
      data_flow: { ruleset: "cu-dfa@1" },
    });
  });

  it("is deterministic for a seed: byte-identical JSON twice, different with another seed", async () => {
    const lang = await python();
    const build = (seed: number) =>
      buildLongCodeURelease({
        repos: [fixtureRepo("inkwell"), fixtureRepo("tidepool")],
        lang,
        tokenizer: charTokenizer(1.5),
        seed,
        buckets: ["0-8K", "8-16K"],
        perBucket: 3,
      });
    const first = JSON.stringify(await build(42));
    expect(JSON.stringify(await build(42))).toBe(first);
    expect(JSON.stringify(await build(43))).not.toBe(first);
  });

  it("with CodeLlama's tokenizer the fixtures fit 0-8K only; options select tasks and examples per bucket", async () => {
    await codeLlamaTokenizer.ready!();
    const release = await buildLongCodeURelease({
      repos: [fixtureRepo("tidepool")],
      lang: await python(),
      tokenizer: codeLlamaTokenizer,
      seed: 7,
      tasks: ["CU_P", "DRA_T1", "LDU"],
      perBucket: 1,
    });
    await checkRelease(release, (t) => codeLlamaTokenizer.count(t));
    expect(release.build.counts).toEqual({ CU_P: { "0-8K": 1 }, DRA_T1: { "0-8K": 1 }, LDU: { "0-8K": 1 } });
    expect(release.build.buckets).toEqual(BUCKET_KEYS);
    expect(release.repos[0].examples.map((e) => e.id)).toEqual([
      "CU_P-tidepool-0001",
      "DRA_T1-tidepool-0001",
      "LDU-tidepool-0001",
    ]);
  });

  it("refuses to build nothing", async () => {
    await expect(
      buildLongCodeURelease({
        repos: [fixtureRepo("tidepool")],
        lang: await python(),
        tokenizer: charTokenizer(1),
        seed: 0,
        buckets: ["64-128K"],
      }),
    ).rejects.toThrow(/no examples could be built from tidepool for buckets 64-128K/);
  });
});
