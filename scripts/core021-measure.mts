/**
 * How much a tree-sitter core of the references' era (py-tree-sitter 0.21.3 for repoqa 0.1.2,
 * 0.22.x for codebleu 0.7.0) would change needlework's scores, against the 0.25 core it runs.
 *
 *   npx tsx scripts/core021-measure.mts [--snippets 1000] [--per-needle 16] [--json report.json]
 *   npx tsx scripts/core021-measure.mts --cases    re-checks test/code/core-residual-cases.ts (seconds, Python)
 *   ... --reference [--reference-snippets 500]     the references' whole condition instead (below)
 *
 * `--reference` also runs the references' own algorithms, re-derived in Python
 * (test/cli/parser-parity/reference_oracle.py, which needs Debian's python3-nltk), on four
 * conditions: the old core reading UTF-8 (what repoqa 0.1.2 and codebleu 0.7.0 ran), the 0.25 core
 * reading UTF-8 (the service, whose runtime scripts/wasm-utf8.mjs patches to read UTF-8), the 0.25
 * core reading UTF-16 (the service before that patch, web-tree-sitter as published) and the old
 * core reading UTF-16, each compared with the service's (docs/fidelity.md, "Input encoding").
 *
 * Not part of `npm test` (several minutes). Sets itself up: the old core is the native Node binding
 * `tree-sitter` 0.21.1 (prebuilt), with the ABI-14 grammars tree-sitter-python 0.23.6, -go 0.23.4
 * and -rust 0.23.2 (the project's python, go and rust grammars are ABI 15, which no core before
 * 0.25 loads), and web-tree-sitter 0.21.0, 0.22.6, 0.23.2 and 0.24.7 (release cores, for the check
 * that the old cores agree with one another). They are installed from the npm registry, once, into
 * a cache directory outside the repository ($CORE021_CACHE, default ~/.cache/needlework/core021),
 * never into the project. C++, Java and TypeScript use the project's own grammar packages (ABI 14)
 * under both cores; Python, Go and Rust use the older grammars under both cores: only the core varies.
 *
 * What it compares, per language, old core vs 0.25 core, each computed by the parser-parity oracle
 * (scripts/lib/core021-oracle.mts, the native binding reading UTF-16) in its own process (scripts/lib/core021-worker.mts):
 * - the broken-code corpus of the parity test (test/cli/parser-parity/corpus.ts): trees, function
 *   captures, comment ranges, the sanitizer's extraction, CodeBLEU's subtrees and its syntax and
 *   data-flow matches against the intact lines;
 * - realistic RepoQA answers: each needle of the official 2024-04-20 repositories
 *   (repoqa-2024-04-20-repos in ../shared/data or $NEEDLEWORK_SHARED_DATA; the repoqa-mini fixture
 *   for Go, which that release lacks, and when they are absent) truncated, line-shuffled, stripped of delimiters..., fenced, sanitized by each
 *   core and scored against the repository's needles (official mode, threshold 0.8), with and
 *   without `ignore comments`: extractions, best needles, similarities and verdicts that differ.
 */
import { execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import "../cli/lib/tree-sitter-node";
import { titledTable } from "../cli/lib/text-table";
import { extractFunctionsSync } from "../src/lib/code/functions";
import { LANGUAGES, LANGUAGE_SPECS, type Language } from "../src/lib/code/languages";
import { loadLanguage } from "../src/lib/code/parser";
import { ReferenceSet } from "../src/lib/metrics/bleu";
import { DEFAULT_THRESHOLD, THRESHOLDS } from "../src/lib/metrics/thresholds";
import { findCorpus, makeSnippets, prng } from "../test/cli/parser-parity/corpus";
import {
  projectNatives,
  runOracle,
  type OracleEncoding,
  type OracleJob,
  type OracleNatives,
} from "../test/cli/parser-parity/reference-oracle";
import type { CoreJob, CoreOutput, JobSnippet } from "./lib/core021-job.mts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const { values: args } = parseArgs({
  options: {
    snippets: { type: "string", default: "1000" },
    "per-needle": { type: "string", default: "16" },
    json: { type: "string" },
    cases: { type: "boolean", default: false },
    reference: { type: "boolean", default: false },
    "reference-snippets": { type: "string", default: "500" },
  },
});
const SNIPPETS = Number(args.snippets);
const PER_NEEDLE = Number(args["per-needle"]);

