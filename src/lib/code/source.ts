/**
 * The code a tree was parsed from, as the core read it: UTF-8 bytes (docs/fidelity.md#input-encoding).
 *
 * The runtime (wasm/tree-sitter.wasm, patched by scripts/wasm-utf8.mjs) hands the core UTF-8, as the
 * references' py-tree-sitter does, so every offset and column a node reports is a UTF-8 byte offset:
 * `node.startIndex`/`endIndex` are py-tree-sitter's `start_byte`/`end_byte`, and
 * `startPosition.column` its byte column. Code that indexes a JavaScript string with them converts
 * first, with {@link nodeStart}/{@link nodeEnd} (or a tree's {@link SourceText}); `node.text` is the
 * node's text as a string (its bytes decoded, as the references' `code_bytes[start:end].decode()`).
 *
 * In ASCII code bytes and string indices are the same and every conversion is free.
 */
import { Node, TreeCursor, type Tree } from "web-tree-sitter";

const encoder = new TextEncoder();

/** Largest chunk the runtime's input buffer takes (its 10 KiB buffer, as `call_parse_callback` clamps it). */
export const INPUT_CHUNK = 10 * 1024 - 2;

/** One parsed code string: its UTF-8 bytes and the mapping between byte offsets and string indices. */
export class SourceText {
  readonly bytes: Uint8Array;
  /** Every code unit is ASCII: byte offsets are string indices. */
  readonly ascii: boolean;
  /** For each non-ASCII character, in order: the byte offset and the string index just after it. */
  private bytesAfter?: number[];
  private unitsAfter?: number[];

  constructor(readonly code: string) {
    // A lone surrogate becomes U+FFFD (3 bytes), as in utf8.ts.
    this.bytes = encoder.encode(code);
    this.ascii = this.bytes.length === code.length;
  }

  private tables(): [number[], number[]] {
    if (!this.bytesAfter || !this.unitsAfter) {
      const bytes: number[] = [];
      const units: number[] = [];
      const code = this.code;
      let b = 0;
      for (let i = 0; i < code.length; i++) {
        const c = code.charCodeAt(i);
        if (c < 0x80) {
          b++;
          continue;
        }
        const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < code.length && (code.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
        b += c < 0x800 ? 2 : pair ? 4 : 3;
        if (pair) i++;
        bytes.push(b);
        units.push(i + 1);
      }
      this.bytesAfter = bytes;
      this.unitsAfter = units;
    }
    return [this.bytesAfter, this.unitsAfter];
  }

  /** String index of a byte offset that starts a character (every node boundary does). */
  index(byte: number): number {
    if (this.ascii) return byte;
    const [bytes, units] = this.tables();
    const k = lastAtOrBefore(bytes, byte);
    return k < 0 ? byte : units[k] + (byte - bytes[k]);
  }

  /** Byte offset of a string index (not inside a surrogate pair). */
  byte(index: number): number {
    if (this.ascii) return index;
    const [bytes, units] = this.tables();
    const k = lastAtOrBefore(units, index);
    return k < 0 ? index : bytes[k] + (index - units[k]);
  }

  /** The text between two byte offsets, as a string. */
  slice(startByte: number, endByte: number): string {
    return this.ascii
      ? this.code.slice(startByte, endByte)
      : this.code.slice(this.index(startByte), this.index(endByte));
  }

  /**
   * What the runtime reads from `byte` on: at most {@link INPUT_CHUNK} bytes, ending on a character
   * boundary (the core would also cope with a character split across two reads).
   */
  chunk(byte: number): Uint8Array {
    let end = Math.min(this.bytes.length, byte + INPUT_CHUNK);
    if (end < this.bytes.length) while (end > byte && (this.bytes[end] & 0xc0) === 0x80) end--;
    return this.bytes.subarray(byte, end);
  }
}

/** Index of the last element <= x in an ascending array, or -1. */
function lastAtOrBefore(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

const sources = new WeakMap<Tree, SourceText>();

/** Records what `tree` was parsed from (src/lib/code/parser.ts does, for every tree it makes). */
export function registerSource(tree: Tree, source: SourceText): void {
  sources.set(tree, source);
}

/** The source of a tree parsed by src/lib/code/parser.ts. */
export function sourceOfTree(tree: Tree): SourceText {
  const source = sources.get(tree);
  if (!source)
    throw new Error(
      "tree-sitter: this tree was not parsed by src/lib/code/parser.ts, so its byte offsets cannot be read as text",
    );
  return source;
}

/** The source of the tree `node` belongs to. */
export const sourceOf = (node: Node): SourceText => sourceOfTree(node.tree);

/** Where `node` starts, as an index into the parsed string. */
export const nodeStart = (node: Node): number => sourceOf(node).index(node.startIndex);

/** Where `node` ends, as an index into the parsed string. */
export const nodeEnd = (node: Node): number => sourceOf(node).index(node.endIndex);

/*
 * web-tree-sitter's `text` slices the parsed string with the node's offsets, which are now bytes:
 * `text` (and a cursor's `nodeText`, and with them the queries' text predicates) read the tree's
 * source instead. Defined once, on the classes web-tree-sitter exports.
 */
Object.defineProperty(Node.prototype, "text", {
  configurable: true,
  get(this: Node): string {
    return sourceOfTree(this.tree).slice(this.startIndex, this.endIndex);
  },
});
Object.defineProperty(TreeCursor.prototype, "nodeText", {
  configurable: true,
  get(this: TreeCursor & { tree: Tree }): string {
    return sourceOfTree(this.tree).slice(this.startIndex, this.endIndex);
  },
});
