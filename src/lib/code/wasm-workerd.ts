/**
 * Grammar loader for workerd: wasm arrives as pre-compiled `WebAssembly.Module` imports, because
 * Workers may not compile wasm from bytes at run time.
 */
import { Language as TSLanguage, Parser } from "web-tree-sitter";
import runtime from "../../../wasm/tree-sitter.wasm";
import cpp from "../../../wasm/tree-sitter-cpp.wasm";
import go from "../../../wasm/tree-sitter-go.wasm";
import java from "../../../wasm/tree-sitter-java.wasm";
import python from "../../../wasm/tree-sitter-python.wasm";
import rust from "../../../wasm/tree-sitter-rust.wasm";
import typescript from "../../../wasm/tree-sitter-typescript.wasm";
import type { GrammarLoader } from "./parser";
import { utf8RuntimeModule } from "./utf8-input";

const GRAMMARS: Record<string, WebAssembly.Module> = {
  "tree-sitter-cpp": cpp,
  "tree-sitter-go": go,
  "tree-sitter-java": java,
  "tree-sitter-python": python,
  "tree-sitter-rust": rust,
  "tree-sitter-typescript": typescript,
};

type ProcessLike = { type?: string };
type GlobalLike = { process?: ProcessLike; location?: { href: string } };

/**
 * Runs emscripten's start-up as in a web worker. workerd defines process.versions.node, which sends
 * the glue down its Node path (and into import.meta.url, undefined in a Worker bundle): posing as an
 * Electron renderer avoids that. The web-worker path then reads `self.location.href` for the
 * directory of the runtime's .wasm, which we hand over compiled: an empty location will do.
 */
async function asWebWorker<T>(start: () => Promise<T>): Promise<T> {
  const host = globalThis as GlobalLike;
  const proc = host.process;
  const previousType = proc?.type;
  const hadLocation = "location" in host;
  if (proc) proc.type = "renderer";
  if (!hadLocation) host.location = { href: "" };
  try {
    return await start();
  } finally {
    if (proc) proc.type = previousType;
    if (!hadLocation) delete host.location;
  }
}

/**
 * The grammar whose load is in flight, keyed by the placeholder handed to `Language.load`.
 *
 * web-tree-sitter 0.25 (0.27 recovers from syntax errors unlike the native 0.25 core) only
 * takes grammar bytes or a path in `Language.load`, and would compile bytes, which workerd forbids.
 * Its dynamic linker, though, accepts a compiled `WebAssembly.Module`. So `Language.load` gets an
 * empty placeholder array and the linker gets the module that placeholder stands for.
 */
const pending = new Map<Uint8Array, WebAssembly.Module>();

export const workerdGrammarLoader: GrammarLoader = {
  async initRuntime() {
    const module = utf8RuntimeModule(runtime);
    await asWebWorker(() => Parser.init(module as object));
    const link = module.loadWebAssemblyModule;
    if (!link) throw new Error("tree-sitter: the runtime exports no loadWebAssemblyModule");
    module.loadWebAssemblyModule = (binary, flags, ...rest) =>
      link(binary instanceof Uint8Array ? (pending.get(binary) ?? binary) : binary, flags, ...rest);
  },
  async loadGrammar(grammar) {
    const module = GRAMMARS[grammar];
    if (!module) throw new Error(`tree-sitter: no wasm module for ${grammar}`);
    const placeholder = new Uint8Array(0);
    pending.set(placeholder, module);
    try {
      return await TSLanguage.load(placeholder);
    } finally {
      pending.delete(placeholder);
    }
  },
};
