/** Grammar loader for Node-side commands: compiles the same wasm/ files from bytes. */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Language as TSLanguage, Parser } from "web-tree-sitter";
import { setGrammarLoader, type GrammarLoader } from "../../src/lib/code/parser";
import { utf8RuntimeModule } from "../../src/lib/code/utf8-input";

const wasmDir = fileURLToPath(new URL("../../wasm/", import.meta.url));

export const nodeGrammarLoader: GrammarLoader = {
  async initRuntime() {
    // The UTF-8 runtime, instantiated with its input import (src/lib/code/utf8-input.ts), as in workerd.
    // The project's types are workerd's, where compiling wasm at run time is forbidden; Node allows it.
    const compile = (WebAssembly as unknown as { compile(bytes: Uint8Array): Promise<WebAssembly.Module> }).compile;
    const runtime = await compile(await readFile(`${wasmDir}tree-sitter.wasm`));
    await Parser.init(utf8RuntimeModule(runtime) as object);
  },
  async loadGrammar(grammar) {
    return TSLanguage.load(await readFile(`${wasmDir}${grammar}.wasm`));
  },
};

setGrammarLoader(nodeGrammarLoader);
