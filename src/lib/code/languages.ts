/**
 * The languages needlework understands, with the tree-sitter queries of the reference implementation they come from.
 *
 * Queries are copied verbatim from the reference (its release 0.1.2, `utility.py`): changing one
 * changes which functions exist, so every score would move. Bump the scorer version of every
 * benchmark that finds functions with them if you touch them.
 */

export const LANGUAGES = ["python", "cpp", "java", "typescript", "rust", "go"] as const;
export type Language = (typeof LANGUAGES)[number];

export interface LanguageSpec {
  /** Grammar module name in `wasm/` (and the npm package it comes from). */
  grammar: string;
  /** File suffixes the reference collects for this language. */
  suffixes: readonly string[];
  /** One capture per function definition (`@fdef`). */
  functionQuery: string;
  /** Comment (and, for Python, docstring) queries, run one after another. */
  commentQueries: readonly string[];
  /** Line-comment prefix used for synthetic `Path:` headers in contexts. */
  commentPrefix: string;
}

export const LANGUAGE_SPECS: Record<Language, LanguageSpec> = {
  python: {
    grammar: "tree-sitter-python",
    suffixes: [".py"],
    functionQuery: "(function_definition name: (_)) @fdef",
    commentQueries: ["(block (expression_statement (string) @docstring))", "(comment) @comment"],
    commentPrefix: "#",
  },
  cpp: {
    grammar: "tree-sitter-cpp",
    suffixes: [".cpp", ".hpp", ".cc", ".hh", ".cxx", ".hxx", ".c", ".h"],
    functionQuery: "(function_definition declarator: (function_declarator declarator: (identifier))) @fdef",
    commentQueries: ["(comment) @comment"],
    commentPrefix: "//",
  },
  java: {
    grammar: "tree-sitter-java",
    suffixes: [".java"],
    functionQuery: "(method_declaration name: (_)) @fdef",
    commentQueries: ["(line_comment) @comment", "(block_comment) @comment"],
    commentPrefix: "//",
  },
  typescript: {
    grammar: "tree-sitter-typescript",
    suffixes: [".ts", ".js"],
    functionQuery: "(function_declaration name: (_)) @fdef",
    commentQueries: ["(comment) @comment"],
    commentPrefix: "//",
  },
  rust: {
    grammar: "tree-sitter-rust",
    suffixes: [".rs"],
    functionQuery: "(function_item name: (_)) @fdef",
    commentQueries: ["(line_comment) @comment", "(block_comment) @comment"],
    commentPrefix: "//",
  },
  go: {
    grammar: "tree-sitter-go",
    suffixes: [".go"],
    functionQuery: "(function_declaration name: (_)) @fdef",
    commentQueries: ["(comment) @comment"],
    commentPrefix: "//",
  },
};

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
