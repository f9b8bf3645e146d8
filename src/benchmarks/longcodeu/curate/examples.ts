/**
 * One example of each task on a given context (the context's files or sections are already chosen;
 * contexts.ts draws them). Each builder returns undefined when the context has nothing to ask.
 *
 * Rules shared by the code tasks:
 * - Anchors and answer units are never trivial units (python-units.ts, overload stubs included) and
 *   never nested in a function at any depth (so neither a nested function nor a method of a class
 *   defined in a function); a unit longer than LONGCODEU_LIMITS.unitChars is never used.
 * - Units scored with CodeBLEU (CU_SA's answer, DRA's callees, SRE's candidates) and the code
 *   anchors of DRA and SRE are *self-scorable*: the service's CodeBLEU (src/lib/metrics/codebleu, the
 *   same call the scorer makes) of the unit's code against itself is 1 (>= 1 - 1e-9). It is not for
 *   units of fewer than 4 whitespace tokens (no 4-gram: BLEU 0, as the `codebleu` package), e.g.
 *   `def close(self):\n    self.cleanup()` scores 0.78 against itself, nor for code whose data
 *   flow exceeds the metric's budget (scored 0). CU_SA and SRE leave such units out of their
 *   candidates; DRA leaves out anchors with such a callee (like a callee too long or outside the
 *   context's files), so its expected answer stays every callee.
 * - A function anchor given by name (CU_DFA, DRA, SRE) has a name no other function or method of the
 *   context shares, so the name identifies it.
 * - Random choices use the task's PyRandom stream: `random.choice` over candidates in context order.
 *
 * Per task:
 * - CU_P: names of the context's top-level functions (python-units.ts: every `def` binding a module
 *   name, also inside module-level if/try/with/for/while/match) in context order, each name once
 *   per file at its first definition (a module binds a name once: if/else variants, overload stubs
 *   and redefinitions are one function of the module; two files are two modules, so a name
 *   defined in two files is listed twice).
 * - CU_SA (`stripped` context): a function or method with a docstring of at least 3 words that no
 *   other unit of the context shares; requirement = the cleaned docstring; answer = the function as
 *   it appears in the stripped context.
 * - CU_DFA: a function or method and one of its variables (never `self`, `cls` or `_`, never one
 *   bound by a `case` pattern) with at least one change line; functions with a variable changing on
 *   two or more lines are preferred, and then such a variable; answer = the change lines
 *   (data-flow.ts) as context line numbers and their text.
 * - DRA_T1 / DRA_T2: the anchor's non-trivial repository callees (calls.ts) in order of first call;
 *   T1 anchor = name + code, T2 anchor = name + requirement (signature and docstring).
 * - SRE_T1 / SRE_T2: candidates = the context's non-trivial, self-scorable functions, methods and
 *   classes not nested in a function, minus the anchor and every unit enclosing it (they contain
 *   its code);
 *   answer = the top 5 by similarity to the query (T1: the anchor's code; T2: its requirement), at
 *   least 5 candidates and a positive 5th score needed. Up to 3 anchors are tried per context.
 * - LDU (`docs` context): an API documented by exactly one section of the context, a section that
 *   scores BLEU 1 against itself (RepoModel.scorableSection: 4 tokens or more); answer = that
 *   section's number and text.
 */
import { LONGCODEU_LIMITS, type CodeUnit, type LongCodeUExample } from "../dataset/index";
import type { PyRandom } from "../../../lib/datasets/pyrandom";
import type { CallResolution, UnitRef } from "./calls";
import type { DocSection } from "./doc-sections";
import type { PyFile, PyUnit } from "./python-units";
import type { RepoModel } from "./repo";
import { topK, type Similarity } from "./similarity";

/** A code or stripped context as the example builders read it. */
export interface CodeView {
  kind: "code" | "stripped";
  files: string[];
  text: string;
  lines: string[];
  /** 1-based context line of each file's first code line. */
  firstLine: Map<string, number>;
  /** Units in context order: the unit as it appears in this context, and the original (unstripped) one. */
  units: { path: string; unit: PyUnit; original: PyUnit }[];
  /** How many functions and methods (any scope) of the context carry each name. */
  functionNames: Map<string, number>;
  /** Whether a unit's code scores CodeBLEU 1 against itself (RepoModel.scorable). */
  scorable: (code: string) => boolean;
}

