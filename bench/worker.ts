/**
 * Bench-only Worker (`npm run bench`, config bench/wrangler.toml). It runs the production scoring
 * code from src/ on data the Node driver (scripts/bench.mts) sends, and reports only a checksum:
 * inside workerd the clocks do not advance during computation, so all timing happens outside.
 *
 * Routes (all return JSON):
 *   GET  /noop                        nothing; the driver's baseline for cold-start figures
 *   POST /data                        store the bench data (no tree-sitter, no indexing)
 *   POST /init-ts                     the first `loadLanguage("python")` (runtime init + grammar)
 *   POST /build-index?set=strict|official
 *                                     one `candidateSet` (a `new ReferenceSet(texts)`) over the raw
 *                                     candidate texts, kept for /cold-answer
 *   POST /load-index?set=strict|official
 *                                     the same set from its precomputed index (the bytes in the data)
 *   POST /cold-answer?set=strict|official&answer=K
 *                                     one `evaluateAnswer` of answer K against that set (the first
 *                                     one in an isolate pays for lazy wasm/JS compilation)
 *   POST /setup                       load python, build the four candidate sets, pre-extract
 *                                     every answer; returns the extracted texts and the official
 *                                     BLEU scores (for the driver's cross-check against NLTK)
 *   POST /run?case=NAME&iterations=N  N scorings of CASE (answers / pairs taken round-robin)
 */
import { loadLanguage, removeCommentsSync, type LoadedLanguage } from "../src/lib/code";
import { fencedBlocks, sanitizeOutput } from "../src/benchmarks/repoqa/score/sanitize";
import { withTree } from "../src/lib/code/parser";
import { pyStrip } from "../src/lib/metrics/python-text";
import { candidateSet, evaluateAnswer, type CandidateSet } from "../src/benchmarks/repoqa/score/scorer";
import { ReferenceSet, sentenceBleu } from "../src/lib/metrics/bleu";
import { CompactReferenceSet } from "../src/lib/metrics/bleu-index";

interface BenchFunction {
  name: string;
  path: string;
  code: string;
  /** The same text with comments removed (what the importer stores as `code_without_comments`). */
  code_without_comments: string;
}

interface BenchAnswer {
  answer: string;
  /** Position of the target in `official` (the needles) and in `strict` (all functions). */
  official_index: number;
  strict_index: number;
}

export interface BenchData {
  official: BenchFunction[];
  strict: BenchFunction[];
  answers: BenchAnswer[];
  /** Raw BLEU endpoint pairs. */
  pairs: { reference: string; candidate: string }[];
  /** The strict and official candidates' precomputed score indexes (src/lib/metrics/bleu-index.ts), base64. */
  index?: { strict: string; official: string };
}

interface Prepared {
  lang: LoadedLanguage;
  sets: Record<"official" | "strict" | "official-ic" | "strict-ic" | "official-idx" | "strict-idx", CandidateSet>;
  /** sanitizeOutput(answer), and the same with comments removed. */
  extracted: string[];
  extractedIc: string[];
  /** The first fenced block of each answer (what sanitize parses). */
  blocks: string[];
}

let data: BenchData | undefined;
let prepared: Prepared | undefined;
/** Keeps built indexes reachable so the build cannot be optimised away. */
let lastIndex: ReferenceSet | undefined;
const coldSets = new Map<string, CandidateSet>();

const CASES: Record<string, (p: Prepared, d: BenchData, i: number) => number> = {
  // Full per-answer hot path, as src/benchmarks/repoqa/score/service.ts calls it.
  official: (p, d, i) => verdict(p, d, i, "official", false),
  strict: (p, d, i) => verdict(p, d, i, "strict", false),
  "official-ic": (p, d, i) => verdict(p, d, i, "official", true),
  "strict-ic": (p, d, i) => verdict(p, d, i, "strict", true),
  // The same against precomputed indexes (what a dataset imported with score indexes uses).
  "official-idx": (p, d, i) => verdict(p, d, i, "official", false, "-idx"),
  "strict-idx": (p, d, i) => verdict(p, d, i, "strict", false, "-idx"),
  "bleu-200-idx": (p, _d, i) => sum(p.sets["strict-idx"].references.score(p.extracted[i % p.extracted.length])),
  // Parts of the hot path.
  sanitize: (p, d, i) => sanitizeOutput(p.lang, answerAt(d, i).answer).length,
  "fence-regex": (_p, d, i) => fencedBlocks(pyStrip(answerAt(d, i).answer))[0].length,
  parse: (p, _d, i) => withTree(p.lang, p.blocks[i % p.blocks.length], (root) => root.childCount) ?? 0,
  "remove-comments": (p, _d, i) => removeCommentsSync(p.lang, p.extracted[i % p.extracted.length]).length,
  "bleu-10": (p, _d, i) => sum(p.sets.official.references.score(p.extracted[i % p.extracted.length])),
  "bleu-200": (p, _d, i) => sum(p.sets.strict.references.score(p.extracted[i % p.extracted.length])),
  // The raw BLEU endpoint: one sentenceBleu per pair (indexes the reference each time).
  "bleu-pair": (_p, d, i) => {
    const pair = d.pairs[i % d.pairs.length];
    return sentenceBleu(pair.reference, pair.candidate);
  },
  // Building the strict index again in a warm isolate (the first build is measured cold).
  "index-200": (_p, d) => {
    lastIndex = new ReferenceSet(d.strict.map((f) => f.code));
    return lastIndex.size;
  },
};

