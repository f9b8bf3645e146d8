/**
 * Builds one repository of a RepoQA-style dataset from its files, the way the reference curated
 * its release: dependency analysis, topological file order, function analysis, needle selection,
 * descriptions. Pure (no file system): the Node command reads the files and hands them in.
 */
import { loadLanguage } from "../../../code/parser";
import type { Language } from "../../../code/languages";
import type { ReleaseNeedle, ReleaseRepo } from "../dataset/release";
import { annotate, annotationContext, type DescriptionFlag } from "./annotate";
import { analyzeDependencies } from "./dependencies";
import type { Curation } from "../../../code/imports/common";
import { findDocComments, mentionsName, type DocComment } from "../../../code/docstrings";
import { analyzeFunctions } from "./functions";
import { NeedleSelectionError, selectNeedles, type NeedleOptions } from "./needles";
import { topologicalSort } from "./topo";

export type DescriptionSource =
  | { kind: "docstring" }
  | { kind: "annotate"; model: string; generate: (prompt: string) => Promise<string> };

export interface RepoSource {
  /** Repository name as it appears in task ids, e.g. "psf/black". */
  repo: string;
  entrypoint_path: string;
  /** Repository-relative path -> text, only files of the language's suffixes. */
  files: Record<string, string>;
  commit_sha?: string;
  topic?: string;
  /** Go: the module path (from go.mod), so in-module package imports resolve. */
  goModule?: string;
  /** Rust with `curation: "reference"`: the `Cargo.toml` files (path -> text) that set targets and default features. */
  manifests?: Record<string, string>;
}

export interface BuildRepoOptions extends Omit<NeedleOptions, "eligible"> {
  language: Language;
  descriptions: DescriptionSource;
  /** Fail when fewer needles than `count` can be selected (default true). */
  requireAllNeedles?: boolean;
  /** Import rules and file order: needlework's (default) or the reference tools' (see DependencyOptions). */
  curation?: Curation;
}

export interface BuildReport {
  files: number;
  functions: number;
  needles: number;
  unresolved_imports: Record<string, string[]>;
  flagged: { name: string; flags: DescriptionFlag[] }[];
}

export async function buildRepo(
  source: RepoSource,
  opts: BuildRepoOptions,
): Promise<{ repo: ReleaseRepo; report: BuildReport }> {
  const { language } = opts;
  const deps = await analyzeDependencies(language, source.files, {
    entrypoint: source.entrypoint_path,
    goModule: source.goModule,
    curation: opts.curation,
    manifests: source.manifests,
  });
  const order = topologicalSort(deps.dependency);
  let files = { ...source.files };
  let analysis = await analyzeFunctions(
    language,
    order.map((p) => [p, files[p]] as const),
  );

  // Docstring mode: only documented functions can be needles; their docs become descriptions.
  const docs = new Map<string, DocComment & { path: string }>();
  if (opts.descriptions.kind === "docstring") {
    const lang = await loadLanguage(language);
    for (const [path, fns] of Object.entries(analysis.functions)) {
      const found = findDocComments(
        lang,
        files[path],
        fns.map((fn) => analysis.spans.get(fn)!),
      );
      fns.forEach((fn, i) => {
        const doc = found[i];
        if (doc && !mentionsName(doc.description, fn.name)) docs.set(`${path}\0${fn.start_byte}`, { ...doc, path });
      });
    }
  }
  const eligible =
    opts.descriptions.kind === "docstring"
      ? (path: string, fn: { start_byte?: number }) => docs.has(`${path}\0${fn.start_byte}`)
      : undefined;
  const selected = selectNeedles(files, analysis.functions, { ...opts, eligible });
  if ((opts.requireAllNeedles ?? true) && selected.length < opts.count) {
    throw new NeedleSelectionError(
      `${source.repo}: only ${selected.length} function(s) qualify as needles (unique name, <= ${opts.maxBytes} bytes, one per bin` +
        `${eligible ? ", documented" : ""}) but ${opts.count} were requested; lower --needles or --bins, or add code.`,
    );
  }

  const descriptions = new Map<string, { description: string; flags: DescriptionFlag[] }>();
  if (opts.descriptions.kind === "docstring") {
    // Remove the chosen needles' docs (back to front per file), then analyse the edited files again.
    const edits = selected.map((n) => docs.get(`${n.path}\0${n.start_byte}`)!);
    for (const [i, n] of selected.entries())
      descriptions.set(n.name, { description: `\n${edits[i].description}\n`, flags: [] });
    for (const edit of [...edits].sort((a, b) => b.removeStart - a.removeStart)) {
      files[edit.path] = files[edit.path].slice(0, edit.removeStart) + files[edit.path].slice(edit.removeEnd);
    }
    analysis = await analyzeFunctions(
      language,
      order.map((p) => [p, files[p]] as const),
    );
  } else {
    const { generate } = opts.descriptions;
    const repoLines = order.flatMap((p) => files[p].split("\n"));
    for (const n of selected) {
      const code = annotationContext(repoLines, n.global_start_line!, n.global_end_line!);
      descriptions.set(n.name, await annotate(generate, n.name, code));
    }
  }

  const needles: ReleaseNeedle[] = selected.map((picked) => {
    const path = picked.path;
    const fn = analysis.functions[path].find((f) => f.name === picked.name)!;
    return { ...fn, path, description: descriptions.get(picked.name)!.description };
  });
  files = Object.fromEntries(
    Object.keys(source.files)
      .sort()
      .map((p) => [p, files[p]]),
  );
  return {
    repo: {
      repo: source.repo,
      ...(source.commit_sha && { commit_sha: source.commit_sha }),
      entrypoint_path: source.entrypoint_path,
      ...(source.topic && { topic: source.topic }),
      content: files,
      dependency: deps.dependency,
      functions: analysis.functions,
      needles,
    },
    report: {
      files: Object.keys(files).length,
      functions: Object.values(analysis.functions).reduce((n, fns) => n + fns.length, 0),
      needles: needles.length,
      unresolved_imports: deps.unresolved,
      flagged: [...descriptions].filter(([, d]) => d.flags.length).map(([name, d]) => ({ name, flags: d.flags })),
    },
  };
}
