/**
 * Request body guards: JSON only, and an explicit size limit per route. A body sent with
 * `Content-Encoding: gzip` or `deflate` is decoded here, and the limit holds for the bytes sent and
 * for the decoded bytes alike, so a small gzip bomb stops at the limit; other codings are refused.
 */
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ProblemError } from "../errors";

/** Documented limits (docs/limits.md). */
export const LIMITS = {
  /** One answer to score. */
  answerBytes: 64 * 1024,
  /** Answers in one batch scoring request. */
  batchAnswers: 100,
  /** Pairs in one BLEU request. */
  bleuPairs: 1000,
  /** Body of a single score request (room for a 64 KB answer written with JSON escapes). */
  scoreBody: 512 * 1024,
  /**
   * Body of promptfoo's webhook request (`POST /v1/score/promptfoo`): the prompt twice (the `messages`
   * variable, and the rendered prompt, that JSON escaped again) beside a 64 KB answer. A unit of
   * 128K tokens (1.5 M characters of code) is about 3.5 MB (docs/limits.md).
   */
  promptfooBody: 16 * 1024 * 1024,
  /** Body of a batch score request (100 answers of 64 KB plus framing). */
  batchBody: 8 * 1024 * 1024,
  /** Body of a BLEU request. */
  bleuBody: 8 * 1024 * 1024,
  /** Pairs in one CodeBLEU request (each pair is parsed, so far fewer than for BLEU). */
  codebleuPairs: 200,
  /** Alternative references of one CodeBLEU pair. */
  codebleuReferences: 10,
  /** Body of a CodeBLEU request. */
  codebleuBody: 4 * 1024 * 1024,
  /** One repository of a release being imported. */
  repoBody: 32 * 1024 * 1024,
  /** One published results file imported into the leaderboard. */
  leaderboardImportBody: 32 * 1024 * 1024,
  /** Any other JSON body. */
  smallBody: 64 * 1024,
} as const;

/** Content codings a request body may be sent with (RFC 9110 §8.4.1; `x-gzip` is gzip). */
export const BODY_CODINGS = ["gzip", "deflate"] as const;

const tooLarge = (maxSize: number, decoded = false): never => {
  throw new ProblemError(
    "payload-too-large",
    `The request body${decoded ? ", decoded," : ""} exceeds this endpoint's limit of ${maxSize} bytes.`,
    {
      limit_bytes: maxSize,
    },
  );
};

export function limitBody(maxSize: number) {
  const plain = bodyLimit({ maxSize, onError: () => tooLarge(maxSize) });
  return createMiddleware<AppEnv>(async (c, next) => {
    const coding = bodyCoding(c.req.header("content-encoding"));
    if (coding === undefined) return plain(c, next);
    const raw = c.req.raw;
    if (!raw.body) return next();
    if (Number(raw.headers.get("content-length") ?? 0) > maxSize) tooLarge(maxSize);
    const decoded = await decodeBody(raw.body, coding, maxSize);
    const headers = new Headers(raw.headers);
    headers.delete("content-encoding");
    headers.delete("content-length");
    c.req.raw = new Request(raw, { body: decoded, headers });
    await next();
  });
}

/**
 * The coding of a body from its Content-Encoding: undefined for none (absent, empty or `identity`),
 * or the one supported coding. Anything else (an unknown coding, or more than one applied) is a 415
 * naming what is accepted (RFC 9110 §15.5.16).
 */
function bodyCoding(header: string | undefined): (typeof BODY_CODINGS)[number] | undefined {
  const codings = (header ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "" && s !== "identity");
  if (codings.length === 0) return undefined;
  const coding = codings[0] === "x-gzip" ? "gzip" : codings[0];
  if (codings.length === 1 && (BODY_CODINGS as readonly string[]).includes(coding))
    return coding as (typeof BODY_CODINGS)[number];
  throw new ProblemError(
    "unsupported-media-type",
    `Content-Encoding "${header}" is not supported: send the body as is, or with one of ${BODY_CODINGS.join(", ")}.`,
    {},
    { "Accept-Encoding": BODY_CODINGS.join(", ") },
  );
}

/**
 * Decodes a gzip or deflate (zlib) body, counting both the bytes sent and the bytes decoded; either
 * over `maxSize` is a 413 and reading stops there. A body that is not valid for its coding
 * (corrupt, truncated, trailing bytes) is a 400.
 */
async function decodeBody(
  body: ReadableStream<Uint8Array>,
  coding: (typeof BODY_CODINGS)[number],
  maxSize: number,
): Promise<Uint8Array> {
  let sent = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        sent += chunk.byteLength;
        if (sent > maxSize) controller.error(new Error("over the limit"));
        else controller.enqueue(chunk);
      },
    }),
  );
  const reader = counted.pipeThrough(new DecompressionStream(coding)).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        await reader.cancel().catch(() => {});
        tooLarge(maxSize, true);
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ProblemError) throw err;
    if (sent > maxSize) tooLarge(maxSize);
    throw new ProblemError(
      "malformed-encoding",
      `The request body is not valid ${coding} data (Content-Encoding: ${coding}).`,
    );
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ProblemError("unsupported-media-type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  await next();
});
