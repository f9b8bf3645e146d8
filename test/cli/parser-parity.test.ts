/**
 * Differential test: the service's tree-sitter (web-tree-sitter's runtime patched to read UTF-8, the
 * wasm the Worker runs, loaded here by cli/lib/tree-sitter-node.ts from the same wasm/ files) against
 * the native tree-sitter core reading UTF-8, as the references' py-tree-sitter drives it
 * (parser-parity/reference_oracle.py: the C API through ctypes on the Node binding's shared object and
 * the grammar packages' native builds; the Node binding's own JavaScript API reads UTF-16, so it is
 * not the oracle).
 *
 * Per language, thousands of snippets of real code found on this machine (parser-parity/corpus.ts),
 * most broken on purpose, are compared on everything a score depends on:
 * - the whole tree (`rootNode.toString()`, the S-expression with MISSING and ERROR nodes);
 * - the reference function query's captures (name, lines, byte and string offsets, text) and the
 *   comment queries' ranges (the RepoQA candidates and `remove_comments`);
 * - the RepoQA sanitizer's extraction from an answer that wraps the snippet (against repoqa 0.1.2's
 *   `sanitize_output` re-derived in Python);
 * - CodeBLEU's subtree list (after the package's comment removal) and the tree its data-flow
 *   functions walk (every node, field and position); for one snippet in four, the syntax match and
 *   the data-flow match of the snippet (candidate) against the intact lines it came from (reference).
 *
 * `npx vitest run --config vitest.node.config.ts test/cli/parser-parity.test.ts` prints the counts.
 * PARSER_PARITY_SNIPPETS=n and PARSER_PARITY_FILES=n change the snippets and whole files per language
 * (defaults 600 and 8, kept small for `npm test`; docs/fidelity.md gives a run of 1000 and 24).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../cli/lib/tree-sitter-node";
import { commentRanges, extractFunctionsSync } from "../../src/lib/code/functions";
import { LANGUAGES, LANGUAGE_SPECS, type Language } from "../../src/lib/code/languages";
import { loadLanguage, withTree, type LoadedLanguage } from "../../src/lib/code/parser";
import { sanitizeOutput } from "../../src/benchmarks/repoqa/score/sanitize";
import { analyzeFunctions } from "../../src/benchmarks/repoqa/curate/functions";
import {
  CODEBLEU_LANGUAGES,
  DATAFLOW_MAX_STEPS,
  codeBleu,
  type CodeBleuLanguage,
} from "../../src/lib/metrics/codebleu";
import { countFlowMatches, extractDataFlow, normalizeDataFlow } from "../../src/lib/metrics/codebleu/dataflow";
import { cLikeDfg } from "../../src/lib/metrics/codebleu/dfg/c-like";
import { DataFlowBudgetError, type DfgFunction } from "../../src/lib/metrics/codebleu/dfg/common";
import { dfgPython } from "../../src/lib/metrics/codebleu/dfg/python";
import { tryRemoveCommentsAndDocstrings } from "../../src/lib/metrics/codebleu/remove-comments";
import { subtreeMatches } from "../../src/lib/metrics/codebleu/syntax";
import { parseCode, type PlainNode } from "../../src/lib/metrics/codebleu/tree";
import wasmManifest from "../../wasm/manifest.json";
import {
  CPP_MACRO_HEADER,
  CPP_MACRO_HEADER_FUNCTIONS,
  CPP_MISSING_BRACE,
  CPP_MISSING_BRACE_REFERENCE,
  CPP_MISSING_BRACE_SEXP,
  CPP_MISSING_BRACE_SYNTAX_MATCH,
} from "../code/native-cases";
import {
  answerFor,
  FILE_KINDS,
  findCorpus,
  makeFileInputs,
  makeSnippets,
  MUTATIONS,
  type Corpus,
  type Snippet,
} from "./parser-parity/corpus";
import {
  NATIVE_VERSION,
  runOracle,
  type NativePlain,
  type OracleJob,
  type OracleResult,
} from "./parser-parity/reference-oracle";

/** The package's data-flow function per language (as src/lib/metrics/codebleu/index.ts picks them). */
const DFG: Record<CodeBleuLanguage, DfgFunction> = {
  python: dfgPython,
  java: cLikeDfg("java"),
  cpp: cLikeDfg("csharp"),
  go: cLikeDfg("go"),
  rust: cLikeDfg("rust"),
};

const PER_LANGUAGE = Number(process.env.PARSER_PARITY_SNIPPETS ?? 600);
/** Whole files per language (the largest of the corpus, most with non-ASCII text inserted). */
const FILES_PER_LANGUAGE = Number(process.env.PARSER_PARITY_FILES ?? 8);