/**
 * An example as a builder makes it, with the keys of the code its answer must reproduce (its parts,
 * see {@link unitKey}, {@link sectionKey}), by which the example is dated: CU_P the listed functions,
 * CU_SA the function (as the repository holds it, with its comments), CU_DFA the function holding the
 * lines, DRA the callees, SRE the five units, LDU the section (a docstring section: the docstring).
 */
export type ExampleBody = Pick<LongCodeUExample, "anchor" | "answer" | "meta"> & { parts: string[] };

/** Whether a part is born after the build's `--born-after` day; absent: every part is. */
export type Fresh = (key: string) => boolean;

/** The key of a unit of the repository (its file and its position there). */
export const unitKey = (path: string, unit: { index: number }) => `u\0${path}\0${unit.index}`;
/** The key of a documentation section. */
export const sectionKey = (section: { id: string }) => `s\0${section.id}`;

/** The view of a code context made of `files` (`fileOf` gives the analysed file as it appears). */
export function codeView(
  kind: CodeView["kind"],
  files: string[],
  text: string,
  fileOf: (path: string) => PyFile,
  originalOf: (path: string) => PyFile,
  scorable: (code: string) => boolean,
): CodeView {
  const lines = text.split("\n");
  const firstLine = new Map<string, number>();
  const units: CodeView["units"] = [];
  const functionNames = new Map<string, number>();
  let header = 1;
  for (const path of files) {
    const file = fileOf(path);
    const original = originalOf(path);
    firstLine.set(path, header + 1);
    header += 1 + file.code.replace(/\n+$/, "").split("\n").length + 1;
    file.units.forEach((u, i) => {
      units.push({ path, unit: u, original: original.units[i] });
      if (u.kind === "function") functionNames.set(u.name, (functionNames.get(u.name) ?? 0) + 1);
    });
  }
  return { kind, files, text, lines, firstLine, units, functionNames, scorable };
}

const fits = (u: PyUnit) => u.code.length <= LONGCODEU_LIMITS.unitChars;
const isAnchorable = (u: PyUnit) => u.kind === "function" && !u.inFunction && !u.trivial && fits(u);

function codeUnit(path: string, u: PyUnit): CodeUnit {
  return { name: u.name, qualified: u.qualified, path, code: u.code };
}

/** CU_P (with `fresh`: only when every listed function is fresh). */
export function cuPerception(view: CodeView, fresh?: Fresh): ExampleBody | undefined {
  const names: string[] = [];
  const parts: string[] = [];
  for (const path of view.files) {
    const seen = new Set<string>();
    for (const x of view.units) {
      if (x.path !== path || x.unit.kind !== "function" || !x.unit.topLevel || seen.has(x.unit.name)) continue;
      seen.add(x.unit.name);
      names.push(x.unit.name);
      parts.push(unitKey(path, x.original));
    }
  }
  if (names.length === 0 || (fresh && !parts.every(fresh))) return undefined;
  return { anchor: {}, answer: { names }, meta: { files: view.files.length, functions: names.length }, parts };
}

const MIN_REQUIREMENT_WORDS = 3;

/** CU_SA on a stripped view. */
export function cuSemanticAnalysis(view: CodeView, rng: PyRandom, fresh?: Fresh): ExampleBody | undefined {
  const docCounts = new Map<string, number>();
  for (const x of view.units)
    if (x.original.docstring)
      docCounts.set(x.original.docstring.text, (docCounts.get(x.original.docstring.text) ?? 0) + 1);
  const candidates = view.units.filter(({ path, original, unit }) => {
    const doc = original.docstring?.text;
    return (
      isAnchorable(original) &&
      fits(unit) &&
      !!doc &&
      doc.split(/\s+/).length >= MIN_REQUIREMENT_WORDS &&
      docCounts.get(doc) === 1 &&
      view.scorable(unit.code) &&
      (!fresh || fresh(unitKey(path, original)))
    );
  });
  if (candidates.length === 0) return undefined;
  const pick = rng.choice(candidates);
  return {
    anchor: { requirement: pick.original.docstring!.text },
    answer: { units: [codeUnit(pick.path, pick.unit)] },
    meta: {
      function: pick.unit.qualified,
      path: pick.path,
      line: view.firstLine.get(pick.path)! + pick.unit.startRow,
      candidates: candidates.length,
    },
    parts: [unitKey(pick.path, pick.original)],
  };
}

