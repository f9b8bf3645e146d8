/**
 * SRE ground truth: similarity of a query (the anchor's code, or its requirement) to candidate code
 * units. The paper ranks by the cosine of embeddings (stella_en_400M_v5); with an embedding endpoint
 * configured the builder does the same, otherwise it uses this lexical similarity, named in the
 * release's `build.similarity` either way.
 *
 * Lexical similarity (`tfidf-identifier-subtokens@1`):
 * - Terms of a text: every ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`, in code, strings and
 *   comments alike) that is not a Python keyword (`keyword.kwlist`, case-sensitive), split at
 *   underscores and at camelCase boundaries (`parseHTTPResponse2` -> parse, HTTP, Response, 2),
 *   lower-cased; parts without a letter are dropped.
 * - Documents: the candidates plus the query (N = candidates + 1). tf = the term's count in the
 *   document; idf(t) = ln((1 + N) / (1 + df(t))) + 1 (df = documents containing t: scikit-learn's
 *   smoothed idf); weight = tf * idf.
 * - Score: the cosine of the query's and the candidate's weight vectors (0 when either is empty).
 * Top-k: by score, highest first; equal scores keep the earlier candidate (context order) first.
 */

export interface SimilarityInfo {
  kind: "embedding" | "lexical";
  name: string;
  [key: string]: unknown;
}

export interface Similarity {
  readonly info: SimilarityInfo;
  /** One score per candidate. */
  scores(query: string, candidates: readonly string[]): Promise<number[]>;
}

export const PYTHON_KEYWORDS = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);

/** The lexical terms of `text` (see the module comment), in order, repeats kept. */
export function subtokens(text: string): string[] {
  const out: string[] = [];
  for (const [ident] of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (PYTHON_KEYWORDS.has(ident)) continue;
    for (const part of ident.split("_")) {
      for (const [piece] of part.matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g)) {
        if (/[A-Za-z]/.test(piece)) out.push(piece.toLowerCase());
      }
    }
  }
  return out;
}

/** Cosine similarity of two vectors of equal length (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`cosine: vectors of length ${a.length} and ${b.length}`);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** TF-IDF cosine of the query to each candidate (documents: the candidates plus the query). */
export function tfidfScores(query: string, candidates: readonly string[]): number[] {
  const docs = [query, ...candidates].map((t) => {
    const tf = new Map<string, number>();
    for (const term of subtokens(t)) tf.set(term, (tf.get(term) ?? 0) + 1);
    return tf;
  });
  const n = docs.length;
  const df = new Map<string, number>();
  for (const d of docs) for (const term of d.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => Math.log((1 + n) / (1 + df.get(term)!)) + 1;
  const weights = docs.map((d) => new Map([...d].map(([t, c]) => [t, c * idf(t)])));
  const norm = (w: Map<string, number>) => Math.sqrt([...w.values()].reduce((s, x) => s + x * x, 0));
  const q = weights[0];
  const qn = norm(q);
  return weights.slice(1).map((w) => {
    const wn = norm(w);
    if (qn === 0 || wn === 0) return 0;
    let dot = 0;
    for (const [t, x] of q) dot += x * (w.get(t) ?? 0);
    return dot / (qn * wn);
  });
}

export const LEXICAL_SIMILARITY_NAME = "tfidf-identifier-subtokens@1";

export const lexicalSimilarity: Similarity = {
  info: {
    kind: "lexical",
    name: LEXICAL_SIMILARITY_NAME,
    terms: "identifier sub-tokens (snake_case and camelCase split, lower-cased, Python keywords dropped)",
    idf: "ln((1+N)/(1+df))+1 over the candidates and the query",
  },
  async scores(query, candidates) {
    return tfidfScores(query, candidates);
  },
};

/**
 * Cosine of embeddings from `embed` (one vector per text, in order). Vectors are cached by text, so
 * a unit shared by several examples is embedded once.
 */
export function embeddingSimilarity(
  embed: (texts: string[]) => Promise<number[][]>,
  info: { name: string; [key: string]: unknown },
): Similarity {
  const cache = new Map<string, number[]>();
  return {
    info: { ...info, kind: "embedding" },
    async scores(query, candidates) {
      const missing = [...new Set([query, ...candidates].filter((t) => !cache.has(t)))];
      if (missing.length) {
        const vectors = await embed(missing);
        if (vectors.length !== missing.length)
          throw new Error(`the embedding endpoint returned ${vectors.length} vectors for ${missing.length} inputs`);
        for (const [i, t] of missing.entries()) cache.set(t, vectors[i]);
      }
      const q = cache.get(query)!;
      return candidates.map((c) => cosine(q, cache.get(c)!));
    },
  };
}

/** Indices of the `k` highest scores, highest first; ties keep the lower index first. */
export function topK(scores: readonly number[], k: number): number[] {
  return scores
    .map((s, i) => [s, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, k)
    .map(([, i]) => i);
}
