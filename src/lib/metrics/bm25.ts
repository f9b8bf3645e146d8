/**
 * The ranking behind `baseline:bm25`: answers a "find the function" question by word overlap alone.
 *
 * It reads the natural-language description, scores every function of the code context with Okapi
 * BM25 and answers with the best. No model, no network. It is the floor a real model has to clear:
 * a benchmark item BM25 gets right can be solved by matching words, without understanding code.
 */

/**
 * Words that carry no signal about which function is meant. Kept short on purpose: "return",
 * "if", "not" and the like appear in both descriptions and code, and BM25's idf already
 * discounts words that every function shares.
 */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "been",
  "by",
  "can",
  "does",
  "for",
  "from",
  "has",
  "have",
  "in",
  "into",
  "is",
  "it",
  "its",
  "of",
  "on",
  "or",
  "that",
  "the",
  "their",
  "then",
  "there",
  "these",
  "this",
  "those",
  "to",
  "was",
  "were",
  "which",
  "will",
  "with",
]);

/**
 * Splits one alphanumeric run at identifier boundaries: `snake_case` is already split by the
 * caller; here `parseHttp` -> parse|Http, `HTTPResponse` -> HTTP|Response (the last capital of an
 * acronym starts the next word), and letters|digits in both directions.
 */
const IDENTIFIER_BOUNDARY =
  /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/**
 * The terms BM25 counts: lower-cased words of prose and identifier parts of code alike, so
 * "parses an HTTP response" and `parseHTTPResponse` share parse/http/response.
 *
 * Text is split on anything that is not a letter or digit (so `snake_case`, dots and hyphens all
 * separate), then at camelCase/PascalCase/acronym boundaries. Digits are split off letters and kept
 * as terms of their own when at least two long: "SHA-256" and `sha256` both give sha/256, and
 * "base64" meets `b64encode` on 64; single digits (`parseHTTPResponse2`'s "2", loop counters) fall
 * to the one-character rule with `i`, `x` and the like. Stop words are dropped.
 *
 * @example codeTerms("parseHTTPResponse2") // ["parse", "http", "response"]
 */
export function codeTerms(text: string): string[] {
  const terms: string[] = [];
  for (const run of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!run) continue;
    for (const part of run.split(IDENTIFIER_BOUNDARY)) {
      const term = part.toLowerCase();
      if (term.length > 1 && !STOP_WORDS.has(term)) terms.push(term);
    }
  }
  return terms;
}

/**
 * Okapi BM25 score of every document against `query`, in document order.
 *
 * idf = ln(1 + (N - df + 0.5) / (df + 0.5)) (the Lucene form, never negative, so a term found in
 * most functions still counts a little instead of penalising them). Each query term counts once
 * per occurrence, so a word the description repeats weighs more. Defaults k1 = 1.2, b = 0.75.
 * An empty corpus gives []; documents without terms score 0.
 */
export function bm25Scores(
  query: string,
  documents: readonly string[],
  params: { k1?: number; b?: number } = {},
): number[] {
  const k1 = params.k1 ?? 1.2;
  const b = params.b ?? 0.75;
  const n = documents.length;
  if (n === 0) return [];

  const frequencies = documents.map((document) => {
    const tf = new Map<string, number>();
    for (const term of codeTerms(document)) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const lengths = documents.map((_, i) => [...frequencies[i].values()].reduce((sum, c) => sum + c, 0));
  const averageLength = lengths.reduce((sum, l) => sum + l, 0) / n;
  const documentFrequency = new Map<string, number>();
  for (const tf of frequencies)
    for (const term of tf.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);

  const queryTerms = codeTerms(query);
  return frequencies.map((tf, i) => {
    let score = 0;
    for (const term of queryTerms) {
      // Skipping absent terms also keeps an all-empty corpus (average length 0) away from 0/0.
      const f = tf.get(term);
      if (!f) continue;
      const lengthRatio = lengths[i] / averageLength;
      const df = documentFrequency.get(term)!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + b * lengthRatio));
    }
    return score;
  });
}

/**
 * Index of the document BM25 ranks highest for `query`; the first on ties (so a context where
 * nothing matches answers with its first function, deterministically), -1 for no documents.
 */
export function bestDocument(query: string, documents: readonly string[]): number {
  const scores = bm25Scores(query, documents);
  let best = -1;
  for (let i = 0; i < scores.length; i++) if (best < 0 || scores[i] > scores[best]) best = i;
  return best;
}
