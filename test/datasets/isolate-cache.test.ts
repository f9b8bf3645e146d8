/**
 * Concurrent first requests for the same stored objects. The per-isolate caches hand out only
 * settled values (src/lib/datasets/isolate-cache.ts: workerd cancels the continuations of a request
 * that awaits a promise whose creating request has ended), so every request of a cold burst loads
 * for itself and the first to finish fills the cache: each must still get the same verdict. (The
 * hang itself needs a client disconnect mid-load, which this harness does not reproduce.) A
 * dataset with its own content sha256 makes every object a miss for the whole burst.
 */
import { describe, expect, it } from "vitest";
import { ADMIN, needleCode, post, release, repoOf } from "../helpers";

const DATASET = "isolate-cache-burst";

describe("per-isolate caches under a burst of cold requests", () => {
  it("answers every concurrent first request for the same shards and indexes", async () => {
    // A release of its own (one task's description changed) so no earlier test warmed its objects.
    const fresh = structuredClone(release);
    fresh.python[0].needles[0].description += " (burst)";
    const imported = await post(`/v1/datasets/${DATASET}/import?name=burst&license=Apache-2.0`, fresh, ADMIN);
    expect(imported.status).toBe(200);

    const textkit = repoOf("python", "lorenmade/textkit");
    const answer = "```python\n" + needleCode(textkit, "strip_accents") + "\n```";
    const bodies = [
      ...Array.from({ length: 6 }, () => ({
        dataset: DATASET,
        task: "python::lorenmade/textkit::strip_accents",
        answer,
      })),
      ...Array.from({ length: 6 }, () => ({
        dataset: DATASET,
        task: "python::lorenmade/textkit::strip_accents",
        answer,
        mode: "strict",
      })),
    ];
    const answers = await Promise.all(
      bodies.map(async (body) => {
        const res = await post("/v1/score", body);
        return { status: res.status, body: await res.json<{ pass: boolean; best_target: string }>() };
      }),
    );
    for (const a of answers)
      expect(a).toMatchObject({ status: 200, body: { pass: true, best_target: "strip_accents" } });
  });
});
