/**
 * Starts web-tree-sitter on the UTF-8 runtime, in workerd and in Node alike.
 *
 * wasm/tree-sitter.wasm is web-tree-sitter's runtime patched by scripts/wasm-utf8.mjs: its core
 * reads UTF-8 and its offsets are bytes. What it reads comes from the runtime's one input import,
 * `env.tree_sitter_parse_callback(buffer, byte, row, column, length_out)`, which web-tree-sitter's
 * glue implements by writing UTF-16. Here the import is replaced before the module is instantiated:
 * it asks the parse callback (src/lib/code/parser.ts passes one that returns a {@link SourceText}'s bytes)
 * for the bytes from `byte` on and copies them into the runtime's buffer.
 */
import { INPUT_CHUNK } from "./source";

/** The custom section scripts/wasm-utf8.mjs adds to the runtime it patches. */
export const UTF8_SECTION = "needlework.utf8-input";

/** The emscripten module object handed to `Parser.init` (emscripten fills it in and reads options from it). */
export interface RuntimeModule {
  /** Bytes of the memory the glue creates; must be at least the runtime's declared minimum. */
  INITIAL_MEMORY?: number;
  /** Set by `Parser.parse` to the callback it was given, for the duration of the parse. */
  currentParseCallback?: ((index: number, position: { row: number; column: number }) => unknown) | null;
  instantiateWasm?: (
    imports: WebAssembly.Imports,
    done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => WebAssembly.Exports;
  /** The runtime's dynamic linker (grammars are side modules), once started. */
  loadWebAssemblyModule?: (binary: unknown, flags: object, ...rest: unknown[]) => unknown;
}

/** Refuses a runtime that does not read UTF-8 (an unpatched wasm/tree-sitter.wasm would parse garbage). */
export function assertUtf8Runtime(runtime: WebAssembly.Module): void {
  if (WebAssembly.Module.customSections(runtime, UTF8_SECTION).length === 0)
    throw new Error(
      "tree-sitter: wasm/tree-sitter.wasm is not the UTF-8 runtime; `npm install` (scripts/install-wasm.mjs) makes it",
    );
}

/**
 * The memory the patched runtime declares, in 64 KiB pages, from its marker section: the patch
 * lowers emscripten's 32 MiB minimum (scripts/wasm-utf8.mjs, INITIAL_MEMORY_PAGES), and the glue
 * must create the memory at that size, not at its own default, for the lower minimum to count.
 */
export function initialMemoryPages(runtime: WebAssembly.Module): number | undefined {
  const [section] = WebAssembly.Module.customSections(runtime, UTF8_SECTION);
  const pages = (JSON.parse(new TextDecoder().decode(section)) as { initial_memory_pages?: unknown })
    .initial_memory_pages;
  return typeof pages === "number" && Number.isSafeInteger(pages) && pages > 0 ? pages : undefined;
}

/**
 * The module object to hand to `Parser.init`: it instantiates the compiled runtime itself, with the
 * UTF-8 input import in place of the glue's UTF-16 one, and has the glue create its memory at the
 * size the runtime declares.
 */
export function utf8RuntimeModule(runtime: WebAssembly.Module): RuntimeModule {
  assertUtf8Runtime(runtime);
  const pages = initialMemoryPages(runtime);
  const module: RuntimeModule = {
    ...(pages !== undefined && { INITIAL_MEMORY: pages * 65536 }),
    instantiateWasm(imports, done) {
      const env = imports.env as Record<string, unknown>;
      env.tree_sitter_parse_callback = (
        buffer: number,
        byte: number,
        row: number,
        column: number,
        lengthOut: number,
      ) => {
        const chunk = module.currentParseCallback?.(byte, { row, column });
        // A string here means a parse that bypassed src/lib/code/parser.ts: its offsets would be wrong.
        if (!(chunk instanceof Uint8Array))
          throw new Error("tree-sitter: parse through src/lib/code/parser.ts (the runtime reads UTF-8 bytes)");
        if (chunk.length > INPUT_CHUNK)
          throw new Error(`tree-sitter: input chunk of ${chunk.length} bytes exceeds ${INPUT_CHUNK}`);
        const memory = (env.memory as WebAssembly.Memory).buffer;
        new Uint8Array(memory, buffer, chunk.length).set(chunk);
        new DataView(memory).setUint32(lengthOut, chunk.length, true);
      };
      const instance = new WebAssembly.Instance(runtime, imports);
      done(instance, runtime);
      return instance.exports;
    },
  };
  return module;
}
