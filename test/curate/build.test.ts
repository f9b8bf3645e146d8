import { describe, expect, it } from "vitest";
import "../../src/lib/code";
import { buildRepo, type BuildRepoOptions } from "../../src/benchmarks/repoqa/curate/build";
import { NeedleSelectionError, selectNeedles } from "../../src/benchmarks/repoqa/curate/needles";
import { analyzeFunctions } from "../../src/benchmarks/repoqa/curate/functions";
import { ADMIN, needleCode, post, release } from "../helpers";

/** A small but real-looking Python package: 24 documented functions over 3 modules. */
function makePackage(): Record<string, string> {
  const files: Record<string, string> = { "pkg/__init__.py": "from .alpha import *\n" };
  for (const [m, mod] of ["alpha", "beta", "gamma"].entries()) {
    const lines = [m > 0 ? `from pkg.alpha import step_0_0\n` : "import os\n"];
    for (let i = 0; i < 8; i++) {
      lines.push(
        `def step_${m}_${i}(values, factor=${i + 2}):`,
        `    """Scale every entry of the given sequence by a constant factor and keep the positive results in order."""`,
        `    kept = []`,
        `    for value in values:`,
        `        scaled = value * factor + ${i}`,
        `        if scaled > ${m}:`,
        `            kept.append(scaled)`,
        `    return kept`,
        ``,
        `def helper_${m}_${i}(x):`,
        `    return x + ${i}`,
        ``,
      );
    }
    files[`pkg/${mod}.py`] = lines.join("\n");
  }
  return files;
}

const options: BuildRepoOptions = {
  language: "python",
  descriptions: { kind: "docstring" },
  seed: 7,
  count: 5,
  bins: 16,
  maxBytes: 2000,
};

describe("buildRepo (docstring mode)", () => {
  it("is deterministic for a seed and changes with it", async () => {
    const a = await buildRepo({ repo: "test/pkg", entrypoint_path: "pkg", files: makePackage() }, options);
    const b = await buildRepo({ repo: "test/pkg", entrypoint_path: "pkg", files: makePackage() }, options);
    const c = await buildRepo(
      { repo: "test/pkg", entrypoint_path: "pkg", files: makePackage() },
      { ...options, seed: 8 },
    );
    expect(JSON.stringify(a.repo)).toBe(JSON.stringify(b.repo));
    expect(a.repo.needles.map((n) => n.name)).not.toEqual(c.repo.needles.map((n) => n.name));
    expect(a.repo.needles).toHaveLength(5);
  });

  it("orders files dependencies first and fills the release fields", async () => {
    const { repo } = await buildRepo({ repo: "test/pkg", entrypoint_path: "pkg", files: makePackage() }, options);
    // Importing pkg.alpha also runs pkg/__init__.py, so both are dependencies.
    expect(repo.dependency!["pkg/beta.py"]).toContain("pkg/alpha.py");
    expect(Object.keys(repo.functions)[0]).toBe("pkg/alpha.py");
    for (const n of repo.needles) {
      const text = needleCode({ ...repo, needles: repo.needles } as never, n.name);
      expect(text.startsWith(`def ${n.name}(`)).toBe(true);
      expect(n.end_byte! - n.start_byte!).toBeLessThanOrEqual(2000);
    }
  });

  it("moves each needle's docstring into its description and out of the code", async () => {
    const { repo } = await buildRepo({ repo: "test/pkg", entrypoint_path: "pkg", files: makePackage() }, options);
    for (const n of repo.needles) {
      expect(n.description).toBe(
        "\nScale every entry of the given sequence by a constant factor and keep the positive results in order.\n",
      );
      const code = needleCode({ ...repo } as never, n.name);
      expect(code).not.toContain('"""');
      expect(code).not.toContain("Scale every entry");
    }
    // Functions that are not needles keep their docstrings.
    const all = Object.values(repo.content).join("\n");
    expect(all.split("Scale every entry").length - 1).toBe(24 - 5);
    // The edited files were analysed again: offsets point at the needles.
    for (const n of repo.needles) {
      expect(repo.content[n.path].split("\n")[n.start_line].startsWith(`def ${n.name}`)).toBe(true);
    }
  });

  it("does not pick undocumented functions, nor docs that name their function", async () => {
    const files = makePackage();
    files["pkg/alpha.py"] = files["pkg/alpha.py"].replace(
      '"""Scale every entry of the given sequence by a constant factor and keep the positive results in order."""',
      '"""step_0_0 scales every entry of the given sequence by a constant factor."""',
    );
    const { repo } = await buildRepo(
      { repo: "test/pkg", entrypoint_path: "pkg", files },
      { ...options, count: 10, requireAllNeedles: false },
    );
    const names = repo.needles.map((n) => n.name);
    expect(names.some((n) => n.startsWith("helper_"))).toBe(false);
    expect(names).not.toContain("step_0_0");
  });

  it("says clearly when a repository has too few functions", async () => {
    const { "pkg/alpha.py": alpha } = makePackage();
    await expect(
      buildRepo(
        { repo: "test/small", entrypoint_path: "pkg", files: { "pkg/alpha.py": alpha } },
        { ...options, count: 10, bins: 10 },
      ),
    ).rejects.toThrow(/test\/small: only [0-8] function\(s\) qualify as needles .* but 10 were requested/);
  });
});