function answerAt(d: BenchData, i: number): BenchAnswer {
  return d.answers[i % d.answers.length];
}

function verdict(
  p: Prepared,
  d: BenchData,
  i: number,
  mode: "official" | "strict",
  ignoreComments: boolean,
  suffix: "" | "-idx" = "",
): number {
  const a = answerAt(d, i);
  const v = evaluateAnswer({
    lang: p.lang,
    answer: a.answer,
    candidates: p.sets[ignoreComments ? (`${mode}-ic` as const) : (`${mode}${suffix}` as const)],
    targetIndex: mode === "official" ? a.official_index : a.strict_index,
    threshold: 0.8,
    ignoreComments,
  });
  return v.best_similarity + (v.pass ? 1 : 0) + v.extracted.length;
}

function sum(scores: Float64Array): number {
  let s = 0;
  for (const x of scores) s += x;
  return s;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The precomputed indexes' bytes, decoded from base64 when the data arrives (not timed with them). */
let indexBytes: { strict: Uint8Array; official: Uint8Array } | undefined;

/** A candidate set on the precomputed index the driver built in Node (as a stored score index is). */
function indexed(d: BenchData, which: "strict" | "official"): CandidateSet {
  if (!indexBytes) throw new Error("no precomputed index in the bench data");
  const fns = d[which];
  return {
    names: fns.map((f) => f.name),
    paths: fns.map((f) => f.path),
    references: CompactReferenceSet.decode(indexBytes[which]),
  };
}

async function prepare(d: BenchData): Promise<Prepared> {
  const lang = await loadLanguage("python");
  const build = (fns: BenchFunction[], ic: boolean) =>
    candidateSet(
      fns,
      fns.map((f) => (ic ? f.code_without_comments : f.code)),
    );
  const extracted = d.answers.map((a) => sanitizeOutput(lang, a.answer));
  return {
    lang,
    sets: {
      official: build(d.official, false),
      strict: build(d.strict, false),
      "official-ic": build(d.official, true),
      "strict-ic": build(d.strict, true),
      "official-idx": indexed(d, "official"),
      "strict-idx": indexed(d, "strict"),
    },
    extracted,
    extractedIc: extracted.map((e) => removeCommentsSync(lang, e)),
    blocks: d.answers.map((a) => fencedBlocks(pyStrip(a.answer))[0] ?? ""),
  };
}

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      switch (url.pathname) {
        case "/noop":
          return json({ ok: true });
        case "/data":
          data = (await request.json()) as BenchData;
          prepared = undefined;
          indexBytes = data.index && {
            strict: fromBase64(data.index.strict),
            official: fromBase64(data.index.official),
          };
          return json({ ok: true, functions: data.strict.length, answers: data.answers.length });
        case "/init-ts": {
          const lang = await loadLanguage("python");
          return json({ ok: true, language: lang.name });
        }
        case "/build-index": {
          if (!data) return json({ error: "POST /data first" }, 409);
          const which = url.searchParams.get("set") === "official" ? "official" : "strict";
          const fns = data[which];
          const set = candidateSet(
            fns,
            fns.map((f) => f.code),
          );
          coldSets.set(which, set);
          return json({ ok: true, size: set.references.size });
        }
        case "/load-index": {
          // Decoding the stored index: what a cold isolate does instead of building it.
          if (!data) return json({ error: "POST /data first" }, 409);
          const which = url.searchParams.get("set") === "official" ? "official" : "strict";
          const set = indexed(data, which);
          coldSets.set(which, set);
          return json({ ok: true, size: set.references.size });
        }
        case "/cold-answer": {
          const which = url.searchParams.get("set") === "official" ? "official" : "strict";
          const set = coldSets.get(which);
          if (!data || !set) return json({ error: "POST /build-index first" }, 409);
          const a = answerAt(data, Number(url.searchParams.get("answer") ?? "0"));
          const v = evaluateAnswer({
            lang: await loadLanguage("python"),
            answer: a.answer,
            candidates: set,
            targetIndex: which === "official" ? a.official_index : a.strict_index,
            threshold: 0.8,
            ignoreComments: false,
          });
          return json({ ok: true, best_similarity: v.best_similarity, pass: v.pass });
        }
        case "/setup": {
          if (!data) return json({ error: "POST /data first" }, 409);
          prepared = await prepare(data);
          const p = prepared;
          return json({
            ok: true,
            extracted: p.extracted,
            extracted_ic: p.extractedIc,
            official_scores: p.extracted.map((e) => Array.from(p.sets.official.references.score(e))),
          });
        }
        case "/run": {
          if (!data || !prepared) return json({ error: "POST /data and /setup first" }, 409);
          const name = url.searchParams.get("case") ?? "";
          const fn = CASES[name];
          if (!fn) return json({ error: `unknown case ${name}`, cases: Object.keys(CASES) }, 400);
          const iterations = Number(url.searchParams.get("iterations") ?? "0");
          const start = Number(url.searchParams.get("start") ?? "0");
          let checksum = 0;
          for (let i = 0; i < iterations; i++) checksum += fn(prepared, data, start + i);
          return json({ ok: true, case: name, iterations, checksum });
        }
        default:
          return json({ error: "not found" }, 404);
      }
    } catch (err) {
      return json({ error: String((err as Error)?.stack ?? err) }, 500);
    }
  },
};
