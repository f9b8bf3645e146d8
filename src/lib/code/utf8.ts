/** UTF-8 lengths of JavaScript (UTF-16) strings, without encoding them. */

/** UTF-8 byte offsets of the given UTF-16 indices of `text`, in one pass. */
export function utf8Offsets(text: string, indices: readonly number[]): Map<number, number> {
  const wanted = [...new Set(indices)].sort((a, b) => a - b);
  const result = new Map<number, number>();
  let bytes = 0;
  let i = 0;
  for (const target of wanted) {
    while (i < target && i < text.length) {
      const c = text.charCodeAt(i);
      const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
      i += pair ? 2 : 1;
    }
    result.set(target, bytes);
  }
  return result;
}

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(text: string): number {
  return utf8Offsets(text, [text.length]).get(text.length)!;
}
