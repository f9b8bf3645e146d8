/**
 * One repository, analysed once for every task: its Python files (units, calls, data flow), the
 * files a context may use, stripped copies for CU_SA, call resolution and documentation sections.
 *
 * Input text is normalised first: a leading byte-order mark is dropped and `\r\n` / `\r` line ends
 * become `\n`, so line numbers and unit texts are the same in every context.
 */
import type { LoadedLanguage } from "../../../lib/code/parser";
import { sentenceBleu } from "../../../lib/metrics/bleu";
import { scorerCodeBleu } from "../score/index";
import { compareCodePoints } from "../../../lib/code/imports/repo";
import { CallResolver } from "./calls";
import { docstringSections, documentedApis, markdownSections, rstSections, type DocSection } from "./doc-sections";
import { analyzePythonFile, type PyFile } from "./python-units";
import { stripPython } from "./strip";
import type { Dating, DatingTarget } from "../../../lib/dating/dating";

export interface RepoInput {
  /** `owner/name` or a directory name. */
  repo: string;
  /** Python files: repository-relative POSIX path -> text. */
  files: Readonly<Record<string, string>>;
  /** Documentation files (`.md`, `.rst`): path -> text. */
  docs?: Readonly<Record<string, string>>;
  /** Provenance recorded as the part's `source`. */
  source?: Record<string, unknown>;
  /** How its code is dated (git history, a registry's versions, or no history); absent: examples carry no `born`. */
  dating?: Dating;
}

export function normalizeText(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

export class RepoModel {
  /** Every analysed `.py` file, by path. */
  readonly files = new Map<string, PyFile>();
  /** Paths of the files contexts are made of (non-trivial, parsed cleanly), in code-point order. */
  readonly eligible: string[];
  readonly resolver: CallResolver;
  /** Documentation sections: Markdown and reST files in path order, then docstrings by file. */
  readonly sections: DocSection[];
  /** API names (simple names of non-underscore functions, methods and classes). */
  readonly apis: Set<string>;
  private readonly strippedFiles = new Map<string, PyFile | null>();
  private readonly selfScores = new Map<string, boolean>();

  constructor(
    private readonly lang: LoadedLanguage,
    readonly input: RepoInput,
  ) {
    const paths = Object.keys(input.files)
      .filter((p) => p.endsWith(".py"))
      .sort(compareCodePoints);
    for (const path of paths) this.files.set(path, analyzePythonFile(lang, path, normalizeText(input.files[path])));
    this.eligible = paths.filter((p) => !this.files.get(p)!.trivial);
    this.resolver = new CallResolver(this.files);

    this.apis = new Set();
    for (const path of this.eligible)
      for (const u of this.files.get(path)!.units) if (!u.name.startsWith("_")) this.apis.add(u.name);
    const docs = input.docs ?? {};
    const docPaths = Object.keys(docs).sort(compareCodePoints);
    const sections: DocSection[] = [];
    for (const path of docPaths) {
      const text = normalizeText(docs[path]);
      if (/\.(md|markdown)$/i.test(path)) sections.push(...markdownSections(path, text));
      else if (/\.rst$/i.test(path)) sections.push(...rstSections(path, text));
    }
    for (const path of this.eligible) sections.push(...docstringSections(path, this.files.get(path)!.units));
    this.sections = sections;
  }

  /**
   * The code a part key (examples.ts `unitKey`, `sectionKey`) stands for, to date: a unit's code, a
   * Markdown or reST section's text, a docstring section's docstring as written in its file.
   */
  datingTarget(key: string, sections: ReadonlyMap<string, DocSection>): DatingTarget | undefined {
    const [kind, a, b] = key.split("\0");
    if (kind === "u") {
      const unit = this.files.get(a)?.units[Number(b)];
      return unit && { id: key, path: a, body: unit.code };
    }
    const section = sections.get(a);
    if (!section) return undefined;
    if (section.source !== "docstring") return { id: key, path: section.path, body: section.text };
    const file = this.files.get(section.path)!;
    const doc = file.units[section.unit!]?.docstring;
    return doc && { id: key, path: section.path, body: file.code.slice(doc.startIndex, doc.endIndex) };
  }

  /** APIs a section documents. */
  documented(section: DocSection): string[] {
    return documentedApis(section, this.apis);
  }

  /**
   * Whether `code` scores CodeBLEU 1 (>= 1 - 1e-9) against itself with the scorer's own call
   * (score.ts `scorerCodeBleu`: python, default weights, a CodeBLEU request's budget per pair), so
   * that an answer reproducing it scores 1. Code the metric refuses (a lone surrogate, data flow
   * too costly, over the budget), which the scorer counts 0, is not.
   */
  scorable(code: string): boolean {
    let ok = this.selfScores.get(code);
    if (ok === undefined) {
      const { score } = scorerCodeBleu(code, code, this.lang);
      ok = !!score && score.codebleu >= 1 - 1e-9;
      this.selfScores.set(code, ok);
    }
    return ok;
  }

  /**
   * Whether a documentation section scores BLEU 1 against itself with the service's sentence BLEU
   * (LDU's metric): not when it has fewer than 4 whitespace tokens (no 4-gram; `f(a)\n\nReturn x.`
   * scores 0.58).
   */
  scorableSection(text: string): boolean {
    return sentenceBleu(text, text) >= 1 - 1e-9;
  }

  /**
   * The stripped copy of an eligible file, analysed; undefined when stripping leaves nothing, breaks
   * the parse, or changes the file's units (they are matched by position).
   */
  stripped(path: string): PyFile | undefined {
    let cached = this.strippedFiles.get(path);
    if (cached === undefined) {
      const original = this.files.get(path)!;
      const code = stripPython(this.lang, original.code);
      const analysed = analyzePythonFile(this.lang, path, code);
      const aligned =
        code.trim() !== "" &&
        analysed.clean &&
        analysed.units.length === original.units.length &&
        analysed.units.every(
          (u, i) => u.qualified === original.units[i].qualified && u.kind === original.units[i].kind,
        );
      cached = aligned ? analysed : null;
      this.strippedFiles.set(path, cached);
    }
    return cached ?? undefined;
  }
}
