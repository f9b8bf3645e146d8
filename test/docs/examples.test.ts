/**
 * The docs test: every shell example of README.md and docs/*.md runs as printed against a
 * local instance with fresh state (its own --persist-to directory and port) and the demo datasets
 * `npm start` makes (loaded through the same cli/lib/demos.ts), and fails on any error response,
 * non-zero exit or `null` where the example expects a value. The rule, and what the test substitutes,
 * is in docs/contributing.md ("Examples in the docs are tests") and test/docs/examples.ts.
 *
 * The instance is a fresh clone's: the published RepoQA results are not seeded (they are never
 * committed), so the examples work without them. One instance, demos built once, blocks in page
 * order: a page's later blocks may use what its earlier ones made, as a reader going down it would.
 */
import "../../cli/lib/tree-sitter-node";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../../cli/lib/api";
import { banner, loadDemos } from "../../cli/lib/demos";
import { nodeFamilies } from "../../cli/lib/families";
import { startIsolatedInstance, type IsolatedInstance } from "../../cli/lib/local-service";
import { EXECUTED, allBlocks, fencedBlocks, mirrorCheckout, runBlock, tail } from "./examples";

const blocks = allBlocks();
const shell = blocks.filter((b) => EXECUTED.has(b.lang));

describe("the fences of README.md and docs/", () => {
  it("each name a language: sh blocks run, text blocks are templates", () => {
    expect(blocks.filter((b) => b.lang === "").map((b) => `${b.file}:${b.line}`)).toEqual([]);
    expect(shell.length).toBeGreaterThan(10);
  });

  it("are read as CommonMark reads them: indented fences, longer closing fences, backticks inside a line", () => {
    const page = [
      "intro",
      "1. a step",
      "",
      "   ```sh",
      "   echo 'a ``` b'",
      "     indented more",
      "   ```",
      "",
      "````text",
      "```sh",
      "not a block",
      "`````",
      "```",
      "bare",
      "```",
    ].join("\n");
    expect(fencedBlocks(page, "p.md")).toEqual([
      { file: "p.md", line: 4, lang: "sh", text: "echo 'a ``` b'\n  indented more" },
      { file: "p.md", line: 9, lang: "text", text: "```sh\nnot a block" },
      { file: "p.md", line: 13, lang: "", text: "bare" },
    ]);
  });
});

let instance: IsolatedInstance | undefined;
const workDir = mkdtempSync(join(tmpdir(), "nw-docs-work-"));
const cwd = mirrorCheckout();
const setupLog: string[] = [];
const timings: { where: string; ms: number }[] = [];
let setupMs = 0;

describe("every shell example of README.md and docs/, as printed", () => {
  beforeAll(async () => {
    const started = Date.now();
    instance = await startIsolatedInstance("nw-docs");
    // npm start's demos, written to the test's own work directory; no published results (a fresh clone's).
    process.env.NEEDLEWORK_DIR = workDir;
    process.env.NEEDLEWORK_REPOQA_OFFICIAL = join(workDir, "no-published-results");
    try {
      await loadDemos(api(instance.url, instance.token), await nodeFamilies(), (line) => setupLog.push(line));
    } catch (err) {
      throw new Error(
        `loading the demos failed: ${(err as Error).message} (${String((err as { cause?: unknown }).cause)})\n${setupLog.join("\n")}\nwrangler dev said:\n${instance.log()}`,
      );
    }
    setupMs = Date.now() - started;
  }, 600_000);

  afterAll(async () => {
    await instance?.stop();
    const total = timings.reduce((a, t) => a + t.ms, 0);
    const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(
      `docs test: ${timings.length} examples in ${(total / 1000).toFixed(1)} s, after ${(setupMs / 1000).toFixed(1)} s for the instance and its demos; ` +
        `slowest: ${slowest.map((t) => `${t.where} ${(t.ms / 1000).toFixed(1)} s`).join(", ")}`,
    );
  });

  it("npm start's closing text: its curl lines and addresses work as printed, its eval lines are the README's, its answer passes", async () => {
    expect(instance, `no instance:\n${setupLog.join("\n")}`).toBeDefined();
    const text = banner(instance!.url, await nodeFamilies());
    const lines = text.split("\n");
    const curls = lines.flatMap((l) => /(curl -s .*)$/.exec(l)?.[1] ?? []);
    const addresses = lines
      .filter((l) => !l.includes("curl ") && !l.includes("npm run"))
      .flatMap((l) => l.match(/http:\/\/\S+/g) ?? []);
    expect(curls.length, text).toBeGreaterThanOrEqual(3);
    expect(addresses.length, text).toBeGreaterThanOrEqual(4);
    for (const address of addresses) expect(address.startsWith(instance!.url), address).toBe(true);
    const script = [...curls, ...addresses.map((a) => `curl -s -o /dev/null '${a}'`)]
      .map((c) => `${c}\necho`)
      .join("\n");
    const run = await runBlock(
      { file: "npm start", line: 0, lang: "sh", text: script },
      { url: instance!.url, token: instance!.token },
      { cwd, workDir, timeoutMs: 60_000 },
    );
    timings.push({ where: "npm start's text", ms: run.ms });
    expect(
      run.failure,
      `npm start's text failed (${run.failure}):\n${text}\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`,
    ).toBeUndefined();
    expect(run.stdout, "the answer the text scores is the unit's target: it passes").toContain('"passed":true');
    // Its runnable eval lines (not the <model> templates) are lines of the README's blocks, which this file runs.
    const readme = new Set(
      shell
        .filter((b) => b.file === "README.md")
        .flatMap((b) => b.text.split("\n").map((l) => l.replace(/\s+#.*$/, "").trim())),
    );
    const evals = lines.flatMap((l) => /(npm run eval -- .*)$/.exec(l)?.[1] ?? []).filter((l) => !l.includes("<"));
    expect(evals.length, text).toBeGreaterThanOrEqual(3);
    for (const line of evals) expect(readme, line).toContain(line.replace(` --url ${instance!.url}`, ""));
  });

  for (const block of shell) {
    const where = `${block.file}:${block.line}`;
    it(where, async () => {
      expect(instance, `no instance:\n${setupLog.join("\n")}`).toBeDefined();
      const run = await runBlock(
        block,
        { url: instance!.url, token: instance!.token },
        { cwd, workDir, timeoutMs: 300_000 },
      );
      timings.push({ where, ms: run.ms });
      expect(
        run.failure,
        `${where} failed (${run.failure}):\n--- the block as run\n${run.script}\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`,
      ).toBeUndefined();
    }, 310_000);
  }
});
