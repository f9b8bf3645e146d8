/**
 * Reading a repository from disk as the reference's curation did (`--curation reference`, and the
 * official-dataset rebuild): the rules are in ../curate/collection.ts. Differences from the default
 * reading (cli/lib/collect.ts): the entry path is a string prefix of repository paths (`src/black`
 * takes `src/blackd/` too), `\r\n` and `\r` read as `\n` (Python's text mode), files are keyed in
 * git's breadth-first tree order, and the `Cargo.toml` files come along for the Rust module set.
 */
import { collectFiles, type Collected } from "../../../../cli/lib/collect";
import { LANGUAGE_SPECS, type Language } from "../../../lib/code/languages";
import { compareGitTraversal, pythonTextMode, underEntryPrefix } from "../curate/collection";

export interface ReferenceCollected extends Collected {
  /** Rust: every `Cargo.toml` between the repository root and the entry path, or under it, path -> text. */
  manifests: Record<string, string>;
}

/** Whether a directory (POSIX path from the root) can hold a path starting with `entry`. */
function mayHoldPrefix(rel: string, entry: string): boolean {
  return entry === "" || rel.startsWith(entry) || entry.startsWith(`${rel}/`);
}

export async function collectReferenceFiles(
  root: string,
  entry: string,
  language: Language,
): Promise<ReferenceCollected> {
  const prefix = entry === "." ? "" : entry.replace(/^\.\//, "");
  const suffixes =
    language === "rust" ? [...LANGUAGE_SPECS.rust.suffixes, "Cargo.toml"] : LANGUAGE_SPECS[language].suffixes;
  const { files, skipped } = await collectFiles(root, ".", suffixes, { skipDir: (rel) => !mayHoldPrefix(rel, prefix) });
  const manifests: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const path of Object.keys(files).sort(compareGitTraversal)) {
    if (path === "Cargo.toml" || path.endsWith("/Cargo.toml")) manifests[path] = files[path];
    else if (underEntryPrefix(path, prefix)) kept[path] = pythonTextMode(files[path]);
  }
  return { files: kept, skipped, manifests };
}
