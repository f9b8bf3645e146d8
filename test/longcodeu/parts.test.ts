/**
 * The multi-part LongCodeU import: parts are idempotent, conflicts are 409s, the commit refuses an
 * incomplete import, the dataset is invisible until committed, and afterwards it is the same
 * dataset the one-request import makes (units, prompts, the oracle scoring 1).
 */
import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { oracleAnswer } from "../../src/benchmarks/longcodeu/score/baseline";
import { LONGCODEU_LIMITS, type ContextsPart, type ExamplesPart } from "../../src/benchmarks/longcodeu/dataset/index";
import { releaseParts } from "../../src/benchmarks/longcodeu/store/import";
import { partSha256, putContextsPart } from "../../src/benchmarks/longcodeu/store/import-parts";
import { ADMIN, BASE, get, post } from "../helpers";
import { fixtureRelease } from "./fixture";
import { importRelease } from "./helpers";

const put = (id: string, name: string, body: unknown, headers: Record<string, string> = ADMIN) =>
  SELF.fetch(`${BASE}/v1/datasets/${id}/longcodeu/parts/${name}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const commit = (id: string, header: unknown) => post(`/v1/datasets/${id}/longcodeu/commit`, header, ADMIN);
const parts = async (id: string) => (await get(`/v1/datasets/${id}/longcodeu/parts`, ADMIN)).json<any>();

/** Sends every part of the fixture release (optionally leaving some out); returns the commit header. */
async function sendParts(id: string, skip: (name: string) => boolean = () => false) {
  const cut = releaseParts(fixtureRelease());
  for (const [name, body] of [...cut.contexts, ...cut.examples]) {
    if (skip(name)) continue;
    const res = await put(id, name, body);
    expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
  }
  return cut;
}

async function storedObjects(id: string) {
  const listed = await env.DATASETS.list({ prefix: `datasets/${id}/` });
  return new Map(listed.objects.map((o) => [o.key, o.etag]));
}

describe("LongCodeU import in parts", () => {
  it("a part sent again changes nothing (200), another part under the same name is a 409", async () => {
    const [[name, body]] = releaseParts(fixtureRelease()).contexts;
    const first = await put("lcu-parts-idem", name, body);
    expect(first.status).toBe(201);
    const stored = await first.json<any>();
    expect(stored).toEqual({ part: name, sha256: await partSha256(body), items: body.contexts.length, stored: true });
    const before = await storedObjects("lcu-parts-idem");
    const again = await put("lcu-parts-idem", name, body);
    expect(again.status).toBe(200);
    expect(await again.json<any>()).toEqual({ ...stored, stored: false });
    expect(await storedObjects("lcu-parts-idem")).toEqual(before);

    const changed: ContextsPart = structuredClone(body);
    changed.contexts[0].files.push("extra.py");
    const other = await put("lcu-parts-idem", name, changed);
    expect(other.status).toBe(409);
    expect((await other.json<any>()).detail).toMatch(/already stored with other content/);
    expect(await storedObjects("lcu-parts-idem")).toEqual(before);
    expect((await parts("lcu-parts-idem")).parts).toEqual([
      { part: name, sha256: stored.sha256, items: body.contexts.length },
    ]);
  });

  it("409 for a context or an example id another part holds; 422 for examples whose contexts are not stored", async () => {
    const cut = releaseParts(fixtureRelease());
    const [name, body] = cut.contexts[0];
    expect((await put("lcu-parts-ids", name, body)).status).toBe(201);
    const moved = await put("lcu-parts-ids", "contexts-0005", body);
    expect(moved.status).toBe(409);
    expect((await moved.json<any>()).detail).toMatch(
      new RegExp(`Context "${body.contexts[0].id}" is already stored by part "${name}"`),
    );

    const [cuName, cuPart] = cut.examples.find(([n]) => n === "CU_P-0000")!;
    const early = await put("lcu-parts-ids", cuName, cuPart);
    expect(early.status).toBe(422);
    expect((await early.json<any>()).detail).toMatch(
      /names context "geometry-code", which is not stored: send the contexts parts before the examples/,
    );

    expect((await put("lcu-parts-ids", cut.contexts[1][0], cut.contexts[1][1])).status).toBe(201);
    const inventoryOnly: ExamplesPart = { task: "CU_P", examples: cuPart.examples.slice(0, 1) };
    expect((await put("lcu-parts-ids", "CU_P-0001", inventoryOnly)).status).toBe(201);
    const dup = await put("lcu-parts-ids", "CU_P-0000", cuPart);
    expect(dup.status).toBe(409);
    expect((await dup.json<any>()).detail).toMatch(
      /An example id of part "CU_P-0000" is already stored by another part/,
    );
    expect((await parts("lcu-parts-ids")).parts.map((p: any) => p.part)).toEqual([
      "CU_P-0001",
      "contexts-0000",
      "contexts-0001",
    ]);
  });

  it("a part cut off after some of its objects is not stored; sent again (even with other content) it completes the import", async () => {
    const id = "lcu-parts-cut";
    const cut = releaseParts(fixtureRelease());
    const [name, body] = cut.contexts[1];
    // A first try of other content (one more context, written) loses one R2 write and dies.
    const other: ContextsPart = {
      repo: body.repo,
      contexts: [...body.contexts, { ...body.contexts[0], id: "geometry-stale" }],
    };
    let puts = 0;
    const failing = {
      ...env,
      DATASETS: new Proxy(env.DATASETS, {
        get(target, prop) {
          if (prop === "put")
            return (...a: Parameters<R2Bucket["put"]>) =>
              ++puts === 1 ? Promise.reject(new Error("killed")) : target.put(...a);
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    };
    await expect(putContextsPart(failing as typeof env, id, name, other, await partSha256(other))).rejects.toThrow(
      "killed",
    );
    expect((await parts(id)).parts).toEqual([]);
    expect(await env.DATASETS.head(`datasets/${id}/longcodeu/contexts/geometry-stale.json`)).not.toBeNull();
    await sendParts(id);
    const res = await commit(id, cut.header);
    expect(res.status, await res.clone().text()).toBe(200);
    const { manifest } = await res.json<any>();
    expect(manifest.contexts.map((c: any) => c.id)).not.toContain("geometry-stale");
    const whole = (await (await importRelease("lcu-parts-cut-whole")).json<any>()).manifest;
    expect(manifest.content_sha256).toBe(whole.content_sha256);
  });

  it("4xx for a part that breaks the format or the limits", async () => {
    const cut = releaseParts(fixtureRelease());
    const [, contexts] = cut.contexts[0];
    const [, examples] = cut.examples[0];
    expect((await put("lcu-parts-bad", "contexts-1", contexts)).status).toBe(400);
    expect((await put("lcu-parts-bad", "NOPE-0000", contexts)).status).toBe(400);
    const tooMany = {
      repo: contexts.repo,
      contexts: Array.from({ length: LONGCODEU_LIMITS.contextsPerPart + 1 }, (_, i) => ({
        ...contexts.contexts[0],
        id: `c${i}`,
      })),
    };
    expect((await put("lcu-parts-bad", "contexts-0000", tooMany)).status).toBe(400);
    const kind = await put("lcu-parts-bad", "CU_P-0000", contexts);
    expect(kind.status).toBe(422);
    expect((await kind.json<any>()).detail).toMatch(/not a contexts part/);
    const task = await put("lcu-parts-bad", "LDU-0000", examples);
    expect(task.status).toBe(422);
    expect((await task.json<any>()).detail).toMatch(/holds LDU examples, not CU_P/);
    const bucket = structuredClone(contexts);
    bucket.contexts[0].tokens = 200_000;
    expect((await put("lcu-parts-bad", "contexts-0000", bucket)).status).toBe(422);
    expect((await put("lcu-parts-bad", "contexts-0000", contexts, {})).status).toBe(401);
  });

  it("the commit refuses an incomplete import with a 409 naming what is missing; the dataset stays invisible until committed", async () => {
    const id = "lcu-parts-partial";
    const { header } = await sendParts(id, (name) => name !== "contexts-0000");
    let res = await commit(id, header);
    expect(res.status).toBe(409);
    expect((await res.json<any>()).detail).toMatch(/acme\/geometry has 0 of its 3 contexts stored/);

    await sendParts(id, (name) => name === "contexts-0000" || name === "SRE_T1-0000");
    res = await commit(id, header);
    expect(res.status).toBe(409);
    expect((await res.json<any>()).detail).toMatch(/14 of 16 examples are stored/);

    // Importing: nothing reads it.
    expect((await get(`/v1/datasets/${id}`)).status).toBe(200);
    expect((await get(`/v1/benchmarks/longcodeu/datasets/${id}/units`)).status).toBe(404);
    expect((await get(`/v1/benchmarks/longcodeu/datasets/${id}/units/CU_P-inventory-0001/prompt`)).status).toBe(404);
    const run = await post("/v1/runs", { benchmark: "longcodeu", dataset: id, model: "baseline:oracle" }, ADMIN);
    expect(run.status).toBe(404);

    const missing = releaseParts(fixtureRelease()).examples.find(([n]) => n === "SRE_T1-0000")!;
    expect((await put(id, missing[0], missing[1])).status).toBe(201);
    res = await commit(id, header);
    expect(res.status).toBe(200);
    expect((await commit(id, header)).status).toBe(409);
    expect((await put(id, missing[0], missing[1])).status).toBe(409);
  });

  it("a shard gap is named, and the commit checks the declared repositories", async () => {
    const id = "lcu-parts-gap";
    const cut = await sendParts(id, (name) => name.startsWith("CU_P"));
    const [, cuPart] = cut.examples.find(([n]) => n === "CU_P-0000")!;
    expect((await put(id, "CU_P-0001", cuPart)).status).toBe(201);
    let res = await commit(id, cut.header);
    expect(res.status).toBe(409);
    expect((await res.json<any>()).detail).toMatch(/part CU_P-0000 is missing/);
    res = await commit(id, { ...cut.header, repos: cut.header.repos.slice(0, 1) });
    expect(res.status).toBe(422);
    expect((await res.json<any>()).detail).toMatch(
      /Contexts of repository "acme\/geometry" are stored, but the commit does not list it/,
    );
  });

  it("after the commit: the same dataset as the one-request import, with units, prompts and the oracle scoring 1", async () => {
    const id = "lcu-parts-full";
    const { header } = await sendParts(id);
    const res = await post(`/v1/datasets/${id}/longcodeu/commit?name=In%20parts`, header, ADMIN);
    expect(res.status, await res.clone().text()).toBe(200);
    const { manifest } = await res.json<any>();
    const whole = (await (await importRelease("lcu-parts-whole")).json<any>()).manifest;
    const { id: _a, name: _b, created_at: _c, contexts: ca, shards: sa, ...rest } = manifest;
    const { id: _d, name: _e, created_at: _f, contexts: cb, shards: sb, ...restWhole } = whole;
    expect(rest).toEqual(restWhole);
    expect(ca.map((c: any) => [c.id, c.sha256])).toEqual(cb.map((c: any) => [c.id, c.sha256]));
    expect(sa.map((s: any) => s.sha256)).toEqual(sb.map((s: any) => s.sha256));
    expect(manifest.name).toBe("In parts");

    const { dataset } = await (await get(`/v1/datasets/${id}`)).json<any>();
    expect(dataset).toMatchObject({ status: "ready", tasks: 16, repos: 2, content_sha256: manifest.content_sha256 });
    const units = await (await get(`/v1/benchmarks/longcodeu/datasets/${id}/units?limit=100`)).json<any>();
    expect(units.units).toHaveLength(16);
    const examples = fixtureRelease().repos.flatMap((r) => r.examples);
    for (const e of examples) {
      const prompt = await get(`/v1/benchmarks/longcodeu/datasets/${id}/units/${e.id}/prompt`);
      expect(prompt.status, e.id).toBe(200);
      const scored = await post("/v1/score", {
        benchmark: "longcodeu",
        dataset: id,
        unit: e.id,
        answer: oracleAnswer(e),
      });
      expect(scored.status, e.id).toBe(200);
      expect((await scored.json<any>()).score, e.id).toBeCloseTo(1, 9);
    }
  });
});
