/**
 * Grammar loader for workerd: wasm arrives as pre-compiled `WebAssembly.Module` imports, because
 * Workers may not compile wasm from bytes at run time.
 */
import { Language as TSLanguage, Parser } from "web-tree-sitter";
import runtime from "../../wasm/tree-sitter.wasm";
import cpp from "../../wasm/tree-sitter-cpp.wasm";
import go from "../../wasm/tree-sitter-go.wasm";
import java from "../../wasm/tree-sitter-java.wasm";
import python from "../../wasm/tree-sitter-python.wasm";
import rust from "../../wasm/tree-sitter-rust.wasm";
import typescript from "../../wasm/tree-sitter-typescript.wasm";
import type { GrammarLoader } from "./parser";

const GRAMMARS: Record<string, WebAssembly.Module> = {
  "tree-sitter-cpp": cpp,
  "tree-sitter-go": go,
  "tree-sitter-java": java,
  "tree-sitter-python": python,
  "tree-sitter-rust": rust,
  "tree-sitter-typescript": typescript,
};

type ProcessLike = { type?: string };

export const workerdGrammarLoader: GrammarLoader = {
  async initRuntime() {
    // workerd defines process.versions.node, which sends emscripten's glue down its Node path
    // (and into import.meta.url). Posing as an Electron renderer for the duration avoids that.
    const proc = (globalThis as { process?: ProcessLike }).process;
    const previous = proc?.type;
    if (proc) proc.type = "renderer";
    try {
      await Parser.init({
        instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) {
          const instance = new WebAssembly.Instance(runtime, imports);
          done(instance, runtime);
          return instance.exports;
        },
      } as object);
    } finally {
      if (proc) proc.type = previous;
    }
  },
  async loadGrammar(grammar) {
    const module = GRAMMARS[grammar];
    if (!module) throw new Error(`tree-sitter: no wasm module for ${grammar}`);
    return TSLanguage.loadSync(module);
  },
};