const CHECKS = ["tree", "functions", "comments", "sanitizer", "subtrees", "dfg-tree", "pair-scores"] as const;
type Check = (typeof CHECKS)[number];

interface Tally {
  language: Language;
  /** `snippets` or `files` (whole files, non-ASCII text inserted). */
  inputs: string;
  files: number;
  origin: string;
  fallback: boolean;
  snippets: number;
  broken: number;
  equal: number;
  differing: number;
  byCheck: Record<Check, { compared: number; differing: number }>;
  examples: { check: Check; kind: string; source: string; code: string }[];
}

const sorted = (xs: string[]) => [...xs].sort();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What `extractFunctionsSync` reports of a function, in one order. */
type FunctionFields = [
  name: string,
  startLine: number,
  endLine: number,
  startByte: number,
  endByte: number,
  startIndex: number,
  endIndex: number,
  text: string,
];

/**
 * Byte offsets of `code`'s UTF-8 as string indices and byte ranges as text, through Node's Buffer
 * (not src/lib/code/source.ts, whose conversion is under test).
 */
function bytesOf(code: string) {
  const buffer = Buffer.from(code, "utf8");
  return {
    index: (byte: number) => buffer.subarray(0, byte).toString("utf8").length,
    text: (start: number, end: number) => buffer.subarray(start, end).toString("utf8"),
    byteAt: (byte: number) => buffer[byte],
  };
}

/** The native tree's functions as `extractFunctionsSync` reports them. */
function nativeFunctions(code: string, facts: OracleResult): FunctionFields[] {
  const b = bytesOf(code);
  return facts.functions!.map(([start, end, startRow, , endRow, , name]) => [
    name,
    startRow,
    endRow + 1,
    start,
    end,
    b.index(start),
    b.index(end),
    b.text(start, end),
  ]);
}

/** As `commentRanges`: string ranges, a comment's own final line break left out (the named Rust deviation). */
function nativeCommentRanges(code: string, facts: OracleResult): [number, number][] {
  const b = bytesOf(code);
  return facts.comments!.map(([start, end, , , , , type]) => [
    b.index(start),
    b.index(type.endsWith("comment") && b.byteAt(end - 1) === 10 ? end - 1 : end),
  ]);
}

/** The cursor walk as src/lib/metrics/codebleu/tree.ts's `PlainNode`. */
function plainNode([type, , startRow, startCol, endRow, endCol, children]: NativePlain): PlainNode {
  return {
    type,
    children: children.map(plainNode),
    fields: children.map((c) => c[1]),
    startRow,
    startCol,
    endRow,
    endCol,
  };
}

/** The oracle's jobs for one snippet, in order: facts, sanitizer, then CodeBLEU's trees of the snippet and (one in four) of its base. */
function jobsFor(lang: Language, s: Snippet, i: number, codeBleuLang: boolean): OracleJob[] {
  const jobs: OracleJob[] = [
    { op: "facts", lang, code: s.code },
    { op: "sanitize", lang, output: answerFor(lang, s, i) },
  ];
  if (codeBleuLang) {
    jobs.push({ op: "codebleu_tree", lang, code: tryRemoveCommentsAndDocstrings(s.code, lang as CodeBleuLanguage) });
    if (i % 4 === 0)
      jobs.push({ op: "codebleu_tree", lang, code: tryRemoveCommentsAndDocstrings(s.base, lang as CodeBleuLanguage) });
  }
  return jobs;
}

