/**
 * The npm packages `npm run refresh`'s test builds a window from, published on the registry stand-in
 * (./registry-stand-in.ts, a real HTTP server: the Worker in `wrangler dev` fetches from it over the
 * network as it would from npm). Small synthetic packages with dated versions around the window
 * [2026-02-02, 2026-02-09): code born before, inside and after it; a package released in it with nothing new, one not
 * released in it; two hostile archives (a symbolic link, a path climbing out with ..); one over the download bound.
 */
import { randomBytes } from "node:crypto";
import { type RegistryStandIn, startRegistry } from "./registry-stand-in";
import { tsFile } from "../curate/synthetic-code";
import { FRESH_PY, FRESH_TS, type WindowPackageVersion } from "../curate/window-packages";

export const WINDOW_START = "2026-02-02";
export const WINDOW_DAYS = 7;

/** Printable bytes gzip cannot shrink much: an archive holding them is about as large as they are. */
const noise = (bytes: number) => Array.from(randomBytes(bytes), (b) => String.fromCharCode(33 + (b % 90))).join("");

/**
 * The sources, in the order of the sources file, and what the window must make of each: `built`
 * (units born in the window), or skipped with a reason matching `skipped`.
 */
export const SOURCES = [
  { spec: "npm:fresh-ts", entry: "src", benchmarks: ["repoqa-snf"], built: true },
  { spec: "npm:fresh-py", benchmarks: ["longcodeu"], built: true },
  { spec: "npm:stale-ts", entry: "src", benchmarks: ["repoqa-snf"], skipped: /is born after 2026-02-01/ },
  {
    spec: "npm:old-ts",
    entry: "src",
    benchmarks: ["repoqa-snf"],
    skipped:
      /no release in the window: npm:old-ts's newest version before 2026-02-09, 4\.0\.0, was published 2026-01-20/,
  },
  { spec: "npm:evil-link", entry: "src", benchmarks: ["repoqa-snf"], skipped: /hostile \(symlink\)/ },
  { spec: "npm:evil-climb", entry: "src", benchmarks: ["repoqa-snf"], skipped: /hostile \(path-traversal\)/ },
  { spec: "npm:huge", benchmarks: ["repoqa-snf"], skipped: /bound downloadBytes=65536 exceeded/ },
] as const;

/** The bounds the sources file sets: 64 KiB of download, so `huge` (200 KB of noise) is over it. */
export const BOUNDS = { downloadBytes: 64 * 1024, unpackedBytes: 4 * 1024 * 1024 };

export async function refreshRegistry(): Promise<RegistryStandIn> {
  const r = await startRegistry();
  const archives = (versions: WindowPackageVersion[]) => versions.map(({ files, ...v }) => ({ ...v, archive: files }));
  await r.publishNpm("fresh-ts", archives(FRESH_TS));
  await r.publishNpm("fresh-py", archives(FRESH_PY));
  // Released inside the window, but with no code new in it: nothing is born in the window.
  await r.publishNpm("stale-ts", [
    { version: "3.0.0", time: "2026-01-05T10:00:00.000Z", archive: { "src/s.ts": tsFile("s", 0) } },
    { version: "3.0.1", time: "2026-02-05T10:00:00.000Z", archive: { "src/s.ts": tsFile("s", 0) } },
  ]);
  // No release in the window at all (the next one came after it): its metadata alone says so.
  await r.publishNpm("old-ts", [
    { version: "4.0.0", time: "2026-01-20T10:00:00.000Z", archive: { "src/o.ts": tsFile("o", 0) } },
    { version: "4.1.0", time: "2026-03-01T10:00:00.000Z", archive: { "src/o.ts": tsFile("o", 0) } },
  ]);
  await r.publishNpm("evil-link", [
    {
      version: "1.0.0",
      time: "2026-02-03T00:00:00.000Z",
      archive: [
        { path: "package/src/a.ts", content: tsFile("e", 0) },
        { path: "package/src/link.ts", type: "2", linkpath: "/etc/passwd" },
      ],
    },
  ]);
  await r.publishNpm("evil-climb", [
    {
      version: "1.0.0",
      time: "2026-02-03T00:00:00.000Z",
      archive: [
        { path: "package/src/a.ts", content: tsFile("c", 0) },
        { path: "package/../../escaped.ts", content: tsFile("x", 0) },
      ],
    },
  ]);
  await r.publishNpm("huge", [
    {
      version: "1.0.0",
      time: "2026-02-03T00:00:00.000Z",
      archive: { "src/a.ts": tsFile("h", 0), "blob.txt": noise(200_000) },
    },
  ]);
  return r;
}
