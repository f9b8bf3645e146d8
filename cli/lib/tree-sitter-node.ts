/** Grammar loader for Node-side commands: compiles the same wasm/ files from bytes. */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Language as TSLanguage, Parser } from "web-tree-sitter";
import { setGrammarLoader, type GrammarLoader } from "../../src/code/parser";

const wasmDir = fileURLToPath(new URL("../../wasm/", import.meta.url));

export const nodeGrammarLoader: GrammarLoader = {
  async initRuntime() {
    const wasmBinary = await readFile(`${wasmDir}tree-sitter.wasm`);
    await Parser.init({ wasmBinary } as object);
  },
  async loadGrammar(grammar) {
    return TSLanguage.load(await readFile(`${wasmDir}${grammar}.wasm`));
  },
};

setGrammarLoader(nodeGrammarLoader);
