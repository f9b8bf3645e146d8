/**
 * `npm run longcodeu -- build` dating examples: on a git repository made here, every example's `born`
 * is the earliest birth among the code its answer must reproduce (checked against what the test's own
 * history says of each function and section), `--born-after` keeps only examples whose whole answer is
 * fresh or refuses naming the counts; and from a PyPI project (a recorded response, sdists served by a
 * stand-in), dated by the first version holding the code.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLongCodeUFromDisk } from "../../src/benchmarks/longcodeu/node/build";
import type { LongCodeUExample } from "../../src/benchmarks/longcodeu/dataset/index";
import { parseBornAfter } from "../../src/lib/born/dates";
import { GIT_RULE, SERIES_RULE } from "../../src/lib/born/rules";
import { commit, family, makeRepo } from "./born-repos";
import { startRegistry, type RegistryStandIn } from "./registry-stand-in";

const root = mkdtempSync(join(tmpdir(), "nw-lcu-born-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];

/** A documented function with a variable changing on two lines, calling `callee` when given. */
function pyFunction(name: string, n: number, callee?: string, edited = false): string {
  const call = callee ? `${callee}(item, factor)` : `item * ${n + 2}`;
  return [
    `def ${name}(items, factor=${n}):`,
    `    """Scale the ${WORDS[n % 8]} items by factor ${n} and keep the positive ones."""`,
    "    total = 0",
    "    kept = []",
    "    for item in items:",
    `        total = total + ${call}`,
    `        if item > ${edited ? n + 1000 : n}:`,
    "            kept.append(item)",
    "    return kept, total",
    "",
    "",
  ].join("\n");
}

/** A module of `count` functions, each calling the one before it. */
function module(prefix: string, from: number, count: number, edit?: number): string {
  const fns = Array.from({ length: count }, (_, i) =>
    pyFunction(`${prefix}_${i}`, from + i, i > 0 ? `${prefix}_${i - 1}` : undefined, i === edit),
  );
  return `import os\n\n\n${fns.join("")}`;
}

const section = (n: string) =>
  `## \`${n}\`\n\nCall ${n} with items and a factor; it returns the kept items and the total.\n`;
const readme = (names: string[]) => `# Widgets\n\nIntro text.\n\n${names.map(section).join("\n")}`;

/** The files of the first (old) and second (new) state of the repository or package. */
const OLD_FILES = {
  "pkg/old_a.py": module("old_a", 0, 6),
  "pkg/old_b.py": module("old_b", 10, 6),
  "README.md": readme(["old_a_1", "old_b_2"]),
};
const NEW_FILES = {
  ...OLD_FILES,
  // old_a_2: only a token of its body changes, its docstring stays.
  "pkg/old_a.py": module("old_a", 0, 6, 2),
  "pkg/new_a.py": module("new_a", 20, 6),
  "pkg/new_b.py": module("new_b", 30, 6),
  "docs/new.md": readme(["new_a_1", "new_b_2"]),
};

/** What each function, docstring and documentation file must be born on, given the two days. */
function oracle(oldDay: string, newDay: string) {
  const fn = (name: string) => (name.startsWith("new_") || name === "old_a_2" ? newDay : oldDay);
  const part = (e: LongCodeUExample): string[] => {
    const meta = e.meta as { source?: string; path?: string; function?: string };
    switch (e.task) {
      case "CU_P":
        return e.answer.names!.map(fn);
      case "CU_SA":
      case "DRA_T1":
      case "DRA_T2":
      case "SRE_T1":
      case "SRE_T2":
        return e.answer.units!.map((u) => fn(u.name));
      case "CU_DFA":
        return [fn(e.anchor.name!)];
      default:
        // LDU: a docstring section is its docstring's birth (old_a_2's docstring is old); a file's, its file's.
        return [
          meta.source === "docstring"
            ? e.anchor.name!.startsWith("new_")
              ? newDay
              : oldDay
            : meta.path === "docs/new.md"
              ? newDay
              : oldDay,
        ];
    }
  };
  return (e: LongCodeUExample) => part(e).sort()[0];
}

const examplesOf = (release: { repos: { examples: LongCodeUExample[] }[] }) => release.repos.flatMap((r) => r.examples);