// ---------------------------------------------------------------------------------------------
// The old cores, installed on demand into a cache outside the repository
// ---------------------------------------------------------------------------------------------

const CACHE = process.env.CORE021_CACHE ?? join(homedir(), ".cache/needlework/core021");
const OLD_BINDING = "tree-sitter@0.21.1";
const OLD_GRAMMARS: Partial<Record<Language, string>> = { python: "0.23.6", go: "0.23.4", rust: "0.23.2" };
const WASM_CORES = ["0.21.0", "0.22.6", "0.23.2", "0.24.7"];
const CACHE_PACKAGE = {
  name: "needlework-core021-cache",
  private: true,
  dependencies: {
    "ts-core-old": `npm:${OLD_BINDING}`,
    ...Object.fromEntries(Object.entries(OLD_GRAMMARS).map(([lang, v]) => [`tree-sitter-${lang}`, v])),
    ...Object.fromEntries(WASM_CORES.map((v) => [`web-tree-sitter-${v}`, `npm:web-tree-sitter@${v}`])),
  },
};

function ensureCache(): void {
  const manifest = join(CACHE, "package.json");
  const wanted = JSON.stringify(CACHE_PACKAGE, null, 2);
  if (
    existsSync(manifest) &&
    readFileSync(manifest, "utf8") === wanted &&
    existsSync(join(CACHE, "node_modules/ts-core-old"))
  )
    return;
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(manifest, wanted);
  console.log(
    `installing ${OLD_BINDING}, grammars and web-tree-sitter ${WASM_CORES.join(", ")} into ${CACHE} (npm registry)`,
  );
  // Prebuilt binaries only: node-gyp-build finds them at require time, no install script runs.
  execFileSync(
    "npm",
    ["install", "--ignore-scripts", "--legacy-peer-deps", "--no-audit", "--no-fund", "--no-package-lock"],
    { cwd: CACHE, stdio: "inherit" },
  );
}

const nm = (dir: string, pkg: string) => join(dir, "node_modules", pkg);
/** Package -> directory overrides for the native workers: the ABI-14 grammars where the project's are ABI 15. */
const nativeGrammars = () =>
  Object.fromEntries(
    Object.keys(OLD_GRAMMARS).map((lang) => [`tree-sitter-${lang}`, nm(CACHE, `tree-sitter-${lang}`)]),
  );
/** Language -> grammar .wasm for the release cores. */
const wasmGrammars = (): Partial<Record<Language, string>> =>
  Object.fromEntries(
    LANGUAGES.map((lang) => [
      lang,
      lang in OLD_GRAMMARS
        ? join(nm(CACHE, `tree-sitter-${lang}`), `tree-sitter-${lang}.wasm`)
        : join(ROOT, "wasm", `tree-sitter-${lang}.wasm`),
    ]),
  );

// ---------------------------------------------------------------------------------------------
// Inputs: the broken-code corpus and realistic RepoQA answers
// ---------------------------------------------------------------------------------------------

const FENCE: Record<Language, string> = {
  python: "python",
  cpp: "cpp",
  java: "java",
  typescript: "typescript",
  rust: "rust",
  go: "go",
};

/** A model-like answer around `code`: fenced with or without a tag, sometimes with prose. */
function wrap(lang: Language, code: string, i: number): string {
  const fenced = "```" + (i % 2 === 0 ? FENCE[lang] : "") + "\n" + code + "\n```";
  return i % 3 === 0 ? `Here is the function you described:\n\n${fenced}\n\nIt returns the result.` : fenced;
}

const int = (rng: () => number, n: number) => Math.floor(rng() * n);

const MUTATIONS = [
  "intact",
  "cut",
  "cut-line",
  "shuffle",
  "delimiters",
  "drop-signature",
  "drop-lines",
  "mixed",
] as const;
type AnswerMutation = (typeof MUTATIONS)[number];