describe("selectNeedles", () => {
  it("keeps one function per bin, unique names, bounded size, then samples with Python's random", async () => {
    const files = makePackage();
    const ordered = Object.entries(files);
    const { functions } = await analyzeFunctions("python", ordered);
    const picked = selectNeedles(files, functions, { seed: 1, count: 3, bins: 8, maxBytes: 2000 });
    expect(picked).toHaveLength(3);
    const repoChars = Object.values(files).reduce((n, t) => n + t.length, 0);
    const binSize = Math.floor(repoChars / 8);
    expect(new Set(picked.map((p) => Math.floor(p.global_start_byte! / binSize))).size).toBe(3);
    expect(selectNeedles(files, functions, { seed: 1, count: 3, bins: 8, maxBytes: 2000 })).toEqual(picked);
    expect(selectNeedles(files, functions, { seed: 1, count: 3, bins: 8, maxBytes: 10 })).toEqual([]);
    expect(() => selectNeedles({ "a.py": "x" }, {}, { seed: 1, count: 3, bins: 8, maxBytes: 10 })).toThrow(
      NeedleSelectionError,
    );
  });

  it("tests eligibility before a function claims its bin (needlework's own rule, not the reference's)", async () => {
    const files = makePackage();
    const { functions } = await analyzeFunctions("python", Object.entries(files));
    const all = { seed: 1, count: 16, bins: 16, maxBytes: 2000 };
    // Without a test, the first function of each bin claims it (the reference's loop).
    const claimers = selectNeedles(files, functions, all).map((p) => p.name);
    expect(claimers.some((name) => name.startsWith("step_"))).toBe(true);
    // Refusing every step_* leaves their bins to the helpers after them instead of leaving them empty.
    const helpersOnly = selectNeedles(files, functions, {
      ...all,
      eligible: (_path, fn) => fn.name.startsWith("helper_"),
    });
    expect(helpersOnly.every((p) => p.name.startsWith("helper_"))).toBe(true);
    expect(helpersOnly.length).toBeGreaterThan(claimers.filter((name) => name.startsWith("helper_")).length);
  });
});

describe("round trip: build -> import -> score", () => {
  it("scores the oracle answer as a pass in both modes", async () => {
    const { repo } = await buildRepo({ repo: "test/pkg", entrypoint_path: "pkg", files: makePackage() }, options);
    const res = await post("/v1/datasets/built/import", { python: [repo] }, ADMIN);
    expect(res.status).toBe(200);
    const answers = repo.needles.map((n) => ({
      task: `python::test/pkg::${n.name}`,
      answer: "```python\n" + needleCode(repo as never, n.name) + "\n```",
    }));
    for (const mode of ["official", "strict"]) {
      const body = await (await post("/v1/score/batch", { dataset: "built", answers, mode })).json<any>();
      expect(body.results.map((r: any) => [r.target, r.pass, r.best_similarity])).toEqual(
        repo.needles.map((n) => [n.name, true, 1]),
      );
    }
  });

  it("keeps the fixture helpers honest", () => {
    expect(release.python.length).toBe(2);
  });
});
