/**
 * The demo's dates as `npm start` reports them: which demo units a model with a given cutoff cannot
 * have seen, recounted by brute force from a demo release written here (births around the year
 * boundaries, undated ones among them), and the banner's lines that say so per repository.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { datedLines, demoBirths, unseenDemoUnits } from "../../src/benchmarks/repoqa/node/demo";

const BIRTHS: Record<string, (string | null)[]> = {
  "acme/new": ["2026-01-01", "2026-11-21", "2025-12-31", null],
  "acme/old": ["2024-02-29", "2025-06-30", "2025-07-01"],
  "acme/none": [null, null],
};

let dir: string;
const before = process.env.NEEDLEWORK_DIR;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "demo-dates-"));
  process.env.NEEDLEWORK_DIR = dir;
  const repos = Object.entries(BIRTHS).map(([repo, born]) => ({
    repo,
    provenance: null,
    needles: born.map((b, i) => ({ name: `fn${i}`, born: b })),
  }));
  writeFileSync(join(dir, "demo.json"), JSON.stringify({ typescript: repos }));
});

afterAll(() => {
  if (before === undefined) delete process.env.NEEDLEWORK_DIR;
  else process.env.NEEDLEWORK_DIR = before;
  rmSync(dir, { recursive: true, force: true });
});

/** The units born on or after `firstUnseen`, counted without the service's date code. */
function recount(firstUnseen: string): string[] {
  return Object.entries(BIRTHS).flatMap(([repo, born]) =>
    born.flatMap((b, i) => (b !== null && b >= firstUnseen ? [`typescript::${repo}::fn${i}`] : [])),
  );
}

describe("the demo's dates", () => {
  it("are read per repository from the demo release", () => {
    expect(demoBirths().map((r) => [r.repo, r.units.map((u) => u.born)])).toEqual(Object.entries(BIRTHS));
  });

  it.each([
    ["2025", "2026-01-01"],
    ["2025-06", "2025-07-01"],
    ["2025-06-30", "2025-07-01"],
    ["2024", "2025-01-01"],
    ["2026-12", "2027-01-01"],
  ])("with a cutoff of %s: the units born on or after %s, as recounted", (cutoff, firstUnseen) => {
    const { unseen, total } = unseenDemoUnits(cutoff);
    expect(unseen.map((u) => u.unit).sort()).toEqual(recount(firstUnseen).sort());
    expect(total).toBe(Object.values(BIRTHS).flat().length);
  });

  it("are said in the banner per repository, with their range, the undated ones and the board's link", () => {
    const text = datedLines("http://127.0.0.1:8787");
    expect(text).toContain(`${recount("2026-01-01").length} of the demo's 9 units were born after 2025`);
    expect(text).toMatch(/acme\/new\s+2 unseen, born 2026-01-01 to 2026-11-21, 1 undated/);
    expect(text).toMatch(/acme\/old\s+none unseen/);
    expect(text).toMatch(/acme\/none\s+2 undated/);
    expect(text).toContain("squashed");
    expect(text).toContain("http://127.0.0.1:8787/?benchmark=repoqa-snf&dataset=demo&unseen=1");
  });
});
