import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { INSTRUCTION } from "../../src/benchmarks/repoqa/prompt";
import type { ContextShard } from "../../src/benchmarks/repoqa/store/contexts";
import { ADMIN, get, needleCode, post, release, repoOf } from "../helpers";

const ID = "ctx-grid";
const config = {
  sizes: [2048, 4096],
  comment_modes: ["original", "no_padding", "positional_padding"],
  depths: [0, 0.5, 1],
  needle_offsets: "characters",
};
const tally = () => repoOf("go", "copperkettle/tally");

async function stored(size: number, mode: string): Promise<ContextShard> {
  const object = await env.DATASETS.get(`datasets/${ID}/contexts/${size}/${mode}/go/copperkettle__tally.json`);
  expect(object).not.toBeNull();
  return object!.json<ContextShard>();
}

beforeAll(async () => {
  const added = await post(`/v1/datasets/${ID}/repos`, { language: "go", repo: tally(), contexts: config }, ADMIN);
  expect(added.status).toBe(201);
  const committed = await post(`/v1/datasets/${ID}/commit`, {}, ADMIN);
  expect(committed.status).toBe(200);
  // The manifest says how needles were cut from their files (the default, `reference`, in datasets.test.ts).
  expect((await committed.json<{ contexts: unknown }>()).contexts).toEqual(config);
});

describe("stored code contexts", () => {
  it("are built for every size x comment mode, every needle at every depth", async () => {
    for (const size of config.sizes) {
      for (const mode of config.comment_modes) {
        const shard = await stored(size, mode);
        expect(shard).toMatchObject({
          format: "needlework/repoqa-contexts@1",
          size,
          comment_mode: mode,
          tokenizer: { version: "1.2.2" },
        });
        expect(shard.tasks).toHaveLength(tally().needles.length * 3);
        expect(shard.tasks.map((t) => t.position_ratio)).toEqual(tally().needles.flatMap(() => [0, 0.5, 1]));
        for (const t of shard.tasks) {
          expect(t.needle_token_end).toBeGreaterThan(t.needle_token_start);
          expect(t.code_context_ntokens).toBeGreaterThanOrEqual(t.needle_token_end);
          expect(t.functions[t.target_index]).toBeDefined();
        }
      }
    }
  });

  it("put the needle earlier at depth 0 than at depth 1", async () => {
    const shard = await stored(2048, "original");
    const task = "go::copperkettle/tally::humanizeCount";
    const [d0, , d1] = shard.tasks.filter((t) => t.task_id === task);
    expect(d0.needle_token_start).toBeLessThan(d1.needle_token_start);
  });

  it("no_padding removes comments; positional_padding keeps the needle's token position", async () => {
    const original = await stored(4096, "original");
    const bare = await stored(4096, "no_padding");
    const padded = await stored(4096, "positional_padding");
    const commentLines = (text: string) =>
      text
        .split("\n")
        .filter((l) => l.trim().startsWith("//") && !l.includes(" Path: ") && !/^\/\/ Line Number \d+$/.test(l.trim()));
    expect(commentLines(original.tasks[0].code_context).length).toBeGreaterThan(0);
    expect(commentLines(bare.tasks[0].code_context)).toEqual([]);
    expect(commentLines(padded.tasks[0].code_context)).toEqual([]);
    for (let i = 0; i < original.tasks.length; i++) {
      expect(bare.tasks[i].needle_token_start).toBeLessThanOrEqual(original.tasks[i].needle_token_start);
      expect(padded.tasks[i].needle_token_start).toBeLessThanOrEqual(original.tasks[i].needle_token_start);
      expect(padded.tasks[i].needle_token_start).toBeGreaterThanOrEqual(bare.tasks[i].needle_token_start);
    }
  });
});

describe("GET /v1/datasets/{id}/prompt", () => {
  it("is the reference template around the stored context", async () => {
    const task = "go::copperkettle/tally::ratePerSecond";
    const res = await get(
      `/v1/datasets/${ID}/prompt?task=${encodeURIComponent(task)}&size=4096&comment_mode=original&depth=0.5`,
    );
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    const needle = tally().needles.find((n) => n.name === "ratePerSecond")!;
    const content: string = body.messages[0].content;
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].role).toBe("user");
    expect(content.startsWith(INSTRUCTION)).toBe(true);
    expect(content.endsWith(`\nFunction Description:${needle.description}\n${INSTRUCTION}`)).toBe(true);
    expect(content).toContain(needleCode(tally(), "ratePerSecond").trim());
    expect(content).toContain("// Path: pkg/tally/counter.go");
    expect(body).toMatchObject({
      size: 4096,
      comment_mode: "original",
      position_ratio: 0.5,
      template_version: "repoqa-0.1.2",
    });
  });

  it("answers 404 for a context the dataset does not have", async () => {
    const task = encodeURIComponent("go::copperkettle/tally::ratePerSecond");
    expect((await get(`/v1/datasets/${ID}/prompt?task=${task}&size=16384`)).status).toBe(404);
    expect((await get(`/v1/datasets/${ID}/prompt?task=${task}&depth=0.25`)).status).toBe(404);
    expect((await get(`/v1/datasets/${ID}/prompt?task=nope`)).status).toBe(404);
  });
});

describe("strict scoring against a chosen context", () => {
  it("passes the oracle at every depth, size and comment mode", async () => {
    const answer = "```go\n" + needleCode(tally(), "ratePerSecond") + "\n```";
    for (const size of config.sizes) {
      for (const comment_mode of config.comment_modes) {
        for (const depth of config.depths) {
          const res = await post("/v1/score", {
            dataset: ID,
            task: "go::copperkettle/tally::ratePerSecond",
            answer,
            mode: "strict",
            context: { size, comment_mode, depth },
            ignore_comments: comment_mode !== "original",
          });
          const body = await res.json<any>();
          expect(body).toMatchObject({
            pass: true,
            candidates_from: "context",
            context: { size, comment_mode, position_ratio: depth },
          });
        }
      }
    }
  });

  it("falls back to the repository's functions for a dataset imported without contexts", async () => {
    const res = await post("/v1/datasets/no-ctx/import?contexts=none", { go: release.go }, ADMIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tokenizer: null, contexts: null });
    const answer = "```go\n" + needleCode(tally(), "humanizeCount") + "\n```";
    const body = await (
      await post("/v1/score", {
        dataset: "no-ctx",
        task: "go::copperkettle/tally::humanizeCount",
        answer,
        mode: "strict",
      })
    ).json<any>();
    expect(body).toMatchObject({ pass: true, best_similarity: 1, candidates_from: "repository", context: null });
    const task = encodeURIComponent("go::copperkettle/tally::humanizeCount");
    expect((await get(`/v1/datasets/no-ctx/prompt?task=${task}`)).status).toBe(404);
  });

  it("refuses a dataset's second repository with other context settings", async () => {
    const res = await post(`/v1/datasets/mixed/repos`, { language: "go", repo: tally(), contexts: null }, ADMIN);
    expect(res.status).toBe(201);
    const other = await post(
      `/v1/datasets/mixed/repos`,
      { language: "python", repo: release.python[0], contexts: config },
      ADMIN,
    );
    expect(other.status).toBe(409);
  });
});
