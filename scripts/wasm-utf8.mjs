/**
 * Turns web-tree-sitter's runtime wasm into one that hands the tree-sitter core UTF-8, as the
 * references' py-tree-sitter does (`parser.parse(bytes(code, "utf8"))`). Used by
 * scripts/install-wasm.mjs; docs/fidelity.md#input-encoding says why.
 *
 * The runtime is the tree-sitter core plus web-tree-sitter's binding (`lib/tree-sitter.c` in the
 * package). The binding fixes the input encoding to `TSInputEncodingUTF16LE` in
 * `ts_parser_parse_wasm`, and converts every offset that crosses the JavaScript boundary with two
 * helpers, `code_unit_to_byte(u) = u << 1` and `byte_to_code_unit(b) = b >> 1`, inlined by the
 * compiler wherever they are called. The patch changes, in place and at equal length:
 *
 * - the encoding: the `i64.const 1` that initialises `TSInput`'s `encoding` (UTF16LE) and `decode`
 *   (NULL) fields with one store becomes `i64.const 0` (UTF8, NULL);
 * - every inlined helper: its `i32.const 1` before `i32.shl` / `i32.shr_u` becomes `i32.const 0`, so
 *   both helpers are the identity and offsets and columns reach JavaScript as UTF-8 byte offsets;
 * - `unmarshal_edit`'s three points, where the compiler fused `row | column << 1 << 32` into one
 *   `i64.shl` by 33: shifted by 32 instead (`Tree.edit`, unused here, stays consistent).
 *
 * The instructions are found through the package's own source map (`tree-sitter.wasm.map`), which
 * maps each instruction's offset to a line of the binding's source, and those lines are found in
 * the shipped `lib/tree-sitter.c` by their text. Every mapped instruction on a helper's line must
 * be the expected shift, and the counts must be the expected ones: anything else is drift, and
 * the patch refuses. The map's `sources` list is shorter than the indices its mappings use (a
 * packaging quirk of 0.25.10: the index of `tree-sitter.c` is one past the list), so the binding's
 * file is identified by the function known to be in it, `ts_parser_parse_wasm`.
 *
 * Apart from the encoding, the memory import's minimum is lowered from emscripten's 32 MiB to 1 MiB
 * ({@link INITIAL_MEMORY_PAGES} says why).
 *
 * The result carries a custom section, `needlework.utf8-input`, which the loaders check
 * (src/lib/code/utf8-input.ts): an unpatched runtime is refused rather than fed UTF-8.
 */

/** The custom section that marks a patched runtime (its payload: JSON, see `patchUtf8Runtime`). */
export const UTF8_SECTION = "needlework.utf8-input";

/** How many instructions each rule patches in web-tree-sitter 0.25.10 (lib/tree-sitter.c's call sites). */
export const EXPECTED_PATCHES = { encoding: 1, code_unit_to_byte: 124, byte_to_code_unit: 80, edit_points: 3 };

const I32_CONST = 0x41;
const I64_CONST = 0x42;
const I32_SHL = 0x74;
const I32_SHR_U = 0x76;
const I64_SHL = 0x86;
const I64_STORE = 0x37;

// ------------------------------------------------------------------------------ wasm reading

function readLeb(bytes, pos) {
  let result = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos++];
    result += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return [result, pos];
  }
}

function writeLeb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

const utf8 = new TextDecoder();

/** The sections of a wasm module: id, payload start and end, and a custom section's name. */
function sections(bytes) {
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d)
    throw new Error("not a wasm module");
  const out = [];
  let pos = 8;
  while (pos < bytes.length) {
    const id = bytes[pos];
    const [size, start] = readLeb(bytes, pos + 1);
    let name;
    if (id === 0) {
      const [len, at] = readLeb(bytes, start);
      name = utf8.decode(bytes.subarray(at, at + len));
    }
    out.push({ id, start, end: start + size, name });
    pos = start + size;
  }
  return out;
}

/**
 * Walks the import section: calls `visit(module, name, kind, at)` for each import, `at` being the
 * offset of what follows its kind byte (a memory's limits start there). Returns the count of
 * imported functions, which come before the module's own in the function index space.
 */
function walkImports(bytes, visit = () => {}) {
  const imports = sections(bytes).find((s) => s.id === 2);
  let importedFunctions = 0;
  if (!imports) return importedFunctions;
  let [count, pos] = readLeb(bytes, imports.start);
  for (let i = 0; i < count; i++) {
    const names = [];
    for (let k = 0; k < 2; k++) {
      const [len, at] = readLeb(bytes, pos);
      names.push(utf8.decode(bytes.subarray(at, at + len)));
      pos = at + len;
    }
    const kind = bytes[pos++];
    visit(names[0], names[1], kind, pos);
    if (kind === 0) {
      importedFunctions++;
      [, pos] = readLeb(bytes, pos);
    } else if (kind === 1) {
      pos++; // reftype
      const flags = bytes[pos++];
      [, pos] = readLeb(bytes, pos);
      if (flags & 1) [, pos] = readLeb(bytes, pos);
    } else if (kind === 2) {
      const flags = bytes[pos++];
      [, pos] = readLeb(bytes, pos);
      if (flags & 1) [, pos] = readLeb(bytes, pos);
    } else if (kind === 3) {
      pos += 2; // valtype, mutability
    } else throw new Error(`unknown import kind ${kind}`);
  }
  return importedFunctions;
}

