/** Lexing one line of the restricted language. */
import { MAX_LITERAL_DIGITS, Unsupported } from "./values";

export type Token = { kind: "name" | "number" | "op"; text: string };

export const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);

/** dir(builtins) of CPython 3.11 (with site's exit/quit/help/...): reading one is outside the language. */
export const BUILTINS = new Set(
  (
    "ArithmeticError AssertionError AttributeError BaseException BaseExceptionGroup BlockingIOError BrokenPipeError BufferError " +
    "BytesWarning ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError " +
    "DeprecationWarning EOFError Ellipsis EncodingWarning EnvironmentError Exception ExceptionGroup False FileExistsError " +
    "FileNotFoundError FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning IndentationError " +
    "IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError " +
    "NameError None NotADirectoryError NotImplemented NotImplementedError OSError OverflowError PendingDeprecationWarning " +
    "PermissionError ProcessLookupError RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning " +
    "StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit TabError TimeoutError True TypeError " +
    "UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning " +
    "ValueError Warning ZeroDivisionError __build_class__ __debug__ __doc__ __import__ __loader__ __name__ __package__ " +
    "__spec__ abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex " +
    "copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals " +
    "hasattr hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next " +
    "object oct open ord pow print property quit range repr reversed round set setattr slice sorted staticmethod str sum " +
    "super tuple type vars zip __builtins__ f"
  ).split(" "),
);

/** Far below CPython's parser limits; deeper nesting is outside the language. */
export const MAX_NESTING = 50;

export function tokenize(text: string, line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t") {
      i++;
    } else if (c === "#") {
      break;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      // A non-ASCII identifier continues the name in Python: outside the language.
      if (i + m.length < text.length && text.charCodeAt(i + m.length) > 127) throw new Unsupported(line);
      tokens.push({ kind: "name", text: m });
      i += m.length;
    } else if (/[0-9]/.test(c)) {
      const m = /^[0-9][0-9A-Za-z_.]*/.exec(text.slice(i))![0];
      if (!/^(0+|[1-9][0-9]*)$/.test(m) || m.length > MAX_LITERAL_DIGITS) throw new Unsupported(line);
      tokens.push({ kind: "number", text: m });
      i += m.length;
    } else if ("+-=:".includes(c)) {
      const next = text[i + 1];
      // +=, -=, ==, ->, := are other operators.
      if (next === "=" || (c === "-" && next === ">")) throw new Unsupported(line);
      tokens.push({ kind: "op", text: c });
      i++;
    } else if ("()[],".includes(c)) {
      tokens.push({ kind: "op", text: c });
      i++;
    } else {
      throw new Unsupported(line);
    }
  }
  return tokens;
}
