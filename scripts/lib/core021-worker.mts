/**
 * One tree-sitter core's view of a measurement job (scripts/core021-measure.mts runs one of these
 * per core, in its own process: two native bindings cannot share a process).
 *
 * `native` mode uses the native binding's view (./core021-oracle.mts, UTF-16 input: S-expressions,
 * the reference function and comment queries, the sanitizer, CodeBLEU's subtrees and data-flow
 * tree) unchanged, with `require("tree-sitter")` and the grammar packages resolved to the binding
 * and grammar builds this process was given: the same code measures the 0.25 core and the old one.
 * `wasm` mode only prints S-expressions, with a web-tree-sitter release of any version (the check
 * that the old cores agree with one another).
 *
 *   node --import tsx scripts/lib/core021-worker.mts native <binding dir> <grammars.json> <job.json> <out.json>
 *   node --import tsx scripts/lib/core021-worker.mts wasm <web-tree-sitter dir> <grammars.json> <job.json> <out.json>
 */
import { readFileSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import v8 from "node:v8";
import vm from "node:vm";
import type { Language } from "../../src/lib/code/languages";
import type { CoreJob, CoreOutput, SnippetView, AnswerView, CodeBleuPair } from "./core021-job.mts";

const [mode, runtimeDir, grammarsFile, jobFile, outFile] = process.argv.slice(2);
const grammars = JSON.parse(readFileSync(grammarsFile, "utf8")) as Record<string, string>;
const job = JSON.parse(readFileSync(jobFile, "utf8")) as CoreJob;

/** Deletes `ranges` back to front, as the reference's `remove_comments` does. */
function deleteRanges(code: string, ranges: [number, number][]): string {
  const order = ranges.map((_, i) => i).sort((a, b) => ranges[b][0] - ranges[a][0] || a - b);
  let out = code;
  for (const i of order) out = out.slice(0, ranges[i][0]) + out.slice(ranges[i][1]);
  return out;
}

async function native(): Promise<CoreOutput> {
  // Resolve the binding and the grammar packages to this process's builds before the oracle loads.
  type Resolve = (request: string, ...rest: unknown[]) => string;
  const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
  const resolve = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    if (request === "tree-sitter" || request.startsWith("tree-sitter/"))
      request = runtimeDir + request.slice("tree-sitter".length);
    else if (grammars[request]) request = grammars[request];
    return resolve.call(this, request, ...rest);
  };
  const oracle = await import("./core021-oracle.mts");
  const { tryRemoveCommentsAndDocstrings } = await import("../../src/lib/metrics/codebleu/remove-comments.ts");
  const { subtreeMatches } = await import("../../src/lib/metrics/codebleu/syntax.ts");
  const { countFlowMatches, extractDataFlow, normalizeDataFlow } = await import(
    "../../src/lib/metrics/codebleu/dataflow.ts"
  );
  const { cLikeDfg } = await import("../../src/lib/metrics/codebleu/dfg/c-like.ts");
  const { DataFlowBudgetError } = await import("../../src/lib/metrics/codebleu/dfg/common.ts");
  const { dfgPython } = await import("../../src/lib/metrics/codebleu/dfg/python.ts");
  const { DATAFLOW_MAX_STEPS } = await import("../../src/lib/metrics/codebleu/index.ts");
  const dfg = {
    python: dfgPython,
    java: cLikeDfg("java"),
    cpp: cLikeDfg("csharp"),
    go: cLikeDfg("go"),
    rust: cLikeDfg("rust"),
  } as const;
  type CodeBleuLanguage = keyof typeof dfg;

  // The binding does not tell V8 how much memory its trees hold: collect every so often.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  let parses = 0;
  const parse = (lang: Language, code: string) => {
    if (++parses % 300 === 0) gc();
    return oracle.nativeParse(lang, code);
  };
  const withoutComments = (lang: Language, code: string) =>
    deleteRanges(code, oracle.oracleCommentRanges(lang, code, parse(lang, code)));
  /** CodeBLEU's view of one code string: subtrees (sorted) and data flow, after the package's comment removal. */
  const codeBleuView = (lang: CodeBleuLanguage, code: string) => {
    let clean = code;
    try {
      clean = tryRemoveCommentsAndDocstrings(code, lang);
    } catch {
      clean = code;
    }
    const tree = parse(lang, clean);
    let flows: string[];
    try {
      flows = normalizeDataFlow(extractDataFlow(clean, oracle.oraclePlainTree(tree), dfg[lang], DATAFLOW_MAX_STEPS));
    } catch (err) {
      if (!(err instanceof DataFlowBudgetError)) throw err;
      flows = ["(budget)"];
    }
    return { subtrees: oracle.oracleSubtrees(lang, clean, tree), flows };
  };

  const out: CoreOutput = { runtime: oracle.NATIVE_VERSION, languages: {} };
  for (const [lang, work] of Object.entries(job.languages) as [Language, CoreJob["languages"][Language]][]) {
    if (!work) continue;
    const isCodeBleu = lang in dfg;
    const snippets: SnippetView[] = work.snippets.map((s) => {
      const tree = parse(lang, s.code);
      const view: SnippetView = {
        tree: tree.rootNode.toString(),
        hasError: tree.rootNode.hasError,
        functions: JSON.stringify(
          oracle
            .oracleFunctions(lang, s.code, tree)
            .map((f) => [f.name, f.startLine, f.endLine, f.startIndex, f.endIndex]),
        ),
        comments: JSON.stringify(oracle.oracleCommentRanges(lang, s.code, tree)),
        sanitized: oracle.oracleSanitize(lang, s.answer),
      };
      if (isCodeBleu) {
        const cand = codeBleuView(lang as CodeBleuLanguage, s.code);
        const ref = codeBleuView(lang as CodeBleuLanguage, s.base);
        const [matched, total] = subtreeMatches(cand.subtrees, ref.subtrees);
        const pair: CodeBleuPair = {
          syntax: [matched, total],
          dataflow: [countFlowMatches(ref.flows, cand.flows), ref.flows.length],
        };
        view.codebleu = pair;
        view.subtrees = JSON.stringify([...cand.subtrees].sort());
      }
      return view;
    });
    const answers: AnswerView[] = work.answers.map((answer) => {
      const extracted = oracle.oracleSanitize(lang, answer);
      return { extracted, extractedNoComments: withoutComments(lang, extracted) };
    });
    const candidatesNoComments = work.candidates.map((c) => withoutComments(lang, c));
    out.languages[lang] = { snippets, answers, candidatesNoComments };
  }
  return out;
}

