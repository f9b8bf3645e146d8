/**
 * evalite (a Vitest-based eval runner) for the recipe of docs/integrations.md, installed on demand
 * with the system's Node and npm, as a user installs it: not a dependency of this project. Its
 * SQLite store (better-sqlite3) is a native module built for the Node that installs it (no prebuilt
 * binary can be downloaded here: node-gyp builds it, with the local Node headers), so the cache is
 * per Node version: ~/.cache/needlework/evalite-<version>-node-<node version>
 * (NEEDLEWORK_EVALITE_CACHE elsewhere). Every version is pinned by test/harnesses/evalite's lockfile.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from "node:fs";
import { symlinkSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { ROOT } from "../../cli/lib/api";
import { run, systemEnv, type SystemNode } from "./system-node";

const PINNED = join(ROOT, "test/harnesses/evalite");
export const EVALITE_VERSION = (
  JSON.parse(readFileSync(join(PINNED, "package.json"), "utf8")) as { dependencies: Record<string, string> }
).dependencies.evalite;

export const evaliteCache = (sys: SystemNode) =>
  process.env.NEEDLEWORK_EVALITE_CACHE ??
  join(homedir(), ".cache", "needlework", `evalite-${EVALITE_VERSION}-node-${sys.version}`);

/** evalite in its cache directory, installed there when missing (staged beside it, then renamed). */
export async function ensureEvalite(sys: SystemNode): Promise<{ dir: string; installed: boolean; ms: number }> {
  const started = Date.now();
  const dir = evaliteCache(sys);
  const ready = () =>
    existsSync(join(dir, "node_modules/evalite/dist/bin.js")) &&
    existsSync(join(dir, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"));
  if (ready()) return { dir, installed: false, ms: 0 };
  mkdirSync(dirname(dir), { recursive: true });
  const staging = mkdtempSync(`${dir}.installing-`);
  for (const f of ["package.json", "package-lock.json"]) copyFileSync(join(PINNED, f), join(staging, f));
  const npm = await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: staging,
    env: systemEnv(sys),
    timeout: 20 * 60_000,
  });
  const built = existsSync(join(staging, "node_modules/better-sqlite3/build/Release/better_sqlite3.node"));
  if (npm.code !== 0 || !built) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `npm install evalite@${EVALITE_VERSION} with ${sys.node} (${sys.version}) failed (${npm.code}; better-sqlite3 ` +
        `${built ? "built" : "not built: node-gyp needs Node's headers, include/node under the install prefix"}):\n` +
        `${npm.stdout.slice(-4000)}${npm.stderr.slice(-4000)}`,
    );
  }
  if (ready()) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, dir);
  return { dir, installed: true, ms: Date.now() - started };
}

/**
 * A project directory as a user's would be after `npm install evalite vitest <client tarball>`:
 * its node_modules links evalite's installed packages (the cache's, reused) and the client installed
 * from its tarball (`clientModules`: a node_modules where `npm install <tarball>` put it).
 */
export function evaliteProject(cache: string, clientModules: string): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-evalite-"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
  const modules = join(dir, "node_modules");
  mkdirSync(modules);
  for (const name of readdirSync(join(cache, "node_modules")))
    symlinkSync(join(cache, "node_modules", name), join(modules, name));
  symlinkSync(join(clientModules, "@needlework"), join(modules, "@needlework"));
  return dir;
}
