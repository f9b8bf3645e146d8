import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  buildDistractorPool,
  dedent,
  percentile,
  type DistractorPool,
} from "../../src/benchmarks/semtrace/node/distractors";
import { pythonStdlibDir } from "../../cli/lib/python-stdlib";
import { findPython } from "../../cli/lib/python-exec";

const FIXTURE = join(import.meta.dirname, "../fixtures/distractor-src");

/** A scratch copy of the fixture, so tests can add and change files. */
function fixtureCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-distractors-"));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

function sha256(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The documented source hash: sorted "path\tsha256(bytes)\n" lines of the .py files read. */
function expectedSourceHash(dir: string, files: string[]): string {
  return sha256(
    [...files]
      .sort()
      .map((p) => `${p}\t${sha256(readFileSync(join(dir, p)))}\n`)
      .join(""),
  );
}

function expectWellFormed(pool: DistractorPool): void {
  expect(pool.functions.map((f) => f.id)).toEqual(pool.functions.map((_, i) => i));
  const keys = pool.functions.map((f) => [f.path, f.line] as const);
  const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  expect(keys).toEqual(sorted);
  expect(pool.filter.kept).toBe(pool.functions.length);
}

describe("buildDistractorPool on the fixture", () => {
  it("extracts, filters and keeps the 25th-75th percentile by hand-computed bounds", async () => {
    const pool = await buildDistractorPool(FIXTURE);
    // Files read, in sorted order: alpha.py, beta.py, pkg/broken.py, pkg/gamma.py (test/, tests/,
    // idle_test/, site-packages/ and pkg/tests/ are not entered; notes.txt is not *.py).
    expect(pool.source).toEqual({
      kind: "directory",
      dir: FIXTURE,
      label: "distractor-src",
      files: 4,
      sha256: expectedSourceHash(FIXTURE, ["alpha.py", "beta.py", "pkg/broken.py", "pkg/gamma.py"]),
    });
    expect(pool.skipped).toEqual([{ path: "pkg/broken.py", reason: "tree-sitter parse errors" }]);
    // Extracted (not nested in a function), 15:
    //   alpha.py: clamp, fib, outer, __init__, add, drain, f   (nested_helper is inside outer)
    //   beta.py:  clamp, make_target, explain, mixed_indent, tabbed
    //   gamma.py: tiny, medium_length_function, long_function_with_several_steps
    // Not eligible: f (the target's name), beta.clamp (same text as alpha.clamp), make_target (a
    // `def f(` line inside a string), explain (its docstring's column-0 line stops dedent at 0, so
    // the text starts with spaces), mixed_indent (tab, then tab + spaces). Eligible, 10, with chars:
    //   tiny 20 = "def tiny():" 11 + "\n" 1 + "    pass" 8
    //   __init__ 40, tabbed 48, fib 62, add 113, outer 116, clamp 125, drain 140,
    //   medium_length_function 154, long_function_with_several_steps 429
    // numpy linear percentiles over n = 10 (virtual index q * (n - 1)):
    //   p25: index 2.25 -> 48 + 0.25 * (62 - 48) = 51.5
    //   p75: index 6.75 -> 125 + 0.75 * (140 - 125) = 136.25
    // Kept (51.5 <= chars <= 136.25): fib 62, add 113, outer 116, clamp 125.
    expect({ ...pool.filter, rule: undefined }).toEqual({
      extracted: 15,
      eligible: 10,
      p25: 51.5,
      p75: 136.25,
      kept: 4,
      rule: undefined,
    });
    expect(pool.filter.rule).toContain("p25 <= chars <= p75");
    expect(pool.functions.map((f) => [f.id, f.name, f.path, f.line, f.chars])).toEqual([
      [0, "clamp", "alpha.py", 5, 125],
      [1, "fib", "alpha.py", 14, 62],
      [2, "outer", "alpha.py", 18, 116],
      [3, "add", "alpha.py", 31, 113],
    ]);
    expectWellFormed(pool);
  });

  it("drops decorators, keeps nested functions inside their parent and dedents methods", async () => {
    const pool = await buildDistractorPool(FIXTURE);
    const byName = new Map(pool.functions.map((f) => [f.name, f]));
    // Decorator line 13 is not part of the text; the def is on line 14.
    expect(byName.get("fib")!.code).toBe("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)");
    // The nested function is part of `outer` and never a pool entry of its own.
    expect(byName.get("outer")!.code).toBe(
      "def outer(items):\n    def nested_helper(item):\n        return item * 2\n\n    return [nested_helper(i) for i in items]",
    );
    expect(pool.functions.some((f) => f.name === "nested_helper")).toBe(false);
    // A method of Counter, four columns to the left.
    expect(byName.get("add")!.code).toBe(
      "def add(self, key, amount=1):\n    self.counts[key] = self.counts.get(key, 0) + amount\n    return self.counts[key]",
    );
    expect(pool.functions.every((f) => f.name !== "f" && !/^\s*def f\(/m.test(f.code))).toBe(true);
    // alpha.py's clamp is kept, the identical beta.py one is not.
    expect(pool.functions.filter((f) => f.name === "clamp").map((f) => f.path)).toEqual(["alpha.py"]);
  });

  it("skips excluded, hidden and symlinked directories, non-UTF-8 files, and normalises CRLF", async () => {
    const dir = fixtureCopy();
    for (const sub of ["__pycache__", ".hidden", "pkg/site-packages"]) {
      mkdirSync(join(dir, sub), { recursive: true });
      writeFileSync(join(dir, sub, "hidden_fn.py"), 'def must_not_appear():\n    return "hidden directory"\n');
    }
    symlinkSync(join(dir, "pkg"), join(dir, "linked"));
    writeFileSync(
      join(dir, "pkg/latin1.py"),
      Buffer.from("# caf\xe9\ndef latin_one():\n    return 'not utf-8 file'\n", "latin1"),
    );
    // 71 chars once LF-normalised and dedented: 28 + 1 + 17 + 1 + 24.
    writeFileSync(
      join(dir, "pkg/windows.py"),
      "class Windows:\r\n    def crlf_method(self, a, b):\r\n        total = a * b\r\n        return total + a - b\r\n",
    );
    const pool = await buildDistractorPool(dir, { label: "fixture copy" });
    expect(pool.source.label).toBe("fixture copy");
    expect(pool.source.files).toBe(6);
    expect(pool.source.sha256).toBe(
      expectedSourceHash(dir, [
        "alpha.py",
        "beta.py",
        "pkg/broken.py",
        "pkg/gamma.py",
        "pkg/latin1.py",
        "pkg/windows.py",
      ]),
    );
    expect(pool.skipped).toEqual([
      { path: "pkg/broken.py", reason: "tree-sitter parse errors" },
      { path: "pkg/latin1.py", reason: "not valid UTF-8" },
    ]);
    expect(pool.functions.some((f) => f.name === "must_not_appear" || f.path.startsWith("linked/"))).toBe(false);
    // Eligible now 11 (crlf_method added): sorted 20 40 48 62 71 113 116 125 140 154 429,
    // p25 at index 2.5 = (48 + 62) / 2 = 55, p75 at index 7.5 = (125 + 140) / 2 = 132.5.
    expect([pool.filter.extracted, pool.filter.eligible, pool.filter.p25, pool.filter.p75]).toEqual([
      16, 11, 55, 132.5,
    ]);
    const crlf = pool.functions.find((f) => f.name === "crlf_method")!;
    expect(crlf).toMatchObject({
      path: "pkg/windows.py",
      line: 2,
      chars: 71,
      code: "def crlf_method(self, a, b):\n    total = a * b\n    return total + a - b",
    });
    expectWellFormed(pool);
  });

  it("includes both percentile bounds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nw-distractors-"));
    // Five functions of 30, 40, 50, 60, 70 chars: n = 5, p25 = element 1 (40), p75 = element 3 (60).
    const fn = (name: string, chars: number) => {
      const head = `def ${name}():\n    return '`;
      return head + "x".repeat(chars - head.length - 1) + "'";
    };
    const lengths = [50, 30, 70, 40, 60];
    writeFileSync(join(dir, "m.py"), lengths.map((n, i) => fn(`g${i}`, n)).join("\n\n\n") + "\n");
    const pool = await buildDistractorPool(dir);
    expect([pool.filter.p25, pool.filter.p75]).toEqual([40, 60]);
    expect(pool.functions.map((f) => [f.name, f.chars])).toEqual([
      ["g0", 50],
      ["g3", 40],
      ["g4", 60],
    ]);
  });

  it("hashes the source stably and changes the hash when a read file changes", async () => {
    const dir = fixtureCopy();
    const first = await buildDistractorPool(dir);
    const again = await buildDistractorPool(dir);
    expect(again).toEqual(first);
    // Files that are not read (not *.py, or in a skipped directory) do not count.
    writeFileSync(join(dir, "pkg/notes.txt"), "changed\n");
    writeFileSync(join(dir, "tests/hidden_fn.py"), "def changed():\n    pass\n");
    expect((await buildDistractorPool(dir)).source.sha256).toBe(first.source.sha256);
    // A byte in a skipped (unparsable) file that was read does.
    writeFileSync(join(dir, "pkg/broken.py"), readFileSync(join(dir, "pkg/broken.py"), "utf8") + "#\n");
    const changed = await buildDistractorPool(dir);
    expect(changed.source.sha256).not.toBe(first.source.sha256);
    expect(changed.functions).toEqual(first.functions);
  });

  it("keeps ids in (path, line) order and caps the files read with maxFiles", async () => {
    const all = await buildDistractorPool(FIXTURE);
    const two = await buildDistractorPool(FIXTURE, { maxFiles: 2 });
    expect(two.source.files).toBe(2);
    expect(two.source.sha256).toBe(expectedSourceHash(FIXTURE, ["alpha.py", "beta.py"]));
    expect(new Set(two.functions.map((f) => f.path))).toEqual(new Set(["alpha.py"]));
    expectWellFormed(two);
    expectWellFormed(all);
    await expect(buildDistractorPool(join(FIXTURE, "missing"))).rejects.toThrow(/is not a directory/);
  });
});

