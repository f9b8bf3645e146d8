/**
 * A LongCodeU repository straight from a package registry: the newest version a spec selects
 * (`pypi:<name>@<version>` sdists, or `npm:`/`crates:` packages holding Python), its `.py` files as
 * code and its Markdown/reST files as documentation, read as a directory would be, and dated by the
 * registry rule over the versions before it (package-source.ts).
 *
 * Worker-safe: the registries, bounds and fetch are parameters, so a scheduled build in the deployed
 * Worker runs this same code; the Node command adds only npm's own registry setting.
 */
import { openPackage, type PackageOptions, type PackageSource } from "../../../lib/dating/package-source";
import type { RepoInput } from "./repo";

/** Documentation files read beside the code (as from a directory). */
export const DOC_SUFFIXES = [".md", ".markdown", ".rst"] as const;

/** Folders never read: build output, virtualenvs and installed packages, caches (as a directory is walked). */
const SKIPPED = new Set(["build", "dist", "target", "venv", "site-packages", "dist-packages", "__pypackages__"]);

/** Whether a path of the package is read: `.py` and documentation files outside the skipped folders. */
export function pythonPackagePath(path: string): boolean {
  const dirs = path.split("/").slice(0, -1);
  if (dirs.some((d) => SKIPPED.has(d) || d.endsWith(".egg-info"))) return false;
  return path.endsWith(".py") || DOC_SUFFIXES.some((s) => path.endsWith(s));
}

export type RegistryRepoInput = RepoInput & { package: Omit<PackageSource, "files" | "dating"> };

/**
 * Reads the package into a repository input with its dating. Throws the registry's SourceError, or an
 * Error when the version holds no Python file.
 */
export async function repoInputFromRegistry(
  spec: string,
  options: Omit<PackageOptions, "keep">,
): Promise<RegistryRepoInput> {
  const pkg = await openPackage(spec, { ...options, keep: pythonPackagePath });
  const code = Object.entries(pkg.files).filter(([p]) => p.endsWith(".py"));
  if (code.length === 0) throw new Error(`${pkg.spec}: ${pkg.name}@${pkg.version} holds no Python file`);
  const { files: _files, dating, ...read } = pkg;
  return {
    repo: `${pkg.kind}/${pkg.name}`,
    files: Object.fromEntries(code),
    docs: Object.fromEntries(Object.entries(pkg.files).filter(([p]) => !p.endsWith(".py"))),
    source: {
      package: `${pkg.spec} (${pkg.name}@${pkg.version})`,
      files: code.length,
      docs: Object.keys(pkg.files).length - code.length,
      skipped: pkg.skipped.slice(0, 50),
    },
    dating,
    package: read,
  };
}
