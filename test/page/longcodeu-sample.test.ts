/**
 * A LongCodeU sample's page (src/benchmarks/longcodeu/views/sample.tsx, answer-parts.tsx): the
 * expected answer beside the model's and the metric's parts. An oracle run over the fixture
 * release, whose stored answers are then edited (a name dropped and one invented, a line dropped,
 * a unit dropped, a section shortened) and the run re-scored by the real scorer, so each page shows
 * a partial verdict; the page's parts are checked against the fixture's expected answers and the
 * stored verdict.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { outputKey } from "../../src/core/runs/store";
import { ADMIN, get, post } from "../helpers";
import { fixtureExamples, longcodeuDataset } from "../longcodeu/helpers";
import { samplesOf, startRun, waitForRun } from "../runs/helpers";

let runId: string;
const examples = fixtureExamples();

/** Rewrites a sample's stored output. */
async function edit(unit: string, change: (output: string) => string) {
  const key = outputKey(runId, unit);
  const stored = (await (await env.DATASETS.get(key))!.json()) as { output: string };
  await env.DATASETS.put(key, JSON.stringify({ ...stored, output: change(stored.output) }));
}

beforeAll(async () => {
  const dataset = await longcodeuDataset("page-lcu-sample");
  runId = (
    await waitForRun((await startRun({ benchmark: "longcodeu", dataset, model: "baseline:oracle", concurrency: 8 })).id)
  ).id;
  await edit("CU_P-inventory-0001", (o) =>
    o.replace("parse_price, ", "").replace("low_stock", "low_stock, invented_name"),
  );
  await edit("CU_DFA-inventory-0001", (o) => o.split("\n\n")[0]);
  await edit("DRA_T1-inventory-0001", (o) => o.split("\n\n")[0]);
  await edit("LDU-inventory-0001", (o) => o.slice(0, Math.floor(o.length * 0.7)));
  const res = await post(`/v1/runs/${runId}/rescore`, { options: {} }, ADMIN);
  expect(res.status).toBe(200);
}, 120_000);

