/**
 * The registry rule (src/lib/born/series.ts) on version series written here: code that appears,
 * disappears and reappears, whitespace-only and token edits, renamed files, early stopping, bad
 * input, and a brute-force oracle over generated series (seeded).
 */
import { describe, expect, it } from "vitest";
import { holdsBody, normaliseBody } from "../../src/lib/born/normalise";
import { SERIES_RULE } from "../../src/lib/born/rules";
import { bornFromSeries, type SeriesBirth, type SeriesProgress, type SeriesVersion } from "../../src/lib/born/series";
import { prng } from "./prng";

const version = (name: string, publishedAt: string, files: Record<string, string>): SeriesVersion => ({
  version: name,
  publishedAt,
  files: new Map(Object.entries(files)),
});

const F1 = "def f(x):\n    return x + 1\n";
const F1_REFORMATTED = "def f(x):\r\n        return x + 1   \r\n\r\n";
const F2 = "def f(x):\n    return x + 2\n";
const G = "def g():\n    return 'g'\n";

async function born(versions: SeriesVersion[], bodies: Record<string, string>): Promise<Map<string, SeriesBirth>> {
  return bornFromSeries(
    versions,
    Object.entries(bodies).map(([id, body]) => ({ id, body })),
  );
}

describe("bornFromSeries", () => {
  it("dates code by the first version that holds it, with the rule, version, path and publish time", async () => {
    const out = await born(
      [
        version("0.1.0", "2024-01-10T10:00:00Z", { "a.py": "# empty\n" }),
        version("0.2.0", "2024-02-20T08:30:00.000Z", { "a.py": `# module\n${F1}` }),
      ],
      { f: F1 },
    );
    expect(out.get("f")).toEqual({
      rule: SERIES_RULE,
      born: "2024-02-20",
      at: "2024-02-20T08:30:00.000Z",
      version: "0.2.0",
      path: "a.py",
      notes: [],
    });
  });

  it("keeps the first appearance when code disappears and reappears", async () => {
    const out = await born(
      [
        version("1", "2024-01-01T00:00:00Z", { "a.py": "" }),
        version("2", "2024-02-01T00:00:00Z", { "a.py": F1 }),
        version("3", "2024-03-01T00:00:00Z", { "a.py": G }),
        version("4", "2024-04-01T00:00:00Z", { "a.py": F1 + G }),
      ],
      { f: F1, g: G },
    );
    expect(out.get("f")).toMatchObject({ born: "2024-02-01", version: "2" });
    expect(out.get("g")).toMatchObject({ born: "2024-03-01", version: "3" });
  });

  it("notes when the first version given already holds the code", async () => {
    const out = await born([version("1", "2024-01-01T00:00:00Z", { "a.py": F1 })], { f: F1 });
    expect(out.get("f")).toMatchObject({ born: "2024-01-01", version: "1" });
    expect(out.get("f")?.notes).toEqual(["held by the first version given (1): the code may be older than the series"]);
  });

  it("does not re-date code for whitespace-only changes, and does for a token edit", async () => {
    const out = await born(
      [
        version("1", "2024-01-01T00:00:00Z", { "a.py": "" }),
        version("2", "2024-02-01T00:00:00Z", { "a.py": F1 }),
        version("3", "2024-03-01T00:00:00Z", { "a.py": F1_REFORMATTED }),
        version("4", "2024-04-01T00:00:00Z", { "a.py": F2 }),
      ],
      { reformatted: F1_REFORMATTED, edited: F2 },
    );
    expect(out.get("reformatted")).toMatchObject({ born: "2024-02-01", version: "2" });
    expect(out.get("edited")).toMatchObject({ born: "2024-04-01", version: "4" });
  });

  it("follows code across a renamed file and reports the path it had then", async () => {
    const out = await born(
      [
        version("1", "2024-01-01T00:00:00Z", { README: "" }),
        version("2", "2024-02-01T00:00:00Z", { "src/old.py": F1 }),
        version("3", "2024-03-01T00:00:00Z", { "src/new.py": F1 + G }),
      ],
      { f: F1, g: G },
    );
    expect(out.get("f")).toMatchObject({ born: "2024-02-01", path: "src/old.py" });
    expect(out.get("g")).toMatchObject({ born: "2024-03-01", path: "src/new.py" });
  });

  it("requires token boundaries", async () => {
    const out = await born([version("1", "2024-01-01T00:00:00Z", { "a.py": "def h():\n  return 10\n" })], {
      h: "def h():\n  return 1",
    });
    expect(out.get("h")).toMatchObject({ born: null, rule: SERIES_RULE });
  });

  it("gives a dated miss, with the rule and why, for code no version holds", async () => {
    const out = await born(
      [version("1", "2024-01-01T00:00:00Z", { "a.py": G }), version("2", "2024-02-01T00:00:00Z", { "a.py": G })],
      { f: F1, g: G },
    );
    expect(out.get("f")).toEqual({
      rule: SERIES_RULE,
      born: null,
      notes: ["none of the 2 versions searched holds the body"],
    });
    expect((await born([], { f: F1 })).get("f")).toEqual({
      rule: SERIES_RULE,
      born: null,
      notes: ["no version was given"],
    });
  });

  it("picks the first path in code-unit order when several files of the version hold the code", async () => {
    const out = await born([version("1", "2024-01-01T00:00:00Z", { "b.py": F1, "a/x.py": F1, "B.py": F1 })], { f: F1 });
    expect(out.get("f")).toMatchObject({ path: "B.py" });
  });

  it("dates targets with equal bodies alike and returns results in the targets' order", async () => {
    const out = await bornFromSeries(
      [version("1", "2024-01-01T00:00:00Z", { "a.py": F1 + G })],
      [
        { id: "z", body: G },
        { id: "one", body: F1 },
        { id: "two", body: F1_REFORMATTED },
      ],
    );
    expect([...out.keys()]).toEqual(["z", "one", "two"]);
    expect(out.get("one")).toEqual(out.get("two"));
  });

  it("takes the UTC day of the publish time and keeps the time as given", async () => {
    const out = await born([version("1", "2024-03-01T01:00:00+02:00", { "a.py": F1 })], { f: F1 });
    expect(out.get("f")).toMatchObject({ born: "2024-02-29", at: "2024-03-01T01:00:00+02:00" });
  });

  it("stops pulling versions once every target is found, and ends the iterator", async () => {
    let pulled = 0;
    let ended = false;
    async function* versions() {
      try {
        for (let i = 1; i <= 10; i++) {
          pulled++;
          yield version(String(i), `2024-01-${String(i).padStart(2, "0")}T00:00:00Z`, { "a.py": i >= 2 ? F1 + G : G });
        }
      } finally {
        ended = true;
      }
    }
    const progress: SeriesProgress[] = [];
    const out = await bornFromSeries(
      versions(),
      [
        { id: "f", body: F1 },
        { id: "g", body: G },
      ],
      { onVersion: (p) => progress.push(p) },
    );
    expect(out.get("f")).toMatchObject({ version: "2" });
    expect(out.get("g")).toMatchObject({ version: "1" });
    expect(pulled).toBe(2);
    expect(ended).toBe(true);
    expect(progress.map((p) => [p.version, p.found, p.remaining])).toEqual([
      ["1", 1, 1],
      ["2", 1, 0],
    ]);
  });

  it("pulls nothing when there is nothing to date", async () => {
    let pulled = 0;
    function* versions() {
      pulled++;
      yield version("1", "2024-01-01T00:00:00Z", {});
    }
    expect((await bornFromSeries(versions(), [])).size).toBe(0);
    expect(pulled).toBe(0);
  });

  it("searches only files whose normal form the previous version did not have", async () => {
    const progress: SeriesProgress[] = [];
    const base = { "a.py": G, "b.py": "x = 1\n", "c.py": "y = 2\n" };
    await bornFromSeries(
      [
        version("1", "2024-01-01T00:00:00Z", base),
        // b.py only re-indented, c.py renamed to d.py, a.py edited: only a.py is new.
        version("2", "2024-02-01T00:00:00Z", { "a.py": `${G}\n# edit\n`, "b.py": "x   =   1\r\n", "d.py": "y = 2\n" }),
        // A second path with the same text as a first one is searched once.
        version("3", "2024-03-01T00:00:00Z", { "a.py": F1, "e.py": F1 }),
      ],
      [{ id: "never", body: "def nowhere(): pass" }],
      { onVersion: (p) => progress.push(p) },
    );
    expect(progress.map((p) => [p.filesSearched, p.filesSkipped])).toEqual([
      [3, 0],
      [1, 2],
      [1, 1],
    ]);
  });

  it("tells apart files that differ only in a lone surrogate (UTF-8 would make both U+FFFD)", async () => {
    const [before, after] = ["x = '\uD800'\n", "x = '\uDBFF'\n"];
    expect(new TextEncoder().encode(before)).toEqual(new TextEncoder().encode(after));
    const out = await born(
      [
        version("1", "2024-01-01T00:00:00Z", { "a.py": before }),
        version("2", "2024-02-01T00:00:00Z", { "a.py": after }),
      ],
      { t: after },
    );
    expect(out.get("t")).toMatchObject({ born: "2024-02-01", version: "2" });
  });

  it("refuses versions out of publish order, bad publish times and bad targets", async () => {
    await expect(
      born(
        [version("2", "2024-02-01T00:00:00Z", { "a.py": "" }), version("1", "2024-01-01T00:00:00Z", { "a.py": F1 })],
        { f: F1 },
      ),
    ).rejects.toThrow('version "1" (2024-01-01T00:00:00Z) was published before "2": versions must come oldest first');
    await expect(born([version("1", "2024-01-01", { "a.py": F1 })], { f: F1 })).rejects.toThrow("invalid timestamp");
    await expect(
      bornFromSeries(
        [],
        [
          { id: "a", body: F1 },
          { id: "a", body: G },
        ],
      ),
    ).rejects.toThrow('target id "a" appears twice');
    await expect(bornFromSeries([], [{ id: "a", body: " \n\t" }])).rejects.toThrow('target "a" has an empty body');
  });

  it("keeps the given order for equal publish times", async () => {
    const out = await born(
      [
        version("1", "2024-01-01T00:00:00Z", { "a.py": "" }),
        version("1b", "2024-01-01T00:00:00Z", { "a.py": F1 }),
        version("1c", "2024-01-01T00:00:00Z", { "b.py": F1 }),
      ],
      { f: F1 },
    );
    expect(out.get("f")).toMatchObject({ version: "1b", path: "a.py" });
  });

  it("stops with the signal's reason when aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop now"));
    await expect(
      bornFromSeries([version("1", "2024-01-01T00:00:00Z", {})], [{ id: "f", body: F1 }], {
        signal: controller.signal,
      }),
    ).rejects.toThrow("stop now");
  });
});

