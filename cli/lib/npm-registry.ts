/**
 * The npm registry address as npm itself would use it, for reading packages straight from the
 * registry (src/lib/sources/): a mirror or a private registry configured for npm is honoured.
 *
 * Only npm's configuration is read (`npm config get registry`); no package is installed, packed or
 * run, since a package's install scripts would be arbitrary code.
 */
import { execFile } from "node:child_process";

/** npm's own default, used when npm is not installed at all. */
export const NPM_DEFAULT_REGISTRY = "https://registry.npmjs.org/";

/** Runs `npm config get registry` in `cwd` with `env`, resolving with its stdout. */
export type NpmConfigRunner = (cwd: string, env: NodeJS.ProcessEnv) => Promise<string>;

const runNpmConfig: NpmConfigRunner = (cwd, env) =>
  new Promise((resolve, reject) => {
    execFile(
      "npm",
      ["config", "get", "registry"],
      { cwd, env, timeout: 30_000, encoding: "utf8", windowsHide: true },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });

/** `url` as an http(s) URL ending in "/"; throws a clear Error for anything else. */
export function normaliseRegistry(url: string, from: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new Error(`the npm registry from ${from} (${JSON.stringify(url)}) is not a URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`the npm registry from ${from} (${url}) is not http(s)`);
  }
  return parsed.href.endsWith("/") ? parsed.href : `${parsed.href}/`;
}

/** The value of `npm_config_registry` in any letter case (npm reads its environment case-insensitively). */
function fromEnvironment(env: NodeJS.ProcessEnv): string | undefined {
  const key = Object.keys(env).find((k) => k.toLowerCase() === "npm_config_registry" && env[k]?.trim());
  return key === undefined ? undefined : env[key];
}

export interface NpmRegistryOptions {
  /** The environment to read (and to run npm with). Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where npm looks for a project .npmrc. Default `process.cwd()`. */
  cwd?: string;
  /** Runs `npm config get registry`; for tests. */
  run?: NpmConfigRunner;
}

/**
 * The registry npm would use here: `npm_config_registry` when set (npm scripts and `npx` set it
 * from the whole configuration), else what `npm config get registry` prints (project, user and
 * global .npmrc, then npm's default), else npm's default when npm cannot be run (not installed).
 * Always ends in "/".
 */
export async function npmRegistry(options: NpmRegistryOptions = {}): Promise<string> {
  const env = options.env ?? process.env;
  const set = fromEnvironment(env);
  if (set !== undefined) return normaliseRegistry(set, "npm_config_registry");
  let printed: string;
  try {
    printed = await (options.run ?? runNpmConfig)(options.cwd ?? process.cwd(), env);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return NPM_DEFAULT_REGISTRY;
    throw new Error(`npm config get registry failed: ${(error as Error).message}`, { cause: error });
  }
  const value = printed.trim().split(/\r?\n/).pop() ?? "";
  if (value === "" || value === "undefined") return NPM_DEFAULT_REGISTRY;
  return normaliseRegistry(value, "npm config get registry");
}
