/**
 * Precomputed score indexes (src/lib/metrics/bleu-index.ts, src/benchmarks/repoqa/store/score-index.ts): the binary
 * forms round-trip, score exactly as the indexes built from text do, and the service gives the same
 * verdicts with them as a dataset without them (imported before they existed) gets from its shards.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { candidateSet } from "../../src/benchmarks/repoqa/score/scorer";
import type { ContextShard } from "../../src/benchmarks/repoqa/store/contexts";
import {
  buildContextsScoreIndex,
  buildRepoScoreIndex,
  decodeHeader,
  decodeSet,
  headerLength,
  scoreIndexKey,
} from "../../src/benchmarks/repoqa/store/score-index";
import type { RepoShard } from "../../src/benchmarks/repoqa/dataset/shard";
import { ReferenceSet } from "../../src/lib/metrics/bleu";
import { CompactReferenceSet, decodeReferenceIndex, encodeReferenceIndex } from "../../src/lib/metrics/bleu-index";
import vectors from "../vectors/bleu-nltk.json";
import { ADMIN, post, release } from "../helpers";

const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe("compact reference index", () => {
  const references = [...new Set(vectors.pairs.map((p) => p.reference))];
  const candidates = vectors.pairs.map((p) => p.candidate);

  it("encodes, decodes and scores exactly as ReferenceSet on NLTK's pairs", () => {
    const built = new ReferenceSet(references);
    const compact = CompactReferenceSet.fromReferences(references);
    const bytes = compact.encode();
    const decoded = CompactReferenceSet.decode(bytes);
    expect(decoded.encode()).toEqual(bytes);
    let checked = 0;
    // Twice: the first use looks tokens up by binary search, later ones through a Map.
    for (let round = 0; round < 2; round++) {
      for (const c of candidates) {
        const want = built.score(c);
        expect(same(compact.score(c), want)).toBe(true);
        expect(same(decoded.score(c), want)).toBe(true);
        checked += want.length;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it("keeps edge cases: empty and one-token references, duplicates, non-ASCII and odd whitespace", () => {
    const refs = ["", "x", "x", "a b c d e", "é ü 😀 \u0085 z", "  lead\u001ctrail  ", "a b a b a b", "\u3000"];
    const hyps = ["", "x", "a b c", "😀 z", "a b a b", "lead trail", "unknown tokens only", "a b c d e a b c d e"];
    const built = new ReferenceSet(refs);
    const decoded = CompactReferenceSet.decode(CompactReferenceSet.fromReferences(refs).encode());
    for (const h of hyps) for (let k = 0; k < 2; k++) expect(same(decoded.score(h), built.score(h))).toBe(true);
    expect(CompactReferenceSet.decode(CompactReferenceSet.fromReferences([]).encode()).score("a b").length).toBe(0);
  });

  it("refuses bytes that are not an index of this version, and truncated ones", () => {
    const bytes = CompactReferenceSet.fromReferences(["a b c"]).encode();
    expect(() => decodeReferenceIndex(new Uint8Array(64))).toThrow(/not a needlework reference index/);
    expect(() => decodeReferenceIndex(bytes.subarray(0, bytes.length - 8))).toThrow(/truncated|vocabulary/);
    const unaligned = new Uint8Array(bytes.length + 1);
    unaligned.set(bytes, 1);
    expect(encodeReferenceIndex(decodeReferenceIndex(unaligned.subarray(1)))).toEqual(bytes);
  });
});

describe("score index objects", () => {
  const code = [
    "def a(x):\n    # c\n    return x",
    "def b(y):\n    return y + 1",
    "def c(z):\n    '''d'''\n    return z * 2",
  ];
  const shard = {
    format: "needlework/repoqa-shard@1",
    language: "python",
    repo: "t/r",
    needles: [0, 2].map((i, index) => ({
      name: "abc"[i],
      path: `p${i}.py`,
      start_line: 0,
      end_line: 3,
      code: code[i],
      code_without_comments: code[i].replace(/#.*\n/, ""),
      ntokens: 4,
      index,
      task_id: `python::t/r::${"abc"[i]}`,
      description: "",
      function_index: i,
    })),
    functions: code.map((c, i) => ({
      name: "abc"[i],
      path: `p${i}.py`,
      start_line: 0,
      end_line: 3,
      code: c,
      code_without_comments: c.replace(/#.*\n/, ""),
      ntokens: 4,
    })),
  } as RepoShard;

  it("hold the header, and sets with the names, paths and scores of candidateSet", () => {
    const bytes = buildRepoScoreIndex(shard, "f".repeat(64), true);
    const header = decodeHeader(bytes.subarray(0, 8 + headerLength(bytes)));
    expect(header).toMatchObject({ format: "needlework/score-index@1", kind: "repo", sha256: "f".repeat(64) });
    expect(Object.keys(header.sets).sort()).toEqual([
      "functions:false",
      "functions:true",
      "needles:false",
      "needles:true",
    ]);
    for (const [name, entry] of Object.entries(header.sets)) {
      expect(entry.offset % 4).toBe(0);
      const [pool, ic] = name.split(":");
      const fns = pool === "needles" ? shard.needles : shard.functions;
      const want = candidateSet(
        fns,
        fns.map((f) => (ic === "true" ? f.code_without_comments : f.code)),
      );
      const got = decodeSet(bytes.subarray(entry.offset, entry.offset + entry.length));
      expect(entry.size).toBe(fns.length);
      expect(got.names).toEqual(want.names);
      expect(got.paths).toEqual(want.paths);
      for (const h of [...code, "return x", ""])
        expect(same(got.references.score(h), want.references.score(h))).toBe(true);
    }
    expect(Object.keys(decodeHeader(buildRepoScoreIndex(shard, "f".repeat(64), false)).sets).sort()).toEqual([
      "needles:false",
      "needles:true",
    ]);
  });

  it("a context shard's index has one set per task and comment mode", () => {
    const contexts = {
      format: "needlework/repoqa-contexts@1",
      size: 4096,
      comment_mode: "original",
      tokenizer: { name: "t", version: "1" },
      tasks: shard.needles.map((n, i) => ({
        task_id: n.task_id,
        needle_index: i,
        position_ratio: i / 2,
        code_context: "",
        needle_token_start: 0,
        needle_token_end: 0,
        code_context_ntokens: 0,
        functions: shard.functions
          .slice(i)
          .map(({ name, code, code_without_comments }) => ({ name, code, code_without_comments })),
        target_index: 0,
      })),
    } as unknown as ContextShard;
    const bytes = buildContextsScoreIndex(contexts, "e".repeat(64));
    const header = decodeHeader(bytes);
    expect(header).toMatchObject({
      kind: "contexts",
      size: 4096,
      comment_mode: "original",
      tasks: [
        { task_id: "python::t/r::a", position_ratio: 0, target_index: 0 },
        { task_id: "python::t/r::c", position_ratio: 0.5, target_index: 0 },
      ],
    });
    const set = decodeSet(
      bytes.subarray(header.sets["1:false"].offset, header.sets["1:false"].offset + header.sets["1:false"].length),
    );
    expect(set.names).toEqual(["b", "c"]);
    expect(set.paths).toEqual(["", ""]);
  });

  it("are named after the repository's content", () => {
    expect(scoreIndexKey("datasets/d/repoqa/python/t__r.json", "0123456789abcdef0123")).toBe(
      "datasets/d/repoqa/python/t__r.0123456789abcdef.score-index",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The service: the same verdicts with and without the indexes

type Variant = { id: string; contexts: unknown };
const VARIANTS: Variant[] = [
  { id: "idx-default", contexts: undefined },
  { id: "idx-none", contexts: null },
  { id: "idx-grid", contexts: { sizes: [2048, 4096], comment_modes: ["original", "no_padding"], depths: [0, 0.5, 1] } },
];

async function importVariant(id: string, contexts: unknown) {
  for (const [language, repos] of Object.entries(release)) {
    for (const repo of repos) {
      const res = await post(
        `/v1/datasets/${id}/repos`,
        { language, repo, ...(contexts !== undefined && { contexts }) },
        ADMIN,
      );
      if (res.status !== 201) throw new Error(`import ${id}: ${res.status} ${await res.text()}`);
    }
  }
  const res = await post(`/v1/datasets/${id}/commit`, { name: id }, ADMIN);
  if (res.status !== 200) throw new Error(`commit ${id}: ${res.status} ${await res.text()}`);
}

async function indexKeys(id: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.DATASETS.list({ prefix: `datasets/${id}/`, cursor });
    keys.push(...page.objects.map((o) => o.key).filter((k) => k.endsWith(".score-index")));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

function answersFor(code: string, other: string, lang: string): string[] {
  const lines = code.split("\n");
  return [
    `Here:\n\n\`\`\`${lang}\n${code}\n\`\`\`\n`,
    `\`\`\`\n${lines.filter((_, i) => i % 3 !== 1).join("\n")}\n\`\`\``,
    `It is this one:\n\`\`\`${lang}\n${other}\n\`\`\``,
    "no code at all",
  ];
}

describe("scoring with and without score indexes", () => {
  beforeAll(async () => {
    for (const v of VARIANTS) {
      await importVariant(v.id, v.contexts);
      // The legacy twin: the same dataset without its score indexes, as imported before they existed.
      await importVariant(`${v.id}-legacy`, v.contexts);
      const keys = await indexKeys(`${v.id}-legacy`);
      expect(keys.length).toBeGreaterThan(0);
      await env.DATASETS.delete(keys);
    }
  }, 120_000);

  it("stores one index per shard and per stored context variant", async () => {
    expect(await indexKeys("idx-default")).toHaveLength(4 + 4);
    expect(await indexKeys("idx-none")).toHaveLength(4);
    expect(await indexKeys("idx-grid")).toHaveLength(4 + 4 * 4);
    expect(await indexKeys("idx-grid-legacy")).toHaveLength(0);
  });

  for (const v of VARIANTS) {
    it(`${v.id}: every task, mode, comment mode and answer scores the same as the legacy dataset`, async () => {
      const requests: Record<string, unknown>[] = [];
      for (const [language, repos] of Object.entries(release)) {
        for (const repo of repos) {
          const content = repo.content as Record<string, string>;
          const texts = repo.needles.map((n) => content[n.path].split("\n").slice(n.start_line, n.end_line).join("\n"));
          repo.needles.forEach((needle, i) => {
            const task = `${language}::${repo.repo}::${needle.name}`;
            for (const answer of answersFor(texts[i], texts[(i + 1) % texts.length], language)) {
              for (const mode of ["official", "strict"]) {
                for (const ignore_comments of [false, true]) requests.push({ task, answer, mode, ignore_comments });
              }
            }
            if (v.id === "idx-grid") {
              requests.push({
                task,
                answer: answersFor(texts[i], "", language)[0],
                mode: "strict",
                context: { size: 4096, comment_mode: "no_padding", depth: 1 },
              });
              requests.push({
                task,
                answer: answersFor(texts[i], "", language)[1],
                mode: "strict",
                ignore_comments: true,
                context: { size: 2048, depth: 0.5 },
              });
            }
          });
        }
      }
      let passes = 0;
      for (const body of requests) {
        const [withIndex, legacy] = await Promise.all([
          post("/v1/score", { dataset: v.id, ...body }),
          post("/v1/score", { dataset: `${v.id}-legacy`, ...body }),
        ]);
        const a = await withIndex.json<Record<string, unknown>>();
        const b = await legacy.json<Record<string, unknown>>();
        expect(withIndex.status, JSON.stringify(a)).toBe(200);
        expect(legacy.status).toBe(200);
        const { dataset_sha256: _a, ...restA } = a;
        const { dataset_sha256: _b, ...restB } = b;
        expect(restA).toEqual(restB);
        if (a.pass) passes++;
      }
      expect(requests.length).toBeGreaterThan(200);
      expect(passes).toBeGreaterThan(requests.length / 8);
    }, 120_000);
  }

  it("errors are the same too: unknown depth, size or comment mode", async () => {
    const task = "go::copperkettle/tally::humanizeCount";
    for (const context of [{ depth: 0.25 }, { size: 8192 }, { comment_mode: "positional_padding" }]) {
      const [a, b] = await Promise.all([
        post("/v1/score", { dataset: "idx-grid", task, answer: "x", mode: "strict", context }),
        post("/v1/score", { dataset: "idx-grid-legacy", task, answer: "x", mode: "strict", context }),
      ]);
      expect(a.status).toBe(404);
      expect(b.status).toBe(404);
      expect((await a.json<{ detail: string }>()).detail.replace("idx-grid", "")).toBe(
        (await b.json<{ detail: string }>()).detail.replace("idx-grid-legacy", ""),
      );
    }
  });
});

describe("POST /v1/datasets/{id}/score-index", () => {
  it("writes, for a dataset without them, exactly the indexes an import writes", async () => {
    await importVariant("idx-reindex", {
      sizes: [2048, 4096],
      comment_modes: ["original", "no_padding"],
      depths: [0, 0.5, 1],
    });
    const imported = (await indexKeys("idx-reindex")).sort();
    const before = await Promise.all(
      imported.map(async (k) => new Uint8Array(await (await env.DATASETS.get(k))!.arrayBuffer())),
    );
    await env.DATASETS.delete(imported);
    expect(await indexKeys("idx-reindex")).toEqual([]);
    expect((await post("/v1/datasets/idx-reindex/score-index", {})).status).toBe(401);
    const res = await post("/v1/datasets/idx-reindex/score-index", {}, ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dataset: "idx-reindex", repos: 4, objects: imported.length });
    expect((await indexKeys("idx-reindex")).sort()).toEqual(imported);
    for (const [i, k] of imported.entries())
      expect(new Uint8Array(await (await env.DATASETS.get(k))!.arrayBuffer())).toEqual(before[i]);
    expect((await post("/v1/datasets/nope/score-index", {}, ADMIN)).status).toBe(404);
  }, 60_000);
});

describe("start-up warm-up", () => {
  it("runs its requests through the app against the stand-in bindings without errors", async () => {
    const { createApp } = await import("../../src/app");
    const { warmUp } = await import("../../src/core/warmup/warmup");
    const statuses = await warmUp(createApp(), false);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 400, 200]);
    expect(statuses.every((s) => s > 0 && s < 500)).toBe(true);
  });

  it("gives a real request the real Response even while a warm-up is still swapped in", async () => {
    const { createApp } = await import("../../src/app");
    const { endWarmUp, warmUp } = await import("../../src/core/warmup/warmup");
    const real = globalThis.Response;
    const pending = warmUp(createApp());
    expect(globalThis.Response).not.toBe(real);
    endWarmUp();
    expect(globalThis.Response).toBe(real);
    expect(await new Response("ok").text()).toBe("ok");
    await pending;
    expect(globalThis.Response).toBe(real);
  });
});