async function compareLanguage(
  lang: Language,
  loaded: LoadedLanguage,
  corpus: Corpus,
  snippets: Snippet[],
  inputs: string,
): Promise<Tally> {
  const tally: Tally = {
    language: lang,
    inputs,
    files: corpus.files.length,
    origin: corpus.origin.join(", "),
    fallback: corpus.fallback,
    snippets: snippets.length,
    broken: 0,
    equal: 0,
    differing: 0,
    byCheck: Object.fromEntries(CHECKS.map((c) => [c, { compared: 0, differing: 0 }])) as Tally["byCheck"],
    examples: [],
  };
  const codeBleuLang = (CODEBLEU_LANGUAGES as readonly string[]).includes(lang);
  const jobs = snippets.map((s, i) => jobsFor(lang, s, i, codeBleuLang));
  // The native side works in Python while the service's side runs here.
  const pending = runOracle(jobs.flat(), "utf8");
  const flows = (clean: string, root: PlainNode) => {
    try {
      return normalizeDataFlow(extractDataFlow(clean, root, DFG[lang as CodeBleuLanguage], DATAFLOW_MAX_STEPS));
    } catch (err) {
      if (err instanceof DataFlowBudgetError) return ["(budget)"];
      throw err;
    }
  };
  const ours = snippets.map((s, i) => {
    const clean = codeBleuLang ? tryRemoveCommentsAndDocstrings(s.code, lang as CodeBleuLanguage) : "";
    const cleanBase =
      codeBleuLang && i % 4 === 0 ? tryRemoveCommentsAndDocstrings(s.base, lang as CodeBleuLanguage) : "";
    return {
      tree: withTree(loaded, s.code, (root) => root.toString()),
      functions: extractFunctionsSync(loaded, s.code).map(
        (f): FunctionFields => [
          f.name,
          f.startLine,
          f.endLine,
          f.startByte,
          f.endByte,
          f.startIndex,
          f.endIndex,
          f.text,
        ],
      ),
      comments: commentRanges(loaded, s.code),
      sanitized: sanitizeOutput(loaded, answerFor(lang, s, i)),
      clean,
      cleanBase,
      cand: codeBleuLang ? parseCode(loaded, clean) : undefined,
      ref: codeBleuLang && i % 4 === 0 ? parseCode(loaded, cleanBase) : undefined,
    };
  });
  const flat = await pending;
  let at = 0;
  snippets.forEach((s, i) => {
    const results = flat.slice(at, (at += jobs[i].length));
    const [facts, sanitized, candTree, refTree] = results;
    const mine = ours[i];
    const off: Check[] = [];
    const record = (check: Check, equal: boolean) => {
      tally.byCheck[check].compared++;
      if (!equal) {
        tally.byCheck[check].differing++;
        off.push(check);
      }
    };
    const error = results.find((r) => r.error)?.error;
    if (facts.has_error) tally.broken++;
    record("tree", !error && mine.tree === facts.sexp);
    record("functions", !error && same(mine.functions, nativeFunctions(s.code, facts)));
    record("comments", !error && same(mine.comments, nativeCommentRanges(s.code, facts)));
    record("sanitizer", !error && mine.sanitized === sanitized.text);
    if (mine.cand && candTree) {
      const nativeRoot = plainNode(candTree.plain!);
      record("subtrees", !error && same(sorted(mine.cand.subtrees), sorted(candTree.subtrees!)));
      record("dfg-tree", !error && same(mine.cand.root, nativeRoot));
      // One snippet in four also as a CodeBLEU pair against the intact lines it came from: the
      // syntax match and the data-flow match (matched and total), each computed on both trees.
      if (mine.ref && refTree) {
        const pair = (c: string[], r: string[], cRoot: PlainNode, rRoot: PlainNode) => {
          const refFlows = flows(mine.cleanBase, rRoot);
          return [
            ...subtreeMatches(c, r),
            countFlowMatches(refFlows, flows(mine.clean, cRoot)),
            refFlows.length,
          ].join();
        };
        record(
          "pair-scores",
          !error &&
            pair(mine.cand.subtrees, mine.ref.subtrees, mine.cand.root, mine.ref.root) ===
              pair(candTree.subtrees!, refTree.subtrees!, nativeRoot, plainNode(refTree.plain!)),
        );
      }
    }
    if (off.length === 0) tally.equal++;
    else {
      tally.differing++;
      if (tally.examples.length < 5)
        tally.examples.push({
          check: off[0],
          kind: s.kind,
          source: s.source,
          code: error ? `oracle error: ${error}` : s.code,
        });
    }
  });
  return tally;
}

function report(tallies: Tally[]): string {
  const runtime = wasmManifest.modules["tree-sitter"];
  const lines = [
    `parser parity: ${runtime.package} ${runtime.version} (wasm, patched to read UTF-8) vs the tree-sitter core of the Node binding ${NATIVE_VERSION} (native, reading UTF-8), ` +
      `${PER_LANGUAGE} snippets (${MUTATIONS.join(", ")}) and ${FILES_PER_LANGUAGE} whole files (${FILE_KINDS.join(", ")}) per language`,
    "language   inputs    files   inputs  with errors  equal  differing  | " +
      CHECKS.map((c) => c.padStart(11)).join(" "),
  ];
  for (const t of tallies) {
    lines.push(
      `${t.language.padEnd(10)} ${t.inputs.padEnd(8)} ${String(t.files).padStart(6)} ${String(t.snippets).padStart(8)} ${String(t.broken).padStart(12)} ${String(t.equal).padStart(6)} ${String(t.differing).padStart(10)}  | ` +
        CHECKS.map((c) =>
          (t.byCheck[c].compared === 0
            ? "-"
            : `${t.byCheck[c].compared - t.byCheck[c].differing}/${t.byCheck[c].compared}`
          ).padStart(11),
        ).join(" "),
    );
  }
  for (const t of tallies)
    if (t.inputs === "snippets") lines.push(`  ${t.language}: ${t.fallback ? "FALLBACK " : ""}${t.origin}`);
  for (const t of tallies)
    for (const e of t.examples)
      lines.push(
        `  differs (${t.language} ${t.inputs}, ${e.check}, ${e.kind}) ${e.source}: ${JSON.stringify(e.code.slice(0, 200))}`,
      );
  return lines.join("\n");
}