/** Everything the rule must say, computed the slow way: every file of every version, in order. */
function bruteForce(versions: SeriesVersion[], body: string): { version: string; path: string } | null {
  const normal = normaliseBody(body);
  for (const v of versions) {
    const path = [...v.files.keys()].sort().find((p) => holdsBody(v.files.get(p) ?? "", normal));
    if (path !== undefined) return { version: v.version, path };
  }
  return null;
}

/** A function's source in one of its variants, laid out in one of several whitespace styles. */
function functionText(name: string, variant: number, style: number): string {
  const indent = ["  ", "    ", "\t"][style % 3];
  const end = style % 2 === 0 ? "\n" : "  \r\n";
  return `def ${name}(x):${end}${indent}return x + ${variant}${end}${style % 4 === 0 ? "\n\n" : ""}`;
}

describe("bornFromSeries against brute force", () => {
  it("generated series: appear, vanish, return, edit, re-indent, move between files", async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = prng(seed);
      const names = Array.from({ length: 6 }, (_, i) => `fn${i}`);
      const paths = ["pkg/a.py", "pkg/b.py", "c.py"];
      const state = new Map(
        names.map((n) => [n, { path: r.pick(paths), variant: r.int(3), style: r.int(4), present: r.chance(0.5) }]),
      );
      const versions: SeriesVersion[] = [];
      let time = Date.UTC(2023, 0, 1);
      for (let v = 0; v < 4 + r.int(10); v++) {
        for (const fn of state.values()) {
          const roll = r.next();
          if (roll < 0.15) fn.present = !fn.present;
          else if (roll < 0.3) fn.variant = r.int(4);
          else if (roll < 0.45) fn.style = r.int(4);
          else if (roll < 0.55) fn.path = r.pick(paths);
        }
        const files: Record<string, string> = {};
        for (const [name, fn] of state)
          if (fn.present) files[fn.path] = (files[fn.path] ?? "# header\n") + functionText(name, fn.variant, fn.style);
        time += (1 + r.int(40)) * 86_400_000;
        versions.push(version(`0.${v}.0`, new Date(time).toISOString(), files));
      }
      const targets = names.flatMap((n) =>
        [0, 1, 2, 3].map((variant) => ({ id: `${n}@${variant}`, body: functionText(n, variant, r.int(4)) })),
      );
      const out = await bornFromSeries(versions, targets);
      for (const t of targets) {
        const expected = bruteForce(versions, t.body);
        const got = out.get(t.id);
        const where = `seed ${seed}, ${t.id}`;
        if (expected === null) expect(got?.born, where).toBeNull();
        else expect(got, where).toMatchObject(expected);
      }
    }
  });

  it("300 targets over 30 versions of 40 files: right and quick", async () => {
    const r = prng(7);
    const files = Array.from({ length: 40 }, (_, i) => `src/m${i}.py`);
    const bodies = Array.from({ length: 300 }, (_, i) => functionText(`f${i}`, i % 5, 0));
    const appears = bodies.map(() => r.int(35));
    const versions = Array.from({ length: 30 }, (_, v) => {
      const content: Record<string, string> = Object.fromEntries(
        files.map((p) => [p, `# ${p}\n${"x = 1\n".repeat(50)}`]),
      );
      bodies.forEach((b, i) => {
        if (appears[i] <= v) content[files[i % files.length]] += b;
      });
      return version(`1.${v}`, new Date(Date.UTC(2024, 0, 1 + v)).toISOString(), content);
    });
    const started = Date.now();
    const out = await bornFromSeries(
      versions,
      bodies.map((body, i) => ({ id: `f${i}`, body })),
    );
    const elapsed = Date.now() - started;
    bodies.forEach((_, i) => {
      const got = out.get(`f${i}`);
      if (appears[i] >= 30) expect(got?.born, `f${i}`).toBeNull();
      else expect(got, `f${i}`).toMatchObject({ version: `1.${appears[i]}`, path: files[i % files.length] });
    });
    expect(elapsed).toBeLessThan(5000);
  });
});