const NEVER_ASKED = new Set(["self", "cls", "_"]);

/** CU_DFA on a code view. */
export function cuDataFlow(view: CodeView, rng: PyRandom, fresh?: Fresh): ExampleBody | undefined {
  const variablesOf = (u: PyUnit) =>
    [...u.changes].filter(([name, cs]) => !NEVER_ASKED.has(name) && !u.unsupportedVars.has(name) && cs.length > 0);
  const usable = view.units.filter(
    ({ path, unit }) =>
      isAnchorable(unit) &&
      view.functionNames.get(unit.name) === 1 &&
      variablesOf(unit).length > 0 &&
      (!fresh || fresh(unitKey(path, unit))),
  );
  if (usable.length === 0) return undefined;
  // Prefer functions with a variable that changes on two or more lines, then such a variable.
  const rich = usable.filter(({ unit }) => variablesOf(unit).some(([, cs]) => cs.length >= 2));
  const candidates = rich.length ? rich : usable;
  const pick = rng.choice(candidates);
  const vars = variablesOf(pick.unit);
  const several = vars.filter(([, cs]) => cs.length >= 2);
  const [variable, changes] = rng.choice(several.length ? several : vars);
  const first = view.firstLine.get(pick.path)!;
  const lines = changes.map((c) => ({ line: first + c.row, text: view.lines[first + c.row - 1] }));
  return {
    anchor: { name: pick.unit.name, variable },
    answer: { lines },
    meta: {
      function: pick.unit.qualified,
      path: pick.path,
      rules: changes.map((c, i) => ({ line: lines[i].line, rule: c.rule })),
      candidates: candidates.length,
    },
    parts: [unitKey(pick.path, pick.unit)],
  };
}

/** A DRA anchor of the repository: a self-scorable function whose non-trivial repository callees (one at least) are all usable (in a context file, not too long, self-scorable). */
export interface DraAnchor {
  path: string;
  unit: PyUnit;
  callees: UnitRef[];
  resolutions: CallResolution[];
}

/**
 * Every DRA anchor of the repository (T2: only those with a docstring; with `fresh`, only those whose
 * callees are all fresh), in path and source order.
 */
export function draAnchors(repo: RepoModel, needsRequirement: boolean, fresh?: Fresh): DraAnchor[] {
  const eligible = new Set(repo.eligible);
  const out: DraAnchor[] = [];
  for (const path of repo.eligible) {
    for (const unit of repo.files.get(path)!.units) {
      if (!isAnchorable(unit) || (needsRequirement && !unit.requirement)) continue;
      const { callees, resolutions } = repo.resolver.callees(path, unit);
      if (callees.length === 0) continue;
      const usable = callees.filter((c) => eligible.has(c.path) && fits(repo.resolver.unit(c)));
      if (usable.length !== callees.length) continue;
      if (!repo.scorable(unit.code) || !callees.every((c) => repo.scorable(repo.resolver.unit(c).code))) continue;
      if (fresh && !callees.every((c) => fresh(unitKey(c.path, c)))) continue;
      out.push({ path, unit, callees, resolutions });
    }
  }
  return out;
}

/** DRA_T1 / DRA_T2 for an anchor on a code view holding its file and its callees' files. */
export function dependencyRelation(
  view: CodeView,
  anchor: DraAnchor,
  repo: RepoModel,
  t2: boolean,
): ExampleBody | undefined {
  if (view.functionNames.get(anchor.unit.name) !== 1) return undefined;
  const units = anchor.callees.map((c) => codeUnit(c.path, repo.resolver.unit(c)));
  const dropped: Record<string, number> = {};
  for (const r of anchor.resolutions) if ("dropped" in r) dropped[r.dropped] = (dropped[r.dropped] ?? 0) + 1;
  if (anchor.unit.dynamicCalls) dropped.dynamic = (dropped.dynamic ?? 0) + anchor.unit.dynamicCalls;
  const first = view.firstLine.get(anchor.path)!;
  const calls = anchor.resolutions.flatMap((r) =>
    "callee" in r
      ? [{ line: first + r.site.row, callee: repo.resolver.unit(r.callee).qualified, path: r.callee.path, how: r.how }]
      : [],
  );
  return {
    anchor: t2
      ? { name: anchor.unit.name, requirement: anchor.unit.requirement! }
      : { name: anchor.unit.name, code: anchor.unit.code },
    answer: { units },
    meta: { function: anchor.unit.qualified, path: anchor.path, line: first + anchor.unit.startRow, calls, dropped },
    parts: anchor.callees.map((c) => unitKey(c.path, c)),
  };
}