describe("LongCodeU examples dated by the git rule", () => {
  let repo: string;
  beforeAll(() => {
    repo = makeRepo(join(root, "widgets"));
    commit(repo, OLD_FILES, "2023-03-01T12:00:00Z");
    commit(repo, NEW_FILES, "2025-06-01T12:00:00Z");
  });

  it("every example is born when the earliest part of its answer was", async () => {
    const release = await buildLongCodeUFromDisk({ repos: [repo], seed: 3, perBucket: 3, buckets: ["0-8K"] });
    const examples = examplesOf(release);
    expect(new Set(examples.map((e) => e.task)).size).toBe(8);
    const expected = oracle("2023-03-01", "2025-06-01");
    for (const e of examples) expect(e.born, `${e.id} ${JSON.stringify(e.meta)}`).toBe(expected(e));
    // Both days occur, so the check above tells the rule's dates apart.
    expect(new Set(examples.map((e) => e.born))).toEqual(new Set(["2023-03-01", "2025-06-01"]));
    expect(release.repos[0].source.provenance).toMatchObject({
      source: { kind: "git", repo: "widgets", shallow: false },
      rule: GIT_RULE,
      born: { earliest: "2023-03-01", latest: "2025-06-01", dated: examples.length, undated: 0 },
    });
  });

  it("--born-after keeps only examples whose whole answer is fresh", async () => {
    const bornAfter = parseBornAfter("2024-12-31");
    const expected = oracle("2023-03-01", "2025-06-01");
    // Several seeds: an unfiltered choice would pick old code in some of them.
    for (const seed of [1, 2, 3]) {
      const release = await buildLongCodeUFromDisk({ repos: [repo], seed, perBucket: 3, buckets: ["0-8K"], bornAfter });
      const examples = examplesOf(release);
      expect(new Set(examples.map((e) => e.task)).size).toBe(8);
      for (const e of examples) {
        expect(e.born, e.id).toBe("2025-06-01");
        expect(expected(e), e.id).toBe("2025-06-01");
      }
      expect(release.build).toMatchObject({ born_after: "2024-12-31" });
    }
  });

  it("refuses a build whose requested tasks keep no example, naming the counts", async () => {
    const out = join(root, "refused");
    const { code, out: log } = await family("longcodeu", [
      "build",
      "--id",
      "lcu-refused",
      "--repo",
      repo,
      "--buckets",
      "0-8K",
      "--per-bucket",
      "1",
      "--born-after",
      "2025-06-01",
      "--no-load",
      "--out",
      out,
    ]);
    expect(code).toBe(1);
    expect(log).toContain(
      "--born-after 2025-06-01 leaves no example for CU_P, CU_SA, CU_DFA, DRA_T1, DRA_T2, SRE_T1, SRE_T2, LDU (0 of ",
    );
    expect(log).toMatch(
      /0 of \d+ candidate units born after it \(\d+ dated, 0 undated\); 0 of \d+ candidate documentation/,
    );
  });
});

describe("LongCodeU from a PyPI project (recorded response, sdists from a stand-in)", () => {
  let registry: RegistryStandIn;
  beforeAll(async () => {
    registry = await startRegistry();
    const recorded = JSON.parse(
      readFileSync(join(import.meta.dirname, "../fixtures/registries/pypi-sampleproject.json"), "utf8"),
    );
    await registry.publishPypi("freshpy", recorded, [
      { version: "1.0.0", time: "2024-02-01T08:00:00Z", archive: { ...OLD_FILES, "setup.py": "setup()\n" } },
      { version: "1.1.0", time: "2025-07-01T08:00:00Z", archive: { ...NEW_FILES, "setup.py": "setup()\n" } },
    ]);
  });
  afterAll(() => registry?.close());

  it("builds the version named and dates each example by the first version holding its answer", async () => {
    const out = join(root, "pypi");
    const run = await family(
      "longcodeu",
      [
        "build",
        "--id",
        "lcu-pypi",
        "--repo",
        "pypi:freshpy@1.1.0",
        "--buckets",
        "0-8K",
        "--per-bucket",
        "2",
        "--no-load",
        "--out",
        out,
      ],
      { NEEDLEWORK_PYPI_REGISTRY: registry.base },
    );
    expect(run.code, run.out).toBe(0);
    expect(run.out).toContain("pypi:freshpy@1.1.0: building freshpy@1.1.0 (published 2025-07-01T08:00:00.000Z)");
    const header = JSON.parse(readFileSync(join(out, "header.json"), "utf8")).header;
    const examples = readFileSync(join(out, "examples-CU_DFA.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const all = ["CU_P", "CU_SA", "CU_DFA", "DRA_T1", "DRA_T2", "SRE_T1", "SRE_T2", "LDU"].flatMap((t) =>
      readFileSync(join(out, `examples-${t}.jsonl`), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LongCodeUExample),
    );
    expect(examples.length).toBeGreaterThan(0);
    const expected = oracle("2024-02-01", "2025-07-01");
    for (const e of all) expect(e.born, e.id).toBe(expected(e));
    const [part] = header.repos;
    expect(part.repo).toBe("pypi/freshpy");
    expect(part.source.provenance).toMatchObject({
      rule: SERIES_RULE,
      source: {
        kind: "registry",
        spec: "pypi:freshpy@1.1.0",
        registry: registry.base,
        version: "1.1.0",
        series: { versions: 2, oldest: "1.0.0", complete: true },
      },
      warnings: [],
    });
    const records = part.source.provenance.source.versions_read as { version: string; integrity: unknown }[];
    expect(records.map((r) => r.version)).toEqual(["1.0.0", "1.1.0"]);
    for (const r of records) expect(r.integrity).toMatchObject({ algorithm: "sha256" });
  });
});