/** A needle as a model might return it: whole, cut short, lines swapped or lost, delimiters dropped. */
function mutateNeedle(kind: AnswerMutation, code: string, rng: () => number): string {
  const lines = code.split("\n");
  switch (kind) {
    case "intact":
      return code;
    case "cut":
      return code.slice(0, Math.max(1, Math.floor(code.length * (0.3 + 0.65 * rng()))));
    case "cut-line":
      return lines.slice(0, Math.max(1, Math.floor(lines.length * (0.3 + 0.65 * rng())))).join("\n");
    case "shuffle": {
      const copy = [...lines];
      for (let s = 1 + int(rng, Math.max(1, copy.length / 3)); s > 0; s--) {
        const i = int(rng, copy.length);
        const j = int(rng, copy.length);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.join("\n");
    }
    case "delimiters": {
      const set = ["{", "}", ";", "(", ")", ":", ","].filter(() => rng() < 0.35);
      const drop = set.length > 0 ? set : ["}"];
      const p = 0.2 + 0.8 * rng();
      return Array.from(code, (ch) => (drop.includes(ch) && rng() < p ? "" : ch)).join("");
    }
    case "drop-signature":
      return lines.slice(1).join("\n");
    case "drop-lines":
      return lines.filter(() => rng() > 0.2).join("\n") || lines[0];
    case "mixed": {
      const kinds = ["cut", "shuffle", "delimiters", "drop-lines"] as const;
      return mutateNeedle(kinds[int(rng, kinds.length)], mutateNeedle(kinds[int(rng, kinds.length)], code, rng), rng);
    }
  }
}

interface Needle {
  repo: string;
  name: string;
  code: string;
}

interface RepoSet {
  repo: string;
  needles: Needle[];
}

/** The shared data beside the checkout (../shared/data; ../../shared/data from a worktree under wt/), or $NEEDLEWORK_SHARED_DATA. */
const SHARED_DATA =
  process.env.NEEDLEWORK_SHARED_DATA ??
  [join(ROOT, "../shared/data"), join(ROOT, "../../shared/data")].find((d) => existsSync(d)) ??
  join(ROOT, "../shared/data");
const OFFICIAL_REPOS = join(SHARED_DATA, "repoqa-2024-04-20-repos");
const OFFICIAL_NEEDLES = join(SHARED_DATA, "repoqa-official/needle-positions-2024-04-20-16k.json");

/** The official repositories' needles of `lang` (found by name with the reference's function query), or the fixture's. */
async function needleSets(lang: Language): Promise<{ origin: string; sets: RepoSet[] }> {
  const loaded = await loadLanguage(lang);
  if (existsSync(OFFICIAL_REPOS) && existsSync(OFFICIAL_NEEDLES)) {
    const manifest = JSON.parse(readFileSync(join(OFFICIAL_REPOS, "MANIFEST.json"), "utf8")) as {
      language: string;
      repo: string;
      dir: string;
    }[];
    const positions = JSON.parse(readFileSync(OFFICIAL_NEEDLES, "utf8")) as {
      language: string;
      repo: string;
      name: string;
    }[];
    const { collectFiles } = await import("../cli/lib/collect");
    const sets: RepoSet[] = [];
    for (const entry of manifest.filter((m) => m.language === lang && existsSync(join(OFFICIAL_REPOS, m.dir)))) {
      const wanted = new Set(positions.filter((p) => p.repo === entry.repo).map((p) => p.name));
      const found = new Map<string, string>();
      const { files } = await collectFiles(join(OFFICIAL_REPOS, entry.dir), ".", LANGUAGE_SPECS[lang].suffixes);
      for (const text of Object.values(files)) {
        if (found.size === wanted.size) break;
        const lines = text.split("\n");
        for (const f of extractFunctionsSync(loaded, text)) {
          if (wanted.has(f.name) && !found.has(f.name))
            found.set(f.name, lines.slice(f.startLine, f.endLine).join("\n"));
        }
      }
      if (found.size > 1)
        sets.push({ repo: entry.repo, needles: [...found].map(([name, code]) => ({ repo: entry.repo, name, code })) });
    }
    if (sets.length > 0) return { origin: `${OFFICIAL_REPOS} (official 2024-04-20 needles)`, sets };
  }
  const fixture = JSON.parse(readFileSync(join(ROOT, "test/fixtures/repoqa-mini.json"), "utf8")) as Record<
    string,
    {
      repo: string;
      content: Record<string, string>;
      needles: { name: string; path: string; start_line: number; end_line: number }[];
    }[]
  >;
  const sets = (fixture[lang] ?? []).map((r) => ({
    repo: r.repo,
    needles: r.needles.map((n) => ({
      repo: r.repo,
      name: n.name,
      code: r.content[n.path].split("\n").slice(n.start_line, n.end_line).join("\n"),
    })),
  }));
  return { origin: "test/fixtures/repoqa-mini.json", sets };
}

interface LanguageInputs {
  snippets: JobSnippet[];
  corpusOrigin: string;
  answers: { text: string; kind: AnswerMutation; set: number; target: number }[];
  sets: RepoSet[];
  needleOrigin: string;
}

async function inputsFor(lang: Language): Promise<LanguageInputs> {
  const corpus = findCorpus(lang);
  const snippets = makeSnippets(corpus, SNIPPETS).map((s, i) => ({
    code: s.code,
    base: s.base,
    answer: wrap(lang, s.code, i),
  }));
  const { origin, sets } = await needleSets(lang);
  const rng = prng(2024 + lang.length);
  const answers: LanguageInputs["answers"] = [];
  for (const [s, set] of sets.entries()) {
    for (const [target, needle] of set.needles.entries()) {
      for (let k = 0; k < PER_NEEDLE; k++) {
        const kind = MUTATIONS[k % MUTATIONS.length];
        answers.push({ text: wrap(lang, mutateNeedle(kind, needle.code, rng), k + target), kind, set: s, target });
      }
    }
  }
  return {
    snippets,
    corpusOrigin: (corpus.fallback ? "FALLBACK " : "") + corpus.origin.join(", "),
    answers,
    sets,
    needleOrigin: origin,
  };
}

// ---------------------------------------------------------------------------------------------
// Running the cores
// ---------------------------------------------------------------------------------------------

function runWorker(
  mode: "native" | "wasm",
  runtimeDir: string,
  grammars: object,
  jobFile: string,
  work: string,
  name: string,
): Promise<CoreOutput> {
  const grammarsFile = join(work, `${name}-grammars.json`);
  const outFile = join(work, `${name}-out.json`);
  writeFileSync(grammarsFile, JSON.stringify(grammars));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(ROOT, "scripts/lib/core021-worker.mts"),
        mode,
        runtimeDir,
        grammarsFile,
        jobFile,
        outFile,
      ],
      {
        cwd: ROOT,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(outFile, "utf8")) as CoreOutput)
        : reject(new Error(`${name} worker exited with ${code}`)),
    );
  });
}