/** Code offset range of the body of the exported function `name`. */
function exportedBody(bytes, name) {
  const all = sections(bytes);
  const section = (id) => all.find((s) => s.id === id);
  const importedFunctions = walkImports(bytes);
  let index;
  const exports = section(7);
  let [count, pos] = readLeb(bytes, exports.start);
  for (let i = 0; i < count; i++) {
    const [len, at] = readLeb(bytes, pos);
    const exportName = utf8.decode(bytes.subarray(at, at + len));
    const kind = bytes[at + len];
    const [idx, next] = readLeb(bytes, at + len + 1);
    pos = next;
    if (kind === 0 && exportName === name) index = idx;
  }
  if (index === undefined) throw new Error(`the runtime exports no ${name}`);
  const code = section(10);
  [count, pos] = readLeb(bytes, code.start);
  for (let i = 0; i < count; i++) {
    const [size, start] = readLeb(bytes, pos);
    if (i + importedFunctions === index) return { start, end: start + size };
    pos = start + size;
  }
  throw new Error(`no code for ${name}`);
}

// ------------------------------------------------------------------------------ initial memory

/** What emscripten declares by default (INITIAL_MEMORY, 32 MiB): the runtime's memory import's minimum, in 64 KiB pages. */
export const SHIPPED_MEMORY_PAGES = 512;
/**
 * The minimum the patched runtime declares instead: 1 MiB. The runtime's own data and stack end
 * below 80 KiB, and its memory grows on demand (emscripten_resize_heap), so the rest of emscripten's
 * 32 MiB was only a reserve, which V8 counts against an isolate from the first grammar load, and
 * which a Worker's 128 MB cannot spare.
 */
export const INITIAL_MEMORY_PAGES = 16;

/**
 * Lowers the minimum of the runtime's `env.memory` import from {@link SHIPPED_MEMORY_PAGES} to
 * `pages`, in place: the LEB128 is rewritten at its length, padded (`0x90 0x00` for 16), which
 * wasm allows. The glue creates the memory itself, at `INITIAL_MEMORY` (src/lib/code/utf8-input.ts
 * passes the same figure, read from the custom section).
 */
function lowerMemoryMinimum(bytes, pages) {
  const found = [];
  walkImports(bytes, (module, name, kind, at) => {
    if (kind === 2) found.push({ module, name, at });
  });
  if (found.length !== 1 || found[0].module !== "env" || found[0].name !== "memory")
    throw new Error(`expected one memory import, env.memory; found ${found.map((m) => `${m.module}.${m.name}`)}`);
  const limits = found[0].at + 1; // after the flags byte
  const [min, end] = readLeb(bytes, limits);
  if (min !== SHIPPED_MEMORY_PAGES || end - limits !== 2)
    throw new Error(
      `env.memory's minimum is ${min} pages in ${end - limits} bytes, expected ${SHIPPED_MEMORY_PAGES} in 2`,
    );
  if (!(pages > 0 && pages < 128 * 128)) throw new Error(`cannot write ${pages} pages in two LEB128 bytes`);
  bytes[limits] = (pages & 0x7f) | 0x80;
  bytes[limits + 1] = pages >> 7;
  return limits;
}

// ------------------------------------------------------------------------------ source map

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The mappings of a wasm source map: [code offset, source index, line (1-based)] in order. */
function decodeMappings(mappings) {
  const digit = new Map([...BASE64].map((c, i) => [c, i]));
  const out = [];
  let offset = 0;
  let source = 0;
  let line = 0;
  for (const segment of mappings.split(/[;,]/)) {
    if (!segment) continue;
    const fields = [];
    let value = 0;
    let shift = 0;
    for (const c of segment) {
      const d = digit.get(c);
      value += (d & 31) * 2 ** shift;
      if (d & 32) shift += 5;
      else {
        fields.push(value % 2 ? -Math.floor(value / 2) : value / 2);
        value = 0;
        shift = 0;
      }
    }
    offset += fields[0];
    if (fields.length >= 4) {
      source += fields[1];
      line += fields[2];
      out.push([offset, source, line + 1]);
    }
  }
  return out;
}

/** 1-based line numbers of the lines of `text` that contain `needle` (trimmed lines compared). */
function linesOf(text, needle) {
  const out = [];
  text.split("\n").forEach((l, i) => {
    if (l.trim() === needle) out.push(i + 1);
  });
  return out;
}

