/**
 * The size of one answer to score, checked where an answer arrives (`POST /v1/score` and its batch,
 * promptfoo's webhook, a run's submitted outputs): one limit, LIMITS.answerBytes, for all of them.
 */
import { utf8Length } from "../code/utf8";
import { ProblemError } from "../errors";
import { LIMITS } from "./body";

/** A 413 for an answer over LIMITS.answerBytes (`where` names it in the problem). */
export function checkAnswerSize(answer: string, where: string) {
  const bytes = utf8Length(answer);
  if (bytes > LIMITS.answerBytes) {
    throw new ProblemError(
      "payload-too-large",
      `${where} is ${bytes} bytes; answers are limited to ${LIMITS.answerBytes} bytes.`,
      {
        limit_bytes: LIMITS.answerBytes,
      },
    );
  }
}
