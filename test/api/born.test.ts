/**
 * Dated units end to end: a release whose needles carry `born` and whose repositories carry their
 * provenance is imported; its dataset, unit listing, prompts, export lines, run samples, receipts
 * and published leaderboard samples carry the births; cutoffs come with runs, submitted outputs and
 * imports; the unseen view of the published runs counts what their samples say.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, get, post, release } from "../helpers";
import { imported, rows, scoresFile } from "../leaderboard/helpers";
import { samplesOf, startRun, waitForRun } from "../runs/helpers";

const DATASET = "dated-mini";
/** Births by needle position: two before 2025, the rest after, one undated. */
const BORN = ["2024-05-01", "2024-12-31", "2025-02-14", null];

function datedRelease() {
  const out = structuredClone(release) as Record<string, Record<string, unknown>[]>;
  for (const repos of Object.values(out))
    for (const repo of repos) {
      repo.needles = (repo.needles as Record<string, unknown>[]).map((n, i) => ({ ...n, born: BORN[i % BORN.length] }));
      repo.provenance = {
        source: { kind: "git", repo: repo.repo, commit: "0".repeat(40) },
        rule: "git-first-commit-holding-body",
      };
    }
  return out;
}

/** The births the release gives its tasks, by task id. */
function births(): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const [language, repos] of Object.entries(datedRelease()))
    for (const repo of repos)
      for (const n of repo.needles as { name: string; born: string | null }[])
        out.set(`${language}::${repo.repo}::${n.name}`, n.born);
  return out;
}

