/**
 * How much one registry read may cost. Archives are hostile input: every quantity an archive or a
 * registry controls has a ceiling, and a refusal names the ceiling it hit (see `boundError`).
 *
 * The defaults fit the deployed Worker (128 MB of memory, of which the kept files and one archive's
 * compressed bytes are live at once) while covering ordinary packages: the median npm tarball is
 * tens of kilobytes, and even large libraries (TypeScript's compiler, about 4 MB packed and 22 MB
 * unpacked) stay well under them.
 */

export interface Bounds {
  /** Compressed bytes of one archive; checked against Content-Length first, then while reading. */
  downloadBytes: number;
  /** Decompressed bytes of one archive (tar headers and padding included); a gzip bomb stops here. */
  unpackedBytes: number;
  /** Entries in one archive, of every type (directories included, pax and long-name headers not). */
  files: number;
  /** Bytes of one entry, checked from its header before any of its content is read. */
  fileBytes: number;
  /** Wall-clock time for one archive (download, verification, unpacking) and for one metadata fetch. */
  timeMs: number;
  /** Bytes of one registry metadata document (an npm packument can be several megabytes). */
  metadataBytes: number;
}

const MiB = 1024 * 1024;

/** The defaults, documented field by field on {@link Bounds}. */
export const DEFAULT_BOUNDS: Readonly<Bounds> = Object.freeze({
  downloadBytes: 16 * MiB,
  unpackedBytes: 64 * MiB,
  files: 20_000,
  fileBytes: 8 * MiB,
  timeMs: 60_000,
  metadataBytes: 32 * MiB,
});

/**
 * The defaults with `overrides` applied. A bound must be a positive number (Infinity allowed, for a
 * caller who bounds elsewhere); anything else is a programming error, so it throws a RangeError.
 */
export function resolveBounds(overrides: Partial<Bounds> = {}): Bounds {
  const bounds = { ...DEFAULT_BOUNDS };
  for (const [key, value] of Object.entries(overrides) as [keyof Bounds, number | undefined][]) {
    if (value === undefined) continue;
    if (!(key in DEFAULT_BOUNDS)) throw new RangeError(`unknown bound ${key}`);
    if (typeof value !== "number" || Number.isNaN(value) || value <= 0) {
      throw new RangeError(`bound ${key} must be a positive number, got ${String(value)}`);
    }
    bounds[key] = value;
  }
  return bounds;
}
