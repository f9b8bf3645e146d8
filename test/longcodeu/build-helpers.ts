/**
 * Helpers for the LongCodeU builder tests (workerd): the fixture repositories under
 * test/fixtures/longcodeu read as text at bundle time, tree-sitter with the workerd loader, and
 * small counting tokenizers.
 */
import { loadLanguage, type LoadedLanguage } from "../../src/lib/code/index";
import type { RepoInput } from "../../src/benchmarks/longcodeu/curate/repo";
import { analyzePythonFile, type PyFile, type PyUnit } from "../../src/benchmarks/longcodeu/curate/python-units";

declare global {
  interface ImportMeta {
    /** Vite's bundle-time glob import (the vitest pool bundles tests with Vite). */
    glob(pattern: string, options: { query: "?raw"; import: "default"; eager: true }): Record<string, unknown>;
  }
}

const RAW = import.meta.glob("../fixtures/longcodeu/**/*.{py,md,rst}", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** The Node reader skips these (src/benchmarks/longcodeu/node/build.ts); the pure builder is handed files. */
const NOT_READ = /^(build|env|vendor)\//;

export type FixtureName = "inkwell" | "tidepool";

/** A fixture repository as the Node reader would hand it to the builder. */
export function fixtureRepo(name: FixtureName): RepoInput {
  const prefix = `../fixtures/longcodeu/${name}/`;
  const files: Record<string, string> = {};
  const docs: Record<string, string> = {};
  for (const [key, text] of Object.entries(RAW)) {
    if (!key.startsWith(prefix)) continue;
    const path = key.slice(prefix.length);
    if (NOT_READ.test(path)) continue;
    (path.endsWith(".py") ? files : docs)[path] = text;
  }
  return { repo: name, files, docs, source: { fixture: name } };
}

/** One fixture file's text. */
export function fixtureFile(name: FixtureName, path: string): string {
  const text = RAW[`../fixtures/longcodeu/${name}/${path}`];
  if (text === undefined) throw new Error(`no fixture file ${name}/${path}`);
  return text;
}

export function python(): Promise<LoadedLanguage> {
  return loadLanguage("python");
}

/** Analyses `code` as `path`. */
export async function analyze(code: string, path = "m.py"): Promise<PyFile> {
  return analyzePythonFile(await python(), path, code);
}

/** The unit with this qualified name (throws when missing or ambiguous). */
export function unit(file: PyFile, qualified: string): PyUnit {
  const found = file.units.filter((u) => u.qualified === qualified);
  if (found.length !== 1) throw new Error(`${found.length} units named ${qualified} in ${file.path}`);
  return found[0];
}

/** A tokenizer counting `perChar` tokens per character (rounded up): any bucket from small fixtures. */
export function charTokenizer(perChar: number) {
  return { name: `chars*${perChar}`, version: "test", count: (text: string) => Math.ceil(text.length * perChar) };
}
