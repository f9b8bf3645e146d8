/**
 * The registry path of the RepoQA builder inside workerd, as a scheduled build in the deployed Worker
 * would run it: a package read through a `fetch` handed in (an in-memory registry), needles dated by
 * the first version holding them, code older than the versions read left undated, `--born-after`,
 * re-stamped publish times detected, hostile archives refused.
 */
import { describe, expect, it } from "vitest";
import "../../src/lib/code";
import { buildFromRegistry, languageOf, underEntry } from "../../src/benchmarks/repoqa/curate/from-registry";
import { checkPublishTimes, predecessor } from "../../src/lib/dating/package-source";
import { NeedleSelectionError } from "../../src/benchmarks/repoqa/curate/needles";
import { parseBornAfter } from "../../src/lib/born";
import { SourceError, type VersionInfo } from "../../src/lib/sources";
import { MemoryRegistry, NPM } from "./memory-registry";
import { tsFile } from "./synthetic-code";

const options = {
  registries: { npm: NPM },
  descriptions: { kind: "docstring" as const },
  seed: 0,
  count: 12,
  bins: 64,
  maxBytes: 2000,
  entry: "src",
};

async function memLib(): Promise<MemoryRegistry> {
  const registry = new MemoryRegistry();
  const v1 = { "package.json": "{}", "src/a.ts": tsFile("a", 0), "README.md": "# mem-lib\n" };
  await registry.npm(
    "mem-lib",
    [
      { version: "0.9.0", time: "2023-05-01T00:00:00.000Z", files: v1 },
      { version: "1.0.0", time: "2024-05-01T00:00:00.000Z", files: { ...v1, "src/b.ts": tsFile("b", 50) } },
      {
        version: "1.1.0",
        time: "2025-05-01T00:00:00.000Z",
        files: { ...v1, "src/b.ts": tsFile("b", 50), "src/c.ts": tsFile("c", 100) },
      },
    ],
    { created: "2023-05-01T00:00:00.000Z", modified: "2025-05-01T00:00:00.000Z" },
  );
  return registry;
}

describe("RepoQA from a registry, in workerd", () => {
  it("builds the newest selected version and dates needles by the first version holding them", async () => {
    const registry = await memLib();
    const built = await buildFromRegistry("npm:mem-lib@^1", { ...options, fetch: registry.fetch, count: 18 });
    expect(built.language).toBe("typescript");
    expect(built.package).toMatchObject({ version: "1.1.0", kind: "npm", name: "mem-lib" });
    const born = Object.fromEntries(built.repo.needles.map((n) => [n.name, n.born]));
    for (let i = 0; i < 6; i++) {
      expect(born[`a_${i}`]).toBe("2023-05-01");
      expect(born[`b_${i}`]).toBe("2024-05-01");
      expect(born[`c_${i}`]).toBe("2025-05-01");
    }
    expect(built.repo.provenance).toMatchObject({
      source: { kind: "registry", version: "1.1.0", series: { versions: 3, complete: true } },
      born: { earliest: "2023-05-01", latest: "2025-05-01", dated: 18, undated: 0 },
      warnings: [],
    });
    // Only the archives of the versions dated by, each once, after the packument.
    expect(registry.asked.filter((u) => u.endsWith(".tgz"))).toHaveLength(3);
  });

  it("with two versions read, code already in the older one is undated", async () => {
    const registry = await memLib();
    const built = await buildFromRegistry("npm:mem-lib", { ...options, fetch: registry.fetch, count: 18, versions: 2 });
    for (const n of built.repo.needles) expect(n.born, n.name).toBe(n.name.startsWith("c_") ? "2025-05-01" : null);
    expect(built.repo.provenance).toMatchObject({ undated_reasons: { "older-than-series": 12 } });
  });

  it("--born-after keeps the fresh needles, or refuses with the counts", async () => {
    const registry = await memLib();
    const bornAfter = parseBornAfter("2025-01-01");
    const built = await buildFromRegistry("npm:mem-lib", { ...options, fetch: registry.fetch, count: 6, bornAfter });
    expect(built.repo.needles.map((n) => n.name).sort()).toEqual(["c_0", "c_1", "c_2", "c_3", "c_4", "c_5"]);
    const refused = buildFromRegistry("npm:mem-lib", { ...options, fetch: registry.fetch, count: 7, bornAfter });
    await expect(refused).rejects.toThrow(NeedleSelectionError);
    await expect(refused).rejects.toThrow(
      "keeps 6 of 18 candidate functions (18 dated, 0 undated); 7 needles requested",
    );
  });

  it("refuses a hostile archive with the library's error", async () => {
    const registry = new MemoryRegistry();
    await registry.npm("evil", [
      {
        version: "1.0.0",
        time: "2025-01-01T00:00:00.000Z",
        files: [
          { path: "package/src/a.ts", content: tsFile("a", 0) },
          { path: "package/src/link.ts", type: "2", linkpath: "/etc/passwd" },
        ],
      },
    ]);
    const error = await buildFromRegistry("npm:evil", { ...options, fetch: registry.fetch }).catch((e) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: "hostile", rule: "symlink" });
  });
});