/** Runs `tasks` two at a time (the machines here have two cores). */
async function twoAtATime<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all([lane(), lane()]);
  return results;
}

// ---------------------------------------------------------------------------------------------
// Scoring and counting
// ---------------------------------------------------------------------------------------------

interface Verdict {
  best: number;
  similarity: number;
  passAt: boolean[];
}

function verdict(references: ReferenceSet, extracted: string, target: number): Verdict {
  const scores = references.score(extracted);
  let best = -1;
  let similarity = 0;
  scores.forEach((s, i) => {
    if (s > similarity) {
      similarity = s;
      best = i;
    }
  });
  return { best, similarity, passAt: THRESHOLDS.map((t) => best === target && similarity >= t) };
}

const PASS_INDEX = THRESHOLDS.indexOf(DEFAULT_THRESHOLD);

interface AnswerCounts {
  answers: number;
  extraction: number;
  best: number;
  similarity: number;
  verdict: number;
  anyThreshold: number;
  passOld: number;
  passNew: number;
}

interface LanguageReport {
  language: Language;
  corpus: string;
  needles: string;
  snippets: {
    n: number;
    withErrors: number;
    tree: number;
    functions: number;
    comments: number;
    sanitizer: number;
    subtrees?: number;
    syntax?: number;
    dataflow?: number;
  };
  answers: Record<"plain" | "ignore_comments", AnswerCounts>;
  /** Answers whose verdict differs at some threshold, and corpus answers whose extraction differs (a few each, for the docs and tests). */
  examples: { kind: string; answer: string; old: string; current: string; note: string }[];
  releaseCores: Record<string, number>;
}

