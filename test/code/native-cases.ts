/**
 * Inputs on which web-tree-sitter 0.27 parsed unlike the native tree-sitter 0.25 core,
 * with what the native core (tree-sitter 0.25.1, tree-sitter-cpp
 * 0.23.4) gives. test/code/native-cases.test.ts checks the Worker against these recorded values;
 * test/cli/parser-parity.test.ts recomputes them with the native binding.
 */

/** A C++ method whose opening brace is missing: native cores read `f()` as an initializer. */
export const CPP_MISSING_BRACE = "bool A<B>::\nf()\n  if (g())\n    return true;\n  return false;\n}";

/** The intact method: the reference of the CodeBLEU pair whose candidate is {@link CPP_MISSING_BRACE}. */
export const CPP_MISSING_BRACE_REFERENCE = "bool A<B>::\nf() {\n  if (g())\n    return true;\n  return false;\n}";

/** What the native core prints for {@link CPP_MISSING_BRACE}. */
export const CPP_MISSING_BRACE_SEXP =
  '(translation_unit (declaration type: (primitive_type) declarator: (init_declarator declarator: (qualified_identifier scope: (template_type name: (type_identifier) arguments: (template_argument_list (type_descriptor type: (type_identifier)))) name: (identifier)) value: (argument_list)) (MISSING ";")) (if_statement condition: (condition_clause value: (call_expression function: (identifier) arguments: (argument_list))) consequence: (return_statement (true))) (return_statement (false)) (ERROR))';

/** The package's syntax match of that pair: 10 of the reference's 15 subtrees. */
export const CPP_MISSING_BRACE_SYNTAX_MATCH = 10 / 15;

/** A C header whose functions sit behind attribute macros, as in many C and C++ code bases. */
export const CPP_MACRO_HEADER = `#ifndef MACROS_H
#define MACROS_H

#define SOME_MACRO __attribute__((unused))
#define API_EXPORT __attribute__((visibility("default")))
#define FORCE_INLINE __attribute__((always_inline))

/* Adds two numbers. */
SOME_MACRO static inline int add(int a, int b) {
  return a + b;
}

API_EXPORT static inline int first_char(const char *s) {
  // the first byte, or 0
  return s ? s[0] : 0;
}

SOME_MACRO API_EXPORT static inline void reset(int *p) { *p = 0; }

static SOME_MACRO int clamp(int x, int lo, int hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}

FORCE_INLINE inline bool is_even(unsigned n) { return (n & 1u) == 0; }

SOME_MACRO
static inline int twice(int y)
{
  return 2 * y;
}

int plain(int y) { return y * 2; }

#endif
`;

/** The native core's function-query captures in {@link CPP_MACRO_HEADER}: [name, start line, end line, start byte, end byte]. */
export const CPP_MACRO_HEADER_FUNCTIONS: [string, number, number, number, number][] = [
  ["add", 8, 11, 213, 279],
  ["first_char", 12, 16, 281, 388],
  ["reset", 17, 18, 419, 456],
  ["clamp", 19, 24, 458, 574],
  ["is_even", 25, 26, 576, 646],
  ["twice", 27, 32, 648, 709],
  ["plain", 33, 34, 711, 745],
];
