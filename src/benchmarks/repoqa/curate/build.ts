/**
 * Builds one repository of a RepoQA-style dataset from its files, the way the reference curated
 * its release: dependency analysis, topological file order, function analysis, needle selection,
 * descriptions. Pure (no file system): the Node command reads the files and hands them in.
 */
import { loadLanguage } from "../../../lib/code/parser";
import type { Language } from "../../../lib/code/languages";
import type { ReleaseFunction, ReleaseNeedle, ReleaseRepo } from "../dataset/release";
import { annotate, annotationContext, type DescriptionFlag } from "./annotate";
import { analyzeDependencies } from "./dependencies";
import type { Curation } from "../../../lib/code/imports/common";
import { findDocComments, mentionsName, type DocComment } from "../../../lib/code/docstrings";
import { analyzeFunctions, type RepoFunctions } from "./functions";
import { NeedleSelectionError, selectNeedles, type NeedleOptions } from "./needles";
import { topologicalSort } from "./topo";
import { isBornAfter, type BornAfter } from "../../../lib/born";
import {
  combineBirths,
  provenanceOf,
  type Dating,
  type DatingTarget,
  type TargetBorn,
} from "../../../lib/dating/dating";

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

export type { DateTargets, Dating, DatingTarget, Provenance, TargetBorn } from "../../../lib/dating/dating";

export interface BuildRepoOptions extends Omit<NeedleOptions, "eligible"> {
  language: Language;
  descriptions: DescriptionSource;
  /** Fail when fewer needles than `count` can be selected (default true). */
  requireAllNeedles?: boolean;
  /** Import rules and file order: needlework's (default) or the reference tools' (see DependencyOptions). */
  curation?: Curation;
  /** How the source dates its code; absent: needles carry no `born` and the repository no provenance. */
  dating?: Dating;
  /** Only functions born strictly after this day can be needles; the rest stays in the context. */
  bornAfter?: BornAfter;
}

export interface BuildReport {
  files: number;
  functions: number;
  needles: number;
  /**
   * What was dated: with `bornAfter` every candidate function (unique name, short enough, documented in
   * docstring mode), else only the needles; how many got a day, and how many are born after the day.
   */
  dated?: { candidates: number; dated: number; undated: number; born_after?: number; rule: string | null };
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
  const documented =
    opts.descriptions.kind === "docstring"
      ? (path: string, fn: { start_byte?: number }) => docs.has(`${path}\0${fn.start_byte}`)
      : undefined;
  const keyOf = (path: string, fn: { start_byte?: number }) => `${path}\0${fn.start_byte}`;
  const fresh = opts.bornAfter;
  // With --born-after every candidate is dated first, to choose among the fresh ones; otherwise only the
  // needles are, after the choice (a git history costs a process per file).
  const births = fresh
    ? await dateFunctions(
        files,
        analysis,
        docs,
        candidateFunctions(analysis.functions, opts.maxBytes, documented),
        opts,
      )
    : new Map<string, TargetBorn>();
  const isFresh = (path: string, fn: { start_byte?: number }) => {
    const born = births.get(keyOf(path, fn))?.born;
    return !!born && isBornAfter(born, fresh!);
  };
  const eligible =
    documented || fresh
      ? (path: string, fn: { start_byte?: number }) =>
          (!documented || documented(path, fn)) && (!fresh || isFresh(path, fn))
      : undefined;
  if (fresh) {
    const dated = datingReport(births, fresh, opts.dating);
    if ((opts.requireAllNeedles ?? true) && dated.born_after! < opts.count)
      throw new NeedleSelectionError(
        `${source.repo}: --born-after ${fresh.after} keeps ${dated.born_after} of ${dated.candidates} ` +
          "candidate functions " +
          `(${dated.dated} dated, ${dated.undated} undated); ${opts.count} needles requested` +
          `${dated.dated === 0 && opts.dating?.notes()[0] ? ` (${opts.dating.notes()[0]})` : ""}. ` +
          "Lower --needles, choose an earlier date, or build from newer code.",
      );
  }
  const selected = selectNeedles(files, analysis.functions, { ...opts, eligible });
  if ((opts.requireAllNeedles ?? true) && selected.length < opts.count) {
    throw new NeedleSelectionError(
      `${source.repo}: only ${selected.length} function(s) qualify as needles ` +
        `(unique name, <= ${opts.maxBytes} bytes, one per bin` +
        `${documented ? ", documented" : ""}${fresh ? `, born after ${fresh.after}` : ""}) ` +
        `but ${opts.count} were requested; lower --needles or --bins, or add code.`,
    );
  }
  if (opts.dating && !fresh) {
    for (const [key, born] of await dateFunctions(files, analysis, docs, selected, opts)) births.set(key, born);
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
    const born = opts.dating ? { born: births.get(keyOf(path, picked))?.born ?? null } : {};
    return { ...fn, path, description: descriptions.get(picked.name)!.description, ...born };
  });
  files = Object.fromEntries(
    Object.keys(source.files)
      .sort()
      .map((p) => [p, files[p]]),
  );
  const needleBirths = selected.map((n) => births.get(keyOf(n.path, n)) ?? { born: null, rule: null });
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
      ...(opts.dating ? { provenance: { ...provenanceOf(opts.dating, needleBirths) } } : {}),
    },
    report: {
      files: Object.keys(files).length,
      functions: Object.values(analysis.functions).reduce((n, fns) => n + fns.length, 0),
      needles: needles.length,
      unresolved_imports: deps.unresolved,
      ...(opts.dating ? { dated: datingReport(births, fresh, opts.dating) } : {}),
      flagged: [...descriptions].filter(([, d]) => d.flags.length).map(([name, d]) => ({ name, flags: d.flags })),
    },
  };
}