function compareLanguage(
  lang: Language,
  inputs: LanguageInputs,
  old: CoreOutput,
  cur: CoreOutput,
  releases: CoreOutput[],
): LanguageReport {
  const o = old.languages[lang]!;
  const c = cur.languages[lang]!;
  const count = (f: (i: number) => boolean) => o.snippets.reduce((n, _, i) => n + (f(i) ? 1 : 0), 0);
  const codeBleu = o.snippets[0]?.codebleu !== undefined;
  const snippets: LanguageReport["snippets"] = {
    n: o.snippets.length,
    withErrors: count((i) => o.snippets[i].hasError),
    tree: count((i) => o.snippets[i].tree !== c.snippets[i].tree),
    functions: count((i) => o.snippets[i].functions !== c.snippets[i].functions),
    comments: count((i) => o.snippets[i].comments !== c.snippets[i].comments),
    sanitizer: count((i) => o.snippets[i].sanitized !== c.snippets[i].sanitized),
  };
  if (codeBleu) {
    snippets.subtrees = count((i) => o.snippets[i].subtrees !== c.snippets[i].subtrees);
    snippets.syntax = count((i) => o.snippets[i].codebleu!.syntax.join() !== c.snippets[i].codebleu!.syntax.join());
    snippets.dataflow = count(
      (i) => o.snippets[i].codebleu!.dataflow.join() !== c.snippets[i].codebleu!.dataflow.join(),
    );
  }
  const examples: LanguageReport["examples"] = [];
  o.snippets.forEach((s, i) => {
    if (s.sanitized !== c.snippets[i].sanitized && examples.length < 3) {
      examples.push({
        kind: "corpus sanitizer",
        answer: inputs.snippets[i].answer,
        old: s.sanitized,
        current: c.snippets[i].sanitized,
        note: "",
      });
    }
  });
  const answers = {} as LanguageReport["answers"];
  for (const mode of ["plain", "ignore_comments"] as const) {
    const refs = (core: typeof o) =>
      inputs.sets.map((set) => {
        const offset = inputs.sets.slice(0, inputs.sets.indexOf(set)).reduce((n, s) => n + s.needles.length, 0);
        return new ReferenceSet(
          mode === "plain"
            ? set.needles.map((n) => n.code)
            : set.needles.map((_, k) => core.candidatesNoComments[offset + k]),
        );
      });
    const oldRefs = refs(o);
    const curRefs = refs(c);
    const counts: AnswerCounts = {
      answers: 0,
      extraction: 0,
      best: 0,
      similarity: 0,
      verdict: 0,
      anyThreshold: 0,
      passOld: 0,
      passNew: 0,
    };
    inputs.answers.forEach((a, i) => {
      const pick = (core: typeof o) =>
        mode === "plain" ? core.answers[i].extracted : core.answers[i].extractedNoComments;
      const vo = verdict(oldRefs[a.set], pick(o), a.target);
      const vc = verdict(curRefs[a.set], pick(c), a.target);
      counts.answers++;
      if (pick(o) !== pick(c)) counts.extraction++;
      if (vo.best !== vc.best) counts.best++;
      if (Math.abs(vo.similarity - vc.similarity) > 1e-12) counts.similarity++;
      if (vo.passAt[PASS_INDEX] !== vc.passAt[PASS_INDEX]) counts.verdict++;
      if (vo.passAt.some((p, t) => p !== vc.passAt[t])) {
        counts.anyThreshold++;
        if (mode === "plain" && examples.length < 8) {
          const needles = inputs.sets[a.set].needles;
          const name = (k: number) => (k < 0 ? "none" : needles[k].name);
          const note =
            `${a.kind} answer for ${needles[a.target].repo}::${needles[a.target].name}: ` +
            `old core best ${name(vo.best)} ${vo.similarity.toFixed(4)}, 0.25 best ${name(vc.best)} ${vc.similarity.toFixed(4)}`;
          examples.push({ kind: "answer verdict", answer: a.text, old: pick(o), current: pick(c), note });
        }
      }
      if (vo.passAt[PASS_INDEX]) counts.passOld++;
      if (vc.passAt[PASS_INDEX]) counts.passNew++;
    });
    answers[mode] = counts;
  }
  const releaseCores: Record<string, number> = {};
  for (const r of releases) {
    const rl = r.languages[lang];
    if (rl) releaseCores[r.runtime] = rl.snippets.reduce((n, s, i) => n + (s.tree !== o.snippets[i].tree ? 1 : 0), 0);
  }
  releaseCores[`0.25 (tree-sitter ${cur.runtime})`] = snippets.tree;
  return {
    language: lang,
    corpus: inputs.corpusOrigin,
    needles: inputs.needleOrigin,
    snippets,
    answers,
    examples,
    releaseCores,
  };
}