async function samplePage(unit: string) {
  const res = await get(`/runs/${runId}/samples/${encodeURIComponent(unit)}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The rows of a table with `id`: each row's cells' text. */
function rows(html: string, id: string): string[][] {
  const at = html.indexOf(`id="${id}"`);
  expect(at, id).toBeGreaterThan(0);
  const table = html.slice(at, html.indexOf("</table>", at));
  const body = table.slice(table.indexOf("<tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map((m) =>
    [...m[1].matchAll(/<t[dh][^>]*>(.*?)<\/t[dh]>/gs)].map((c) =>
      c[1]
        .replace(/<[^>]+>/g, "")
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
        .trim(),
    ),
  );
}

const stored = async (unit: string) => (await samplesOf(runId)).find((s) => s.unit === unit)!;

describe("LongCodeU sample page", () => {
  it("CU_P: the expected names beside the answer's, which were in the LCS, and LCS-R/P as the verdict", async () => {
    const html = await samplePage("CU_P-inventory-0001");
    const expected = examples.get("CU_P-inventory-0001")!.answer.names!;
    const shown = rows(html, "expected-names");
    expect(shown.map((r) => r[1])).toEqual(expected);
    // parse_price was dropped: the only expected name missed.
    expect(shown.map((r) => [r[1], r[2].startsWith("✓")])).toEqual(expected.map((n) => [n, n !== "parse_price"]));
    const predicted = rows(html, "predicted-names");
    expect(predicted.find((r) => r[1] === "invented_name")![2]).toBe("✗ not expected");
    const s = await stored("CU_P-inventory-0001");
    expect(s.detail.recall).toBeCloseTo(5 / 6, 12);
    expect(s.detail.precision).toBeCloseTo(5 / 6, 12);
    expect(html).toContain(`LCS-R <strong id="sample-recall">${(s.detail.recall * 100).toFixed(2)} %</strong>`);
    expect(html).toMatch(
      /LCS of the answer&#39;s known names with the expected order: <strong>5<\/strong> of 6 expected names/,
    );
    // Beside each other: the expected pane, then the answer's.
    expect(html.indexOf('<section id="expected">')).toBeLessThan(html.indexOf('<section id="predicted">'));
    expect(html).not.toContain('<section id="detail"><h2>Verdict</h2>');
  });

  it("CU_DFA: every expected line with its number, the one left out marked missed, EM-R as the verdict", async () => {
    const html = await samplePage("CU_DFA-inventory-0001");
    const lines = examples.get("CU_DFA-inventory-0001")!.answer.lines!;
    const shown = rows(html, "expected-lines");
    expect(shown.map((r) => [Number(r[0]), r[1], r[2].startsWith("✓")])).toEqual(
      lines.map((l, i) => [l.line, l.text.trim(), i === 0]),
    );
    expect(html).toContain(`<td class="l code">${lines[1].text}</td>`);
    expect((await stored("CU_DFA-inventory-0001")).detail.recall).toBe(0.5);
    expect(html).toContain("<strong>1</strong> of 2 expected (EM-R 50.00 %) and of 1 given (EM-P 100.00 %)");
  });

  it("DRA: each expected unit, recalled or not with its CodeBLEU, and its code beside the predicted unit's", async () => {
    const html = await samplePage("DRA_T1-inventory-0001");
    const units = examples.get("DRA_T1-inventory-0001")!.answer.units!;
    const shown = rows(html, "expected-units");
    expect(shown.map((r) => [r[1].split(" ")[0], r[2].startsWith("✓"), r[3]])).toEqual(
      units.map((u, i) => [u.qualified ?? u.name, i === 0, i === 0 ? "100.00" : "0.00"]),
    );
    expect((await stored("DRA_T1-inventory-0001")).detail.recall).toBeCloseTo(0.5, 12);
    // Every expected unit's code is on the page (escaped), the first beside its predicted copy.
    for (const u of units)
      expect(html).toContain(
        u.code
          .replace(/&/g, "&amp;")
          .replace(/</g, "&lt;")
          .replace(/>/g, "&gt;")
          .replace(/"/g, "&quot;")
          .replace(/'/g, "&#39;")
          .split("\n")[0],
      );
  });

  it("CU_SA: the expected function beside the extracted one, with CodeBLEU's four parts", async () => {
    const html = await samplePage("CU_SA-inventory-0001");
    const parts = rows(html, "codebleu-parts");
    expect(parts.map((r) => r[0])).toEqual([
      "n-gram match (BLEU)",
      "weighted n-gram match",
      "syntax match (AST)",
      "data-flow match",
      "CodeBLEU (¼ of each)",
    ]);
    expect(parts.at(-1)![1]).toBe("100.00");
    expect(html).toContain("Expected: parse_price");
  });

  it("LDU: the expected section beside the text read from the answer, its BLEU and the section number", async () => {
    const html = await samplePage("LDU-inventory-0001");
    const s = await stored("LDU-inventory-0001");
    expect(s.detail.recall).toBeGreaterThan(0);
    expect(s.detail.recall).toBeLessThan(1);
    expect(html).toContain(`against the expected section: <strong>${(s.detail.recall * 100).toFixed(2)} %</strong>`);
    expect(html).toContain("Expected: section 2");
    expect(html).toContain("expected 2, given 2 (✓ right; not scored)");
  });
});

describe("a LongCodeU sample's outcome", () => {
  it("is named by its graded metric (recall 1, or below), in the browser too, and the page has no RepoQA depth", async () => {
    const html = await samplePage("CU_P-inventory-0001");
    expect(html).toContain('<strong id="outcome">✗ recall below 1</strong>');
    expect(html).not.toContain("<dt>depth</dt>");
    const untouched = [...examples.keys()].find((id) => id.startsWith("CU_P-") && id !== "CU_P-inventory-0001")!;
    expect(await samplePage(untouched)).toContain('<strong id="outcome">✓ recall 1</strong>');
    const list = await (await get(`/runs/${runId}/samples?outcome=failed`)).text();
    expect(list).toContain(
      '<option value="passed">recall 1</option><option value="failed" selected="">recall below 1</option>',
    );
    expect(list).toContain('<tr data-unit="CU_P-inventory-0001" data-outcome="failed"><td class="unit key">');
    expect(list).toContain('<td class="l"><span class="verdict failed">✗ recall below 1</span></td>');
  });
});

describe("LongCodeU sample browser", () => {
  const units = (html: string) => [...html.matchAll(/<tr data-unit="([^"]+)"/g)].map((m) => m[1]);
  const browse = async (query: string, status = 200) => {
    const res = await get(`/runs/${runId}/samples?${query}`);
    expect(res.status, query).toBe(status);
    return res.text();
  };

  it("typing CU_P finds the CU_P examples; the task and length-bucket selects filter, shown as columns", async () => {
    const cup = [...examples.keys()].filter((id) => id.startsWith("CU_P-")).sort();
    expect(units(await browse("task=CU_P"))).toEqual(cup);
    expect(units(await browse("tasks=CU_P"))).toEqual(cup);
    // The fixture's geometry contexts are 8-16K, the inventory ones 0-8K.
    const geometry = [...examples.values()]
      .filter((e) => e.id.includes("geometry"))
      .map((e) => e.id)
      .sort();
    const html = await browse("bucket=8-16K");
    expect(units(html)).toEqual(geometry);
    expect(html).toMatch(
      /<tr data-unit="CU_DFA-geometry-0001"[^>]*>.*?<td class="l">CU_DFA<\/td><td class="l">8-16K<\/td>/s,
    );
    expect(units(await browse("tasks=LDU&bucket=0-8K"))).toEqual(["LDU-inventory-0001"]);
    // The buckets offered are the run's own; no depth tenths or raw token counts.
    expect(html).toContain(
      '<option value="0-8K">0-8K tokens</option><option value="8-16K" selected="">8-16K tokens</option></select>',
    );
    expect(html).not.toContain('name="depth"');
    expect(html).not.toContain('name="length"');
    expect(html).toContain('placeholder="CU_P, or an example id"');
  });

  it("a task or bucket the run does not have is a 400 page naming the parameter", async () => {
    expect(await browse("tasks=XX", 400)).toContain("tasks: must be one of CU_P, CU_SA");
    expect(await browse("bucket=64-128K", 400)).toContain("bucket: must be one of 0-8K, 8-16K");
  });
});
