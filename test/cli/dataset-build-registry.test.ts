/**
 * `npm run dataset -- build npm:<pkg>@<range>` against a registry stand-in (npm's own setting points at
 * it, as npm scripts pass it): the newest selected version is built, needles are dated by the first
 * version holding them, the provenance keeps every version's lock record, `--versions` bounds the
 * series (code older than it is undated), `--born-after` keeps fresh needles, a mirror's re-stamped
 * publish times are warned about, and every bad source stops the build with nothing stored in a
 * running instance.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { SERIES_RULE } from "../../src/lib/born/rules";
import { tar } from "../sources/archive-builder";
import { family } from "./born-repos";
import { startRegistry, type RegistryStandIn } from "./registry-stand-in";

const work = mkdtempSync(join(tmpdir(), "nw-registry-build-"));
let registry: RegistryStandIn;
let instance: IsolatedInstance;

/** A documented JavaScript function, unique by name and constants. */
const jsFunction = (name: string, n: number) =>
  [
    "/**",
    " * Collect every entry below the limit and return them sorted in ascending order.",
    " */",
    `function ${name}(values, limit) {`,
    `  const kept = values.filter((v) => v < limit + ${n});`,
    `  kept.sort((a, b) => a - b + ${n % 3});`,
    `  return kept.slice(0, ${n + 3});`,
    "}",
    "",
    "",
  ].join("\n");
const module = (prefix: string, from: number, n = 8, edit?: [string, string]) => {
  const text = Array.from({ length: n }, (_, i) => jsFunction(`${prefix}_${i}`, from + i)).join("");
  return `"use strict";\n\n${edit ? text.replace(edit[0], edit[1]) : text}module.exports = {};\n`;
};
const A_EDIT: [string, string] = ["limit + 1);", "limit + 1001);"];

const V1 = { "package.json": "{}", "lib/a.js": module("a", 0) };
const V11 = { ...V1, "lib/b.js": module("b", 100) };
const V12 = { ...V11, "lib/a.js": module("a", 0, 8, A_EDIT), "lib/c.js": module("c", 200) };
const V2 = { ...V12, "lib/d.js": module("d", 300) };

/** The day each function must be born, building `npm:fresh-lib@^1` (1.2.0) from the whole series. */
const expected = (name: string) =>
  name.startsWith("a_") && name !== "a_1" ? "2024-01-15" : name.startsWith("b_") ? "2024-08-01" : "2025-04-01";

beforeAll(async () => {
  registry = await startRegistry();
  await registry.publishNpm("fresh-lib", [
    { version: "1.0.0", time: "2024-01-15T10:00:00.000Z", archive: V1 },
    { version: "1.1.0", time: "2024-08-01T10:00:00.000Z", archive: V11 },
    { version: "1.2.0", time: "2025-04-01T10:00:00.000Z", archive: V12 },
    { version: "2.0.0", time: "2025-10-01T10:00:00.000Z", archive: V2 },
  ]);
  instance = await startIsolatedInstance("nw-registry-build");
}, 180_000);

afterAll(async () => {
  await registry?.close();
  await instance?.stop();
  rmSync(work, { recursive: true, force: true });
});

interface Built {
  code: number;
  out: string;
  repo?: {
    repo: string;
    needles: { name: string; born: string | null }[];
    provenance: { source: Record<string, unknown>; born: Record<string, unknown>; warnings: string[] } & Record<
      string,
      unknown
    >;
  };
}