describe("dated units", () => {
  beforeAll(async () => {
    const res = await post(`/v1/datasets/${DATASET}/import?name=dated&license=Apache-2.0`, datedRelease(), ADMIN);
    expect(res.status).toBe(200);
  });

  it("give the dataset its born range and provenance", async () => {
    const body = await (await get(`/v1/datasets/${DATASET}`)).json<any>();
    const dated = [...births().values()].filter((b) => b !== null) as string[];
    expect(body.dataset.born).toEqual({
      earliest: [...dated].sort()[0],
      latest: [...dated].sort().at(-1),
      dated: dated.length,
      undated: births().size - dated.length,
    });
    expect(body.provenance.rules).toEqual(["git-first-commit-holding-body"]);
    expect(Object.keys(body.provenance.parts)).toContain("python/lorenmade/textkit");
    expect(body.manifest.provenance.born).toEqual(body.dataset.born);
    // An undated dataset answers null.
    expect((await (await get("/v1/datasets")).json<any>()).datasets.find((d: any) => d.id === DATASET).born.dated).toBe(
      dated.length,
    );
  });

  it("are listed, prompted and exported with their births", async () => {
    const listing = await (await get(`/v1/benchmarks/repoqa-snf/datasets/${DATASET}/units?limit=100`)).json<any>();
    for (const u of listing.units) expect(u.born, u.unit).toBe(births().get(u.task));
    const unit = listing.units.find((u: any) => u.born !== null);
    const prompt = await (
      await get(`/v1/benchmarks/repoqa-snf/datasets/${DATASET}/units/${encodeURIComponent(unit.unit)}/prompt`)
    ).json<any>();
    expect(prompt.born).toBe(unit.born);
    const lines = (await (await get(`/v1/benchmarks/repoqa-snf/datasets/${DATASET}/export`)).text()).trim().split("\n");
    for (const line of lines) {
      const record = JSON.parse(line);
      expect(record.born, record.unit).toBe(births().get(record.task));
    }
  });

  it("carry their births into a run's samples and receipt, and the run's cutoff into the model's", async () => {
    const run = await startRun({
      dataset: DATASET,
      model: "baseline:oracle",
      label: "dated/oracle",
      cutoff: "2025-01",
      publish: true,
    });
    const done = await waitForRun(run.id);
    expect(done.status).toBe("completed");
    expect(done.receipt).toMatchObject({ cutoff: "2025-01", born: { dated: 12, undated: 4 } });
    for (const s of await samplesOf(run.id)) expect(s.born, s.unit).toBe(births().get(s.taskId));
    const cutoff = await env.DB.prepare(
      "SELECT cutoff, source FROM model_cutoffs WHERE model = 'dated/oracle'",
    ).first<any>();
    expect(cutoff).toEqual({ cutoff: "2025-01", source: `run ${run.id}` });
    // The published entry's samples keep them; the oracle passes every unit, so its unseen figure is the count born after 2025-01.
    const after = [...births().values()].filter((b) => b !== null && b >= "2025-02-01").length;
    const board = await (await get(`/v1/leaderboard?benchmark=repoqa-snf&dataset=${DATASET}&unseen=1`)).json<any>();
    const row = board.rows.find((r: any) => r.model === "dated/oracle");
    if (after >= board.unseen.min_n) expect(row).toMatchObject({ n: after, passed: after });
    else
      expect(board.unseen.set_apart.find((s: any) => s.model === "dated/oracle")).toMatchObject({
        n: after,
        reason: "too few unseen units",
      });
  });

  it("take a cutoff with submitted outputs, and refuse a malformed one before storing anything", async () => {
    const listing = await (await get(`/v1/benchmarks/repoqa-snf/datasets/${DATASET}/units?limit=100`)).json<any>();
    const outputs = listing.units.map((u: any) => ({ unit: u.unit, output: "def nothing():\n    pass" }));
    const bad = await post(
      "/v1/runs",
      { dataset: DATASET, model: "mine/sub", outputs, cutoff: "2025-02-30", publish: false },
      ADMIN,
    );
    expect(bad.status).toBe(400);
    expect(await env.DB.prepare("SELECT 1 FROM runs WHERE model_label = 'mine/sub'").first()).toBeNull();
    const run = await startRun({ dataset: DATASET, model: "mine/sub", outputs, cutoff: "2024-06" });
    await waitForRun(run.id);
    expect(
      await env.DB.prepare(
        "SELECT cutoff, precision, first_unseen FROM model_cutoffs WHERE model = 'mine/sub'",
      ).first(),
    ).toEqual({
      cutoff: "2024-06",
      precision: "month",
      first_unseen: "2024-07-01",
    });
  });

  it("take cutoffs with an import of published results", async () => {
    await imported(scoresFile("pub/model-a", { python: rows("a/py", [0.9, -0.5]) }), {
      cutoffs: { "pub/model-a": "2023-10" },
    });
    expect(
      await env.DB.prepare("SELECT cutoff, source FROM model_cutoffs WHERE model = 'pub/model-a'").first(),
    ).toEqual({
      cutoff: "2023-10",
      source: "import",
    });
    const bad = await post(
      "/v1/leaderboard/import",
      {
        kind: "reported",
        dataset: "repoqa-2024-04-20",
        source: "x",
        license: "MIT",
        file: scoresFile("pub/model-b", { python: rows("a/py", [0.9]) }),
        cutoffs: { "pub/model-b": "soon" },
      },
      ADMIN,
    );
    expect(bad.status).toBe(400);
    expect(await env.DB.prepare("SELECT 1 FROM leaderboard_entries WHERE model = 'pub/model-b'").first()).toBeNull();
  });

  it("are counted by birth year on the unseen board, as the release's births recount them", async () => {
    const years = new Map<string, number>();
    let undated = 0;
    for (const born of births().values()) {
      if (born === null) undated++;
      else years.set(born.slice(0, 4), (years.get(born.slice(0, 4)) ?? 0) + 1);
    }
    const q = `benchmark=repoqa-snf&dataset=${DATASET}&unseen=1`;
    const body = await (await get(`/v1/leaderboard?${q}`)).json<any>();
    expect(body.unseen.births).toEqual({
      units: births().size,
      undated,
      years: [...years].sort(([a], [b]) => a.localeCompare(b)).map(([year, units]) => ({ year, units })),
    });
    const page = await (await get(`/?${q}`)).text();
    expect(page).toContain('id="births-table"');
    for (const [year, units] of years)
      expect(page).toMatch(
        new RegExp(
          `data-year="${year}"><td class="l">${year}</td><td>${units}</td><td class="l">${Number(year) - 1} or earlier`,
        ),
      );
  });
});