/** Functions that can be needles but for their bin and their date: a unique name, short enough, documented. */
function candidateFunctions(
  functions: RepoFunctions,
  maxBytes: number,
  documented: ((path: string, fn: ReleaseFunction) => boolean) | undefined,
): (ReleaseFunction & { path: string })[] {
  const occurrences = new Map<string, number>();
  for (const fns of Object.values(functions))
    for (const fn of fns) occurrences.set(fn.name, (occurrences.get(fn.name) ?? 0) + 1);
  return Object.entries(functions).flatMap(([path, fns]) =>
    fns
      .filter(
        (fn) =>
          occurrences.get(fn.name) === 1 &&
          fn.end_byte! - fn.start_byte! <= maxBytes &&
          (!documented || documented(path, fn)),
      )
      .map((fn) => ({ ...fn, path })),
  );
}

/**
 * The births of `fns`, keyed `<path>\0<start_byte>`. What is dated is the code the answer must
 * reproduce, as the repository holds it: the function, but in docstring mode without the docstring
 * that becomes its description when the docstring sits inside it (Python). Such a function is dated
 * as its two parts around the docstring, by the later of their births: a docstring edit alone does not
 * make old code look new, and the date is never later than the first version holding the whole.
 */
async function dateFunctions(
  files: Record<string, string>,
  analysis: Awaited<ReturnType<typeof analyzeFunctions>>,
  docs: ReadonlyMap<string, DocComment>,
  fns: readonly (ReleaseFunction & { path: string })[],
  opts: Pick<BuildRepoOptions, "dating" | "bornAfter">,
): Promise<Map<string, TargetBorn>> {
  if (!opts.dating) throw new NeedleSelectionError("--born-after needs a source that can be dated");
  const targets: DatingTarget[] = [];
  const parts = new Map<string, string[]>();
  for (const fn of fns) {
    const key = `${fn.path}\0${fn.start_byte}`;
    const span = analysis.spans.get(analysis.functions[fn.path].find((f) => f.start_byte === fn.start_byte)!)!;
    const doc = docs.get(key);
    const text = files[fn.path];
    const inside = doc && doc.removeStart >= span.startIndex && doc.removeEnd <= span.endIndex;
    const pieces = inside
      ? [text.slice(span.startIndex, doc.removeStart), text.slice(doc.removeEnd, span.endIndex)]
      : [text.slice(span.startIndex, span.endIndex)];
    const ids = pieces.flatMap((body, i) => (body.trim() ? [{ id: `${key}\0${i}`, path: fn.path, body }] : []));
    targets.push(...ids);
    parts.set(
      key,
      ids.map((t) => t.id),
    );
  }
  const births = targets.length ? await opts.dating.dates(targets) : new Map<string, TargetBorn>();
  return new Map(
    [...parts].map(([key, ids]) => [
      key,
      combineBirths(
        ids.map((id) => births.get(id) ?? { born: null, rule: null, reason: "not-found" }),
        "latest",
      ),
    ]),
  );
}

/** How many of the dated functions got a day, and (with `fresh`) how many are born after it. */
function datingReport(
  births: ReadonlyMap<string, TargetBorn>,
  fresh: BornAfter | undefined,
  dating: Dating | undefined,
): NonNullable<BuildReport["dated"]> {
  const all = [...births.values()];
  const dated = all.filter((b) => b.born !== null);
  return {
    candidates: all.length,
    dated: dated.length,
    undated: all.length - dated.length,
    ...(fresh ? { born_after: dated.filter((b) => isBornAfter(b.born!, fresh)).length } : {}),
    rule: dating?.rule ?? null,
  };
}
