/** Request body guards: JSON only, and an explicit size limit per route. */
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ProblemError } from "../errors";

/** Documented limits (README, "Limits"). */
export const LIMITS = {
  /** One answer to score. */
  answerBytes: 64 * 1024,
  /** Answers in one batch scoring request. */
  batchAnswers: 100,
  /** Pairs in one BLEU request. */
  bleuPairs: 1000,
  /** Body of a single score request (room for a 64 KB answer written with JSON escapes). */
  scoreBody: 512 * 1024,
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

export function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ProblemError("payload-too-large", `The request body exceeds this endpoint's limit of ${maxSize} bytes.`, {
        limit_bytes: maxSize,
      });
    },
  });
}

export const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ProblemError("unsupported-media-type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  await next();
});
