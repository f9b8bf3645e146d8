/**
 * A push parser for tar streams (POSIX ustar, pax `x`/`g` extended headers, GNU `L`/`K` long names,
 * old v7 headers), fed decompressed chunks as they arrive so no archive is ever held whole.
 *
 * It only reads: it reports each entry's header to a handler, which decides (safety rules, bounds,
 * filters: see archive.ts) whether to refuse the archive, skip the entry or collect its content.
 * Content is copied out only for collected entries. Malformed input is `corrupt`.
 */
import { ruleError } from "./errors";

const BLOCK = 512;
/** pax and GNU long-name headers are names and a few numbers; a megabyte is far past any real one. */
const META_MAX = 1024 * 1024;

export type EntryType =
  | "file"
  | "directory"
  | "symlink"
  | "hardlink"
  | "char-device"
  | "block-device"
  | "fifo"
  | "other";

/** One entry's header, with pax and GNU long-name overrides applied. */
export interface TarEntry {
  /** The path as the archive states it (not yet checked or normalised). */
  path: string;
  type: EntryType;
  /** The raw type flag, for messages ("0", "2", "S"...; "\0" shown as "0"). */
  flag: string;
  /** Content bytes that follow the header. */
  size: number;
  linkpath?: string;
}

/** What the parser asks of its owner. Either method may throw to refuse the whole archive. */
export interface TarHandler {
  /** Called once per entry, before its content; return true to receive the content. */
  entry(entry: TarEntry): boolean;
  /** The complete content of an entry `entry` asked for. */
  content(entry: TarEntry, bytes: Uint8Array): void;
}

const TYPES: Record<string, EntryType> = {
  "0": "file",
  "\0": "file",
  "7": "file",
  "1": "hardlink",
  "2": "symlink",
  "3": "char-device",
  "4": "block-device",
  "5": "directory",
  "6": "fifo",
};

const decoder = new TextDecoder();

function field(block: Uint8Array, start: number, length: number): Uint8Array {
  const slice = block.subarray(start, start + length);
  const nul = slice.indexOf(0);
  return nul < 0 ? slice : slice.subarray(0, nul);
}

function text(block: Uint8Array, start: number, length: number): string {
  return decoder.decode(field(block, start, length));
}

/** An octal number field (spaces and NULs around it allowed), or GNU base-256 when the high bit is set. */
function number(block: Uint8Array, start: number, length: number, what: string): number {
  const raw = block.subarray(start, start + length);
  if (raw[0] & 0x80) {
    if (raw[0] === 0xff) throw ruleError("corrupt", "tar-header", `negative ${what} in a tar header`);
    let value = raw[0] & 0x7f;
    for (let i = 1; i < raw.length; i++) {
      value = value * 256 + raw[i];
      if (!Number.isSafeInteger(value)) throw ruleError("corrupt", "tar-header", `${what} too large in a tar header`);
    }
    return value;
  }
  const digits = decoder.decode(raw).replace(/\0.*$/s, "").trim();
  if (digits === "") return 0;
  if (!/^[0-7]+$/.test(digits)) {
    throw ruleError("corrupt", "tar-header", `${what} field ${JSON.stringify(digits)} is not octal`);
  }
  return Number.parseInt(digits, 8);
}

/** The header checksum: the sum of its bytes with the checksum field read as spaces (signed or unsigned). */
function checksumMatches(block: Uint8Array): boolean {
  const stated = number(block, 148, 8, "checksum");
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i];
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stated === unsigned || stated === signed;
}

