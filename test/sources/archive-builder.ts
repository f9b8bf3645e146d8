/**
 * Builds tar and gzip archives in memory for the tests of src/lib/sources/: well-formed ones, and
 * hostile or broken ones no ordinary tool would write (links, devices, climbing paths, bad
 * checksums). Web APIs only, so the same helper serves the workerd and the Node tests.
 */

export interface TarItem {
  path: string;
  /** Content of a regular file (text is UTF-8 encoded). */
  content?: string | Uint8Array;
  /** The type flag: "0" file (default), "1" hard link, "2" symlink, "3"/"4" devices, "5" directory, "6" fifo... */
  type?: string;
  linkpath?: string;
  /** Size written in the header, when it should differ from the content's. */
  headerSize?: number;
  /** Precede the entry with a pax extended header holding these records. */
  pax?: Record<string, string>;
  /** Precede the entry with a pax global header holding these records. */
  paxGlobal?: Record<string, string>;
  /** Precede the entry with a GNU long-name (`L`) header carrying `path`. */
  gnuLongName?: boolean;
  /** Split `path` into the ustar prefix and name fields. */
  ustarPrefix?: string;
  /** Write a wrong header checksum. */
  badChecksum?: boolean;
}

const encoder = new TextEncoder();
const BLOCK = 512;

function bytesOf(content: string | Uint8Array | undefined): Uint8Array {
  if (content === undefined) return new Uint8Array(0);
  return typeof content === "string" ? encoder.encode(content) : content;
}

function writeString(block: Uint8Array, offset: number, length: number, value: string): void {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar writer: ${JSON.stringify(value)} does not fit ${length} bytes`);
  block.set(bytes, offset);
}

function writeOctal(block: Uint8Array, offset: number, length: number, value: number): void {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function header(
  name: string,
  type: string,
  size: number,
  options: { linkpath?: string; prefix?: string; badChecksum?: boolean } = {},
): Uint8Array {
  const block = new Uint8Array(BLOCK);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, type === "5" ? 0o755 : 0o644);
  writeOctal(block, 108, 8, 1000);
  writeOctal(block, 116, 8, 1000);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, 1_700_000_000);
  block[156] = type.charCodeAt(0);
  if (options.linkpath) writeString(block, 157, 100, options.linkpath);
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 265, 32, "user");
  writeString(block, 297, 32, "user");
  if (options.prefix) writeString(block, 345, 155, options.prefix);
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  if (options.badChecksum) sum += 1;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

function padded(bytes: Uint8Array): Uint8Array[] {
  const pad = (BLOCK - (bytes.length % BLOCK)) % BLOCK;
  return pad ? [bytes, new Uint8Array(pad)] : [bytes];
}

/** pax records "<len> <key>=<value>\n", where len counts the whole record including itself. */
export function paxRecords(records: Record<string, string>): Uint8Array {
  let text = "";
  for (const [key, value] of Object.entries(records)) {
    const body = ` ${key}=${value}\n`;
    const bodyLength = encoder.encode(body).length;
    let length = bodyLength + 1;
    while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
    text += `${length}${body}`;
  }
  return encoder.encode(text);
}

/** A tar stream of `items`; `end: false` leaves out the two zero blocks that close an archive. */
export function tar(items: TarItem[], options: { end?: boolean } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const item of items) {
    if (item.paxGlobal) {
      const body = paxRecords(item.paxGlobal);
      parts.push(header("pax_global_header", "g", body.length), ...padded(body));
    }
    if (item.pax) {
      const body = paxRecords(item.pax);
      parts.push(header("PaxHeader/entry", "x", body.length), ...padded(body));
    }
    if (item.gnuLongName) {
      const body = encoder.encode(`${item.path}\0`);
      parts.push(header("././@LongLink", "L", body.length), ...padded(body));
    }
    const content = bytesOf(item.content);
    const name = item.gnuLongName || (item.pax && "path" in item.pax) ? "placeholder" : item.path;
    parts.push(
      header(name, item.type ?? "0", item.headerSize ?? content.length, {
        linkpath: item.linkpath,
        prefix: item.ustarPrefix,
        badChecksum: item.badChecksum,
      }),
    );
    if (content.length) parts.push(...padded(content));
  }
  if (options.end ?? true) parts.push(new Uint8Array(BLOCK * 2));
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** gzip with the platform's CompressionStream. */
export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A gzip-compressed tar of `items`. */
export async function tgz(items: TarItem[], options: { end?: boolean } = {}): Promise<Uint8Array> {
  return gzip(tar(items, options));
}

/** A gzip stream of `size` zero bytes, compressed in slices so the test never holds them all. */
export async function gzipZeros(size: number): Promise<Uint8Array> {
  const slice = new Uint8Array(1024 * 1024);
  let left = size;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, slice.length);
      controller.enqueue(slice.slice(0, n));
      left -= n;
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

async function digest(algorithm: string, bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(algorithm, bytes));
}

/** npm's `dist.integrity` for `bytes`. */
export async function sri512(bytes: Uint8Array): Promise<string> {
  return `sha512-${btoa(String.fromCharCode(...(await digest("SHA-512", bytes))))}`;
}

/** Lower-case hex sha256 (PyPI `digests.sha256`, crates.io `checksum`). */
export async function sha256hex(bytes: Uint8Array): Promise<string> {
  return [...(await digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lower-case hex sha1 (npm's legacy `dist.shasum`). */
export async function sha1hex(bytes: Uint8Array): Promise<string> {
  return [...(await digest("SHA-1", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** UTF-8 text of a returned file, for assertions. */
export function text(bytes: Uint8Array | undefined): string | undefined {
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}
