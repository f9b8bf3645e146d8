/**
 * Version of RepoQA's scoring semantics. Bump it whenever a score for the same input could change
 * (metric code, sanitizer, queries, grammar versions); every stored result names the version
 * it was computed with, so old and new numbers are never mixed silently.
 *
 * 1.1.0: the tree-sitter runtime went from web-tree-sitter 0.27.1 to 0.25.10, whose core recovers from
 * syntax errors as the native cores of the references do; on code with syntax errors the sanitizer's
 * extraction, the strict mode's candidates and comment removal can differ from 1.0.0.
 *
 * 1.2.0: the runtime's core reads code as UTF-8, as the reference's py-tree-sitter does (it read
 * UTF-16 before; error recovery counts bytes): on code with syntax errors the sanitizer's extraction,
 * the strict mode's candidates and comment removal can differ from 1.1.0 (docs/fidelity.md#input-encoding).
 */
export const SCORER_VERSION = "repoqa-snf/1.2.0";
