/**
 * Start-up work of the Worker isolate (imported by src/index.ts only): tree-sitter's runtime and
 * every grammar are instantiated while the module is evaluated, and each language parses and
 * queries a small snippet once, so the lazily compiled wasm and JS of the scoring path are ready
 * before the first request. Cloudflare runs this when it starts the isolate (the 1 s startup limit,
 * not the 10 ms per request); `npm run bench` reports both.
 *
 * Everything here resolves through microtasks only (the imported `WebAssembly.Module`s are
 * instantiated synchronously), so it is done when module evaluation ends. A failure leaves the
 * lazy path of `loadLanguage` in charge.
 */
import { removeCommentsSync, firstFunctionText } from "./functions";
import { LANGUAGES, type Language } from "./languages";
import { loadLanguage } from "./parser";
import "./index";

const SNIPPETS: Record<Language, string> = {
  python: 'def f(a, b):\n    """Doc."""\n    # note\n    return a + b\n',
  cpp: "// note\nint f(int a, int b) {\n  /* sum */\n  return a + b;\n}\n",
  java: "class A {\n  // note\n  int f(int a, int b) {\n    /* sum */\n    return a + b;\n  }\n}\n",
  typescript: "// note\nfunction f(a: number, b: number): number {\n  /* sum */\n  return a + b;\n}\n",
  rust: "// note\nfn f(a: i32, b: i32) -> i32 {\n    /* sum */\n    a + b\n}\n",
  go: "package p\n\n// note\nfunc f(a int, b int) int {\n\t/* sum */\n\treturn a + b\n}\n",
};

/** Settles when every language is loaded and warmed up (or failed: then lazily, per request). */
export const preloaded: Promise<void> = Promise.all(
  LANGUAGES.map(async (name) => {
    const lang = await loadLanguage(name);
    const fn = firstFunctionText(lang, SNIPPETS[name]) ?? SNIPPETS[name];
    removeCommentsSync(lang, fn);
  }),
).then(
  () => undefined,
  (err) => console.error("tree-sitter preload failed; languages load on first use", err),
);
