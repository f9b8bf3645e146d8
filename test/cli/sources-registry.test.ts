/**
 * src/lib/sources/ in Node against a local registry stand-in (node:http on 127.0.0.1, port 0) that
 * serves packuments, PyPI and crates.io documents (from test/fixtures/registries/) and archives the
 * test builds, good and bad; cli/lib/npm-registry.ts; one live read from the real npm registry; and
 * the range matcher checked against node-semver itself.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NPM_DEFAULT_REGISTRY, npmRegistry } from "../../cli/lib/npm-registry";
import {
  type FetchedVersion,
  fetchVersions,
  replayLock,
  resolveVersions,
  satisfies,
  SourceError,
  type SourceOptions,
} from "../../src/lib/sources/index";
import { sha256hex, sri512, tar, type TarItem, text, tgz } from "../sources/archive-builder";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const routes = new Map<string, Handler>();
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let base: string;

const serveBytes =
  (bytes: Uint8Array, status = 200): Handler =>
  (_, res) => {
    res.writeHead(status, { "content-type": "application/octet-stream", "content-length": bytes.length });
    res.end(bytes);
  };
const serveJson = (body: unknown): Handler => serveBytes(new TextEncoder().encode(JSON.stringify(body)));

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    const handler = routes.get(req.url ?? "");
    if (handler) return handler(req, res);
    res.writeHead(404, { "content-type": "application/json" });
    res.end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Version {
  version: string;
  time: string;
  /** Tar entries under package/, or the archive's raw bytes. */
  archive: TarItem[] | Uint8Array;
  /** The integrity the packument states, when it should not be the archive's own. */
  integrity?: string;
}

/** Publishes `name` on the stand-in: its packument and one tarball per version. */
async function publish(name: string, versions: Version[]): Promise<void> {
  const escaped = name.replace("/", "%2f");
  const packument = {
    _id: name,
    name,
    "dist-tags": {} as Record<string, string>,
    versions: {} as Record<string, unknown>,
    time: {} as Record<string, string>,
  };
  for (const v of versions) {
    const bytes = v.archive instanceof Uint8Array ? v.archive : await tgz(v.archive);
    const path = `/${escaped}/-/${name.split("/").pop()}-${v.version}.tgz`;
    routes.set(path, serveBytes(bytes));
    packument.versions[v.version] = {
      name,
      version: v.version,
      dist: {
        tarball: `${base}${path.slice(1)}`,
        integrity: v.integrity ?? (await sri512(bytes)),
        shasum: "0".repeat(40),
      },
    };
    packument.time[v.version] = v.time;
    packument["dist-tags"].latest = v.version;
  }
  routes.set(`/${escaped}`, serveJson(packument));
}

const files = (entries: Record<string, string>): TarItem[] =>
  Object.entries(entries).map(([path, content]) => ({ path: `package/${path}`, content }));

