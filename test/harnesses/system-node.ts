/**
 * The machine's own Node and npm, for the tests that install and run what a user installs with
 * theirs (the client's tarball, evalite): `npm test` puts the project's Node 22 first on the PATH
 * (node_modules/.bin), so the system's is the first `node` of the PATH outside a node_modules.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, realpathSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";

export interface SystemNode {
  /** The `node` binary. */
  node: string;
  /** Its version, e.g. `v20.20.2`. */
  version: string;
  /** The PATH without any node_modules directory: `node`, `npm` and `npx` are the system's. */
  path: string;
  /** An install prefix holding Node's headers (`include/node`), for node-gyp offline; undefined without. */
  headers?: string;
}

/** Runs a command; resolves to its exit code and output (never rejects on a non-zero exit). */
export function run(
  command: string,
  args: string[],
  opts: { cwd: string; env?: NodeJS.ProcessEnv; timeout: number },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: opts.cwd, env: opts.env ?? process.env, timeout: opts.timeout, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The system's Node, or an Error saying why there is none (a test fails with it: never a silent skip). */
export async function systemNode(): Promise<SystemNode> {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter((d) => d && !d.includes("node_modules"));
  const dir = dirs.find((d) => executable(join(d, "node")) && executable(join(d, "npm")));
  if (!dir) throw new Error(`no node and npm on the PATH outside node_modules (PATH: ${process.env.PATH})`);
  const node = join(dir, "node");
  const path = dirs.join(delimiter);
  const v = await run(node, ["--version"], { cwd: dir, timeout: 30_000 });
  if (v.code !== 0) throw new Error(`${node} --version failed: ${v.stderr}`);
  const prefix = dirname(dirname(realpathSync(node)));
  const headers = [prefix, "/usr"].find((p) => existsSync(join(p, "include/node/node_version.h")));
  return { node, version: v.stdout.trim(), path, headers };
}

/** The environment for the system's `npm`/`npx`: its PATH, and node-gyp pointed at local headers (no download). */
export function systemEnv(sys: SystemNode, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: sys.path, ...extra };
  for (const k of Object.keys(env)) if (k.startsWith("npm_") || k === "NODE" || k === "INIT_CWD") delete env[k];
  if (sys.headers) env.npm_config_nodedir = sys.headers;
  return env;
}