/** pax records: "<length> <key>=<value>\n", where length counts the whole record in bytes. */
function parsePax(bytes: Uint8Array): Map<string, string> {
  const records = new Map<string, string>();
  let offset = 0;
  while (offset < bytes.length) {
    const space = bytes.indexOf(0x20, offset);
    const length = space < 0 ? Number.NaN : Number(decoder.decode(bytes.subarray(offset, space)));
    if (
      !Number.isSafeInteger(length) ||
      length <= 0 ||
      offset + length > bytes.length ||
      bytes[offset + length - 1] !== 0x0a
    ) {
      // Some writers pad the header with NULs after the last record.
      if (bytes.subarray(offset).every((b) => b === 0)) break;
      throw ruleError("corrupt", "pax", `malformed pax extended header record at byte ${offset}`);
    }
    const record = decoder.decode(bytes.subarray(space + 1, offset + length - 1));
    const equals = record.indexOf("=");
    if (equals <= 0) throw ruleError("corrupt", "pax", `pax record without key=value at byte ${offset}`);
    records.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return records;
}

/** Where the parser is in the stream. */
type State =
  | { kind: "header" }
  | { kind: "meta"; flag: string; remaining: number; bytes: Uint8Array; filled: number; padding: number }
  | { kind: "content"; entry: TarEntry; remaining: number; bytes?: Uint8Array; filled: number; padding: number }
  | { kind: "end" };

const padOf = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Parses a tar stream pushed in chunks of any size; call `end()` after the last chunk. */
export class TarReader {
  private state: State = { kind: "header" };
  private readonly header = new Uint8Array(BLOCK);
  private headerFilled = 0;
  private global = new Map<string, string>();
  private local = new Map<string, string>();
  private longName?: string;
  private longLink?: string;

  constructor(private readonly handler: TarHandler) {}

  /** Whether the end-of-archive block has been read. */
  get ended(): boolean {
    return this.state.kind === "end";
  }

  push(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length) {
      const state = this.state;
      if (state.kind === "end") return;
      if (state.kind === "header") {
        const take = Math.min(BLOCK - this.headerFilled, chunk.length - offset);
        this.header.set(chunk.subarray(offset, offset + take), this.headerFilled);
        this.headerFilled += take;
        offset += take;
        if (this.headerFilled === BLOCK) {
          this.headerFilled = 0;
          this.readHeader();
        }
        continue;
      }
      if (state.remaining > 0) {
        const take = Math.min(state.remaining, chunk.length - offset);
        if (state.bytes) state.bytes.set(chunk.subarray(offset, offset + take), state.filled);
        state.filled += take;
        state.remaining -= take;
        offset += take;
        if (state.remaining > 0) continue;
        this.finish(state);
      }
      const skip = Math.min(state.padding, chunk.length - offset);
      state.padding -= skip;
      offset += skip;
      if (state.padding === 0 && state.remaining === 0) this.state = { kind: "header" };
    }
  }

  /** Throws `corrupt` when the stream stopped inside a header, an entry or its padding. */
  end(): void {
    const state = this.state;
    if (state.kind === "end" || (state.kind === "header" && this.headerFilled === 0)) {
      if (this.longName !== undefined || this.local.size > 0) {
        throw ruleError("corrupt", "tar-truncated", "the archive ends after an extended header, before its entry");
      }
      return;
    }
    throw ruleError("corrupt", "tar-truncated", "the archive ends in the middle of an entry");
  }

  private readHeader(): void {
    const block = this.header;
    if (block.every((b) => b === 0)) {
      this.state = { kind: "end" };
      return;
    }
    if (!checksumMatches(block)) throw ruleError("corrupt", "tar-checksum", "a tar header has a bad checksum");
    const flag = String.fromCharCode(block[156]);
    let size = number(block, 124, 12, "size");

    if (flag === "x" || flag === "g" || flag === "L" || flag === "K") {
      if (size > META_MAX) {
        throw ruleError("hostile", "header-size", `a ${flag} header of ${size} bytes (more than ${META_MAX})`);
      }
      this.state = {
        kind: "meta",
        flag,
        remaining: size,
        bytes: new Uint8Array(size),
        filled: 0,
        padding: padOf(size),
      };
      if (size === 0) this.finishMeta(this.state);
      return;
    }

    const magic = decoder.decode(block.subarray(257, 265));
    let path = text(block, 0, 100);
    // Only POSIX ustar has a prefix field; GNU's old format keeps other data at those offsets.
    if (magic === "ustar\u000000") {
      const prefix = text(block, 345, 155);
      if (prefix) path = `${prefix}/${path}`;
    }
    let linkpath = text(block, 157, 100);
    const pax = new Map([...this.global, ...this.local]);
    path = this.longName ?? pax.get("path") ?? path;
    linkpath = this.longLink ?? pax.get("linkpath") ?? linkpath;
    const paxSize = pax.get("size");
    if (paxSize !== undefined) {
      if (!/^\d+$/.test(paxSize) || !Number.isSafeInteger(Number(paxSize))) {
        throw ruleError("corrupt", "pax", `pax size ${JSON.stringify(paxSize)} is not a number`);
      }
      size = Number(paxSize);
    }
    this.local = new Map();
    this.longName = undefined;
    this.longLink = undefined;

    if (flag === "V") {
      // A GNU volume label names the tape, not a file.
      this.state = {
        kind: "content",
        entry: { path, type: "other", flag, size },
        remaining: size,
        filled: 0,
        padding: padOf(size),
      };
      if (size === 0) this.state = { kind: "header" };
      return;
    }
    let type: EntryType = TYPES[flag] ?? "other";
    // Pre-POSIX tars mark directories only by a trailing slash.
    if (type === "file" && flag !== "7" && path.endsWith("/")) type = "directory";
    const entry: TarEntry = { path, type, flag: flag === "\0" ? "0" : flag, size, ...(linkpath ? { linkpath } : {}) };
    const collect = this.handler.entry(entry);
    const state: State = {
      kind: "content",
      entry,
      remaining: size,
      filled: 0,
      padding: padOf(size),
      ...(collect ? { bytes: new Uint8Array(size) } : {}),
    };
    this.state = state;
    if (size === 0) this.finish(state);
  }

  private finish(state: Extract<State, { kind: "meta" | "content" }>): void {
    if (state.kind === "meta") this.finishMeta(state);
    else if (state.bytes) this.handler.content(state.entry, state.bytes);
    if (state.padding === 0) this.state = { kind: "header" };
  }

  private finishMeta(state: Extract<State, { kind: "meta" }>): void {
    if (state.flag === "x") this.local = parsePax(state.bytes);
    else if (state.flag === "g") for (const [key, value] of parsePax(state.bytes)) this.global.set(key, value);
    else {
      const name = decoder.decode(field(state.bytes, 0, state.bytes.length));
      if (state.flag === "L") this.longName = name;
      else this.longLink = name;
    }
    if (state.padding === 0) this.state = { kind: "header" };
  }
}