// ---------------------------------------------------------------------------------------------
// The references' whole condition: old core and UTF-8 input, through the re-derived algorithms
// ---------------------------------------------------------------------------------------------

const gypBuild = createRequire(import.meta.url)("node-gyp-build") as { path(dir: string): string };

/** The oracle's shared objects for a core, with the ABI-14 grammars where the project's are ABI 15 (as the workers). */
function natives(runtime: "old" | "current"): OracleNatives {
  const base = projectNatives();
  const old = Object.fromEntries(
    Object.keys(OLD_GRAMMARS).map((lang) => [
      lang,
      [gypBuild.path(nm(CACHE, `tree-sitter-${lang}`)), `tree_sitter_${lang}`],
    ]),
  );
  return {
    runtime: runtime === "old" ? gypBuild.path(nm(CACHE, "ts-core-old")) : base.runtime,
    grammars: { ...base.grammars, ...old },
  };
}

/** The conditions compared, the service's last (the others are compared with it). */
const CONDITIONS: { name: string; core: "old" | "current"; encoding: OracleEncoding }[] = [
  { name: "references (old core, UTF-8)", core: "old", encoding: "utf8" },
  { name: "old core, UTF-16", core: "old", encoding: "utf16" },
  { name: "before the UTF-8 patch (0.25, UTF-16)", core: "current", encoding: "utf16" },
  { name: "service (0.25, UTF-8)", core: "current", encoding: "utf8" },
];

