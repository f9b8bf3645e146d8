/**
 * Version of the scoring semantics. Bump it whenever a score for the same input could change
 * (metric code, sanitizer, queries, grammar versions); every stored result names the version
 * it was computed with, so old and new numbers are never mixed silently.
 */
export const SCORER_VERSION = "repoqa-snf/1.0.0";
export const SERVICE_VERSION = "0.3.0";
