/**
 * Dating in the LongCodeU builder, in workerd: a PyPI sdist series read through a `fetch` handed in
 * (an in-memory registry, as a scheduled build in the Worker would), each example born with the
 * earliest part of its answer; a dating that answers per part, `bornAfter` keeping only examples
 * whose parts are all fresh, and without a dating no `born` at all (releases stay as they were).
 */
import { describe, expect, it } from "vitest";
import { buildLongCodeURelease } from "../../src/benchmarks/longcodeu/curate/index";
import type { Dating, TargetBorn } from "../../src/lib/dating/dating";
import { repoInputFromRegistry } from "../../src/benchmarks/longcodeu/curate/from-registry";
import {
  LONGCODEU_TASKS,
  type LongCodeUExample,
  type LongCodeUTask,
} from "../../src/benchmarks/longcodeu/dataset/index";
import { parseBornAfter, SERIES_RULE } from "../../src/lib/born";
import { MemoryRegistry, PYPI } from "../curate/memory-registry";
import { pyModule } from "../curate/synthetic-code";
import { charTokenizer, fixtureRepo, python } from "./build-helpers";

const examples = (release: { repos: { examples: LongCodeUExample[] }[] }) => release.repos.flatMap((r) => r.examples);

describe("LongCodeU from a PyPI sdist series, in workerd", () => {
  it("dates each example by the first version holding its answer's code", async () => {
    const registry = new MemoryRegistry();
    const old = {
      "proj/old.py": pyModule("old", 0),
      "README.md": "# Proj\n\n## `old_1`\n\nCall old_1 with items and a factor.\n",
    };
    await registry.pypi("memproj", [
      { version: "1.0.0", time: "2024-02-01T00:00:00Z", files: old },
      { version: "1.1.0", time: "2025-07-01T00:00:00Z", files: { ...old, "proj/new.py": pyModule("new", 50) } },
    ]);
    const input = await repoInputFromRegistry("pypi:memproj@1.1.0", {
      registries: { pypi: PYPI },
      fetch: registry.fetch,
    });
    expect(Object.keys(input.files).sort()).toEqual(["proj/new.py", "proj/old.py"]);
    expect(Object.keys(input.docs!)).toEqual(["README.md"]);
    const release = await buildLongCodeURelease({
      repos: [input],
      lang: await python(),
      tokenizer: charTokenizer(0.3),
      seed: 0,
      perBucket: 2,
      buckets: ["0-8K"],
    });
    const all = examples(release);
    expect(all.length).toBeGreaterThan(8);
    const day = (name: string) => (name.startsWith("new_") ? "2025-07-01" : "2024-02-01");
    for (const e of all) {
      const names =
        e.task === "CU_P" ? e.answer.names! : e.answer.units ? e.answer.units.map((u) => u.name) : [e.anchor.name!];
      const expected =
        e.task === "LDU" && (e.meta as { path: string }).path === "README.md" ? ["2024-02-01"] : names.map(day);
      expect(e.born, e.id).toBe(expected.sort()[0]);
    }
    expect(release.repos[0].source).toMatchObject({
      package: "pypi:memproj@1.1.0 (memproj@1.1.0)",
      provenance: { rule: SERIES_RULE, source: { kind: "registry", version: "1.1.0" }, warnings: [] },
    });
  });
});

describe("a dating in the builder", () => {
  /** Dates every target by the length of its path: a stand-in with known, different answers per file. */
  const stub = (asked: string[][]): Dating => ({
    rule: null,
    async dates(targets) {
      asked.push(targets.map((t) => t.id));
      return new Map(
        targets.map((t): [string, TargetBorn] => [
          t.id,
          t.path.includes("render") ? { born: "2026-01-02", rule: null } : { born: "2020-01-01", rule: null },
        ]),
      );
    },
    source: () => ({ kind: "stub" }),
    notes: () => [],
    warnings: () => [],
  });
  const build = async (dating?: Dating, bornAfter?: ReturnType<typeof parseBornAfter>, tasks?: LongCodeUTask[]) =>
    buildLongCodeURelease({
      repos: [{ ...fixtureRepo("inkwell"), ...(dating ? { dating } : {}) }],
      lang: await python(),
      tokenizer: charTokenizer(0.3),
      seed: 0,
      perBucket: 2,
      buckets: ["0-8K"],
      ...(bornAfter ? { bornAfter } : {}),
      ...(tasks ? { tasks } : {}),
    });

  it("without a dating, examples carry no born: the same release as before", async () => {
    const plain = await build();
    expect(examples(plain).some((e) => "born" in e)).toBe(false);
    expect(plain.repos[0].source).toEqual({ fixture: "inkwell" });
  });

  it("dates only answers' parts without bornAfter, every candidate with it; keeps only fresh examples", async () => {
    const asked: string[][] = [];
    const dated = await build(stub(asked));
    expect(asked).toHaveLength(1);
    const plain = await build();
    // The same examples as without dating, now with born.
    expect(examples(dated).map(({ born: _b, ...e }) => e)).toEqual(examples(plain));
    for (const e of examples(dated)) expect(["2020-01-01", "2026-01-02"]).toContain(e.born);

    const fresh: string[][] = [];
    // inkwell's render module has no function for CU_DFA to ask about.
    const tasks = LONGCODEU_TASKS.filter((t) => t !== "CU_DFA");
    const kept = await build(stub(fresh), parseBornAfter("2025-12-31"), tasks);
    expect(fresh[0].length).toBeGreaterThan(asked[0].length);
    expect(examples(kept).length).toBeGreaterThan(0);
    expect(new Set(examples(kept).map((e) => e.task)).size).toBe(7);
    for (const e of examples(kept)) expect(e.born, e.id).toBe("2026-01-02");
  });

  it("refuses when a task keeps no example, naming the counts", async () => {
    const none = build(stub([]), parseBornAfter("2026-06-01"));
    await expect(none).rejects.toThrow(
      /--born-after 2026-06-01 leaves no example for CU_P, .*LDU \(0 of \d+ candidate units/,
    );
  });
});