async function referenceConditions(inputs: Map<Language, LanguageInputs>): Promise<void> {
  const perLanguage = Number(args["reference-snippets"]);
  const jobs: OracleJob[] = [];
  const slots = new Map<Language, { answers: number; corpus: number; syntax: number; n: number }>();
  for (const [lang, x] of inputs) {
    const corpus = x.snippets.slice(0, perLanguage);
    const codeBleu = lang !== "typescript";
    slots.set(lang, {
      answers: jobs.length,
      corpus: jobs.length + x.answers.length,
      syntax: jobs.length + x.answers.length + corpus.length,
      n: corpus.length,
    });
    for (const a of x.answers) jobs.push({ op: "sanitize", lang, output: a.text });
    for (const s of corpus) jobs.push({ op: "sanitize", lang, output: s.answer });
    if (codeBleu) for (const s of corpus) jobs.push({ op: "syntax", lang, reference: s.base, candidate: s.code });
  }
  const results = await twoAtATime(CONDITIONS.map((c) => () => runOracle(jobs, c.encoding, true, natives(c.core))));
  results.forEach((r, ci) => {
    const failed = r.findIndex((x) => x.error !== undefined);
    if (failed >= 0) throw new Error(`reference_oracle.py, ${CONDITIONS[ci].name}: ${r[failed].error}`);
  });
  const service = results[CONDITIONS.length - 1];
  const rows: string[][] = [
    [
      "language",
      "condition",
      "answers",
      "extraction",
      "best needle",
      "verdict@0.8",
      "any threshold",
      "corpus",
      "sanitizer",
      "syntax match",
    ],
  ];
  for (const [lang, x] of inputs) {
    const at = slots.get(lang)!;
    const refs = x.sets.map((set) => new ReferenceSet(set.needles.map((n) => n.code)));
    results.slice(0, -1).forEach((r, ci) => {
      let extraction = 0,
        best = 0,
        flips = 0,
        any = 0,
        sanitizer = 0,
        syntax = 0;
      x.answers.forEach((a, i) => {
        const mine = r[at.answers + i].text ?? "";
        const theirs = service[at.answers + i].text ?? "";
        if (mine === theirs) return;
        extraction++;
        const vo = verdict(refs[a.set], mine, a.target);
        const vc = verdict(refs[a.set], theirs, a.target);
        if (vo.best !== vc.best) best++;
        if (vo.passAt[PASS_INDEX] !== vc.passAt[PASS_INDEX]) flips++;
        if (vo.passAt.some((p, t) => p !== vc.passAt[t])) any++;
      });
      for (let i = 0; i < at.n; i++) {
        if (r[at.corpus + i].text !== service[at.corpus + i].text) sanitizer++;
        if (lang !== "typescript" && String(r[at.syntax + i].match) !== String(service[at.syntax + i].match)) syntax++;
      }
      rows.push([
        lang,
        CONDITIONS[ci].name,
        String(x.answers.length),
        String(extraction),
        String(best),
        String(flips),
        String(any),
        String(at.n),
        String(sanitizer),
        lang === "typescript" ? "-" : String(syntax),
      ]);
    });
  }
  console.log(
    "\n" +
      titledTable(
        "the references' algorithms (reference_oracle.py) per condition, against the service's condition: results that differ",
        rows,
      ),
  );
}

function printReport(reports: LanguageReport[], oldRuntime: string, curRuntime: string): void {
  const n = (x: number | undefined) => (x === undefined ? "-" : String(x));
  console.log(
    `\nold core: native tree-sitter ${oldRuntime}; current: native tree-sitter ${curRuntime} (= web-tree-sitter 0.25.10, the service)`,
  );
  console.log(
    titledTable(
      `broken-code corpus (${SNIPPETS} snippets per language): snippets whose result differs between the cores`,
      [
        [
          "language",
          "snippets",
          "with errors",
          "trees",
          "functions",
          "comments",
          "sanitizer",
          "subtrees",
          "syntax match",
          "data-flow match",
        ],
        ...reports.map((r) => [
          r.language,
          n(r.snippets.n),
          n(r.snippets.withErrors),
          n(r.snippets.tree),
          n(r.snippets.functions),
          n(r.snippets.comments),
          n(r.snippets.sanitizer),
          n(r.snippets.subtrees),
          n(r.snippets.syntax),
          n(r.snippets.dataflow),
        ]),
      ],
    ),
  );
  for (const mode of ["plain", "ignore_comments"] as const) {
    console.log(
      "\n" +
        titledTable(
          `realistic RepoQA answers, official mode, ${mode === "plain" ? "comments kept" : "ignore comments"}: answers whose result differs`,
          [
            [
              "language",
              "answers",
              "extraction",
              "best needle",
              "similarity",
              `verdict@${DEFAULT_THRESHOLD}`,
              "any threshold",
              "pass old",
              "pass 0.25",
            ],
            ...reports.map((r) => {
              const a = r.answers[mode];
              return [
                r.language,
                n(a.answers),
                n(a.extraction),
                n(a.best),
                n(a.similarity),
                n(a.verdict),
                n(a.anyThreshold),
                n(a.passOld),
                n(a.passNew),
              ];
            }),
          ],
        ),
    );
  }
  const cores = Object.keys(reports[0].releaseCores);
  console.log(
    "\n" +
      titledTable(`trees that differ from the old native core's, per core`, [
        ["language", ...cores],
        ...reports.map((r) => [r.language, ...cores.map((k) => n(r.releaseCores[k]))]),
      ]),
  );
  console.log("\nsources:");
  for (const r of reports) console.log(`  ${r.language}: corpus ${r.corpus}; needles ${r.needles}`);
  const notes = reports.flatMap((r) => r.examples.filter((e) => e.note).map((e) => `${r.language}: ${e.note}`));
  if (notes.length > 0)
    console.log(
      "\nverdicts that differ at some threshold (first few per language; all examples in --json):\n  " +
        notes.join("\n  "),
    );
}

