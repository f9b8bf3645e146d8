/**
 * The demo dataset `npm start` serves: built at start from real code that every installation has
 * (never from committed third-party code), in docstring mode with a fixed seed:
 * - needlework's own TypeScript sources;
 * - the JavaScript sources of undici, which wrangler installs;
 * - the `email` and `http` packages of Python's standard library, when a python3 is on the PATH.
 */
import { existsSync } from "node:fs";
import { LANGUAGE_SPECS, type Language } from "../../src/code/languages";
import { buildRepo } from "../../src/benchmarks/repoqa/curate/build";
import type { ReleaseRepo } from "../../src/benchmarks/repoqa/dataset/release";
import { ROOT } from "./api";
import { collectFiles } from "./collect";
import { defaultDistractorDir } from "./distractors";

export const DEMO_SEED = 0;

interface DemoSource {
  repo: string;
  language: Language;
  root: string;
  entry: string;
}

export function demoSources(): DemoSource[] {
  const sources: DemoSource[] = [{ repo: "needlework/needlework", language: "typescript", root: ROOT, entry: "src" }];
  if (existsSync(`${ROOT}node_modules/undici/lib`)) sources.push({ repo: "nodejs/undici", language: "typescript", root: `${ROOT}node_modules/undici`, entry: "lib" });
  const stdlib = defaultDistractorDir();
  if (stdlib) {
    for (const pkg of ["email", "http"]) sources.push({ repo: `python/cpython-${pkg}`, language: "python", root: stdlib, entry: pkg });
  }
  return sources;
}

/** Builds the demo release; repositories that cannot give 10 needles are left out with a note. */
export async function buildDemoRelease(log: (line: string) => void): Promise<Partial<Record<Language, ReleaseRepo[]>>> {
  const release: Partial<Record<Language, ReleaseRepo[]>> = {};
  for (const source of demoSources()) {
    const { files } = await collectFiles(source.root, source.entry, LANGUAGE_SPECS[source.language].suffixes);
    try {
      const { repo, report } = await buildRepo(
        { repo: source.repo, entrypoint_path: source.entry, files },
        { language: source.language, descriptions: { kind: "docstring" }, seed: DEMO_SEED, count: 10, bins: 64, maxBytes: 2000 },
      );
      (release[source.language] ??= []).push(repo);
      log(`  ${source.language.padEnd(10)} ${source.repo.padEnd(28)} ${report.files} files, ${report.functions} functions, ${report.needles} needles`);
    } catch (err) {
      log(`  skipped ${source.repo}: ${(err as Error).message}`);
    }
  }
  return release;
}
