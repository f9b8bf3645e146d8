import { describe, expect, it } from "vitest";
import { cratesMetadataUrl, parseCrate } from "../../src/lib/sources/crates";
import { SourceError } from "../../src/lib/sources/errors";
import { npmMetadataUrl, parsePackument } from "../../src/lib/sources/npm";
import { parsePypiProject, pypiMetadataUrl } from "../../src/lib/sources/pypi";
import { matchSpec, normaliseBase } from "../../src/lib/sources/registry";
import { selectVersions } from "../../src/lib/sources/select";
import { parseSpec } from "../../src/lib/sources/spec";
import type { Listing } from "../../src/lib/sources/types";
import crates from "../fixtures/registries/crates-hg-core.json";
import pypi from "../fixtures/registries/pypi-sampleproject.json";

const SHA512 = "a".repeat(86) + "==";

/** A packument in npm's shape: `versions[v].dist`, `time[v]`, `dist-tags`. */
function packument(versions: Record<string, { time?: string; deprecated?: string; dist?: object }>) {
  return {
    _id: "demo",
    name: "demo",
    "dist-tags": { latest: "1.2.0", next: "2.0.0-beta.1" },
    versions: Object.fromEntries(
      Object.entries(versions).map(([v, o]) => [
        v,
        {
          name: "demo",
          version: v,
          ...(o.deprecated ? { deprecated: o.deprecated } : {}),
          dist: o.dist ?? {
            tarball: `https://r.example/demo/-/demo-${v}.tgz`,
            integrity: `sha512-${SHA512}`,
            shasum: "b".repeat(40),
          },
        },
      ]),
    ),
    time: {
      created: "2020-01-01T00:00:00.000Z",
      modified: "2024-01-01T00:00:00.000Z",
      ...Object.fromEntries(Object.entries(versions).flatMap(([v, o]) => (o.time ? [[v, o.time]] : []))),
    },
  };
}

