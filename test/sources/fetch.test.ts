/**
 * The whole path inside workerd, with an in-memory registry behind an injected fetch: metadata,
 * range resolution, download, integrity, unpacking, bounds, lock records and their replay.
 * (test/cli/sources-registry.test.ts runs the same path in Node against a real HTTP server.)
 */
import { describe, expect, it } from "vitest";
import {
  type FetchedVersion,
  fetchVersions,
  type LockRecord,
  readArchive,
  replayLock,
  resolveVersions,
  SourceError,
  type SourceOptions,
} from "../../src/lib/sources/index";
import { sha256hex, sri512, text, tgz } from "./archive-builder";

const BASE = "https://registry.test/";

type Route = (request: Request) => Response | Promise<Response>;

/** A fetch that serves `routes` by URL and records what was asked. */
function fakeFetch(routes: Map<string, Route>, asked: string[] = []): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    asked.push(request.url);
    const route = routes.get(request.url);
    return route ? route(request) : new Response("not found", { status: 404 });
  };
}

const json =
  (body: unknown): Route =>
  () =>
    Response.json(body);
const bytesRoute =
  (bytes: Uint8Array): Route =>
  () =>
    new Response(bytes);

interface Published {
  version: string;
  time: string;
  files: Record<string, string>;
}

/** An npm registry holding `demo` with `versions`, each a tarball under package/. */
async function npmRegistry(versions: Published[]) {
  const routes = new Map<string, Route>();
  const packument = {
    name: "demo",
    "dist-tags": {},
    versions: {} as Record<string, unknown>,
    time: {} as Record<string, string>,
  };
  for (const v of versions) {
    const tarball = await tgz(Object.entries(v.files).map(([path, content]) => ({ path: `package/${path}`, content })));
    const url = `${BASE}demo/-/demo-${v.version}.tgz`;
    routes.set(url, bytesRoute(tarball));
    packument.versions[v.version] = {
      name: "demo",
      version: v.version,
      dist: { tarball: url, integrity: await sri512(tarball) },
    };
    packument.time[v.version] = v.time;
  }
  routes.set(`${BASE}demo`, json(packument));
  return { routes, packument };
}

const VERSIONS: Published[] = [
  { version: "1.0.0", time: "2023-02-01T00:00:00.000Z", files: { "index.js": "v1.0.0", "README.md": "readme" } },
  { version: "1.1.0", time: "2023-08-01T00:00:00.000Z", files: { "index.js": "v1.1.0", "lib/a.js": "a" } },
  { version: "2.0.0", time: "2024-03-01T00:00:00.000Z", files: { "index.js": "v2" } },
  { version: "1.2.0", time: "2024-07-01T00:00:00.000Z", files: { "index.js": "v1.2.0" } },
];

