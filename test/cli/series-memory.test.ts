/**
 * What the registry rule (src/lib/born/series.ts) keeps of a version once it has been searched: only
 * digests, so a build in a 128 MB Worker holds one version's text at a time. Measured as V8's live
 * heap after a full collection (gc exposed at run time), in Node: the same engine as workerd, which
 * offers no heap figure to a Worker.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { bornFromSeries, loadedOneByOne } from "../../src/lib/born/series";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const MiB = 2 ** 20;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** 32 files of 256 KiB of ASCII, distinct per version (so every file is searched): 8 MiB a version. */
function versionText(v: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let f = 0; f < 32; f++) {
    const line = `def f_${v}_${f}(x):\n    return x + ${v * 100 + f}\n`;
    files.set(`pkg/m${f}.py`, line.repeat(Math.ceil((256 * 1024) / line.length)));
  }
  return files;
}

describe("the registry rule's memory", () => {
  it("lets a version's text go once it is searched: the live heap does not hold the previous version", async () => {
    const held: number[] = [];
    let baseline = 0;
    // As the registry source loads its archives (src/lib/dating/package-source.ts): one per pull.
    const versions = loadedOneByOne([1, 2, 3, 4, 5], async (v) => {
      // Asked for the next version: the last one has been searched and only the rule holds anything of it.
      if (v === 1) baseline = liveHeap();
      else held.push(liveHeap() - baseline);
      return { version: `1.${v}.0`, publishedAt: `2024-0${v}-01T00:00:00Z`, files: versionText(v) };
    });
    const out = await bornFromSeries(versions, [{ id: "never", body: "def nowhere(): pass" }]);
    expect(out.get("never")?.born).toBeNull();
    // A version is 8 MiB of text (its normal form as much again); its 32 digests are a few KiB.
    expect(held.length).toBe(4);
    for (const bytes of held) expect(bytes / MiB).toBeLessThan(1);
  });
});
