/**
 * Differential test: the service's tree-sitter (web-tree-sitter, the wasm build the Worker runs,
 * loaded here by cli/lib/tree-sitter-node.ts from the same wasm/ files) against the native
 * tree-sitter core the references run on (the `tree-sitter` Node binding with each grammar
 * package's native build; see parser-parity/oracle.ts).
 *
 * Per language, thousands of snippets of real code found on this machine (parser-parity/corpus.ts),
 * most broken on purpose, are compared on everything a score depends on:
 * - the whole tree (`rootNode.toString()`, the S-expression with MISSING and ERROR nodes);
 * - the reference function query's captures (name, lines, offsets, text) and the comment queries'
 *   ranges (the RepoQA candidates and `remove_comments`);
 * - the RepoQA sanitizer's extraction from an answer that wraps the snippet;
 * - CodeBLEU's subtree list (after the package's comment removal) and the tree its data-flow
 *   functions walk (every node, field and position); for one snippet in four, the syntax match and
 *   the data-flow match of the snippet (candidate) against the intact lines it came from (reference).
 *
 * `npx vitest run --config vitest.node.config.ts test/cli/parser-parity.test.ts` prints the counts.
 * PARSER_PARITY_SNIPPETS=n changes the number of snippets per language (default 1000; CI time: about 30-45 s on 2 cores).
 */
import v8 from "node:v8";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../../cli/lib/tree-sitter-node";
import { commentRanges, extractFunctionsSync } from "../../src/code/functions";
import { LANGUAGES, LANGUAGE_SPECS, type Language } from "../../src/code/languages";
import { loadLanguage, withTree, type LoadedLanguage } from "../../src/code/parser";
import { sanitizeOutput } from "../../src/benchmarks/repoqa/sanitize";
import { analyzeFunctions } from "../../src/benchmarks/repoqa/curate/functions";
import { CODEBLEU_LANGUAGES, DATAFLOW_MAX_STEPS, codeBleu, type CodeBleuLanguage } from "../../src/metrics/codebleu";
import { countFlowMatches, extractDataFlow, normalizeDataFlow } from "../../src/metrics/codebleu/dataflow";
import { cLikeDfg } from "../../src/metrics/codebleu/dfg/c-like";
import { DataFlowBudgetError, type DfgFunction } from "../../src/metrics/codebleu/dfg/common";
import { dfgPython } from "../../src/metrics/codebleu/dfg/python";
import { tryRemoveCommentsAndDocstrings } from "../../src/metrics/codebleu/remove-comments";
import { subtreeMatches } from "../../src/metrics/codebleu/syntax";
import { parseCode, type PlainNode } from "../../src/metrics/codebleu/tree";
import wasmManifest from "../../wasm/manifest.json";
import {
  CPP_MACRO_HEADER,
  CPP_MACRO_HEADER_FUNCTIONS,
  CPP_MISSING_BRACE,
  CPP_MISSING_BRACE_REFERENCE,
  CPP_MISSING_BRACE_SEXP,
  CPP_MISSING_BRACE_SYNTAX_MATCH,
} from "../code/native-cases";
import { answerFor, findCorpus, makeSnippets, MUTATIONS } from "./parser-parity/corpus";
import {
  NATIVE_VERSION,
  nativeParse,
  oracleCommentRanges,
  oracleFunctions,
  oraclePlainTree,
  oracleSanitize,
  oracleSubtrees,
  type FunctionFields,
} from "./parser-parity/oracle";

/** The package's data-flow function per language (as src/metrics/codebleu/index.ts picks them). */
const DFG: Record<CodeBleuLanguage, DfgFunction> = {
  python: dfgPython,
  java: cLikeDfg("java"),
  cpp: cLikeDfg("csharp"),
  go: cLikeDfg("go"),
  rust: cLikeDfg("rust"),
};

const PER_LANGUAGE = Number(process.env.PARSER_PARITY_SNIPPETS ?? 1000);