async function wasm(): Promise<CoreOutput> {
  const require = createRequire(import.meta.url);
  const mod = require(`${runtimeDir}/tree-sitter.js`) as Record<string, unknown> & { init?: () => Promise<void> };
  // Releases before 0.25 export the Parser class itself, with Language attached after init.
  const Parser = (mod.Parser ?? mod) as { init(): Promise<void>; new (): WasmParser; Language?: WasmLanguageClass };
  await Parser.init();
  const Lang = (mod.Language ?? Parser.Language) as WasmLanguageClass;
  const version = (require(`${runtimeDir}/package.json`) as { version: string }).version;
  const out: CoreOutput = { runtime: `web-tree-sitter ${version}`, languages: {} };
  for (const [lang, work] of Object.entries(job.languages) as [Language, CoreJob["languages"][Language]][]) {
    if (!work || !grammars[lang]) continue;
    const parser = new Parser();
    parser.setLanguage(await Lang.load(grammars[lang]));
    const snippets = work.snippets.map((s) => {
      const tree = parser.parse(s.code);
      const view: SnippetView = {
        tree: tree.rootNode.toString(),
        hasError: false,
        functions: "",
        comments: "",
        sanitized: "",
      };
      tree.delete();
      return view;
    });
    out.languages[lang] = { snippets, answers: [], candidatesNoComments: [] };
  }
  return out;
}

interface WasmParser {
  setLanguage(language: unknown): void;
  parse(code: string): { rootNode: { toString(): string }; delete(): void };
}
interface WasmLanguageClass {
  load(path: string): Promise<unknown>;
}

const result = mode === "wasm" ? await wasm() : await native();
writeFileSync(outFile, JSON.stringify(result));
