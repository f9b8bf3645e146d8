/** Lower-case hex SHA-256 of text (as UTF-8) or bytes: the identity of stored content. */
export async function sha256Hex(data: string | ArrayBuffer): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Lower-case hex SHA-256 of the concatenation of `chunks` (as UTF-8), hashed as they come: the text is never held whole. */
export async function sha256HexOfChunks(chunks: AsyncIterable<string>): Promise<string> {
  const digest = new crypto.DigestStream("SHA-256");
  const writer = digest.getWriter();
  const encoder = new TextEncoder();
  for await (const chunk of chunks) await writer.write(encoder.encode(chunk));
  await writer.close();
  return [...new Uint8Array(await digest.digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
