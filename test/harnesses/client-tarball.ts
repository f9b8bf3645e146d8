/**
 * The client package as someone outside a needlework checkout packs it: a copy of packages/client
 * (without node_modules and dist) in a temporary directory, `npm install` (its one devDependency,
 * TypeScript, for the build) and `npm pack`, with the system's Node and npm only.
 */
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../../cli/lib/api";
import { run, systemEnv, type SystemNode } from "./system-node";

export interface PackedClient {
  /** The .tgz npm pack wrote. */
  tarball: string;
  /** The copy it was packed from (outside the checkout). */
  dir: string;
  log: string;
}

export async function packClientOutside(sys: SystemNode): Promise<PackedClient> {
  const dir = join(mkdtempSync(join(tmpdir(), "nw-client-pack-")), "client");
  cpSync(join(ROOT, "packages/client"), dir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist)([/\\]|$)/.test(src.slice(ROOT.length)) && !src.endsWith(".tgz"),
  });
  const env = systemEnv(sys);
  const npm = (args: string[]) => run("npm", args, { cwd: dir, env, timeout: 10 * 60_000 });
  const install = await npm(["install", "--no-audit", "--no-fund", "--loglevel=error"]);
  if (install.code !== 0) throw new Error(`npm install in ${dir} failed:\n${install.stdout}${install.stderr}`);
  const pack = await npm(["pack", "--loglevel=error"]);
  if (pack.code !== 0) throw new Error(`npm pack in ${dir} failed:\n${pack.stdout}${pack.stderr}`);
  const tgz = readdirSync(dir).filter((f) => f.endsWith(".tgz"));
  if (tgz.length !== 1) throw new Error(`npm pack wrote ${tgz.join(", ") || "nothing"} in ${dir}`);
  return { tarball: join(dir, tgz[0]), dir, log: pack.stdout + pack.stderr };
}