describe("npm", () => {
  it("encodes scoped names as npm does", () => {
    expect(npmMetadataUrl("https://r.example/", "@scope/pkg")).toBe("https://r.example/@scope%2fpkg");
    expect(npmMetadataUrl("https://r.example/mirror/", "left-pad")).toBe("https://r.example/mirror/left-pad");
  });

  it("reads versions, publish times, tarballs and the strongest hash; keeps deprecated versions", () => {
    const listing = parsePackument(
      packument({
        "1.0.0": { time: "2021-03-04T05:06:07.891Z", deprecated: "use 1.2" },
        "1.2.0": { time: "2022-01-01T00:00:00.123456+00:00" },
        "1.1.0": { time: "2021-06-01T00:00:00Z", dist: { tarball: "https://r.example/t.tgz", shasum: "c".repeat(40) } },
        "0.9.0": {},
        "0.8.0": { time: "2020-01-01T00:00:00Z", dist: { tarball: "https://r.example/t.tgz" } },
      }),
      "demo",
    );
    expect(listing.versions.map((v) => v.version)).toEqual(["1.0.0", "1.2.0", "1.1.0"]);
    expect(listing.versions[0]).toEqual({
      version: "1.0.0",
      publishedAt: "2021-03-04T05:06:07.891Z",
      archiveUrl: "https://r.example/demo/-/demo-1.0.0.tgz",
      integrity: { algorithm: "sha512", digest: SHA512 },
      format: "tgz",
      deprecated: "use 1.2",
    });
    expect(listing.versions[1].publishedAt).toBe("2022-01-01T00:00:00.123Z");
    expect(listing.versions[2].integrity).toEqual({ algorithm: "sha1", digest: "c".repeat(40) });
    expect(listing.skipped.map((s) => s.version)).toEqual(["0.9.0", "0.8.0"]);
    expect(listing.skipped[0].reason).toMatch(/time/);
    expect(listing.skipped[1].reason).toMatch(/integrity/);
    expect(listing.tags).toEqual({ latest: "1.2.0", next: "2.0.0-beta.1" });
  });

  it("resolves ranges and dist-tags, oldest first, prereleases only when named", () => {
    const listing = parsePackument(
      packument({
        "2.0.0-beta.1": { time: "2023-01-01T00:00:00Z" },
        "1.2.0": { time: "2022-01-01T00:00:00Z" },
        "1.0.0": { time: "2021-01-01T00:00:00Z" },
        "1.1.0": { time: "2021-06-01T00:00:00Z" },
        "0.5.0": { time: "2020-01-01T00:00:00Z" },
      }),
      "demo",
    );
    const pick = (spec: string) => matchSpec(parseSpec(spec), listing).map((v) => v.version);
    expect(pick("npm:demo@^1.0.0")).toEqual(["1.0.0", "1.1.0", "1.2.0"]);
    expect(pick("npm:demo")).toEqual(["0.5.0", "1.0.0", "1.1.0", "1.2.0", "2.0.0-beta.1"]);
    expect(pick("npm:demo@latest")).toEqual(["1.2.0"]);
    expect(pick("npm:demo@next")).toEqual(["2.0.0-beta.1"]);
    expect(pick("npm:demo@>=1.1")).toEqual(["1.1.0", "1.2.0"]);
    expect(pick("npm:demo@>=2.0.0-beta.0")).toEqual(["2.0.0-beta.1"]);
    expect(pick("npm:demo@1.0.0 || 0.5.0")).toEqual(["0.5.0", "1.0.0"]);
  });

  it("a range matching nothing, or an unknown dist-tag, is not-found", () => {
    const listing = parsePackument(packument({ "1.0.0": { time: "2021-01-01T00:00:00Z" }, "0.1.0": {} }), "demo");
    for (const spec of ["npm:demo@^2", "npm:demo@beta", "npm:demo@0.1.0"]) {
      expect(() => matchSpec(parseSpec(spec), listing)).toThrow(SourceError);
      try {
        matchSpec(parseSpec(spec), listing);
      } catch (error) {
        expect((error as SourceError).code).toBe("not-found");
      }
    }
    // The skipped version's reason is given when it is the one asked for.
    expect(() => matchSpec(parseSpec("npm:demo@0.1.0"), listing)).toThrow(/0\.1\.0 \(the packument has no usable time/);
  });
});

describe("PyPI (recorded response: pypi-sampleproject.json)", () => {
  it("builds the project JSON URL", () => {
    expect(pypiMetadataUrl("https://pypi.org/", "sampleproject")).toBe("https://pypi.org/pypi/sampleproject/json");
  });

  it("reads the sdist of each release and skips releases without one", () => {
    const listing = parsePypiProject(pypi, "sampleproject");
    expect(listing.name).toBe("sampleproject");
    expect(listing.versions).toEqual([
      {
        version: "1.2.0",
        publishedAt: "2015-06-14T14:37:56.000Z",
        archiveUrl:
          "https://files.pythonhosted.org/packages/eb/45/" +
          "79be82bdeafcecb9dca474cad4003e32ef8e4a0dec6abbd4145ccb02abe1/sampleproject-1.2.0.tar.gz",
        integrity: { algorithm: "sha256", digest: "3427a8a5dd0c1e176da48a44efb410875b3973bd9843403a0997e4187c408dc1" },
        format: "tar.gz",
      },
    ]);
    expect(listing.skipped).toEqual([{ version: "1.0", reason: "it has no files" }]);
  });

  it("lists zip-only sdists as zip, skips wheel-only and other sdist formats, records yanks", () => {
    const doc = structuredClone(pypi) as { releases: Record<string, object[]> };
    const sdist = doc.releases["1.2.0"][1] as Record<string, unknown>;
    const wheel = doc.releases["1.2.0"][0];
    doc.releases["0.9"] = [
      { ...sdist, filename: "sampleproject-0.9.zip", url: "https://f.example/sampleproject-0.9.zip" },
    ];
    doc.releases["1.1"] = [wheel];
    doc.releases["0.8"] = [{ ...sdist, filename: "sampleproject-0.8.tar.bz2", url: "https://f.example/s-0.8.tar.bz2" }];
    doc.releases["1.3"] = [{ ...sdist, yanked: true, yanked_reason: "broken build" }];
    const listing = parsePypiProject(doc, "sampleproject");
    const byVersion = Object.fromEntries(listing.versions.map((v) => [v.version, v]));
    expect(byVersion["0.9"].format).toBe("zip");
    expect(byVersion["1.3"].yanked).toBe("broken build");
    expect(Object.fromEntries(listing.skipped.map((s) => [s.version, s.reason]))).toEqual({
      "1.0": "it has no files",
      "1.1": "it has no sdist (wheels or other built files only)",
      "0.8": "its sdist format (.tar.bz2) is not read",
    });
    expect(matchSpec(parseSpec("pypi:sampleproject@1.2.0"), listing).map((v) => v.version)).toEqual(["1.2.0"]);
    expect(() => matchSpec(parseSpec("pypi:sampleproject@1.1"), listing)).toThrow(/not-found.*it has no sdist/);
  });

  it("refuses a document without releases as unsupported", () => {
    expect(() => parsePypiProject({ info: {} }, "x")).toThrow(expect.objectContaining({ code: "unsupported" }));
    expect(() => parsePypiProject([], "x")).toThrow(expect.objectContaining({ code: "corrupt" }));
  });
});

describe("crates.io (recorded response: crates-hg-core.json)", () => {
  it("builds the crate URL and resolves dl_path against the base", () => {
    expect(cratesMetadataUrl("https://crates.io/", "hg-core")).toBe("https://crates.io/api/v1/crates/hg-core");
    const listing = parseCrate(crates, "hg-core", "https://crates.io/");
    expect(listing.versions).toEqual([
      {
        version: "0.0.1",
        publishedAt: "2019-04-16T18:48:11.404Z",
        archiveUrl: "https://crates.io/api/v1/crates/hg-core/0.0.1/download",
        integrity: { algorithm: "sha256", digest: "7fe168efadebadb9da6a329fdc027036e233b662285730cad27220e11e53c384" },
        format: "crate",
      },
    ]);
    expect(parseCrate(crates, "hg-core", "http://127.0.0.1:9/mirror/").versions[0].archiveUrl).toBe(
      "http://127.0.0.1:9/mirror/api/v1/crates/hg-core/0.0.1/download",
    );
  });

  it("records yanked versions and skips versions without a checksum", () => {
    const doc = structuredClone(crates) as { versions: Record<string, unknown>[] };
    doc.versions.push({ ...doc.versions[0], num: "0.0.2", yanked: true, yank_message: null });
    doc.versions.push({ ...doc.versions[0], num: "0.0.3", checksum: null });
    const listing: Listing = parseCrate(doc, "hg-core", "https://crates.io/");
    expect(listing.versions.map((v) => [v.version, v.yanked])).toEqual([
      ["0.0.1", undefined],
      ["0.0.2", true],
    ]);
    expect(listing.skipped).toEqual([{ version: "0.0.3", reason: "crates.io gives no usable checksum for it" }]);
  });
});

describe("selectVersions", () => {
  const listing = parsePackument(
    packument({
      "1.0.0": { time: "2023-01-10T00:00:00Z" },
      "1.1.0": { time: "2024-05-31T23:59:59.999Z" },
      "1.2.0": { time: "2024-06-01T00:00:00Z" },
      "1.3.0": { time: "2024-09-01T00:00:00Z" },
      "1.4.0": { time: "2025-02-01T00:00:00Z" },
    }),
    "demo",
  );
  const all = matchSpec(parseSpec("npm:demo"), listing);
  const versions = (selection: Parameters<typeof selectVersions>[1]) =>
    selectVersions(all, selection).map((v) => v.version);

  it("windows by publish time (from inclusive, before exclusive)", () => {
    expect(versions({ publishedFrom: "2024-06-01" })).toEqual(["1.2.0", "1.3.0", "1.4.0"]);
    expect(versions({ publishedFrom: "2024-06-01", publishedBefore: "2025-02-01T00:00:00Z" })).toEqual([
      "1.2.0",
      "1.3.0",
    ]);
  });

  it("keeps the newest N in oldest-first order, and applies where", () => {
    expect(versions({ newest: 2 })).toEqual(["1.3.0", "1.4.0"]);
    expect(versions({ newest: 0 })).toEqual([]);
    expect(versions({ where: (v) => v.version.endsWith(".0.0") })).toEqual(["1.0.0"]);
    expect(() => versions({ publishedFrom: "soon" })).toThrow(RangeError);
  });
});

describe("normaliseBase", () => {
  it("adds the trailing slash and refuses non-http addresses", () => {
    expect(normaliseBase("https://registry.npmjs.org")).toBe("https://registry.npmjs.org/");
    expect(normaliseBase(" http://127.0.0.1:4873/mirror?x=1 ")).toBe("http://127.0.0.1:4873/mirror/");
    expect(() => normaliseBase("file:///etc")).toThrow(/url-scheme/);
  });
});
