/**
 * The pure half of the git rule (src/lib/born/git-history.ts): reading `git log --raw -z` output as
 * git prints it, ordering commits by the earlier of their dates, and searching each blob once.
 * test/cli/born-git.test.ts runs the whole rule against real repositories.
 */
import { describe, expect, it } from "vitest";
import {
  effectiveDate,
  oldestFirst,
  parseGitLog,
  parseRevList,
  searchHistory,
  type GitLogEntry,
} from "../../src/lib/born/git-history";
import { normaliseBody } from "../../src/lib/born/normalise";
import { GIT_RULE } from "../../src/lib/born/rules";

const hash = (c: string) => c.repeat(40);
const ZERO = "0".repeat(40);

/** One commit as `--format=%x01%H%x00%P%x00%aI%x00%cI --raw -z` prints it, with its raw changes. */
function commit(h: string, parents: string[], authorAt: string, committerAt: string, raw: string[][]): string {
  const changes = raw.map(([header, ...paths]) => [header, ...paths].join("\0")).join("\0");
  return `\x01${h}\0${parents.join(" ")}\0${authorAt}\0${committerAt}\0${raw.length > 0 ? `\n${changes}\0` : ""}`;
}

describe("parseGitLog", () => {
  it("reads modifications, renames, additions, deletions, merges without a change and odd paths", () => {
    const output = [
      commit(hash("e"), [hash("d"), hash("9")], "2024-05-01T00:00:00+02:00", "2024-05-01T00:00:00+02:00", []),
      commit(hash("d"), [hash("c")], "2024-04-01T00:00:00Z", "2024-04-02T00:00:00Z", [
        [`:100644 100644 ${hash("2")} ${hash("3")} M`, "dir with space/ü\nnewline.py"],
      ]),
      commit(hash("c"), [hash("b")], "2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z", [
        [`:100644 100644 ${hash("2")} ${hash("2")} R100`, "old name.py", "dir with space/ü\nnewline.py"],
      ]),
      commit(hash("b"), [hash("a")], "2024-02-01T00:00:00Z", "2024-02-01T00:00:00Z", [
        [`:100644 000000 ${hash("1")} ${ZERO} D`, "old name.py"],
      ]),
      commit(hash("a"), [], "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", [
        [`:000000 100644 ${ZERO} ${hash("1")} A`, "old name.py"],
      ]),
    ].join("");
    const entries = parseGitLog(output);
    expect(entries.map((e) => [e.commit[0], e.parents.length, e.path, e.blob?.[0] ?? null, e.status])).toEqual([
      ["e", 2, null, null, null],
      ["d", 1, "dir with space/ü\nnewline.py", "3", "M"],
      ["c", 1, "dir with space/ü\nnewline.py", "2", "R"],
      ["b", 1, "old name.py", null, "D"],
      ["a", 0, "old name.py", "1", "A"],
    ]);
    expect(entries[0].authorAt).toBe("2024-05-01T00:00:00+02:00");
    expect(entries[1].committerAt).toBe("2024-04-02T00:00:00Z");
  });

  it("takes a submodule as no file, keeps the first change of a commit, and reads sha-256 ids", () => {
    const long = "f".repeat(64);
    const entries = parseGitLog(
      commit(hash("a"), [], "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", [
        [`:000000 160000 ${ZERO} ${hash("5")} A`, "vendor/lib"],
        [`:000000 100644 ${ZERO} ${hash("6")} A`, "other.py"],
      ]) + commit(long, [], "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", []),
    );
    expect(entries[0]).toMatchObject({ path: "vendor/lib", blob: null, status: "A" });
    expect(entries[1].commit).toBe(long);
  });

  it("refuses output it does not understand", () => {
    expect(parseGitLog("")).toEqual([]);
    expect(() => parseGitLog("fatal: bad revision")).toThrow("unexpected git log output");
    expect(() => parseGitLog(`\x01${hash("a")}\0\0`)).toThrow("ends inside commit");
    expect(() => parseGitLog(`\n:100644 100644 ${hash("1")} ${hash("2")} M\0a.py\0`)).toThrow(
      "unexpected git log output",
    );
  });
});

const entry = (c: string, authorAt: string, committerAt: string, blob: string | null): GitLogEntry => ({
  commit: hash(c),
  parents: [],
  authorAt,
  committerAt,
  path: "a.py",
  blob,
  status: "M",
});

describe("dates and order", () => {
  it("a commit stands for the earlier of its author and committer dates", () => {
    expect(effectiveDate({ authorAt: "2020-05-01T00:00:00Z", committerAt: "2021-05-01T00:00:00Z" }).at).toBe(
      "2020-05-01T00:00:00Z",
    );
    expect(effectiveDate({ authorAt: "2021-05-01T00:00:00Z", committerAt: "2020-05-01T00:00:00Z" }).at).toBe(
      "2020-05-01T00:00:00Z",
    );
    // Compared as instants: 02:00+02:00 is midnight UTC, earlier than 01:00Z.
    expect(effectiveDate({ authorAt: "2020-05-01T01:00:00Z", committerAt: "2020-05-01T02:00:00+02:00" }).at).toBe(
      "2020-05-01T02:00:00+02:00",
    );
  });

  it("orders by that date, and keeps git's order reversed on ties", () => {
    const newestFirst = [
      entry("c", "2022-01-01T00:00:00Z", "2022-01-01T00:00:00Z", "3"),
      entry("b", "2022-01-01T00:00:00Z", "2022-01-01T00:00:00Z", "2"),
      entry("a", "2019-01-01T00:00:00Z", "2023-01-01T00:00:00Z", "1"),
    ];
    expect(oldestFirst(newestFirst).map((e) => e.entry.commit[0])).toEqual(["a", "b", "c"]);
  });
});