// ---------------------------------------------------------------------------------------------

/** Recomputes the recorded cases of test/code/core-residual-cases.ts: the reference's condition and the service's. */
async function checkCases(): Promise<boolean> {
  const { CORE_RESIDUAL_CASES } = await import("../test/code/core-residual-cases");
  const jobs: OracleJob[] = CORE_RESIDUAL_CASES.map((c) => ({ op: "sanitize", lang: c.language, output: c.answer }));
  const [reference, current] = await Promise.all([
    runOracle(jobs, "utf8", true, natives("old")),
    runOracle(jobs, "utf8", true, natives("current")),
  ]);
  let ok = true;
  CORE_RESIDUAL_CASES.forEach((c, i) => {
    const holds =
      reference[i].text === c.reference &&
      current[i].text === (c.matched ? c.reference : c.current) &&
      c.reference !== c.current;
    ok &&= holds;
    console.log(
      `${holds ? "holds" : "DIFFERS"}  ${c.language}: ${c.title}${c.matched ? " (matched: the service extracts the reference's text)" : ""}`,
    );
    if (!holds)
      console.log(
        `  reference (old core, UTF-8): ${JSON.stringify(reference[i].text)}\n  service (0.25, UTF-8): ${JSON.stringify(current[i].text)}`,
      );
  });
  return ok;
}

async function measure(work: string): Promise<void> {
  const started = Date.now();
  const inputs = new Map<Language, LanguageInputs>();
  for (const lang of LANGUAGES) inputs.set(lang, await inputsFor(lang));
  if (args.reference) {
    await referenceConditions(inputs);
    console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
    return;
  }
  const job: CoreJob = {
    languages: Object.fromEntries(
      [...inputs].map(([lang, x]) => [
        lang,
        {
          snippets: x.snippets,
          answers: x.answers.map((a) => a.text),
          candidates: x.sets.flatMap((s) => s.needles.map((n) => n.code)),
        },
      ]),
    ),
  };
  const jobFile = join(work, "job.json");
  writeFileSync(jobFile, JSON.stringify(job));
  const wasmJob = join(work, "wasm-job.json");
  writeFileSync(
    wasmJob,
    JSON.stringify({
      languages: Object.fromEntries(
        Object.entries(job.languages).map(([l, w]) => [l, { snippets: w!.snippets, answers: [], candidates: [] }]),
      ),
    }),
  );
  const outputs = await twoAtATime<CoreOutput>([
    () => runWorker("native", nm(CACHE, "ts-core-old"), nativeGrammars(), jobFile, work, "old"),
    () => runWorker("native", nm(ROOT, "tree-sitter"), nativeGrammars(), jobFile, work, "current"),
    ...WASM_CORES.map(
      (v) => () => runWorker("wasm", nm(CACHE, `web-tree-sitter-${v}`), wasmGrammars(), wasmJob, work, `wasm-${v}`),
    ),
  ]);
  const [old, current, ...releases] = outputs;
  const reports = LANGUAGES.map((lang) => compareLanguage(lang, inputs.get(lang)!, old, current, releases));
  printReport(reports, old.runtime, current.runtime);
  console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (args.json)
    writeFileSync(
      args.json,
      JSON.stringify(
        { old: old.runtime, current: current.runtime, snippets: SNIPPETS, perNeedle: PER_NEEDLE, reports },
        null,
        2,
      ),
    );
}

ensureCache();
const work = mkdtempSync(join(tmpdir(), "core021-"));
try {
  if (args.cases) process.exitCode = (await checkCases()) ? 0 : 1;
  else await measure(work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