/**
 * The native binding does not tell V8 how much memory its trees hold, so V8 sees no reason to
 * collect them (thousands of trees reach gigabytes): collect every so often.
 */
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;
const CHECKS = ["tree", "functions", "comments", "sanitizer", "subtrees", "dfg-tree", "pair-scores"] as const;
type Check = (typeof CHECKS)[number];

interface Tally {
  language: Language;
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
/** The fields both sides report, in one order. */
const fnFields = (fs: readonly FunctionFields[]) =>
  fs.map((f) => [f.name, f.startLine, f.endLine, f.startByte, f.endByte, f.startIndex, f.endIndex, f.text]);

function compareLanguage(lang: Language, loaded: LoadedLanguage): Tally {
  const corpus = findCorpus(lang);
  const snippets = makeSnippets(corpus, PER_LANGUAGE);
  const tally: Tally = {
    language: lang,
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
  const codeBleu = (CODEBLEU_LANGUAGES as readonly string[]).includes(lang);
  /** What CodeBLEU takes from a parse, on both sides: subtrees and the tree data flow walks. */
  const parsedBoth = (code: string, tree?: ReturnType<typeof nativeParse>) => {
    const clean = tryRemoveCommentsAndDocstrings(code, lang as CodeBleuLanguage);
    const nativeTree = clean === code && tree ? tree : nativeParse(lang, clean);
    const ours = parseCode(loaded, clean);
    return { clean, ours: ours.subtrees, native: oracleSubtrees(lang, clean, nativeTree), oursRoot: ours.root, nativeRoot: oraclePlainTree(nativeTree) };
  };
  const flows = (clean: string, root: PlainNode) => {
    try {
      return normalizeDataFlow(extractDataFlow(clean, root, DFG[lang as CodeBleuLanguage], DATAFLOW_MAX_STEPS));
    } catch (err) {
      if (err instanceof DataFlowBudgetError) return ["(budget)"];
      throw err;
    }
  };
  snippets.forEach((s, i) => {
    if (i % 250 === 249) collectGarbage();
    const off: Check[] = [];
    const record = (check: Check, equal: boolean) => {
      tally.byCheck[check].compared++;
      if (!equal) {
        tally.byCheck[check].differing++;
        off.push(check);
      }
    };
    const tree = nativeParse(lang, s.code);
    if (tree.rootNode.hasError) tally.broken++;
    record("tree", withTree(loaded, s.code, (root) => root.toString()) === tree.rootNode.toString());
    record("functions", same(fnFields(extractFunctionsSync(loaded, s.code)), fnFields(oracleFunctions(lang, s.code, tree))));
    record("comments", same(commentRanges(loaded, s.code), oracleCommentRanges(lang, s.code, tree)));
    const answer = answerFor(lang, s, i);
    record("sanitizer", sanitizeOutput(loaded, answer) === oracleSanitize(lang, answer));
    if (codeBleu) {
      const cand = parsedBoth(s.code, tree);
      record("subtrees", same(sorted(cand.ours), sorted(cand.native)));
      record("dfg-tree", same(cand.oursRoot, cand.nativeRoot));
      // One snippet in four also as a CodeBLEU pair against the intact lines it came from: the
      // syntax match and the data-flow match (matched and total), each computed on both trees.
      if (i % 4 === 0) {
        const ref = parsedBoth(s.base);
        const pair = (c: string[], r: string[], cRoot: PlainNode, rRoot: PlainNode) => {
          const refFlows = flows(ref.clean, rRoot);
          return [...subtreeMatches(c, r), countFlowMatches(refFlows, flows(cand.clean, cRoot)), refFlows.length].join();
        };
        record("pair-scores", pair(cand.ours, ref.ours, cand.oursRoot, ref.oursRoot) === pair(cand.native, ref.native, cand.nativeRoot, ref.nativeRoot));
      }
    }
    if (off.length === 0) tally.equal++;
    else {
      tally.differing++;
      if (tally.examples.length < 5) tally.examples.push({ check: off[0], kind: s.kind, source: s.source, code: s.code });
    }
  });
  return tally;
}

function report(tallies: Tally[]): string {
  const runtime = wasmManifest.modules["tree-sitter"];
  const lines = [
    `parser parity: ${runtime.package} ${runtime.version} (wasm) vs tree-sitter ${NATIVE_VERSION} (native), ${PER_LANGUAGE} snippets per language, mutations: ${MUTATIONS.join(", ")}`,
    "language    files  snippets  with errors  equal  differing  | " + CHECKS.map((c) => c.padStart(11)).join(" "),
  ];
  for (const t of tallies) {
    lines.push(
      `${t.language.padEnd(10)} ${String(t.files).padStart(6)} ${String(t.snippets).padStart(9)} ${String(t.broken).padStart(12)} ${String(t.equal).padStart(6)} ${String(t.differing).padStart(10)}  | ` +
        CHECKS.map((c) => (t.byCheck[c].compared === 0 ? "-" : `${t.byCheck[c].compared - t.byCheck[c].differing}/${t.byCheck[c].compared}`).padStart(11)).join(" "),
    );
  }
  for (const t of tallies) lines.push(`  ${t.language}: ${t.fallback ? "FALLBACK " : ""}${t.origin}`);
  for (const t of tallies)
    for (const e of t.examples) lines.push(`  differs (${t.language}, ${e.check}, ${e.kind}) ${e.source}: ${JSON.stringify(e.code.slice(0, 200))}`);
  return lines.join("\n");
}

describe("web-tree-sitter (the service) = native tree-sitter (the references)", () => {
  const loaded = new Map<Language, LoadedLanguage>();
  const tallies: Tally[] = [];

  beforeAll(async () => {
    for (const lang of LANGUAGES) loaded.set(lang, await loadLanguage(lang));
  });
  afterAll(() => console.log(report(tallies)));

  for (const lang of LANGUAGES) {
    it(`${lang} (${LANGUAGE_SPECS[lang].grammar}): trees, functions, comments, sanitizer and CodeBLEU subtrees agree on real and broken code`, () => {
      const t = compareLanguage(lang, loaded.get(lang)!);
      tallies.push(t);
      expect(t.snippets).toBe(PER_LANGUAGE);
      // Most snippets are broken on purpose: error recovery is what this compares.
      expect(t.broken).toBeGreaterThan(t.snippets / 3);
      expect(t.differing, JSON.stringify(t.examples[0])).toBe(0);
    }, Math.max(60_000, PER_LANGUAGE * 40));
  }
});

describe("issue 13's cases, against the native binding itself", () => {
  it("C++ method without its opening brace: the tree, and CodeBLEU's syntax match 0.6667 against the intact method", async () => {
    const cpp = await loadLanguage("cpp");
    const native = nativeParse("cpp", CPP_MISSING_BRACE).rootNode.toString();
    expect(native).toBe(CPP_MISSING_BRACE_SEXP);
    expect(withTree(cpp, CPP_MISSING_BRACE, (root) => root.toString())).toBe(native);
    const [matched, total] = subtreeMatches(oracleSubtrees("cpp", CPP_MISSING_BRACE), oracleSubtrees("cpp", CPP_MISSING_BRACE_REFERENCE));
    expect(matched / total).toBe(CPP_MISSING_BRACE_SYNTAX_MATCH);
    const score = await codeBleu(CPP_MISSING_BRACE_REFERENCE, CPP_MISSING_BRACE, "cpp");
    expect(score.syntax_match_score).toBe(matched / total);
  });

  it("C++ header with functions behind macros: the curated function list is the native one", async () => {
    const native = oracleFunctions("cpp", CPP_MACRO_HEADER);
    expect(native.map((f) => [f.name, f.startLine, f.endLine, f.startByte, f.endByte])).toEqual(CPP_MACRO_HEADER_FUNCTIONS);
    const { functions } = await analyzeFunctions("cpp", [["include/macros.h", CPP_MACRO_HEADER]]);
    expect(functions["include/macros.h"].map((f) => [f.name, f.start_line, f.end_line, f.start_byte, f.end_byte])).toEqual(
      native.map((f) => [f.name, f.startLine, f.endLine, f.startByte, f.endByte]),
    );
  });
});
