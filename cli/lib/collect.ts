/** Reading a repository from disk for the dataset builder. */
import { lstat, readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { LANGUAGES, LANGUAGE_SPECS, type Language } from "../../src/lib/code/languages";

export const MAX_FILE_BYTES = 1024 * 1024;
const SKIP_DIRS = new Set([
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  "__pycache__",
  ".venv",
  "venv",
  "target",
  "dist",
  "build",
  ".wrangler",
]);

export interface Collected {
  files: Record<string, string>;
  skipped: { path: string; reason: string }[];
}

/**
 * Files under `root/entry` with `suffixes`, keyed by POSIX path relative to `root`. `skipDir` can
 * keep the walk out of more directories (given their POSIX path relative to `root` and full path).
 */
export async function collectFiles(
  root: string,
  entry: string,
  suffixes: readonly string[],
  opts: { skipDir?: (rel: string, full: string) => boolean } = {},
): Promise<Collected> {
  const files: Record<string, string> = {};
  const skipped: Collected["skipped"] = [];
  // ignoreBOM keeps a byte-order mark in the text, as Python reading the file as UTF-8 would.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  async function walk(dir: string): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const full = join(dir, e.name);
      const rel = relative(root, full).split(sep).join("/");
      if (e.isSymbolicLink()) continue;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith(".") && !opts.skipDir?.(rel, full)) await walk(full);
        continue;
      }
      if (!e.isFile() || !suffixes.some((s) => e.name.endsWith(s))) continue;
      const size = (await lstat(full)).size;
      if (size > MAX_FILE_BYTES) {
        skipped.push({ path: rel, reason: `larger than ${MAX_FILE_BYTES} bytes (${size})` });
        continue;
      }
      const bytes = await readFile(full);
      if (bytes.subarray(0, 8192).includes(0)) {
        skipped.push({ path: rel, reason: "binary (NUL bytes)" });
        continue;
      }
      try {
        files[rel] = decoder.decode(bytes);
      } catch {
        skipped.push({ path: rel, reason: "not valid UTF-8" });
      }
    }
  }
  await walk(join(root, entry));
  return { files, skipped };
}

/** The language with the most files under `root/entry` (by the reference's suffixes). */
export async function detectLanguage(root: string, entry: string): Promise<Language | undefined> {
  const all = [...new Set(LANGUAGES.flatMap((l) => LANGUAGE_SPECS[l].suffixes))];
  const { files } = await collectFiles(root, entry, all);
  let best: Language | undefined;
  let bestCount = 0;
  for (const lang of LANGUAGES) {
    const n = Object.keys(files).filter((p) => LANGUAGE_SPECS[lang].suffixes.some((s) => p.endsWith(s))).length;
    if (n > bestCount) [best, bestCount] = [lang, n];
  }
  return best;
}
