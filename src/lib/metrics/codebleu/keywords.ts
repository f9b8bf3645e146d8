/**
 * Keyword lists for the weighted n-gram match (`codebleu/keywords/<lang>.txt`): a token in the list
 * weighs 1, any other 0.2. The lists are data that shape every weighted score, so they are kept as
 * the package ships them, including entries that are not keywords (`main`, `cout`, `std` in C++).
 *
 * Provenance: python, go and rust are codebleu 0.7.x's own files. Its java.txt and cpp.txt were
 * not available to us; java is CodeXGLUE's CodeBLEU list and cpp XLCoST's, the two evaluators the
 * package says it derives from (see docs/fidelity.md, "CodeBLEU").
 */

const PYTHON = `False None True and as assert async await break class continue def del elif else except finally
for from global if import in is lambda nonlocal not or pass raise return try while with yield match case type`;

const JAVA = `abstract assert boolean break byte case catch char class const continue default do double else enum
extends final finally float for goto if implements import instanceof int interface long native new package
private protected public return short static strictfp super switch synchronized this throw throws transient try
void volatile while`;

const CPP = `auto const double float int short struct unsigned break continue else for long signed switch void case
default enum goto register sizeof typedef volatile char do extern if return static union while asm dynamic_cast
namespace reinterpret_cast bool explicit new static_cast typeid catch false try operator template typename class
friend private this using const_cast inline public throw virtual delete mutable protected true wchar_t and bitand
compl not_eq or_eq xor_eq and_eq bitor not or xor cin endl INT_MIN iomanip main npos std cout include INT_MAX
iostream MAX_RAND NULL string`;

const GO = `break default func interface select case defer go map struct chan else goto package switch const
fallthrough if range type continue for import return var false true`;

const RUST = `as async await block bool break char const continue crate default dyn else enum expr extern f32 f64
false fn for i128 i16 i32 i64 i8 ident if impl in isize item let lifetime literal loop macro_rules! match meta mod
move mut pat path pub ref return self static stmt str struct super trait true tt ty type u128 u16 u32 u64 u8 union
unsafe use usize vis where while yield`;

const words = (list: string) => new Set(list.split(/\s+/));

export const KEYWORDS = {
  python: words(PYTHON),
  java: words(JAVA),
  cpp: words(CPP),
  go: words(GO),
  rust: words(RUST),
} as const satisfies Record<string, ReadonlySet<string>>;