const TOP = 5;
const SRE_ANCHOR_TRIES = 3;

/** SRE_T1 / SRE_T2 on a code view. */
export async function semanticRelation(
  view: CodeView,
  rng: PyRandom,
  similarity: Similarity,
  t2: boolean,
  fresh?: Fresh,
): Promise<ExampleBody | undefined> {
  const anchors = view.units.filter(
    ({ unit }) =>
      isAnchorable(unit) &&
      view.functionNames.get(unit.name) === 1 &&
      (!t2 || !!unit.requirement) &&
      view.scorable(unit.code),
  );
  if (anchors.length === 0) return undefined;
  const order = anchors.slice();
  rng.shuffle(order);
  for (const anchor of order.slice(0, SRE_ANCHOR_TRIES)) {
    // The anchor and every unit enclosing it (a class holding the method contains its code).
    const own = new Map(view.units.filter((x) => x.path === anchor.path).map((x) => [x.unit.index, x.unit]));
    const excluded = new Set<number>([anchor.unit.index]);
    for (let p = anchor.unit.parent; p !== undefined; p = own.get(p)?.parent) excluded.add(p);
    const candidates = view.units.filter(
      (x) =>
        !x.unit.inFunction &&
        !x.unit.trivial &&
        fits(x.unit) &&
        !(x.path === anchor.path && excluded.has(x.unit.index)) &&
        view.scorable(x.unit.code),
    );
    if (candidates.length < TOP) continue;
    const query = t2 ? anchor.unit.requirement! : anchor.unit.code;
    const scores = await similarity.scores(
      query,
      candidates.map((c) => c.unit.code),
    );
    const top = topK(scores, TOP + 1);
    if (!(scores[top[TOP - 1]] > 0)) continue;
    // The answer is the top five among all candidates; it is kept only when all five are fresh.
    const parts = top.slice(0, TOP).map((i) => unitKey(candidates[i].path, candidates[i].unit));
    if (fresh && !parts.every(fresh)) continue;
    const round = (x: number) => Math.round(x * 1e6) / 1e6;
    return {
      anchor: t2 ? { name: anchor.unit.name, requirement: query } : { name: anchor.unit.name, code: query },
      answer: { units: top.slice(0, TOP).map((i) => codeUnit(candidates[i].path, candidates[i].unit)) },
      meta: {
        function: anchor.unit.qualified,
        path: anchor.path,
        line: view.firstLine.get(anchor.path)! + anchor.unit.startRow,
        similarity: similarity.info.name,
        scores: top.slice(0, TOP).map((i) => round(scores[i])),
        next: top.length > TOP ? round(scores[top[TOP]]) : null,
        candidates: candidates.length,
      },
      parts,
    };
  }
  return undefined;
}

/** LDU on a docs context made of `sections` (in context order). */
export function documentationUnderstanding(
  sections: readonly DocSection[],
  repo: RepoModel,
  rng: PyRandom,
  fresh?: Fresh,
): ExampleBody | undefined {
  const documentedBy = new Map<string, number[]>();
  sections.forEach((s, i) => {
    for (const api of repo.documented(s)) documentedBy.set(api, [...(documentedBy.get(api) ?? []), i]);
  });
  const apis = [...documentedBy]
    .filter(
      ([, at]) =>
        at.length === 1 && repo.scorableSection(sections[at[0]].text) && (!fresh || fresh(sectionKey(sections[at[0]]))),
    )
    .map(([api]) => api)
    .sort();
  if (apis.length === 0) return undefined;
  const api = rng.choice(apis);
  const at = documentedBy.get(api)![0];
  const section = sections[at];
  return {
    anchor: { name: api },
    answer: { section: at + 1, text: section.text },
    meta: {
      path: section.path,
      source: section.source,
      heading: section.heading,
      sections: sections.length,
      candidates: apis.length,
    },
    parts: [sectionKey(section)],
  };
}