async function collect(spec: string, options: SourceOptions): Promise<FetchedVersion[]> {
  const out: FetchedVersion[] = [];
  for await (const item of fetchVersions(spec, options)) out.push(item);
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

describe("fetchVersions from an npm registry", () => {
  it("yields the range's versions oldest first, each verified, with its lock record", async () => {
    const { routes } = await npmRegistry(VERSIONS);
    const asked: string[] = [];
    const got = await collect("npm:demo@^1.0.0", { registries: { npm: BASE }, fetch: fakeFetch(routes, asked) });
    expect(got.map((g) => g.info.version)).toEqual(["1.0.0", "1.1.0", "1.2.0"]);
    expect(got.map((g) => text(g.files.get("index.js")))).toEqual(["v1.0.0", "v1.1.0", "v1.2.0"]);
    expect([...got[1].files.keys()].sort()).toEqual(["index.js", "lib/a.js"]);
    expect(got[0].record).toEqual({
      source: "npm:demo@^1.0.0",
      registry: BASE,
      name: "demo",
      version: "1.0.0",
      publishedAt: "2023-02-01T00:00:00.000Z",
      archiveUrl: `${BASE}demo/-/demo-1.0.0.tgz`,
      integrity: got[0].info.integrity,
    });
    expect(asked.filter((u) => u.endsWith(".tgz"))).toHaveLength(3);
  });

  it("reads an archive only when the caller asks for the next version", async () => {
    const { routes } = await npmRegistry(VERSIONS);
    const asked: string[] = [];
    for await (const item of fetchVersions("npm:demo", {
      registries: { npm: BASE },
      fetch: fakeFetch(routes, asked),
    })) {
      expect(item.info.version).toBe("1.0.0");
      break;
    }
    expect(asked).toEqual([`${BASE}demo`, `${BASE}demo/-/demo-1.0.0.tgz`]);
  });

  it("applies the selection and the file filter", async () => {
    const { routes } = await npmRegistry(VERSIONS);
    const got = await collect("npm:demo", {
      registries: { npm: BASE },
      fetch: fakeFetch(routes),
      select: { publishedFrom: "2023-06-01", newest: 2 },
      keep: (path) => path.endsWith(".js"),
    });
    expect(got.map((g) => g.info.version)).toEqual(["2.0.0", "1.2.0"]);
    expect(got.every((g) => [...g.files.keys()].every((p) => p.endsWith(".js")))).toBe(true);
  });

  it("refuses an archive whose bytes are not what the registry states, or skips it with onSkip", async () => {
    const { routes } = await npmRegistry(VERSIONS);
    routes.set(
      `${BASE}demo/-/demo-1.1.0.tgz`,
      bytesRoute(await tgz([{ path: "package/index.js", content: "tampered" }])),
    );
    const error = await refusal(collect("npm:demo@^1", { registries: { npm: BASE }, fetch: fakeFetch(routes) }));
    expect(error.code).toBe("integrity");
    expect(error.message).toContain("demo-1.1.0.tgz");

    const skipped: [string, string][] = [];
    const got = await collect("npm:demo@^1", {
      registries: { npm: BASE },
      fetch: fakeFetch(routes),
      onSkip: (info, err) => skipped.push([info.version, err.code]),
    });
    expect(got.map((g) => g.info.version)).toEqual(["1.0.0", "1.2.0"]);
    expect(skipped).toEqual([["1.1.0", "integrity"]]);
  });

  it("sorts registry failures into registry-down and not-found", async () => {
    const down: typeof fetch = async () => {
      throw new TypeError("Network connection lost.");
    };
    expect(await refusal(resolveVersions("npm:demo", { registries: { npm: BASE }, fetch: down }))).toMatchObject({
      code: "registry-down",
    });
    const busy = fakeFetch(new Map([[`${BASE}demo`, () => new Response("busy", { status: 503 })]]));
    expect(await refusal(resolveVersions("npm:demo", { registries: { npm: BASE }, fetch: busy }))).toMatchObject({
      code: "registry-down",
      message: expect.stringContaining("HTTP 503"),
    });
    const { routes } = await npmRegistry(VERSIONS);
    const fetch = fakeFetch(routes);
    expect(await refusal(resolveVersions("npm:absent", { registries: { npm: BASE }, fetch }))).toMatchObject({
      code: "not-found",
    });
    expect(await refusal(resolveVersions("npm:demo@^3", { registries: { npm: BASE }, fetch }))).toMatchObject({
      code: "not-found",
    });
    routes.delete(`${BASE}demo/-/demo-2.0.0.tgz`);
    expect(await refusal(collect("npm:demo@2", { registries: { npm: BASE }, fetch }))).toMatchObject({
      code: "not-found",
    });
  });

  it("refuses malformed metadata as corrupt and an npm spec without a registry as a usage error", async () => {
    const fetch = fakeFetch(new Map([[`${BASE}demo`, () => new Response("<html>")]]));
    expect(await refusal(resolveVersions("npm:demo", { registries: { npm: BASE }, fetch }))).toMatchObject({
      code: "corrupt",
      rule: "json",
    });
    await expect(resolveVersions("npm:demo", { fetch })).rejects.toThrow(/no npm registry given/);
  });
});

describe("bounds on the network side", () => {
  it("downloadBytes: from Content-Length, and while reading when there is none", async () => {
    const big = new Uint8Array(64 * 1024);
    const ref = {
      archiveUrl: `${BASE}big.tgz`,
      integrity: { algorithm: "sha256" as const, digest: await sha256hex(big) },
    };
    // A Response built in workerd states no Content-Length until it is sent: set it as a server would.
    const sized: Route = () => new Response(big, { headers: { "content-length": String(big.length) } });
    const declared = fakeFetch(new Map([[ref.archiveUrl, sized]]));
    expect(await refusal(readArchive(ref, { fetch: declared, bounds: { downloadBytes: 1000 } }))).toMatchObject({
      code: "bound",
      bound: "downloadBytes",
      limit: 1000,
      seen: big.length,
    });
    const chunked: Route = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new Uint8Array(4096));
          },
        }),
      );
    const error = await refusal(
      readArchive(ref, { fetch: fakeFetch(new Map([[ref.archiveUrl, chunked]])), bounds: { downloadBytes: 10_000 } }),
    );
    expect(error).toMatchObject({ code: "bound", bound: "downloadBytes", limit: 10_000 });
    expect(error.seen).toBeLessThanOrEqual(10_000 + 4096);
  });

  it("timeMs: a body that stalls is given up when the time is up", async () => {
    const stalled: Route = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(100));
          },
        }),
      );
    const ref = { archiveUrl: `${BASE}slow.tgz`, integrity: { algorithm: "sha1" as const, digest: "0".repeat(40) } };
    const started = Date.now();
    const error = await refusal(
      readArchive(ref, { fetch: fakeFetch(new Map([[ref.archiveUrl, stalled]])), bounds: { timeMs: 300 } }),
    );
    expect(error).toMatchObject({ code: "bound", bound: "timeMs", limit: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("a caller's cancellation surfaces as its own reason, not as a bound", async () => {
    const hang: typeof fetch = () => new Promise(() => {});
    const controller = new AbortController();
    const pending = readArchive(
      { archiveUrl: `${BASE}x.tgz`, integrity: { algorithm: "sha1", digest: "0".repeat(40) } },
      { fetch: hang, signal: controller.signal },
    );
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });
});