async function build(spec: string, id: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<Built> {
  const out = join(work, `${id}.json`);
  const run = await family("repoqa", ["build", spec, "--id", id, "--out", out, "--bins", "64", ...extra], {
    npm_config_registry: registry.base,
    NEEDLEWORK_ADMIN_TOKEN: instance.token,
    NEEDLEWORK_DIR: work,
    ...env,
  });
  if (run.code !== 0) return run;
  return { ...run, repo: JSON.parse(readFileSync(out, "utf8")).typescript[0] };
}

describe("RepoQA from an npm range, over several versions", () => {
  it("builds the newest matching version and dates each needle by the first version holding it", async () => {
    const { code, out, repo } = await build("npm:fresh-lib@^1", "fresh-all", ["--needles", "24", "--no-load"]);
    expect(code, out).toBe(0);
    expect(out).toContain("npm:fresh-lib@^1: building fresh-lib@1.2.0 (published 2025-04-01T10:00:00.000Z)");
    expect(repo!.repo).toBe("npm/fresh-lib");
    expect(repo!.needles).toHaveLength(24);
    for (const n of repo!.needles) expect(n.born, n.name).toBe(expected(n.name));
    const { source, ...rest } = repo!.provenance;
    expect(rest).toEqual({
      rule: SERIES_RULE,
      born: { earliest: "2024-01-15", latest: "2025-04-01", dated: 24, undated: 0 },
      undated_reasons: {},
      notes: [expect.stringContaining("first of 3 versions")],
      warnings: [],
    });
    expect(source).toMatchObject({
      kind: "registry",
      spec: "npm:fresh-lib@^1",
      registry: registry.base,
      name: "fresh-lib",
      version: "1.2.0",
      series: { versions: 3, oldest: "1.0.0", complete: true },
      publish_times: { created_and_modified: true, out_of_order: 0 },
    });
    // A lock record per version read, enough to fetch and check each archive again (docs/repoqa.md).
    const records = source.versions_read as Record<string, unknown>[];
    expect(records.map((r) => r.version)).toEqual(["1.0.0", "1.1.0", "1.2.0"]);
    for (const r of records) {
      expect(r).toMatchObject({
        source: "npm:fresh-lib@^1",
        registry: registry.base,
        name: "fresh-lib",
        archiveUrl: expect.stringContaining(`fresh-lib-${r.version}.tgz`),
        integrity: { algorithm: "sha512", digest: expect.any(String) },
      });
      expect(r.publishedAt).toMatch(/^202[45]-/);
    }
  });

  it("--versions bounds the series: code already in its oldest version is undated, not dated by it", async () => {
    const { code, out, repo } = await build("npm:fresh-lib@^1", "fresh-two", [
      "--needles",
      "24",
      "--versions",
      "2",
      "--no-load",
    ]);
    expect(code, out).toBe(0);
    for (const n of repo!.needles)
      expect(n.born, n.name).toBe(n.name.startsWith("c_") || n.name === "a_1" ? "2025-04-01" : null);
    expect(repo!.provenance).toMatchObject({
      born: { dated: 9, undated: 15 },
      undated_reasons: { "older-than-series": 15 },
      source: { series: { versions: 2, oldest: "1.1.0", complete: false } },
    });
    expect((repo!.provenance.source.versions_read as unknown[]).length).toBe(2);
  });

  it("--born-after keeps only needles born after the day, or refuses with the counts", async () => {
    const fresh = await build("npm:fresh-lib@^1", "fresh-new", [
      "--needles",
      "9",
      "--born-after",
      "2025-01-01",
      "--no-load",
    ]);
    expect(fresh.code, fresh.out).toBe(0);
    expect(fresh.repo!.needles.map((n) => n.name).sort()).toEqual(
      ["a_1", ...Array.from({ length: 8 }, (_, i) => `c_${i}`)].sort(),
    );
    const refused = await build("npm:fresh-lib@^1", "fresh-refused", [
      "--needles",
      "10",
      "--born-after",
      "2025-01-01",
      "--no-load",
    ]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("keeps 9 of 24 candidate functions (24 dated, 0 undated); 10 needles requested");
  });

  it("warns about publish times a mirror may have re-stamped, without failing", async () => {
    await registry.publishNpm(
      "stamped-lib",
      ["1.0.0", "1.0.1", "1.0.2", "1.0.3", "1.0.4"].map((version, i) => ({
        version,
        // Patch releases published in reverse, as a re-stamping mirror shows them.
        time: `2026-0${5 - i}-01T00:00:00.000Z`,
        archive: { "lib/a.js": module("a", 0), "lib/b.js": module("b", 100) },
      })),
      { restamped: true },
    );
    const { code, out, repo } = await build("npm:stamped-lib", "stamped", ["--needles", "4", "--no-load"]);
    expect(code, out).toBe(0);
    expect(out).toContain("WARNING: publish times may be re-stamped (a mirror?)");
    expect(out).toContain("the packument's time has no created/modified");
    expect(out).toContain("4 of 4 patch releases were published before the one they follow");
    expect(repo!.provenance.warnings).toEqual([expect.stringContaining("are not to be trusted")]);
    expect(repo!.provenance.source).toMatchObject({
      publish_times: { created_and_modified: false, pairs: 4, out_of_order: 4 },
    });
  });

  it("loads a good build into the running instance", async () => {
    const { code, out } = await build("npm:fresh-lib@^1", "fresh-loaded", [
      "--needles",
      "5",
      "--url",
      instance.url,
      "--no-contexts",
    ]);
    expect(code, out).toBe(0);
    const res = await fetch(`${instance.url}/v1/datasets/fresh-loaded`);
    expect(res.status).toBe(200);
  });
});

describe("bad registry sources stop the build, and nothing is stored", () => {
  const datasets = async () =>
    ((await (await fetch(`${instance.url}/v1/datasets`)).json()) as { datasets: { id: string }[] }).datasets.map(
      (d) => d.id,
    );

  beforeAll(async () => {
    await registry.publishNpm("climbing", [
      {
        version: "1.0.0",
        time: "2025-01-01T00:00:00.000Z",
        archive: [
          { path: "package/lib/a.js", content: module("a", 0) },
          { path: "package/../../x.js", content: "evil" },
        ],
      },
    ]);
    // 20 files of 4 MiB each: every one under the per-file bound, together over the unpacked bound.
    const zeros = new Uint8Array(4 * 1024 * 1024);
    const bomb = gzipSync(tar(Array.from({ length: 20 }, (_, i) => ({ path: `package/z${i}.js`, content: zeros }))));
    await registry.publishNpm("bomb", [
      { version: "1.0.0", time: "2025-01-01T00:00:00.000Z", archive: new Uint8Array(bomb) },
    ]);
    await registry.publishNpm("huge", [
      { version: "1.0.0", time: "2025-01-01T00:00:00.000Z", archive: { "lib/a.js": module("a", 0) } },
    ]);
    registry.routes.set("/huge/-/huge-1.0.0.tgz", (_, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": 20 * 1024 * 1024 });
      res.end();
    });
  }, 60_000);

  it.each([
    ["a registry that is down", "npm:fresh-lib", "down", /registry-down: could not fetch npm metadata/],
    ["a missing version", "npm:fresh-lib@9.9.9", "missing", /not-found: npm:fresh-lib: no version matches "9\.9\.9"/],
    ["path traversal", "npm:climbing", "traversal", /hostile \(path-traversal\): entry "package\/\.\.\/\.\.\/x\.js"/],
    ["a gzip bomb", "npm:bomb", "bomb", /bound unpackedBytes=67108864 exceeded/],
    [
      "an oversized archive",
      "npm:huge",
      "oversize",
      /bound downloadBytes=16777216 exceeded: .* declares 20971520 bytes/,
    ],
  ])("%s", { timeout: 120_000 }, async (_label, spec, id, message) => {
    let env: NodeJS.ProcessEnv = {};
    if (id === "down") {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      env = { npm_config_registry: `http://127.0.0.1:${port}/` };
    }
    const { code, out } = await build(
      spec,
      `bad-${id}`,
      ["--needles", "2", "--url", instance.url, "--no-contexts"],
      env,
    );
    expect(code, out).toBe(1);
    expect(out).toMatch(message);
    expect((await fetch(`${instance.url}/v1/datasets/bad-${id}`)).status).toBe(404);
    expect(await datasets()).not.toContain(`bad-${id}`);
  });
});
