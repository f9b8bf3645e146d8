/**
 * A RepoQA repository straight from a package registry (`npm:<name>[@range]`, `pypi:<name>@<version>`,
 * `crates:<name>@<version>`): the newest version the spec selects is built as a directory would be
 * (files of the language under the entry path, language detected by file count unless given), and
 * its candidate functions are dated by the registry rule over the versions before it.
 *
 * Worker-safe: the registries, bounds and fetch are parameters, so a scheduled build in the deployed
 * Worker runs this same code; the Node command adds only npm's own registry setting.
 */
import { LANGUAGES, LANGUAGE_SPECS, type Language } from "../../../lib/code/languages";
import { buildRepo, type BuildRepoOptions, type BuildReport } from "./build";
import { openPackage, type PackageOptions, type PackageSource } from "../../../lib/dating/package-source";
import type { ReleaseRepo } from "../dataset/release";

export interface RegistryBuildOptions
  extends Omit<PackageOptions, "keep">,
    Omit<BuildRepoOptions, "language" | "dating" | "curation"> {
  /** The folder of the package to build from, relative to its root (default the whole package). */
  entry?: string;
  /** Default: the language with the most files under the entry. */
  language?: Language;
  /** The repository's name in task ids (default `<registry>/<package>`, e.g. `npm/hono`). */
  name?: string;
  /** Called once the package is read, before building: the version built from, and its dating's warnings. */
  onOpen?: (pkg: Omit<PackageSource, "files">) => void;
}

export interface RegistryBuild {
  repo: ReleaseRepo;
  report: BuildReport;
  language: Language;
  /** The package read (version built from, files skipped), its dating already in `repo.provenance`. */
  package: Omit<PackageSource, "files">;
}

const ALL_SUFFIXES = [...new Set(LANGUAGES.flatMap((l) => LANGUAGE_SPECS[l].suffixes))];

/** Whether `path` is under `entry` (`.` or empty: everywhere). */
export function underEntry(path: string, entry: string): boolean {
  const dir = entry.replace(/^\.\/?/, "").replace(/\/+$/, "");
  return dir === "" || path.startsWith(`${dir}/`);
}

/** The language with the most files among `paths` (as a directory's language is detected). */
export function languageOf(paths: readonly string[]): Language | undefined {
  let best: Language | undefined;
  let bestCount = 0;
  for (const lang of LANGUAGES) {
    const n = paths.filter((p) => LANGUAGE_SPECS[lang].suffixes.some((s) => p.endsWith(s))).length;
    if (n > bestCount) [best, bestCount] = [lang, n];
  }
  return best;
}

/**
 * Reads the package, builds one repository from it and dates its needles. Throws the registry's
 * SourceError (nothing is built then), or a NeedleSelectionError naming the counts.
 */
export async function buildFromRegistry(spec: string, options: RegistryBuildOptions): Promise<RegistryBuild> {
  const entry = options.entry ?? ".";
  const wanted = options.language ? LANGUAGE_SPECS[options.language].suffixes : ALL_SUFFIXES;
  const pkg = await openPackage(spec, {
    ...options,
    keep: (p) => underEntry(p, entry) && wanted.some((s) => p.endsWith(s)),
  });
  const { files: _files, ...read } = pkg;
  options.onOpen?.(read);
  const language = options.language ?? languageOf(Object.keys(pkg.files));
  if (!language)
    throw new Error(`${pkg.spec}@${pkg.version}: no source files of a supported language under "${entry}"`);
  const suffixes = LANGUAGE_SPECS[language].suffixes;
  const files = Object.fromEntries(Object.entries(pkg.files).filter(([p]) => suffixes.some((s) => p.endsWith(s))));
  const { repo, report } = await buildRepo(
    { repo: options.name ?? `${pkg.kind}/${pkg.name}`, entrypoint_path: entry, files },
    { ...options, language, dating: pkg.dating },
  );
  return { repo, report, language, package: read };
}
