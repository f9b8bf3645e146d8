import { describe, expect, it } from "vitest";
import { get } from "../helpers";
import { imported, rows, scoresFile } from "../leaderboard/helpers";

/** Two models with per-task rows in a dataset of their own, one with a name that must be escaped. */
async function seed(dataset: string) {
  const results = (k: number) => ({
    python: rows(
      "a/py",
      [0.95, 0.9, -0.99, 0.5, 1, 0.85, 0.81, -0.2, 0.7, 0.99].map(
        (s) => s * (k === 0 ? 1 : -1 + 2 * (s > 0.8 ? 1 : 0)),
      ),
    ),
    rust: rows("b/rs", [1, 0.6, 0.82, -0.9, 0.88, 0.3, 0.97, 0.8, 0.92, -0.5]),
  });
  await imported(scoresFile("team/model-a", results(0)), { dataset });
  await imported(scoresFile("<b>bold</b> & co", results(1)), { dataset });
}

describe("page routes", () => {
  it("GET / answers HTML, cacheable for a minute, revalidated by the page's own hash", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const html = await res.text();
    expect(html).toContain('<form class="filters" method="get" action="/">');
    expect(html).toContain('<a href="/v1/leaderboard?threshold=0.8">JSON of this table</a>');
    const tag = res.headers.get("etag")!;
    expect(tag).toMatch(/^"[0-9a-f]{14}"$/);
    expect((await get("/", { "if-none-match": tag })).status).toBe(304);
    // A different page (here: another threshold) is a different tag.
    expect((await get("/?threshold=0.5", { "if-none-match": tag })).status).toBe(200);
  });

  it("shows the imported rows of the API, escaped, with links to the model pages", async () => {
    await seed("page-test");
    const api = await (await get("/v1/leaderboard?dataset=page-test&threshold=0.8")).json<any>();
    const html = await (await get("/?dataset=page-test")).text();
    const shown = [...html.matchAll(/<tr data-model="([^"]+)">.*?data-rate="([^"]+)"/gs)].map((m) => [
      m[1],
      Number(m[2]),
    ]);
    expect(shown).toEqual(api.rows.map((r: any) => [r.model_slug, r.rate]));
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; co");
    expect(html).not.toContain("<b>bold</b>");
    const slug = api.rows.find((r: any) => r.model === "team/model-a").model_slug;
    expect(html).toContain(
      `<a href="/models/${encodeURIComponent(slug)}?dataset=page-test&amp;threshold=0.8">team/<wbr/>model-a</a>`,
    );

    const model = await get(`/models/${encodeURIComponent(slug)}?dataset=page-test&threshold=0.5`);
    expect(model.status).toBe(200);
    expect(model.headers.get("cache-control")).toBe("public, max-age=60");
    const page = await model.text();
    expect(page).toContain('id="threshold-chart"');
    expect(page).toContain('<table id="heatmap" class="heatmap">');
    expect(page).toContain('<table id="depth">');
    expect(page).toContain('<tr class="selected"><th class="l" scope="row">0.5</th>');
    expect(page).toContain(
      `<a href="/v1/leaderboard/models/${encodeURIComponent(slug)}?threshold=0.5&amp;dataset=page-test">JSON of this model</a>`,
    );
  });

  it("passes the query to the leaderboard and keeps it in the links", async () => {
    const html = await (await get("/?threshold=0.3&language=python&kind=reported&sort=model")).text();
    expect(html).toContain('<option value="0.3" selected="">0.3</option>');
    expect(html).toContain(
      '<a href="/v1/leaderboard?threshold=0.3&amp;language=python&amp;kind=reported&amp;sort=model">JSON of this table</a>',
    );
  });

  it("answers a malformed query with a 400 page, not JSON", async () => {
    const res = await get("/?threshold=0.85");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain(
      "threshold: must be one of 0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0.",
    );
    expect((await get("/?sort=-nonsense")).status).toBe(400);
    expect((await get("/?language=cobol")).status).toBe(400);
  });

  it("answers an unknown model and an unknown page with the HTML 404 page", async () => {
    for (const path of ["/models/no-such-model", "/no/such/page"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("cache-control")).toBeNull();
      expect(await res.text()).toContain("<h1>404 Not found</h1>");
    }
  });

  it("keeps /v1/* in the problem+json envelope", async () => {
    const res = await get("/v1/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
  });
});
