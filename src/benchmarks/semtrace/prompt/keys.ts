/**
 * Line keys for lexical recall: every line of the context gets a unique random 6-hex-digit key
 * (the paper's key-value retrieval markers). Keys come from a seeded generator, so a dataset's
 * seed and the unit reproduce them: the prompt and the scorer see the same keys.
 */

/** FNV-1a over UTF-16 code units: a 32-bit seed from text. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** sfc32: small, fast, and good enough to spread keys over 2^24 values. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

/** `count` distinct keys of six lower-case hex digits, determined by `seed`. */
export function lineKeys(seed: string, count: number): string[] {
  if (count > 1 << 24) throw new RangeError("more lines than 6-hex-digit keys");
  const next = sfc32(fnv1a(seed), fnv1a(`b:${seed}`), fnv1a(`c:${seed}`), fnv1a(`d:${seed}`));
  for (let i = 0; i < 12; i++) next();
  const seen = new Set<string>();
  const keys: string[] = [];
  while (keys.length < count) {
    const key = (next() & 0xffffff).toString(16).padStart(6, "0");
    if (seen.has(key)) continue;
    seen.add(key);
    keys.push(key);
  }
  return keys;
}

/** The context with every line keyed, and the keys of the target's first and last lines. */
export function keyLines(
  functions: readonly string[],
  targetAt: number,
  seed: string,
): { block: string; start: string; end: string } {
  const lines: string[] = [];
  let first = 0;
  let last = 0;
  functions.forEach((fn, i) => {
    if (i > 0) lines.push("");
    if (i === targetAt) first = lines.length;
    lines.push(...fn.split("\n"));
    if (i === targetAt) last = lines.length - 1;
  });
  const keys = lineKeys(seed, lines.length);
  return { block: lines.map((l, i) => `${keys[i]} ${l}`).join("\n"), start: keys[first], end: keys[last] };
}

const KEYED_LINE = /^[0-9a-f]{6} ?/;

/** An answer's lines without their keys, when every non-blank line carries one (else unchanged). */
export function stripLineKeys(text: string): { text: string; keyed: boolean } {
  const lines = text.split("\n");
  const keyed = lines.some((l) => l.trim()) && lines.every((l) => !l.trim() || KEYED_LINE.test(l));
  return keyed ? { text: lines.map((l) => l.replace(KEYED_LINE, "")).join("\n"), keyed } : { text, keyed };
}
