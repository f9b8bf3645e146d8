/**
 * `npm run dataset -- build` dating needles by the git rule on repositories made here: every needle's
 * `born` is the day of the commit that brought its code in (a docstring-only edit does not re-date a
 * function: the docstring becomes the description, not the answer), uncommitted code and a shallow
 * clone's boundary are undated, a directory without git is undated with its reason, and
 * `--born-after` keeps only fresh needles or refuses naming the counts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GIT_RULE } from "../../src/lib/born/rules";
import { commit, family, git, makeRepo, pyFunction, write } from "./born-repos";

const root = mkdtempSync(join(tmpdir(), "nw-born-build-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const OLD = "2023-01-10T09:00:00Z";
const NEW = "2025-05-20T09:00:00Z";
const LATE = "2026-02-01T09:00:00Z";
/** What each function's birth must be. */
const expected: Record<string, string | null> = {};
let repo: string;
let head: string;

const range = (prefix: string, from: number, n: number, doc?: string) =>
  Array.from({ length: n }, (_, i) => pyFunction(`${prefix}_${i}`, from + i, doc)).join("");

beforeAll(() => {
  repo = makeRepo(join(root, "widgets"));
  // Non-ASCII text first: the functions' UTF-8 byte offsets are far from their string indices, so a body cut at
  // the wrong ones would miss old_1's edited line and be dated by older code.
  const top = `# Café, naïve ☕ — widgets ${"é".repeat(200)}\nimport os\n\n\n`;
  commit(repo, { "lib/old.py": `${top}${range("old", 0, 10)}` }, OLD);
  // old_0: only its docstring changes; old_1: a token of its body changes.
  const edited = range("old", 0, 10)
    .replace(pyFunction("old_0", 0), pyFunction("old_0", 0, "Gather all the items that fall under the bound"))
    .replace("v < limit + 1]", "v < limit + 1001]");
  commit(repo, { "lib/old.py": `${top}${edited}`, "lib/new.py": `import sys\n\n\n${range("new", 100, 10)}` }, NEW);
  head = commit(repo, { "lib/late.py": `import re\n\n\n${pyFunction("late_0", 500)}` }, LATE);
  // Uncommitted: in the work tree only.
  write(repo, { "lib/new.py": `import sys\n\n\n${range("new", 100, 10)}${pyFunction("draft_0", 900)}` });
  for (let i = 0; i < 10; i++) {
    expected[`old_${i}`] = i === 1 ? "2025-05-20" : "2023-01-10";
    expected[`new_${i}`] = "2025-05-20";
  }
  expected.late_0 = "2026-02-01";
  expected.draft_0 = null;
});

interface Release {
  python: {
    repo: string;
    needles: { name: string; born?: string | null }[];
    provenance: Record<string, unknown> & { born: Record<string, unknown>; source: Record<string, unknown> };
  }[];
}

async function build(
  dir: string,
  name: string,
  extra: string[],
): Promise<{ code: number; out: string; release?: Release }> {
  const out = join(root, `${name}.json`);
  const run = await family("repoqa", ["build", dir, "--id", name, "--no-load", "--out", out, "--bins", "64", ...extra]);
  if (run.code !== 0) return run;
  return { ...run, release: JSON.parse(readFileSync(out, "utf8")) };
}

describe("RepoQA needles dated by the git rule", () => {
  it("dates every needle by the commit that brought its code in; records the repository's provenance", async () => {
    const { code, out, release } = await build(repo, "all", ["--needles", "22"]);
    expect(code, out).toBe(0);
    const [built] = release!.python;
    expect(built.needles).toHaveLength(22);
    for (const n of built.needles) expect(n.born, n.name).toBe(expected[n.name]);
    expect(built.provenance).toEqual({
      source: { kind: "git", repo: "widgets", commit: head, shallow: false },
      rule: GIT_RULE,
      born: { earliest: "2023-01-10", latest: "2026-02-01", dated: 21, undated: 1 },
      undated_reasons: { "not-found": 1 },
      notes: [expect.stringContaining("first commit")],
      warnings: [],
    });
    expect(out).toContain("born 2023-01-10 to 2026-02-01 (21 dated, 1 undated; git-first-commit-holding-body)");
  });

  it("--born-after keeps only needles born after the day, and refuses naming the counts", async () => {
    const { code, out, release } = await build(repo, "fresh", ["--needles", "12", "--born-after", "2024-12-31"]);
    expect(code, out).toBe(0);
    const names = release!.python[0].needles.map((n) => n.name).sort();
    expect(names).toEqual(["late_0", "old_1", ...Array.from({ length: 10 }, (_, i) => `new_${i}`)].sort());
    for (const n of release!.python[0].needles) expect(n.born! > "2024-12-31").toBe(true);

    const refused = await build(repo, "too-many", ["--needles", "13", "--born-after", "2024-12-31"]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      "--born-after 2024-12-31 keeps 12 of 22 candidate functions (21 dated, 1 undated); 13 needles requested",
    );
    // Strictly after: code born on the day itself does not pass.
    const onTheDay = await build(repo, "on-the-day", ["--needles", "2", "--born-after", "2026-02-01"]);
    expect(onTheDay.out).toContain("keeps 0 of 22 candidate functions");
    expect((await build(repo, "bad-day", ["--born-after", "2025-02-30"])).out).toContain(
      'invalid --born-after day "2025-02-30": day 30 is not 01-28 in 2025-02',
    );
  });

  it("a shallow clone leaves code at its boundary undated; a directory without git is undated, with why", async () => {
    const shallow = join(root, "shallow");
    git(root, ["clone", "-q", "--depth", "2", `file://${repo}`, shallow]);
    const { code, out, release } = await build(shallow, "shallow", ["--needles", "21"]);
    expect(code, out).toBe(0);
    const [built] = release!.python;
    // The clone's oldest commit (NEW) holds everything but late_0: born on or before it, so undated.
    for (const n of built.needles) expect(n.born, n.name).toBe(n.name === "late_0" ? "2026-02-01" : null);
    expect(built.provenance).toMatchObject({
      source: { kind: "git", shallow: true },
      born: { dated: 1, undated: 20 },
      undated_reasons: { "shallow-boundary": 20 },
    });

    const plain = join(root, "plain");
    cpSync(join(repo, "lib"), join(plain, "lib"), { recursive: true });
    const undated = await build(plain, "plain", ["--needles", "5"]);
    expect(undated.code, undated.out).toBe(0);
    expect(undated.release!.python[0].needles.every((n) => n.born === null)).toBe(true);
    expect(undated.release!.python[0].provenance).toMatchObject({
      source: { kind: "directory", path: plain, reason: "not a git checkout: no history to date it by" },
      rule: null,
      born: { earliest: null, latest: null, dated: 0, undated: 5 },
      undated_reasons: { "no-history": 5 },
    });
    const refused = await build(plain, "plain-fresh", ["--needles", "5", "--born-after", "2020-01-01"]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      "keeps 0 of 22 candidate functions (0 dated, 22 undated); 5 needles requested (not a git checkout",
    );
  });
});