async function collect(spec: string, options: SourceOptions = {}): Promise<FetchedVersion[]> {
  const out: FetchedVersion[] = [];
  for await (const item of fetchVersions(spec, { registries: { npm: base }, ...options })) out.push(item);
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("npm through the stand-in", () => {
  it("resolves a range, verifies each tarball and returns its files, oldest first", async () => {
    await publish("happy", [
      {
        version: "1.0.0",
        time: "2024-01-01T00:00:00.000Z",
        archive: files({ "index.js": "one", "package.json": "{}" }),
      },
      { version: "1.4.2", time: "2024-08-01T00:00:00.000Z", archive: files({ "index.js": "four", "src/a.ts": "a" }) },
      { version: "1.5.0-rc.1", time: "2024-09-01T00:00:00.000Z", archive: files({ "index.js": "rc" }) },
      { version: "2.0.0", time: "2024-10-01T00:00:00.000Z", archive: files({ "index.js": "two" }) },
      { version: "1.1.0", time: "2024-03-01T00:00:00.000Z", archive: files({ "index.js": "one-one" }) },
    ]);
    const got = await collect("npm:happy@^1.1.0");
    expect(got.map((g) => g.info.version)).toEqual(["1.1.0", "1.4.2"]);
    expect(got.map((g) => text(g.files.get("index.js")))).toEqual(["one-one", "four"]);
    expect(got[1].record).toMatchObject({ source: "npm:happy@^1.1.0", registry: base, version: "1.4.2" });
    expect(got[1].record.integrity.algorithm).toBe("sha512");
    const agent = seen.find((s) => s.url === "/happy")?.headers["user-agent"];
    expect(agent).toMatch(/^needlework-sources/);
  });

  it("encodes a scoped name as @scope%2fname", async () => {
    await publish("@scope/pkg", [
      { version: "2.1.3", time: "2024-02-02T00:00:00.000Z", archive: files({ "index.js": "scoped" }) },
      { version: "2.2.0", time: "2024-02-03T00:00:00.000Z", archive: files({ "index.js": "newer" }) },
    ]);
    const got = await collect("npm:@scope/pkg@~2.1");
    expect(got.map((g) => text(g.files.get("index.js")))).toEqual(["scoped"]);
    expect(seen.some((s) => s.url === "/@scope%2fpkg")).toBe(true);
  });

  it("replays a lock record byte for byte", async () => {
    const [first] = await collect("npm:happy@1.0.0");
    const replayed = await replayLock(JSON.parse(JSON.stringify(first.record)));
    expect([...replayed.keys()].sort()).toEqual(["index.js", "package.json"]);
    expect(text(replayed.get("index.js"))).toBe("one");
  });

  it("takes the address from npm_config_registry, as npm scripts set it", async () => {
    const registry = await npmRegistry({ env: { ...process.env, npm_config_registry: base.slice(0, -1) } });
    expect(registry).toBe(base);
    const [got] = await collect("npm:happy@2.0.0", { registries: { npm: registry } });
    expect(text(got.files.get("index.js"))).toBe("two");
  });
});

describe("npmRegistry without npm_config_registry", () => {
  const withoutRegistry = () =>
    Object.fromEntries(Object.entries(process.env).filter(([key]) => key.toLowerCase() !== "npm_config_registry"));

  it("asks npm itself, which reads the project's .npmrc", async () => {
    const dir = mkdtempSync(join(tmpdir(), "needlework-npmrc-"));
    try {
      writeFileSync(join(dir, "package.json"), '{"name":"probe","private":true}');
      writeFileSync(join(dir, ".npmrc"), `registry=${base}mirror\n`);
      expect(await npmRegistry({ env: withoutRegistry(), cwd: dir })).toBe(`${base}mirror/`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("falls back to npm's default when npm is not installed, and refuses a non-http value", async () => {
    const missing = Object.assign(new Error("spawn npm ENOENT"), { code: "ENOENT" });
    expect(await npmRegistry({ env: {}, run: () => Promise.reject(missing) })).toBe(NPM_DEFAULT_REGISTRY);
    await expect(npmRegistry({ env: {}, run: async () => "file:///srv/npm\n" })).rejects.toThrow(/not http/);
  });
});

describe("bad sources through the stand-in", () => {
  it("a registry that is down (closed port) is registry-down", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(collect("npm:happy", { registries: { npm: `http://127.0.0.1:${port}/` } }));
    expect(error.code).toBe("registry-down");
  });

  it("a 5xx is registry-down; a 404 package and a missing version are not-found", async () => {
    routes.set("/flaky", (_, res) => {
      res.writeHead(502);
      res.end("bad gateway");
    });
    expect(await refusal(collect("npm:flaky"))).toMatchObject({ code: "registry-down" });
    expect(await refusal(collect("npm:no-such-package"))).toMatchObject({ code: "not-found" });
    const missing = await refusal(collect("npm:happy@3.0.0"));
    expect(missing).toMatchObject({ code: "not-found" });
    expect(missing.message).toContain('no version matches "3.0.0"');
  });

  it("a tarball that is not gzip is corrupt (its hash matches, so only gzip can object)", async () => {
    const garbage = new TextEncoder().encode("this is not a gzip stream at all");
    await publish("corrupt-gz", [{ version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: garbage }]);
    expect(await refusal(collect("npm:corrupt-gz"))).toMatchObject({ code: "corrupt", rule: "gzip" });
    const cut = await tgz(files({ "index.js": "x".repeat(5000) }));
    await publish("truncated-gz", [
      { version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: cut.subarray(0, cut.length - 20) },
    ]);
    expect(await refusal(collect("npm:truncated-gz"))).toMatchObject({ code: "corrupt" });
  });

  it("an integrity mismatch is refused before unpacking", async () => {
    const other = await tgz(files({ "index.js": "other" }));
    await publish("tampered", [
      {
        version: "1.0.0",
        time: "2024-01-01T00:00:00Z",
        archive: files({ "index.js": "x" }),
        integrity: await sri512(other),
      },
    ]);
    const error = await refusal(collect("npm:tampered"));
    expect(error.code).toBe("integrity");
    expect(error.message).toContain("the registry says");
  });

  it.each<[string, TarItem, string]>([
    ["path traversal", { path: "package/../../../home/user/.bashrc", content: "evil" }, "path-traversal"],
    ["an absolute path", { path: "/etc/cron.d/evil", content: "evil" }, "absolute-path"],
    ["a symlink", { path: "package/lib", type: "2", linkpath: "/etc" }, "symlink"],
    ["a hard link", { path: "package/passwd", type: "1", linkpath: "/etc/passwd" }, "hardlink"],
  ])("%s refuses the whole archive", async (label, item, rule) => {
    const name = `hostile-${rule}`;
    await publish(name, [
      { version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: [...files({ "index.js": "fine" }), item] },
    ]);
    const error = await refusal(collect(`npm:${name}`));
    expect(error, label).toMatchObject({ code: "hostile", rule });
  });

  it("a gzip bomb stops at the unpacked bound, long before it is inflated", async () => {
    const size = 64 * 1024 * 1024;
    const header = tar([{ path: "package/zeros.bin", headerSize: size }], { end: false });
    const bomb = gzipSync(Buffer.concat([header, Buffer.alloc(size), Buffer.alloc(1024)]), { level: 9 });
    expect(bomb.length).toBeLessThan(size / 500);
    await publish("bomb", [{ version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: new Uint8Array(bomb) }]);
    const limit = 2 * 1024 * 1024;
    const started = performance.now();
    const error = await refusal(collect("npm:bomb", { bounds: { unpackedBytes: limit, fileBytes: 2 * size } }));
    expect(error).toMatchObject({ code: "bound", bound: "unpackedBytes", limit });
    expect(error.message).toContain(`bound unpackedBytes=${limit} exceeded`);
    // Stopped within one output chunk or so of the bound, not after 64 MiB.
    expect(error.seen).toBeLessThan(limit + 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("too many files", async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ path: `package/f${i}.js`, content: String(i) }));
    await publish("many", [{ version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: many }]);
    expect(await refusal(collect("npm:many", { bounds: { files: 25 } }))).toMatchObject({
      code: "bound",
      bound: "files",
      limit: 25,
    });
    expect((await collect("npm:many", { bounds: { files: 40 } }))[0].files.size).toBe(40);
  });

  it("an oversize download, declared or streamed without a length", async () => {
    const big = await tgz(files({ "blob.txt": Array.from({ length: 4000 }, (_, i) => `${i * 7919}`).join(",") }));
    await publish("oversize", [{ version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: big }]);
    const limit = Math.floor(big.length / 2);
    expect(await refusal(collect("npm:oversize", { bounds: { downloadBytes: limit } }))).toMatchObject({
      bound: "downloadBytes",
      seen: big.length,
    });
    routes.set("/oversize/-/oversize-1.0.0.tgz", (_, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      for (let i = 0; i < big.length; i += 1024) res.write(big.subarray(i, i + 1024));
      res.end();
    });
    const streamed = await refusal(collect("npm:oversize", { bounds: { downloadBytes: limit } }));
    expect(streamed).toMatchObject({ code: "bound", bound: "downloadBytes", limit });
    expect(seen.at(-1)?.headers["user-agent"]).toMatch(/^needlework-sources/);
  });

  it("a server that stalls, mid-body or before answering, hits the time bound", async () => {
    await publish("stalls", [{ version: "1.0.0", time: "2024-01-01T00:00:00Z", archive: files({ "index.js": "x" }) }]);
    routes.set("/stalls/-/stalls-1.0.0.tgz", (_, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": 100_000 });
      res.write(new Uint8Array(512));
    });
    let started = performance.now();
    const body = await refusal(collect("npm:stalls", { bounds: { timeMs: 400 } }));
    expect(body).toMatchObject({ code: "bound", bound: "timeMs", limit: 400 });
    expect(performance.now() - started).toBeLessThan(5_000);
    routes.set("/silent", () => {});
    started = performance.now();
    expect(await refusal(collect("npm:silent", { bounds: { timeMs: 400 } }))).toMatchObject({ bound: "timeMs" });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("PyPI and crates.io from recorded responses, archives from the stand-in", () => {
  const fixture = (name: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/registries", name), "utf8"));

  it("reads a PyPI sdist, strips <name>-<version>/, and refuses a zip-only release", async () => {
    const doc = fixture("pypi-sampleproject.json");
    const sdistBytes = await tgz([
      { path: "sampleproject-1.2.0/setup.py", content: "from setuptools import setup\nsetup()\n" },
      { path: "sampleproject-1.2.0/sample/__init__.py", content: "def main():\n    return 1\n" },
    ]);
    const sdist = doc.releases["1.2.0"][1];
    sdist.url = `${base}packages/sampleproject-1.2.0.tar.gz`;
    sdist.digests.sha256 = await sha256hex(sdistBytes);
    doc.releases["0.9"] = [
      { ...sdist, filename: "sampleproject-0.9.zip", url: `${base}packages/sampleproject-0.9.zip` },
    ];
    routes.set("/packages/sampleproject-1.2.0.tar.gz", serveBytes(sdistBytes));
    routes.set("/pypi/sampleproject/json", serveJson(doc));

    const out: FetchedVersion[] = [];
    for await (const item of fetchVersions("pypi:sampleproject", { registries: { pypi: base } })) out.push(item);
    expect(out.map((o) => o.info.version)).toEqual(["1.2.0"]);
    expect(out[0].record).toMatchObject({
      publishedAt: "2015-06-14T14:37:56.000Z",
      integrity: { algorithm: "sha256" },
    });
    expect([...out[0].files.keys()].sort()).toEqual(["sample/__init__.py", "setup.py"]);
    const resolution = await resolveVersions("pypi:sampleproject", { registries: { pypi: base } });
    expect(resolution.skipped).toEqual([
      { version: "1.0", reason: "it has no files" },
      { version: "0.9", reason: "zip sdists are not read" },
    ]);
    const zip = await refusal(resolveVersions("pypi:sampleproject@0.9", { registries: { pypi: base } }));
    expect(zip).toMatchObject({ code: "unsupported", rule: "zip" });
    expect(zip.message).toContain("zip sdists are not read");
  });

  it("reads a crate through crates.io's download redirect", async () => {
    const doc = fixture("crates-hg-core.json");
    const crate = await tgz([
      { path: "hg-core-0.0.1/Cargo.toml", content: '[package]\nname = "hg-core"\n' },
      { path: "hg-core-0.0.1/src/lib.rs", content: "pub mod dirstate;\n" },
    ]);
    doc.versions[0].checksum = await sha256hex(crate);
    routes.set("/api/v1/crates/hg-core", serveJson(doc));
    routes.set(doc.versions[0].dl_path, (_, res) => {
      res.writeHead(302, { location: `${base}static/crates/hg-core/hg-core-0.0.1.crate` });
      res.end();
    });
    routes.set("/static/crates/hg-core/hg-core-0.0.1.crate", serveBytes(crate));
    const out: FetchedVersion[] = [];
    for await (const item of fetchVersions("crates:hg-core@0.0.1", { registries: { crates: base } })) out.push(item);
    expect(out).toHaveLength(1);
    expect(out[0].record).toMatchObject({
      source: "crates:hg-core@0.0.1",
      name: "hg-core",
      publishedAt: "2019-04-16T18:48:11.404Z",
      archiveUrl: `${base}api/v1/crates/hg-core/0.0.1/download`,
    });
    expect(text(out[0].files.get("src/lib.rs"))).toBe("pub mod dirstate;\n");
    const crateAgent = seen.find((s) => s.url === "/api/v1/crates/hg-core")?.headers["user-agent"];
    expect(crateAgent).toMatch(/^needlework-sources/);
  });
});

describe("the real npm registry (live)", () => {
  it("reads npm:is-number@7.0.0 from the registry npm is configured with", { timeout: 60_000 }, async () => {
    const registry = await npmRegistry();
    const out: FetchedVersion[] = [];
    for await (const item of fetchVersions("npm:is-number@7.0.0", { registries: { npm: registry } })) out.push(item);
    expect(out).toHaveLength(1);
    const [{ record, files: got }] = out;
    expect(record).toMatchObject({ name: "is-number", version: "7.0.0", registry });
    expect(Number.isFinite(Date.parse(record.publishedAt))).toBe(true);
    const manifest = JSON.parse(text(got.get("package.json")) ?? "{}");
    expect(manifest).toMatchObject({ name: "is-number", version: "7.0.0" });
    expect(text(got.get("index.js"))).toContain("module.exports");
    // An independent check of the integrity the library verified: hash the tarball with node:crypto.
    const tarball = new Uint8Array(await (await fetch(record.archiveUrl)).arrayBuffer());
    const digest = createHash(record.integrity.algorithm)
      .update(tarball)
      .digest(record.integrity.algorithm === "sha512" ? "base64" : "hex");
    expect(record.integrity.digest).toBe(digest);
  });
});

describe("the range matcher agrees with node-semver", () => {
  const nodeSemver = createRequire(import.meta.url)("semver") as {
    satisfies(version: string, range: string): boolean;
    validRange(range: string): string | null;
  };
  const versions = [
    "0.0.0",
    "0.0.1",
    "0.0.2-alpha",
    "0.1.0",
    "0.1.5",
    "0.2.0-rc.1",
    "0.9.9",
    "1.0.0-0",
    "1.0.0-alpha",
    "1.0.0-alpha.1",
    "1.0.0-beta.2",
    "1.0.0",
    "1.0.1",
    "1.2.0",
    "1.2.2",
    "1.2.3-beta.1",
    "1.2.3-beta.10",
    "1.2.3",
    "1.2.4",
    "1.3.0-0",
    "1.3.0",
    "1.9.9",
    "2.0.0-alpha",
    "2.0.0",
    "2.3.4",
    "2.3.5",
    "2.4.0",
    "3.0.0-rc.1",
    "3.0.0",
    "10.1.2",
  ];
  const ranges = [
    "*",
    "",
    "x",
    "1",
    "1.x",
    "1.2",
    "1.2.x",
    "1.2.*",
    "^0.0.1",
    "^0.0",
    "^0.1",
    "^0.1.0",
    "^0.0.x",
    "^0.x",
    "^1",
    "^1.2",
    "^1.2.3",
    "^1.2.3-beta.2",
    "^1.2.x",
    "^0.2.0-rc.0",
    "~0",
    "~0.1",
    "~1",
    "~1.2",
    "~1.2.3",
    "~1.2.3-beta.2",
    "~>1.2",
    ">1",
    ">1.2",
    ">1.2.3",
    ">=1",
    ">=1.2",
    ">=1.2.3",
    "<1",
    "<1.2",
    "<1.2.3",
    "<=1",
    "<=1.2",
    "<=1.2.3",
    "=1.2.3",
    "1.2.3",
    "v1.2.3",
    "1.2.3 - 2.3.4",
    "1.2 - 2.3.4",
    "1.2.3 - 2.3",
    "1.2.3 - 2",
    "1.0.0-alpha - 1.0.0",
    ">=1.2.3 <2",
    ">= 1.2.3 < 2.0.0",
    "1.2.3 || 2.x",
    "^1 || ^2.3",
    ">1.2.3-alpha.3",
    "<2.0.0-0",
    ">=1.0.0-alpha <1.0.0",
    "<=1.3.0-0",
    ">*",
    "<*",
    ">=*",
    "1.x || >=2.5.0 || 5.0.0 - 7.2.3",
    "~x.1",
    "^x",
  ];

  it.each(ranges)("%j", (range) => {
    expect(nodeSemver.validRange(range), `node-semver reads ${JSON.stringify(range)}`).not.toBeNull();
    const mine = versions.filter((v) => satisfies(v, range));
    const theirs = versions.filter((v) => nodeSemver.satisfies(v, range));
    expect(mine).toEqual(theirs);
  });

  it("on 2,000 seeded random ranges (operators, partial versions, prereleases, hyphens, ||)", () => {
    let state = 7;
    const pick = <T>(items: readonly T[]): T => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return items[state % items.length];
    };
    const partial = () => {
      const parts = [pick(["0", "1", "2", "x", "*"]), pick(["0", "1", "2", "x"]), pick(["0", "3", "x"])];
      const length = pick([1, 2, 3, 3]);
      const base = parts.slice(0, length).join(".");
      return length === 3 && !/[x*]/.test(base) ? base + pick(["", "", "-0", "-alpha", "-beta.2"]) : base;
    };
    const comparator = () => pick(["", "^", "~", ">", ">=", "<", "<=", "=", "~>"]) + partial();
    const differing: string[] = [];
    for (let i = 0; i < 2000; i++) {
      let range =
        pick([0, 1, 2, 3, 4]) === 0
          ? `${partial()} - ${partial()}`
          : [comparator(), comparator()].slice(0, pick([1, 2])).join(" ");
      if (pick([0, 1, 2]) === 0) range += ` || ${comparator()}`;
      if (nodeSemver.validRange(range) === null) continue;
      for (const version of versions) {
        if (satisfies(version, range) !== nodeSemver.satisfies(version, range))
          differing.push(`${version} in ${range}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
