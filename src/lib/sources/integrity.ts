/**
 * Archive integrity as registries state it, checked with `crypto.subtle` before anything is unpacked.
 *
 * npm gives Subresource Integrity strings (`sha512-<base64>`, sometimes several, space-separated) and
 * a legacy `shasum` (sha1, hex); PyPI and crates.io give sha256 in hex. The digest is kept exactly
 * as the registry wrote it, so a lock record can be compared with the registry's metadata verbatim;
 * its encoding follows from its length, which differs between hex and base64 for every algorithm.
 */
import { ruleError, SourceError } from "./errors";

export type IntegrityAlgorithm = "sha512" | "sha256" | "sha1";

/** A registry's statement of an archive's hash. */
export interface Integrity {
  algorithm: IntegrityAlgorithm;
  /** As the registry gives it: base64 for npm's `integrity`, hex for `shasum`, PyPI and crates.io. */
  digest: string;
}

const SUBTLE_NAME: Record<IntegrityAlgorithm, string> = { sha512: "SHA-512", sha256: "SHA-256", sha1: "SHA-1" };
const DIGEST_BYTES: Record<IntegrityAlgorithm, number> = { sha512: 64, sha256: 32, sha1: 20 };
/** Strongest first: when npm lists several hashes, the strongest one is checked. */
const STRENGTH: IntegrityAlgorithm[] = ["sha512", "sha256", "sha1"];

/** Lower-case hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Standard base64 (with padding) of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The digest's bytes, or undefined when it is neither hex nor base64 of the algorithm's length.
 * Hex is tried first by length: 2n hex characters never equal the base64 length of n bytes.
 */
export function digestBytes(integrity: Integrity): Uint8Array | undefined {
  const size = DIGEST_BYTES[integrity.algorithm];
  const digest = integrity.digest.trim();
  if (digest.length === size * 2 && /^[0-9a-fA-F]+$/.test(digest)) {
    const out = new Uint8Array(size);
    for (let i = 0; i < size; i++) out[i] = Number.parseInt(digest.slice(i * 2, i * 2 + 2), 16);
    return out;
  }
  if (digest.length === Math.ceil(size / 3) * 4 && /^[A-Za-z0-9+/]+={0,2}$/.test(digest)) {
    try {
      const binary = atob(digest);
      if (binary.length !== size) return undefined;
      return Uint8Array.from(binary, (c) => c.charCodeAt(0));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The strongest hash in an npm `dist.integrity` string (`sha512-<b64> sha1-<b64>`, SRI options after
 * `?` ignored), or undefined when it names no algorithm we check.
 */
export function parseSri(sri: string): Integrity | undefined {
  const found = new Map<IntegrityAlgorithm, string>();
  for (const token of sri.trim().split(/\s+/)) {
    const match = /^(sha512|sha256|sha1)-([A-Za-z0-9+/]+={0,2})(?:\?.*)?$/.exec(token);
    if (match && !found.has(match[1] as IntegrityAlgorithm)) found.set(match[1] as IntegrityAlgorithm, match[2]);
  }
  for (const algorithm of STRENGTH) {
    const digest = found.get(algorithm);
    if (digest !== undefined) return { algorithm, digest };
  }
  return undefined;
}

/** The hash of `bytes` with `algorithm`. */
export async function digestOf(bytes: Uint8Array, algorithm: IntegrityAlgorithm): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(SUBTLE_NAME[algorithm], bytes));
}

/**
 * Throws `integrity` unless `bytes` hash to `expected`. `what` names the archive in the message,
 * which gives both digests in the registry's encoding so they can be compared by eye.
 */
export async function verifyIntegrity(bytes: Uint8Array, expected: Integrity, what: string): Promise<void> {
  const want = digestBytes(expected);
  if (!want) {
    throw new SourceError(
      "integrity",
      `integrity: ${what}: the registry's ${expected.algorithm} digest ${JSON.stringify(expected.digest)} is malformed`,
    );
  }
  const got = await digestOf(bytes, expected.algorithm);
  if (got.length === want.length && got.every((byte, i) => byte === want[i])) return;
  const hex = expected.digest.length === want.length * 2;
  throw new SourceError(
    "integrity",
    `integrity: ${what}: ${expected.algorithm} is ${hex ? toHex(got) : toBase64(got)}, ` +
      `the registry says ${expected.digest}`,
  );
}

/** Two integrity statements name the same hash (same algorithm, same bytes, whatever the encoding). */
export function sameIntegrity(a: Integrity, b: Integrity): boolean {
  if (a.algorithm !== b.algorithm) return false;
  const x = digestBytes(a);
  const y = digestBytes(b);
  return x !== undefined && y !== undefined && x.length === y.length && x.every((byte, i) => byte === y[i]);
}

/** The refusal for a version whose metadata carries no usable hash: unverifiable, so never read. */
export function missingIntegrity(what: string): SourceError {
  return ruleError("unsupported", "no-integrity", `${what} has no sha512, sha256 or sha1 digest in the registry`);
}