describe("lock records", () => {
  it("replay the same files, and refuse when the registry's metadata or the archive changed", async () => {
    const { routes, packument } = await npmRegistry(VERSIONS);
    const fetch = fakeFetch(routes);
    const [first] = await collect("npm:demo@1.0.0", { registries: { npm: BASE }, fetch });
    const record: LockRecord = JSON.parse(JSON.stringify(first.record));
    const replayed = await replayLock(record, { fetch });
    expect([...replayed.entries()]).toEqual([...first.files.entries()]);

    const moved = { ...record, publishedAt: "2020-01-01T00:00:00.000Z" };
    expect(await refusal(replayLock(moved, { fetch }))).toMatchObject({ code: "integrity" });

    const republished = await tgz([{ path: "package/index.js", content: "republished" }]);
    routes.set(record.archiveUrl, bytesRoute(republished));
    expect(await refusal(replayLock(record, { fetch, checkRegistry: false }))).toMatchObject({ code: "integrity" });
    (packument.versions["1.0.0"] as { dist: { integrity: string } }).dist.integrity = await sri512(republished);
    const error = await refusal(replayLock(record, { fetch }));
    expect(error.code).toBe("integrity");
    expect(error.message).toMatch(/registry now states sha512/);
  });
});

describe("PyPI and crates.io through the same path", () => {
  it("reads a crate, strips <name>-<version>/, and refuses a zip sdist by name", async () => {
    const crate = await tgz([
      { path: "tiny-0.1.0/Cargo.toml", content: '[package]\nname = "tiny"' },
      { path: "tiny-0.1.0/src/lib.rs", content: "pub fn f() {}" },
    ]);
    const routes = new Map<string, Route>([
      [
        `${BASE}api/v1/crates/tiny`,
        json({
          crate: { id: "tiny", name: "tiny" },
          versions: [
            {
              num: "0.1.0",
              created_at: "2024-09-09T09:09:09.123456+00:00",
              checksum: await sha256hex(crate),
              dl_path: "/api/v1/crates/tiny/0.1.0/download",
              yanked: false,
            },
          ],
        }),
      ],
      [`${BASE}api/v1/crates/tiny/0.1.0/download`, bytesRoute(crate)],
      [
        `${BASE}pypi/old/json`,
        json({
          info: { name: "old" },
          releases: {
            "0.1": [
              {
                packagetype: "sdist",
                filename: "old-0.1.zip",
                url: `${BASE}files/old-0.1.zip`,
                upload_time_iso_8601: "2009-01-01T00:00:00Z",
                digests: { sha256: "1".repeat(64) },
              },
            ],
          },
        }),
      ],
    ]);
    const fetch = fakeFetch(routes);
    const [got] = await collect("crates:tiny@0.1.0", { registries: { crates: BASE }, fetch });
    expect([...got.files.keys()].sort()).toEqual(["Cargo.toml", "src/lib.rs"]);
    expect(got.record.publishedAt).toBe("2024-09-09T09:09:09.123Z");
    const zip = await refusal(resolveVersions("pypi:old@0.1", { registries: { pypi: BASE }, fetch }));
    expect(zip).toMatchObject({ code: "unsupported", rule: "zip" });
    expect(zip.message).toContain("zip sdists are not read");
    await expect(resolveVersions("pypi:old", { registries: { pypi: BASE }, fetch })).rejects.toMatchObject({
      code: "not-found",
      message: expect.stringContaining("0.1: zip sdists are not read"),
    });
  });
});