describe("the parts", () => {
  const info = (version: string, publishedAt: string): VersionInfo => ({
    version,
    publishedAt,
    archiveUrl: `${NPM}x-${version}.tgz`,
    integrity: { algorithm: "sha512", digest: "x" },
    format: "tgz",
  });

  it("publish times: a packument without created/modified, or patch releases out of order, are warned about", () => {
    const ordered = ["1.0.0", "1.0.1", "1.0.2", "1.1.0"].map((v, i) => info(v, `2024-0${i + 1}-01T00:00:00.000Z`));
    const npm = { time: { created: "x", modified: "y" } };
    expect(checkPublishTimes("npm", npm, ordered)).toEqual({
      check: { created_and_modified: true, pairs: 2, out_of_order: 0 },
    });
    expect(checkPublishTimes("npm", { time: {} }, ordered).warning).toContain("no created/modified");
    // A backport (1.0.3 after 1.1.0) is no inversion: only consecutive patches of one minor line count.
    const backport = [...ordered, info("1.0.3", "2024-06-01T00:00:00.000Z")];
    expect(checkPublishTimes("crates", {}, backport).warning).toBeUndefined();
    const stamped = ["1.0.0", "1.0.1", "1.0.2", "1.0.3"].map((v, i) => info(v, `2024-0${4 - i}-01T00:00:00.000Z`));
    const checked = checkPublishTimes("crates", {}, stamped);
    expect(checked.check).toMatchObject({ pairs: 3, out_of_order: 3 });
    expect(checked.warning).toContain("3 of 3 patch releases were published before the one they follow");
    // Two out of order are tolerated.
    expect(checkPublishTimes("crates", {}, stamped.slice(1)).warning).toBeUndefined();
  });

  it("a version's predecessor is the highest semver below it, whatever was published in between", () => {
    const all = [
      info("7.1.0", "2024-01-01T00:00:00.000Z"),
      info("8.0.0", "2024-02-01T00:00:00.000Z"),
      info("8.1.0", "2024-03-01T00:00:00.000Z"),
      info("7.1.1", "2024-03-02T00:00:00.000Z"),
      info("8.2.0", "2024-04-01T00:00:00.000Z"),
    ];
    expect(predecessor(all[4], all)?.version).toBe("8.1.0");
    expect(predecessor(all[3], all)?.version).toBe("7.1.0");
    expect(predecessor(all[0], all)).toBeUndefined();
    const pep = [info("1.0", "2020-01-01T00:00:00.000Z"), info("1.0.post1", "2020-02-01T00:00:00.000Z")];
    expect(predecessor(pep[1], pep)?.version).toBe("1.0");
  });

  it("entry paths and the language by file count", () => {
    expect(underEntry("src/a.ts", "src")).toBe(true);
    expect(underEntry("srcx/a.ts", "src")).toBe(false);
    expect(underEntry("lib/a.ts", ".")).toBe(true);
    expect(languageOf(["a.py", "b.py", "c.ts"])).toBe("python");
  });
});
