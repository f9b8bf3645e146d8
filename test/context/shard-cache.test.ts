/** The per-isolate cache of stored JSON keeps to its byte budget as well as its entry count. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getStoredJson } from "../../src/lib/datasets/json-cache";

describe("stored JSON cache", () => {
  it("evicts the least recently used objects beyond 24 MB, and serves the rest without R2", async () => {
    const sha = "cache-budget-test";
    const keys = ["big/0.json", "big/1.json", "big/2.json", "big/3.json"];
    for (const [i, key] of keys.entries())
      await env.DATASETS.put(key, JSON.stringify({ i, pad: "x".repeat(9 * 1024 * 1024) }));
    for (const key of keys) expect((await getStoredJson<{ i: number }>(env, key, sha)).i).toBe(keys.indexOf(key));
    for (const key of keys) await env.DATASETS.delete(key);
    // 4 x 9 MB: only the two most recent fit in 24 MB.
    expect((await getStoredJson<{ i: number }>(env, keys[3], sha)).i).toBe(3);
    expect((await getStoredJson<{ i: number }>(env, keys[2], sha)).i).toBe(2);
    await expect(getStoredJson(env, keys[1], sha)).rejects.toThrow(/missing/);
    await expect(getStoredJson(env, keys[0], sha)).rejects.toThrow(/missing/);
  });
});