describe("helpers", () => {
  it("dedent matches Python's textwrap.dedent", () => {
    const python = findPython();
    expect(python).not.toBeNull();
    const cases = [
      "    def a():\n        return 1",
      "    def a():\n  \t\n        return 1\n",
      "\tdef a():\n\t\treturn 1",
      "  \tdef a():\n  \t    x = '''\n  y'''\n",
      "    def a():\n\t  return 1",
      "  x\u2028  y\n  z",
      "no indent\n    more",
    ];
    const expected = JSON.parse(
      execFileSync(
        python!,
        ["-c", "import json, sys, textwrap; print(json.dumps([textwrap.dedent(t) for t in json.load(sys.stdin)]))"],
        {
          input: JSON.stringify(cases),
          encoding: "utf8",
        },
      ),
    ) as string[];
    expect(cases.map(dedent)).toEqual(expected);
  });

  it("percentile is numpy's linear percentile", () => {
    expect(percentile([1], 25)).toBe(1);
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    expect(percentile([1, 2, 3, 4], 75)).toBe(3.25);
    expect(percentile([10, 20, 30, 40, 50], 75)).toBe(40);
  });
});

describe("buildDistractorPool on the Python standard library", () => {
  it("builds a large pool from pythonStdlibDir()", { timeout: 180_000 }, async () => {
    const dir = pythonStdlibDir();
    // python3 is part of the build environment; a missing one must fail, not skip.
    expect(dir, "no python3 found (or no stdlib directory): the distractor pool needs one").not.toBeNull();
    const pool = await buildDistractorPool(dir!);
    expect(pool.source.files).toBeGreaterThan(500);
    expect(pool.filter.extracted).toBeGreaterThan(10_000);
    expect(pool.filter.kept).toBeGreaterThan(1000);
    expect(pool.filter.p25).toBeLessThan(pool.filter.p75);
    for (const f of pool.functions) {
      expect(f.code.startsWith("def ") || f.code.startsWith("async def ")).toBe(true);
      expect(f.chars).toBeGreaterThanOrEqual(pool.filter.p25);
      expect(f.chars).toBeLessThanOrEqual(pool.filter.p75);
      expect(f.name).not.toBe("f");
      expect(f.path.split("/").some((p) => ["test", "tests", "idle_test", "site-packages"].includes(p))).toBe(false);
    }
    expect(new Set(pool.functions.map((f) => f.code)).size).toBe(pool.functions.length);
    expectWellFormed(pool);
  });
});