/** A linear graph: each entry's parent is the next (older) one. */
const linear = (entries: GitLogEntry[]) => (commit: string) => {
  const i = entries.findIndex((e) => e.commit === commit);
  return i === -1 || i === entries.length - 1 ? [] : [entries[i + 1].commit];
};

describe("parseRevList", () => {
  it("reads commits and their parents, and nothing else", () => {
    const graph = parseRevList(`${hash("c")} ${hash("b")} ${hash("a")}\n${hash("b")} ${hash("a")}\n${hash("a")}\n`);
    expect(graph.get(hash("c"))).toEqual([hash("b"), hash("a")]);
    expect(graph.get(hash("a"))).toEqual([]);
    expect(() => parseRevList("fatal: bad object HEAD\n")).toThrow("unexpected git rev-list output");
  });
});

describe("searchHistory", () => {
  it("finds the commit that brought each body in, reads each blob once, and stops when all are found", async () => {
    const blobs: Record<string, string> = {
      "1": "def f():\n  return 1\n",
      "2": "def f():\n    return 1\n\ndef g(): pass\n",
      "3": "def f(): return 2",
    };
    const entries = [
      entry("d", "2024-04-01T00:00:00Z", "2024-04-01T00:00:00Z", "3"),
      entry("c", "2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z", "1"),
      entry("b", "2024-02-01T00:00:00Z", "2024-02-01T00:00:00Z", "2"),
      entry("a", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", "1"),
      entry("z", "2023-12-01T00:00:00Z", "2023-12-01T00:00:00Z", null),
    ];
    const reads: string[] = [];
    const found = await searchHistory(
      entries,
      linear(entries),
      [normaliseBody(blobs["1"]), "def g(): pass"],
      async (b) => {
        reads.push(b);
        return blobs[b];
      },
    );
    expect(found.get(normaliseBody(blobs["1"]))).toEqual({
      rule: GIT_RULE,
      entry: entries[3],
      at: "2024-01-01T00:00:00Z",
    });
    expect(found.get("def g(): pass")?.entry.commit).toBe(hash("b"));
    expect(reads).toEqual(["1", "2"]);
  });

  it("does not pass a carrying commit's old author date to code it did not bring", async () => {
    // c was rebased: authored long ago, it edits the file after b brought in g, and carries g along.
    const entries = [
      entry("c", "2019-01-01T00:00:00Z", "2024-03-01T00:00:00Z", "3"),
      entry("b", "2024-02-01T00:00:00Z", "2024-02-01T00:00:00Z", "2"),
      entry("a", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", "1"),
    ];
    const blobs: Record<string, string> = { "1": "x = 1", "2": "x = 1\ng = 2", "3": "x = 1\ng = 2\nh = 3" };
    const found = await searchHistory(entries, linear(entries), ["g = 2", "h = 3", "x = 1"], async (b) => blobs[b]);
    expect(found.get("g = 2")?.entry.commit).toBe(hash("b"));
    expect(found.get("h = 3")).toMatchObject({ entry: { commit: hash("c") }, at: "2019-01-01T00:00:00Z" });
    expect(found.get("x = 1")?.entry.commit).toBe(hash("a"));
  });

  it("counts every re-introduction, and the earliest-dated one wins", async () => {
    const entries = [
      entry("c", "2019-06-01T00:00:00Z", "2019-06-01T00:00:00Z", "1"),
      entry("b", "2024-02-01T00:00:00Z", "2024-02-01T00:00:00Z", null),
      entry("a", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", "1"),
    ];
    const found = await searchHistory(entries, linear(entries), ["x = 1"], async () => "x = 1");
    expect(found.get("x = 1")?.entry.commit).toBe(hash("c"));
  });

  it("takes an unlisted commit's version of the file from its first parent, through merges", async () => {
    // m merges side s into main's u; u and m are not listed (u left the file alone, m equals u's file).
    const entries = [
      entry("t", "2024-05-01T00:00:00Z", "2024-05-01T00:00:00Z", "3"),
      entry("s", "2019-01-01T00:00:00Z", "2019-01-01T00:00:00Z", "2"),
      entry("a", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", "1"),
    ];
    const graph: Record<string, string[]> = {
      [hash("t")]: [hash("m")],
      [hash("m")]: [hash("u"), hash("s")],
      [hash("u")]: [hash("a")],
      [hash("s")]: [hash("a")],
      [hash("a")]: [],
    };
    const blobs: Record<string, string> = { "1": "x = 1", "2": "y = 2", "3": "x = 1\nz = 3" };
    const found = await searchHistory(
      entries,
      (c) => graph[c],
      ["x = 1", "z = 3"],
      async (b) => blobs[b],
    );
    // t keeps x from a (via m's first parent u): x was brought in by a, z by t.
    expect(found.get("x = 1")?.entry.commit).toBe(hash("a"));
    expect(found.get("z = 3")?.entry.commit).toBe(hash("t"));
  });

  it("skips unreadable blobs and leaves out bodies it never finds", async () => {
    const entries = [
      entry("b", "2024-02-01T00:00:00Z", "2024-02-01T00:00:00Z", "2"),
      entry("a", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", "1"),
    ];
    const found = await searchHistory(entries, linear(entries), ["x = 1", "y = 2"], async (b) =>
      b === "1" ? null : "x = 1",
    );
    expect(found.get("x = 1")?.entry.commit).toBe(hash("b"));
    expect(found.has("y = 2")).toBe(false);
  });
});