// ------------------------------------------------------------------------------ the patch

/**
 * Patches `wasm` (the package's tree-sitter.wasm) given its source map (JSON text) and the binding's
 * source (lib/tree-sitter.c). Returns the patched bytes (custom section appended) and what changed.
 * Throws, naming the reason, if anything is not exactly as in web-tree-sitter 0.25.10.
 */
export function patchUtf8Runtime(wasm, sourceMapText, bindingSource, meta = {}) {
  const bytes = Uint8Array.from(wasm);
  const one = (needle) => {
    const found = linesOf(bindingSource, needle);
    if (found.length !== 1) throw new Error(`lib/tree-sitter.c: expected one line "${needle}", found ${found.length}`);
    return found[0];
  };
  const shlLine = one("return unit << 1;");
  const shrLine = one("return byte >> 1;");
  const inputLine = one("TSInput input = {");
  if (
    !/^\s*TSInputEncodingUTF16LE,$/m.test(
      bindingSource
        .split("\n")
        .slice(inputLine, inputLine + 4)
        .join("\n"),
    )
  )
    throw new Error("lib/tree-sitter.c: ts_parser_parse_wasm's input is not TSInputEncodingUTF16LE");
  const editLines = ["start_point", "old_end_point", "new_end_point"].map((f) =>
    one(`edit.${f} = unmarshal_point(address); address += SIZE_OF_POINT;`),
  );

  const mappings = decodeMappings(JSON.parse(sourceMapText).mappings);
  const body = exportedBody(bytes, "ts_parser_parse_wasm");
  const first = mappings.find(([offset]) => offset >= body.start && offset < body.end);
  if (!first) throw new Error("the source map maps nothing in ts_parser_parse_wasm");
  const binding = first[1];

  const patched = new Map(); // byte offset -> [rule, before, after]
  const counts = { encoding: 0, code_unit_to_byte: 0, byte_to_code_unit: 0, edit_points: 0 };
  const set = (rule, at, from, to) => {
    if (patched.has(at)) return;
    if (bytes[at] !== from) throw new Error(`${rule} at 0x${at.toString(16)}: byte ${bytes[at]}, expected ${from}`);
    patched.set(at, [rule, from, to]);
    counts[rule]++;
  };
  const at = (offset, ...expected) => expected.every((b, i) => bytes[offset - expected.length + 1 + i] === b);
  const seen = new Set();
  mappings.forEach(([offset, source, line], i) => {
    if (source !== binding || seen.has(offset)) return;
    seen.add(offset);
    // A mapping covers the code up to the next one.
    const end = i + 1 < mappings.length ? mappings[i + 1][0] : offset + 1;
    if (line === shlLine || line === shrLine) {
      // The helper's line is mapped exactly at the shift; its operand is the constant just before.
      const op = line === shlLine ? I32_SHL : I32_SHR_U;
      if (!at(offset, I32_CONST, 1, op))
        throw new Error(
          `line ${line} at 0x${offset.toString(16)} is not \`i32.const 1; ${op === I32_SHL ? "i32.shl" : "i32.shr_u"}\``,
        );
      set(line === shlLine ? "code_unit_to_byte" : "byte_to_code_unit", offset - 1, 1, 0);
    } else if (editLines.includes(line)) {
      // `edit.x_point = unmarshal_point(...)`: one i64 store of `row | column << 33`.
      for (let k = offset + 2; k < end; k++) if (at(k, I64_CONST, 33, I64_SHL)) set("edit_points", k - 1, 33, 32);
    } else if (line === inputLine && at(offset, I64_CONST, 1, I64_STORE)) {
      // `TSInput input = {...}`: encoding and decode stored at once, the constant just before.
      set("encoding", offset - 1, 1, 0);
    }
  });
  for (const [rule, expected] of Object.entries(EXPECTED_PATCHES))
    if (counts[rule] !== expected) throw new Error(`${rule}: ${counts[rule]} instructions found, expected ${expected}`);
  for (const [offset, [, , to]] of patched) bytes[offset] = to;
  const memoryMinimum = lowerMemoryMinimum(bytes, INITIAL_MEMORY_PAGES);

  const payload = new TextEncoder().encode(
    JSON.stringify({ input_encoding: "utf-8", ...meta, patched: counts, initial_memory_pages: INITIAL_MEMORY_PAGES }),
  );
  const name = new TextEncoder().encode(UTF8_SECTION);
  const content = [...writeLeb(name.length), ...name, ...payload];
  const out = new Uint8Array(bytes.length + 1 + writeLeb(content.length).length + content.length);
  out.set(bytes);
  out.set([0, ...writeLeb(content.length), ...content], bytes.length);
  return { bytes: out, counts, offsets: [...patched.keys()].sort((a, b) => a - b), memoryMinimum };
}