describe("web-tree-sitter reading UTF-8 (the service) = the native core reading UTF-8 (the references)", () => {
  const loaded = new Map<Language, LoadedLanguage>();
  const tallies: Tally[] = [];

  beforeAll(async () => {
    for (const lang of LANGUAGES) loaded.set(lang, await loadLanguage(lang));
  }, 60_000); // six grammars compiled: over vitest's 10 s default on a busy machine
  afterAll(() => console.log(report(tallies)));

  for (const lang of LANGUAGES) {
    it(
      `${lang} (${LANGUAGE_SPECS[lang].grammar}): trees, functions, comments, sanitizer and CodeBLEU trees agree on real and broken code`,
      async () => {
        const corpus = findCorpus(lang);
        const t = await compareLanguage(
          lang,
          loaded.get(lang)!,
          corpus,
          makeSnippets(corpus, PER_LANGUAGE),
          "snippets",
        );
        tallies.push(t);
        expect(t.snippets).toBe(PER_LANGUAGE);
        // Most snippets are broken on purpose: error recovery is what this compares.
        expect(t.broken).toBeGreaterThan(t.snippets / 3);
        expect(t.differing, JSON.stringify(t.examples[0])).toBe(0);
      },
      Math.max(120_000, PER_LANGUAGE * 400),
    );

    it(
      `${lang}: the same on whole files, most with non-ASCII text (byte offsets and string indices part ways)`,
      async () => {
        const corpus = findCorpus(lang);
        const t = await compareLanguage(
          lang,
          loaded.get(lang)!,
          corpus,
          makeFileInputs(corpus, FILES_PER_LANGUAGE),
          "files",
        );
        tallies.push(t);
        expect(t.snippets).toBe(FILES_PER_LANGUAGE);
        expect(t.differing, JSON.stringify(t.examples[0])).toBe(0);
      },
      Math.max(120_000, FILES_PER_LANGUAGE * 10_000),
    );
  }
});

describe("the parser-divergence cases, against the native core", () => {
  it("C++ method without its opening brace: the tree, and CodeBLEU's syntax match 0.6667 against the intact method", async () => {
    const [facts, syntax] = await runOracle(
      [
        { op: "facts", lang: "cpp", code: CPP_MISSING_BRACE },
        { op: "syntax", lang: "cpp", reference: CPP_MISSING_BRACE_REFERENCE, candidate: CPP_MISSING_BRACE },
      ],
      "utf8",
    );
    expect(facts.sexp).toBe(CPP_MISSING_BRACE_SEXP);
    const cpp = await loadLanguage("cpp");
    expect(withTree(cpp, CPP_MISSING_BRACE, (root) => root.toString())).toBe(facts.sexp);
    const [matched, total] = syntax.match!;
    expect(matched / total).toBe(CPP_MISSING_BRACE_SYNTAX_MATCH);
    const score = await codeBleu(CPP_MISSING_BRACE_REFERENCE, CPP_MISSING_BRACE, "cpp");
    expect(score.syntax_match_score).toBe(matched / total);
  });

  it("C++ header with functions behind macros: the curated function list is the native one", async () => {
    const [facts] = await runOracle([{ op: "facts", lang: "cpp", code: CPP_MACRO_HEADER }], "utf8");
    const native = nativeFunctions(CPP_MACRO_HEADER, facts).map(([name, startLine, endLine, startByte, endByte]) => [
      name,
      startLine,
      endLine,
      startByte,
      endByte,
    ]);
    expect(native).toEqual(CPP_MACRO_HEADER_FUNCTIONS);
    const { functions } = await analyzeFunctions("cpp", [["include/macros.h", CPP_MACRO_HEADER]]);
    expect(
      functions["include/macros.h"].map((f) => [f.name, f.start_line, f.end_line, f.start_byte, f.end_byte]),
    ).toEqual(native);
  });
});
