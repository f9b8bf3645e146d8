/** How the command cuts a build directory into parts, and its progress output on and off a terminal. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONTEXTS_FILE,
  UploadProgress,
  buildBytes,
  buildParts,
  examplesFile,
} from "../../src/benchmarks/longcodeu/node/parts";
import { LONGCODEU_LIMITS } from "../../src/benchmarks/longcodeu/dataset/index";

const context = (repo: string, i: number, chars = 10) => ({
  repo,
  id: `${repo}-code-${i}`,
  kind: "code",
  files: ["a.py"],
  text: "x".repeat(chars),
  tokens: 5,
  bucket: "0-8K",
});
const example = (i: number) => ({
  id: `CU_P-r-${i}`,
  task: "CU_P",
  context: "a-code-0",
  anchor: {},
  answer: { names: ["f"] },
  repo: "a",
});
const jsonl = (items: unknown[]) => items.map((x) => `${JSON.stringify(x)}\n`).join("");

async function partsOf(dir: string, partBytes?: number) {
  const out = [];
  for await (const p of buildParts(dir, partBytes)) out.push(p);
  return out;
}

describe("buildParts", () => {
  it("contexts: one repository a part, at most contextsPerPart and partBytes; examples: examplesPerShard a part, numbered per task", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nw-lcu-parts-"));
    const per = LONGCODEU_LIMITS.contextsPerPart;
    const contexts = [
      ...Array.from({ length: per + 3 }, (_, i) => context("a", i)),
      ...Array.from({ length: 4 }, (_, i) => context("b", i, 5000)),
    ];
    writeFileSync(join(dir, CONTEXTS_FILE), jsonl(contexts));
    const shard = LONGCODEU_LIMITS.examplesPerShard;
    writeFileSync(join(dir, examplesFile("CU_P")), jsonl(Array.from({ length: shard + 1 }, (_, i) => example(i))));
    const line = (c: unknown) => Buffer.byteLength(JSON.stringify(c)) + 1;

    // a's 100 contexts take about 11 KB; b's are about 5.1 KB a line, so 12,000 bytes hold two of them.
    const parts = await partsOf(dir, 12_000);
    expect(
      parts.map((p) => [
        p.name,
        "contexts" in p.body ? `${p.body.repo}:${p.body.contexts.length}` : `${p.body.task}:${p.body.examples.length}`,
      ]),
    ).toEqual([
      ["contexts-0000", `a:${per}`],
      ["contexts-0001", "a:3"],
      ["contexts-0002", "b:2"],
      ["contexts-0003", "b:2"],
      ["CU_P-0000", `CU_P:${shard}`],
      ["CU_P-0001", "CU_P:1"],
    ]);
    // The repository travels in the part, not in each context; examples keep theirs.
    const first = parts[0].body as { contexts: Record<string, unknown>[] };
    expect(first.contexts[0]).toEqual({
      id: "a-code-0",
      kind: "code",
      files: ["a.py"],
      text: "xxxxxxxxxx",
      tokens: 5,
      bucket: "0-8K",
    });
    expect((parts[4].body as { examples: Record<string, unknown>[] }).examples[0].repo).toBe("a");
    // Every byte of the files is counted once.
    expect(parts.reduce((n, p) => n + p.bytes, 0)).toBe(buildBytes(dir));
    expect(parts[2].bytes).toBe(line(contexts[per + 3]) + line(contexts[per + 4]));
  });
});

describe("UploadProgress", () => {
  const sink = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, stream: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream };
  };

  it("a bar redrawn in place on a terminal, one plain line per part otherwise", () => {
    const tty = sink(true);
    const onTty = new UploadProgress(4_000_000, tty.stream);
    onTty.part("contexts-0000", 1_000_000, "skipped");
    onTty.part("contexts-0001", 3_000_000, "sent");
    expect(onTty.finish()).toMatchObject({ sent: 1, skipped: 1 });
    expect(tty.written[0]).toMatch(/^\r {2}\[#{8}\.{22}\] 1\.0\/4\.0 MB, 0 parts sent, 1 skipped/);
    expect(tty.written[1]).toMatch(/^\r {2}\[#{30}\] 4\.0\/4\.0 MB, 1 parts sent, 1 skipped/);
    expect(tty.written[2]).toBe("\n");

    const plain = sink(false);
    const off = new UploadProgress(4_000_000, plain.stream);
    off.part("contexts-0000", 1_000_000, "skipped");
    off.part("CU_P-0000", 3_000_000, "sent");
    off.finish();
    expect(plain.written).toEqual([
      "  part contexts-0000: already stored, skipped (1.0 MB; 1.0/4.0 MB)\n",
      "  part CU_P-0000: sent (3.0 MB; 4.0/4.0 MB)\n",
    ]);
  });
});
