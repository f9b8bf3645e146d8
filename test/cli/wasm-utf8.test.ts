/**
 * The UTF-8 runtime (scripts/wasm-utf8.mjs, applied by scripts/install-wasm.mjs): what the patch
 * changes in web-tree-sitter's wasm, that it refuses anything but the file it was made for, and that
 * the loaders refuse an unpatched runtime. Whether the patched runtime parses as the native core
 * reading UTF-8 is test/cli/parser-parity.test.ts's question.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EXPECTED_PATCHES, INITIAL_MEMORY_PAGES, patchUtf8Runtime, UTF8_SECTION } from "../../scripts/wasm-utf8.mjs";
import { assertUtf8Runtime, UTF8_SECTION as LOADER_SECTION } from "../../src/lib/code/utf8-input";
import wasmManifest from "../../wasm/manifest.json";

// The package's directory (its exports map hides package.json from require.resolve).
const pkg = fileURLToPath(new URL("../../node_modules/web-tree-sitter/", import.meta.url));
const shipped = readFileSync(join(pkg, "tree-sitter.wasm"));
const map = readFileSync(join(pkg, "tree-sitter.wasm.map"), "utf8");
const binding = readFileSync(join(pkg, "lib", "tree-sitter.c"), "utf8");
const installed = readFileSync(new URL("../../wasm/tree-sitter.wasm", import.meta.url));
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const runtime = wasmManifest.modules["tree-sitter"];
// The project's types are workerd's (no compiling at run time); Node compiles.
const compile = (bytes: Uint8Array) =>
  new (WebAssembly.Module as unknown as new (b: Uint8Array) => WebAssembly.Module)(bytes);

describe("the UTF-8 patch of web-tree-sitter's runtime", () => {
  it("is what install-wasm put in wasm/: both ends pinned in the manifest", () => {
    expect(sha256(shipped)).toBe(runtime.package_sha256);
    expect(sha256(installed)).toBe(runtime.sha256);
    const meta = { package: runtime.package, version: runtime.version, package_sha256: runtime.package_sha256 };
    expect(Buffer.from(patchUtf8Runtime(shipped, map, binding, meta).bytes).equals(installed)).toBe(true);
  });

  it("changes 208 instruction bytes and the memory minimum in place, and appends its marker section", () => {
    const { bytes, counts, offsets, memoryMinimum } = patchUtf8Runtime(shipped, map, binding);
    expect(counts).toEqual(EXPECTED_PATCHES);
    expect(offsets).toHaveLength(1 + 124 + 80 + 3);
    const changed: number[] = [];
    for (let i = 0; i < shipped.length; i++) if (shipped[i] !== bytes[i]) changed.push(i);
    expect(changed).toEqual([...offsets, memoryMinimum, memoryMinimum + 1].sort((a, b) => a - b));
    // env.memory's minimum: 512 pages (0x80 0x04) become 16, padded to the same two bytes.
    expect([...shipped.subarray(memoryMinimum, memoryMinimum + 2)]).toEqual([0x80, 0x04]);
    expect([...bytes.subarray(memoryMinimum, memoryMinimum + 2)]).toEqual([0x90, 0x00]);
    expect(INITIAL_MEMORY_PAGES).toBe(16);
    for (const at of offsets) {
      const [opcode, before, after, next] = [shipped[at - 1], shipped[at], bytes[at], shipped[at + 1]];
      if (opcode === 0x41)
        expect([before, after, [0x74, 0x76].includes(next)]).toEqual([1, 0, true]); // i32.const 1 -> 0 before shl / shr_u
      else if (before === 33)
        expect([opcode, after, next]).toEqual([0x42, 32, 0x86]); // i64.const 33 -> 32 before i64.shl
      else expect([opcode, before, after, next]).toEqual([0x42, 1, 0, 0x37]); // i64.const 1 -> 0 stored as TSInput's encoding
    }
    const section = WebAssembly.Module.customSections(compile(bytes), UTF8_SECTION);
    expect(JSON.parse(new TextDecoder().decode(section[0]))).toMatchObject({
      input_encoding: "utf-8",
      patched: EXPECTED_PATCHES,
      initial_memory_pages: INITIAL_MEMORY_PAGES,
    });
    expect(LOADER_SECTION).toBe(UTF8_SECTION);
  });

  it("refuses a runtime it was not made for", () => {
    // Another file: the binding's source no longer sets UTF-16 input.
    expect(() =>
      patchUtf8Runtime(shipped, map, binding.replace("TSInputEncodingUTF16LE,", "TSInputEncodingUTF8,")),
    ).toThrow(/UTF16LE/);
    // A helper compiled differently: one of its shifts is no longer `i32.const 1`.
    const { offsets } = patchUtf8Runtime(shipped, map, binding);
    const other = Uint8Array.from(shipped);
    other[offsets[10]] = 2;
    expect(() => patchUtf8Runtime(other, map, binding)).toThrow(/is not `i32.const 1/);
    // Lines moved: the map no longer points at the helpers' lines.
    expect(() => patchUtf8Runtime(shipped, map, "\n" + binding)).toThrow();
  });

  it("the loaders refuse the package's own runtime, which reads UTF-16", () => {
    expect(() => assertUtf8Runtime(compile(shipped))).toThrow(/not the UTF-8 runtime/);
    expect(() => assertUtf8Runtime(compile(installed))).not.toThrow();
  });
});

describe("the runtime's memory", () => {
  it("starts at the patched 1 MiB, not emscripten's 32 MiB, and grows for a large parse", async () => {
    const { Language, Parser } = await import("web-tree-sitter");
    const { utf8RuntimeModule } = await import("../../src/lib/code/utf8-input");
    const { SourceText } = await import("../../src/lib/code/source");
    const module = utf8RuntimeModule(compile(installed));
    expect(module.INITIAL_MEMORY).toBe(INITIAL_MEMORY_PAGES * 65536);
    let memory: WebAssembly.Memory | undefined;
    const instantiate = module.instantiateWasm!;
    module.instantiateWasm = (imports, done) => {
      memory = imports.env.memory as WebAssembly.Memory;
      return instantiate(imports, done);
    };
    await Parser.init(module as object);
    expect(memory!.buffer.byteLength).toBeLessThanOrEqual(2 * 2 ** 20);
    const parser = new Parser();
    parser.setLanguage(
      await Language.load(readFileSync(new URL("../../wasm/tree-sitter-python.wasm", import.meta.url))),
    );
    // 4 MB of Python: its tree needs far more than 1 MiB.
    const source = new SourceText("def f(a, b):\n    return [a + b * i for i in range(10)]\n".repeat(80_000));
    const tree = parser.parse(((byte: number) => source.chunk(byte)) as unknown as (index: number) => string);
    expect(tree!.rootNode.namedChildCount).toBe(80_000);
    expect(tree!.rootNode.hasError).toBe(false);
    expect(memory!.buffer.byteLength).toBeGreaterThan(8 * 2 ** 20);
    tree!.delete();
  });
});
