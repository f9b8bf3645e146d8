/**
 * The parser-divergence cases in the Worker's runtime: web-tree-sitter must parse as the native tree-sitter
 * cores of the references do (values recorded from the native core in ./native-cases.ts; the Node
 * side recomputes them with the native binding in test/cli/parser-parity.test.ts).
 */
import { describe, expect, it } from "vitest";
import { extractFunctions, loadLanguage } from "../../src/lib/code";
import { withTree } from "../../src/lib/code/parser";
import { analyzeFunctions } from "../../src/benchmarks/repoqa/curate/functions";
import { codeBleu } from "../../src/lib/metrics/codebleu";
import { parseCode, type PlainNode } from "../../src/lib/metrics/codebleu/tree";
import {
  CPP_MACRO_HEADER,
  CPP_MACRO_HEADER_FUNCTIONS,
  CPP_MISSING_BRACE,
  CPP_MISSING_BRACE_REFERENCE,
  CPP_MISSING_BRACE_SEXP,
  CPP_MISSING_BRACE_SYNTAX_MATCH,
} from "./native-cases";

describe("C++ (tree-sitter-cpp 0.23.4) as the native core parses it", () => {
  it("a method without its opening brace: `f()` is an initializer (init_declarator … value: (argument_list))", async () => {
    const cpp = await loadLanguage("cpp");
    const sexp = withTree(cpp, CPP_MISSING_BRACE, (root) => root.toString());
    expect(sexp).toBe(CPP_MISSING_BRACE_SEXP);
    expect(sexp).toMatch(/\(init_declarator declarator: .* value: \(argument_list\)\)/);
  });

  it("CodeBLEU syntax match of that answer against the intact method is the package's 0.6667 (10 of 15 subtrees)", async () => {
    const score = await codeBleu(CPP_MISSING_BRACE_REFERENCE, CPP_MISSING_BRACE, "cpp");
    expect(score.syntax_match_score).toBeCloseTo(CPP_MISSING_BRACE_SYNTAX_MATCH, 12);
    expect(score.syntax_match_score.toFixed(4)).toBe("0.6667");
  });

  it("a header with functions behind attribute macros: the function list is the native one", async () => {
    const fns = await extractFunctions("cpp", CPP_MACRO_HEADER);
    expect(fns.map((f) => [f.name, f.startLine, f.endLine, f.startByte, f.endByte])).toEqual(
      CPP_MACRO_HEADER_FUNCTIONS,
    );
    const { functions } = await analyzeFunctions("cpp", [["include/macros.h", CPP_MACRO_HEADER]]);
    expect(
      functions["include/macros.h"].map((f) => [f.name, f.start_line, f.end_line, f.start_byte, f.end_byte]),
    ).toEqual(CPP_MACRO_HEADER_FUNCTIONS);
  });
});

describe("node types as the C API names them", () => {
  it("Go's zero-width `\\0` statement terminator is typed \"\" (web-tree-sitter's JS says ERROR), real errors stay ERROR", async () => {
    const go = await loadLanguage("go");
    const types = (n: PlainNode): string[] => [n.type, ...n.children.flatMap(types)];
    // Go code without a final newline ends its last statement with the "\0" token.
    const { root } = parseCode(go, "x := 1");
    expect(root.children.map((c) => c.type)).toEqual(["short_var_declaration", ""]);
    expect(root.children[1]).toMatchObject({ type: "", children: [], startCol: 6, endCol: 6 });
    expect(types(root)).not.toContain("ERROR");
    expect(types(parseCode(go, "func f() {\n\tif a {\n\t\treturn b").root)).toContain("ERROR");
  });
});
