/**
 * The git birth-date rule (cli/lib/born-git.ts) against repositories made here, in temporary
 * directories, with commits dated through GIT_AUTHOR_DATE and GIT_COMMITTER_DATE: whitespace and
 * token edits, renames, deletion and re-addition, moved code, merges of older branches, rebases,
 * shallow clones, untracked and uncommitted code, odd paths, bounds, and a brute-force oracle over
 * generated histories (seeded). Git's global and system config are ignored (GIT_CONFIG_GLOBAL and
 * GIT_CONFIG_NOSYSTEM for the test's own git commands); each repository sets its user locally.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bornFromGit, gitSource, type GitBirth, type GitBorn } from "../../cli/lib/born-git";
import { holdsBody, normaliseBody } from "../../src/lib/born/normalise";
import { GIT_RULE } from "../../src/lib/born/rules";
import { prng, type Prng } from "../born/prng";

const root = mkdtempSync(join(tmpdir(), "born-git-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const baseEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith("GIT_")),
);
const gitEnv = { ...baseEnv, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_TERMINAL_PROMPT: "0" };

function git(dir: string, args: string[], env: NodeJS.ProcessEnv = {}, input?: string): string {
  return execFileSync("git", args, {
    cwd: dir,
    env: { ...gitEnv, ...env },
    encoding: "utf8",
    input,
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** Git's internal date form for an ISO time, so no parser guesses a zone. */
const gitDate = (iso: string) => `@${Math.floor(Date.parse(iso) / 1000)} +0000`;
/** How `%aI` prints a time committed with {@link gitDate}. */
const printed = (iso: string) => new Date(Date.parse(iso)).toISOString().replace(".000Z", "+00:00");

let repoCount = 0;
function makeRepo(name = "repo"): string {
  const dir = join(root, `${name}-${++repoCount}`);
  mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  for (const [k, v] of [
    ["user.name", "Test"],
    ["user.email", "test@example.com"],
    ["commit.gpgsign", "false"],
    ["core.autocrlf", "false"],
  ]) {
    git(dir, ["config", k, v]);
  }
  return dir;
}

type When = string | { author: string; committer: string };
const dateEnv = (when: When) => {
  const { author, committer } = typeof when === "string" ? { author: when, committer: when } : when;
  return { GIT_AUTHOR_DATE: gitDate(author), GIT_COMMITTER_DATE: gitDate(committer) };
};

function write(dir: string, files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    if (text === null) {
      if (existsSync(full)) unlinkSync(full);
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

/** Writes (null: deletes) files, commits everything at `when`, returns the commit. */
function commit(dir: string, files: Record<string, string | null>, when: When, message = "change"): string {
  write(dir, files);
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "--allow-empty", "-m", message], dateEnv(when));
  return git(dir, ["rev-parse", "HEAD"]).trim();
}

const fn = (name: string, value: number | string, indent = "    ") =>
  `def ${name}(x):\n${indent}y = x * 2\n${indent}return y + ${value}\n`;

function expectBorn(result: GitBirth | undefined, expected: Partial<GitBorn>): GitBorn {
  expect(result, JSON.stringify(result)).toMatchObject({ rule: GIT_RULE, ...expected });
  expect(result?.born).not.toBeNull();
  return result as GitBorn;
}

describe("bornFromGit: edits", () => {
  it("keeps the date through whitespace-only edits, moves it with a token edit, per function of a file", async () => {
    const dir = makeRepo();
    const c1 = commit(dir, { "a.py": `# a\n\n${fn("f", 1)}\n${fn("g", 1)}\n${fn("h", 1)}` }, "2020-01-01T12:00:00Z");
    const f = fn("f", 1, "        ").replace(/\n/g, "  \r\n");
    const reindented = `# a\r\n\r\n\r\n${f}\n${fn("g", 1, "\t")}\n${fn("h", 1)}`;
    commit(dir, { "a.py": reindented }, "2020-06-01T12:00:00Z");
    const c3 = commit(
      dir,
      { "a.py": reindented.replace("return y + 1\n\n", "return y + 2\n\n").replace(fn("h", 1), fn("h", 10)) },
      "2021-01-01T12:00:00Z",
    );
    const out = await bornFromGit(dir, [
      { id: "f", path: "a.py", body: fn("f", 1, "        ") },
      { id: "g", path: "a.py", body: fn("g", 2, "\t") },
      { id: "h", path: "a.py", body: fn("h", 10) },
    ]);
    expectBorn(out.get("f"), { born: "2020-01-01", commit: c1, at: printed("2020-01-01T12:00:00Z"), path: "a.py" });
    expectBorn(out.get("g"), { born: "2021-01-01", commit: c3 });
    // `return y + 1` became `return y + 10`: a token edit, though the old text is a prefix of the new.
    expectBorn(out.get("h"), { born: "2021-01-01", commit: c3 });
    expect([...out.keys()]).toEqual(["f", "g", "h"]);
  });

  it("keeps the first appearance when code is removed and comes back, or a file is deleted and re-added", async () => {
    const dir = makeRepo();
    const c1 = commit(dir, { "a.py": fn("f", 1), "b.py": fn("g", 1) }, "2020-01-01T00:00:00Z");
    commit(dir, { "a.py": "# nothing here\n", "b.py": null }, "2021-01-01T00:00:00Z");
    commit(dir, { "a.py": `# back\n${fn("f", 1)}`, "b.py": `# back\n${fn("g", 1)}` }, "2022-01-01T00:00:00Z");
    const out = await bornFromGit(dir, [
      { id: "f", path: "a.py", body: fn("f", 1) },
      { id: "g", path: "b.py", body: fn("g", 1) },
    ]);
    expectBorn(out.get("f"), { born: "2020-01-01", commit: c1 });
    expectBorn(out.get("g"), { born: "2020-01-01", commit: c1, path: "b.py" });
  });
});

describe("bornFromGit: renames and moves", () => {
  it("follows a renamed file and reports the path the code had when it was born", async () => {
    const dir = makeRepo();
    const c1 = commit(dir, { "src dir/módulo ü.py": `# m\n${fn("f", 1)}` }, "2020-01-01T00:00:00Z");
    mkdirSync(join(dir, "naïve"));
    git(dir, ["mv", "src dir/módulo ü.py", "naïve/ファイル one.py"]);
    commit(dir, {}, "2021-01-01T00:00:00Z", "rename");
    const both = `# m\n${fn("f", 1)}\n${fn("g", 1)}`;
    const c3 = commit(dir, { "naïve/ファイル one.py": both }, "2022-01-01T00:00:00Z");
    const out = await bornFromGit(dir, [
      { id: "f", path: "naïve/ファイル one.py", body: fn("f", 1) },
      { id: "g", path: "./naïve//ファイル one.py", body: fn("g", 1) },
    ]);
    expectBorn(out.get("f"), { born: "2020-01-01", commit: c1, path: "src dir/módulo ü.py" });
    expectBorn(out.get("g"), { born: "2022-01-01", commit: c3, path: "naïve/ファイル one.py" });
    expect(out.get("f")?.notes).toEqual([
      "src dir/módulo ü.py was created by this commit: code moved or copied into a new file is dated by its arrival",
    ]);
  });

  it("dates code moved from another file by its arrival in this one (a documented limitation)", async () => {
    const dir = makeRepo();
    const others = Array.from({ length: 6 }, (_, i) => fn(`other${i}`, i)).join("\n");
    commit(
      dir,
      { "a.py": `# a\n${fn("f", 1)}\n${fn("g", 1)}\n${others}`, "b.py": `# b\n${fn("keep", 1)}` },
      "2020-01-01T00:00:00Z",
    );
    const c2 = commit(
      dir,
      { "a.py": `# a\n${others}`, "b.py": `# b\n${fn("keep", 1)}\n${fn("f", 1)}`, "c.py": `# c\n${fn("g", 1)}` },
      "2021-01-01T00:00:00Z",
    );
    const out = await bornFromGit(dir, [
      { id: "f", path: "b.py", body: fn("f", 1) },
      { id: "g", path: "c.py", body: fn("g", 1) },
    ]);
    expectBorn(out.get("f"), { born: "2021-01-01", commit: c2, path: "b.py", notes: [] });
    expectBorn(out.get("g"), { born: "2021-01-01", commit: c2, path: "c.py" });
    expect(out.get("g")?.notes.join(" ")).toContain("created by this commit");
  });

  it("follows a file created as a copy of another into that file's history (earlier, the cautious side)", async () => {
    const dir = makeRepo();
    const c1 = commit(dir, { "template.py": `# t\n${fn("f", 1)}` }, "2020-01-01T00:00:00Z");
    commit(dir, { "copy.py": `# t\n${fn("f", 1)}` }, "2021-01-01T00:00:00Z");
    const out = await bornFromGit(dir, [{ id: "f", path: "copy.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { born: "2020-01-01", commit: c1, path: "template.py" });
  });

  it("reads a path with glob characters literally", async () => {
    const dir = makeRepo();
    // Read as a glob, "a[1].py" would also name a1.py, which held f first (and is too unlike a[1].py to be its copy).
    const filler = Array.from({ length: 30 }, (_, i) => `value_${i} = ${i}\n`).join("");
    commit(dir, { "a1.py": `# one\n${fn("f", 1)}\n${filler}` }, "2020-01-01T00:00:00Z");
    const c2 = commit(dir, { "a[1].py": `# bracket\n${fn("f", 1)}` }, "2021-01-01T00:00:00Z");
    const out = await bornFromGit(dir, [{ id: "f", path: "a[1].py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { born: "2021-01-01", commit: c2, path: "a[1].py" });
  });
});

describe("bornFromGit: merges and rewritten history", () => {
  it("dates code from a merged branch by the branch's older commit", async () => {
    const dir = makeRepo();
    const filler = "one = 1\ntwo = 2\nthree = 3\n";
    commit(dir, { "a.py": `# a\n\n${filler}# end\n`, "other.py": "x = 1\n" }, "2019-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "-b", "feature"]);
    const c1 = commit(dir, { "a.py": `# a\n${fn("f", 1)}\n${filler}# end\n` }, "2020-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "main"]);
    commit(dir, { "other.py": "x = 2\n", "a.py": `# a\n\n${filler}# end, edited on main\n` }, "2021-01-01T00:00:00Z");
    git(dir, ["merge", "-q", "--no-ff", "-m", "merge feature", "feature"], dateEnv("2022-01-01T00:00:00Z"));
    expect(git(dir, ["cat-file", "-p", "HEAD:a.py"])).toContain("def f(x)");
    const out = await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { born: "2020-01-01", commit: c1 });
  });

  it("finds the older side when a merge leaves the file as both parents have it", async () => {
    // Default history simplification follows one parent of a merge TREESAME to both: --full-history is needed.
    const dir = makeRepo();
    commit(dir, { "a.py": "# a\n" }, "2019-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "-b", "feature"]);
    const old = commit(dir, { "a.py": `# a\n${fn("f", 1)}` }, "2020-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "main"]);
    commit(dir, { "a.py": `# a\n${fn("f", 1)}`, "b.py": "" }, "2021-01-01T00:00:00Z");
    git(dir, ["merge", "-q", "--no-ff", "-m", "merge feature", "feature"], dateEnv("2022-01-01T00:00:00Z"));
    const out = await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { born: "2020-01-01", commit: old });
  });

  it("dates code written while resolving a merge by the merge commit", async () => {
    const dir = makeRepo();
    commit(dir, { "a.py": `# a\n${fn("f", 0)}` }, "2019-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "-b", "feature"]);
    commit(dir, { "a.py": `# a\n${fn("f", 1)}` }, "2020-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "main"]);
    commit(dir, { "a.py": `# a\n${fn("f", 2)}` }, "2021-01-01T00:00:00Z");
    try {
      git(dir, ["merge", "-q", "--no-ff", "feature"]);
    } catch {
      // The conflict is the point: its resolution is new code.
    }
    const merge = commit(dir, { "a.py": `# a\n${fn("f", 3)}` }, "2022-01-01T00:00:00Z", "resolve");
    expect(git(dir, ["rev-list", "--parents", "-1", "HEAD"]).trim().split(" ")).toHaveLength(3);
    const out = await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 3) }]);
    expectBorn(out.get("f"), { born: "2022-01-01", commit: merge });
  });

  it("takes the author date of a rebased commit, the earlier of its two dates", async () => {
    const dir = makeRepo();
    commit(dir, { "a.py": "# a\n", "b.py": "" }, "2019-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "-b", "topic"]);
    commit(dir, { "a.py": `# a\n${fn("f", 1)}` }, "2020-05-01T00:00:00Z");
    git(dir, ["checkout", "-q", "main"]);
    commit(dir, { "b.py": "x = 1\n" }, "2021-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "topic"]);
    git(dir, ["rebase", "-q", "main"], { GIT_COMMITTER_DATE: gitDate("2021-06-01T00:00:00Z") });
    const rebased = git(dir, ["rev-parse", "HEAD"]).trim();
    expect(git(dir, ["log", "-1", "--format=%aI %cI"]).trim()).toBe(
      `${printed("2020-05-01T00:00:00Z")} ${printed("2021-06-01T00:00:00Z")}`,
    );
    const out = await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), {
      born: "2020-05-01",
      commit: rebased,
      at: printed("2020-05-01T00:00:00Z"),
      authorAt: printed("2020-05-01T00:00:00Z"),
      committerAt: printed("2021-06-01T00:00:00Z"),
    });
  });

  it("does not give a rebased commit's old author date to code it only carries along", async () => {
    const dir = makeRepo();
    commit(dir, { "a.py": "# a\n\nfirst = 1\n\n# middle\n\nlast = 1\n" }, "2019-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "-b", "topic"]);
    commit(dir, { "a.py": `# a\n\nfirst = 1\n\n# middle\n\nlast = 1\n${fn("old", 1)}` }, "2020-01-01T00:00:00Z");
    git(dir, ["checkout", "-q", "main"]);
    const brought = commit(
      dir,
      { "a.py": `# a\n${fn("fresh", 1)}\nfirst = 1\n\n# middle\n\nlast = 1\n` },
      "2021-06-01T00:00:00Z",
    );
    git(dir, ["checkout", "-q", "topic"]);
    git(dir, ["rebase", "-q", "main"], { GIT_COMMITTER_DATE: gitDate("2022-01-01T00:00:00Z") });
    const rebased = git(dir, ["rev-parse", "HEAD"]).trim();
    const out = await bornFromGit(dir, [
      { id: "fresh", path: "a.py", body: fn("fresh", 1) },
      { id: "old", path: "a.py", body: fn("old", 1) },
    ]);
    // The rebased commit's file holds `fresh`, and its author date (2020) is earlier, but `fresh` came with main's.
    expectBorn(out.get("fresh"), { born: "2021-06-01", commit: brought });
    expectBorn(out.get("old"), { born: "2020-01-01", commit: rebased });
  });

  it("takes the committer date when it is the earlier one", async () => {
    const dir = makeRepo();
    const c = commit(
      dir,
      { "a.py": fn("f", 1) },
      { author: "2021-03-01T00:00:00Z", committer: "2020-03-01T23:30:00Z" },
    );
    const out = await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { born: "2020-03-01", commit: c, at: printed("2020-03-01T23:30:00Z") });
  });

  it("dates by the earliest commit holding the code when dates run against ancestry", async () => {
    const dir = makeRepo();
    commit(dir, { "a.py": fn("f", 1) }, "2021-01-01T00:00:00Z");
    commit(dir, { "a.py": "# gone\n" }, "2021-02-01T00:00:00Z");
    const backdated = commit(dir, { "a.py": fn("f", 1) }, "2019-01-01T00:00:00Z");
    const out = await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { born: "2019-01-01", commit: backdated });
  });
});

describe("bornFromGit: cut histories and missing code", () => {
  it("gives a shallow clone's date with a note that it may be late, and its source says shallow", async () => {
    const src = makeRepo("shallow-src");
    const c1 = commit(src, { "a.py": `# a\n${fn("f", 1)}` }, "2020-01-01T00:00:00Z");
    commit(src, { "a.py": `# a\n${fn("f", 1)}\n${fn("g", 1)}` }, "2021-01-01T00:00:00Z");
    const head = commit(src, { "a.py": `# a, v3\n${fn("f", 1)}\n${fn("g", 1)}` }, "2022-01-01T00:00:00Z");
    const dst = join(root, `shallow-dst-${++repoCount}`);
    git(root, ["clone", "-q", "--depth", "1", `file://${src}`, dst]);

    const full = await bornFromGit(src, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    expectBorn(full.get("f"), { born: "2020-01-01", commit: c1 });
    expect(full.get("f")?.notes.join(" ")).not.toContain("shallow");

    const cut = await bornFromGit(dst, [{ id: "f", path: "a.py", body: fn("f", 1) }]);
    const born = expectBorn(cut.get("f"), { born: "2022-01-01", commit: head });
    expect(born.notes).toContain(
      "the repository is a shallow clone: history before its boundary is missing, so the code may be older",
    );

    expect(await gitSource(dst)).toEqual({ repo: `file://${src}`, commit: head, shallow: true });
    expect(await gitSource(src)).toMatchObject({ commit: head, shallow: false });
  });

  it("examines at most maxCommits of a file's history, newest first, and says so", async () => {
    const dir = makeRepo();
    const commits = [commit(dir, { "a.py": `# v0\n${fn("f", 1)}` }, "2020-01-01T00:00:00Z")];
    for (let i = 1; i <= 5; i++)
      commits.push(commit(dir, { "a.py": `# v${i}\n${fn("f", 1)}` }, `202${i}-01-01T00:00:00Z`));
    const target = [{ id: "f", path: "a.py", body: fn("f", 1) }];
    expectBorn((await bornFromGit(dir, target)).get("f"), {
      born: "2020-01-01",
      commit: commits[0],
      notes: [expect.stringContaining("created")],
    });
    const cut = expectBorn((await bornFromGit(dir, target, { maxCommits: 3 })).get("f"), {
      born: "2023-01-01",
      commit: commits[3],
    });
    expect(cut.notes).toEqual(["only the newest 3 commits of a.py were examined (maxCommits): the code may be older"]);
    expect((await bornFromGit(dir, target, { maxCommits: 6 })).get("f")?.notes.join(" ")).not.toContain("maxCommits");
  });

  it("says why there is no date: untracked, only staged, absent, uncommitted edit, a directory", async () => {
    const dir = makeRepo();
    commit(dir, { "a.py": `# a\n${fn("f", 1)}`, "pkg/x.py": "" }, "2020-01-01T00:00:00Z");
    write(dir, { "new.py": fn("n", 1), "staged.py": fn("s", 1), "a.py": `# a\n${fn("f", 99)}` });
    git(dir, ["add", "staged.py"]);
    const out = await bornFromGit(dir, [
      { id: "untracked", path: "new.py", body: fn("n", 1) },
      { id: "staged", path: "staged.py", body: fn("s", 1) },
      { id: "absent", path: "nowhere.py", body: fn("z", 1) },
      { id: "edited", path: "a.py", body: fn("f", 99) },
      { id: "dir", path: "pkg", body: fn("z", 1) },
    ]);
    expect(out.get("untracked")).toEqual({
      rule: GIT_RULE,
      born: null,
      reason: "not-committed",
      notes: ["new.py is not committed at HEAD (untracked, or only staged): it has no history to date it by"],
    });
    expect(out.get("staged")).toMatchObject({ born: null, reason: "not-committed" });
    expect(out.get("absent")).toEqual({
      rule: GIT_RULE,
      born: null,
      reason: "not-committed",
      notes: ["nowhere.py is neither in HEAD nor in the work tree"],
    });
    expect(out.get("edited")).toEqual({
      rule: GIT_RULE,
      born: null,
      reason: "not-found",
      notes: [
        "HEAD's a.py does not hold this body: an uncommitted edit, or code from elsewhere",
        "no commit of the 1 examined in a.py's history holds the body",
      ],
    });
    expect(out.get("dir")).toMatchObject({
      born: null,
      reason: "not-committed",
      notes: ["pkg is a tree at HEAD, not a file"],
    });
  });

  it("answers for a repository without commits, and refuses a directory outside git and bad targets", async () => {
    const empty = makeRepo();
    write(empty, { "a.py": fn("f", 1) });
    expect((await bornFromGit(empty, [{ id: "f", path: "a.py", body: fn("f", 1) }])).get("f")).toMatchObject({
      born: null,
      reason: "no-commits",
    });
    expect(await gitSource(empty)).toMatchObject({ commit: null, shallow: false });

    const plain = join(root, `plain-${++repoCount}`);
    mkdirSync(plain);
    await expect(bornFromGit(plain, [{ id: "f", path: "a.py", body: "x" }])).rejects.toThrow(
      "is not inside a git work tree",
    );
    await expect(bornFromGit(join(root, "missing"), [])).rejects.toThrow("does not exist");

    const dir = makeRepo();
    commit(dir, { "a.py": fn("f", 1) }, "2020-01-01T00:00:00Z");
    await expect(bornFromGit(dir, [{ id: "f", path: "/etc/passwd", body: "x" }])).rejects.toThrow("is absolute");
    await expect(bornFromGit(dir, [{ id: "f", path: "../a.py", body: "x" }])).rejects.toThrow('climbs out with ".."');
    await expect(bornFromGit(dir, [{ id: "f", path: "a.py", body: "\n \t" }])).rejects.toThrow("has an empty body");
    await expect(
      bornFromGit(dir, [
        { id: "f", path: "a.py", body: "x" },
        { id: "f", path: "a.py", body: "y" },
      ]),
    ).rejects.toThrow("appears twice");
  });
});

describe("bornFromGit: where and how it runs", () => {
  it("takes paths relative to a folder inside the work tree", async () => {
    const dir = makeRepo();
    const c = commit(dir, { "sub dir/pkg/a.py": fn("f", 1) }, "2020-01-01T00:00:00Z");
    const out = await bornFromGit(join(dir, "sub dir"), [{ id: "f", path: "pkg/a.py", body: fn("f", 1) }]);
    expectBorn(out.get("f"), { commit: c, path: "sub dir/pkg/a.py" });
  });

  it("reads past a blob too large to search and keeps reading the next files", async () => {
    const dir = makeRepo();
    const c = commit(
      dir,
      { "big.py": `${"# padding\n".repeat(500)}${fn("f", 1)}`, "small.py": fn("g", 1) },
      "2020-01-01T00:00:00Z",
    );
    const out = await bornFromGit(
      dir,
      [
        { id: "f", path: "big.py", body: fn("f", 1) },
        { id: "g", path: "small.py", body: fn("g", 1) },
      ],
      { maxBlobBytes: 1000 },
    );
    expect(out.get("f")).toMatchObject({
      born: null,
      reason: "not-found",
      notes: ["big.py at HEAD is larger than maxBlobBytes (1000) or unreadable: not searched"],
    });
    expectBorn(out.get("g"), { commit: c });
  });

  it("stops on abort with the signal's reason, and past timeoutMs with an error naming the bound", async () => {
    const dir = makeRepo();
    commit(dir, { "a.py": fn("f", 1) }, "2020-01-01T00:00:00Z");
    const target = [{ id: "f", path: "a.py", body: fn("f", 1) }];
    const controller = new AbortController();
    controller.abort(new Error("cancelled by the test"));
    await expect(bornFromGit(dir, target, { signal: controller.signal })).rejects.toThrow("cancelled by the test");
    await expect(bornFromGit(dir, target, { timeoutMs: 1 })).rejects.toThrow(
      "bornFromGit gave up after 1 ms (timeoutMs)",
    );
  });

  it("ignores an inherited GIT_DIR pointing at another repository", async () => {
    const other = makeRepo("other");
    commit(other, { "a.py": fn("f", 1) }, "2019-01-01T00:00:00Z");
    const dir = makeRepo();
    const c = commit(dir, { "a.py": fn("f", 1) }, "2020-01-01T00:00:00Z");
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = join(other, ".git");
    try {
      expectBorn((await bornFromGit(dir, [{ id: "f", path: "a.py", body: fn("f", 1) }])).get("f"), { commit: c });
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });

  it("runs nothing the repository configures: fsmonitor hooks and signature programs stay unused", async () => {
    const dir = makeRepo();
    const base = commit(dir, { "a.py": fn("f", 1) }, "2020-01-01T00:00:00Z");
    commit(dir, { "a.py": `${fn("f", 1)}\n${fn("g", 1)}` }, "2021-01-01T00:00:00Z");
    const marker = join(dir, "..", `ran-${repoCount}`);
    const script = join(root, `hook-${repoCount}.sh`);
    writeFileSync(script, `#!/bin/sh\necho ran >> '${marker}'\nexit 1\n`);
    chmodSync(script, 0o755);
    // The last commit again, carrying a (fake) signature, so that showing it would call gpg.program.
    const tree = git(dir, ["rev-parse", "HEAD^{tree}"]).trim();
    const signed = git(
      dir,
      ["hash-object", "-t", "commit", "-w", "--stdin"],
      {},
      `tree ${tree}\nparent ${base}\nauthor T <t@e> 1600000000 +0000\ncommitter T <t@e> 1600000000 +0000\n` +
        "gpgsig -----BEGIN PGP SIGNATURE-----\n \n fake\n -----END PGP SIGNATURE-----\n\nsigned\n",
    ).trim();
    git(dir, ["update-ref", "refs/heads/main", signed]);
    for (const [k, v] of [
      ["core.fsmonitor", script],
      ["gpg.program", script],
      ["log.showSignature", "true"],
      ["diff.external", script],
    ]) {
      git(dir, ["config", k, v]);
    }
    // The controls: the same settings do run the script for commands that honour them.
    git(dir, ["status", "--porcelain"]);
    expect(existsSync(marker), "fsmonitor ran for git status").toBe(true);
    unlinkSync(marker);
    git(dir, ["log", "-1", "--format=%H"]);
    expect(existsSync(marker), "gpg.program ran for git log").toBe(true);
    unlinkSync(marker);

    const out = await bornFromGit(dir, [
      { id: "f", path: "a.py", body: fn("f", 1) },
      { id: "g", path: "a.py", body: fn("g", 1) },
    ]);
    expectBorn(out.get("f"), { commit: base });
    expectBorn(out.get("g"), { commit: signed });
    await gitSource(dir);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("gitSource", () => {
  it("names the remote without credentials, or the folder when there is none", async () => {
    const dir = makeRepo("named");
    const head = commit(dir, { "a.py": "" }, "2020-01-01T00:00:00Z");
    expect(await gitSource(dir)).toEqual({ repo: dir.split("/").at(-1), commit: head, shallow: false });
    git(dir, ["remote", "add", "upstream", "git@example.com:o/up.git"]);
    expect((await gitSource(dir)).repo).toBe("git@example.com:o/up.git");
    git(dir, ["remote", "add", "origin", "https://user:s3cret-token@example.com/o/r.git"]);
    expect((await gitSource(dir)).repo).toBe("https://example.com/o/r.git");
  });
});

// ---------------------------------------------------------------------------------------------
// The brute-force oracle: every commit reachable from HEAD, every file of its tree, read with
// git show; a function is born at the earliest (earlier-of-two) date of any commit holding it.

interface GenFunction {
  file: string;
  variant: number;
  style: number;
  present: boolean;
  seen: number[];
}

/** A function in one of its variants (tokens) and styles (whitespace only). */
function genText(name: string, variant: number, style: number): string {
  const indent = ["    ", "  ", "\t", "        "][style % 4];
  const eol = style % 3 === 2 ? "\r\n" : style % 3 === 1 ? "   \n" : "\n";
  const extra = variant % 2 === 1 ? `${indent}x = x - ${variant}${eol}` : "";
  return `def ${name}(x):${eol}${extra}${indent}return x + ${variant}${eol}${style % 2 === 1 ? eol : ""}`;
}

interface History {
  dir: string;
  /** Each file's current path, by its stable id. */
  paths: Map<string, string>;
  functions: Map<string, GenFunction>;
}

function render(h: History, fileId: string): string {
  const body = [...h.functions.entries()]
    .filter(([, f]) => f.file === fileId && f.present)
    .map(([n, f]) => genText(n, f.variant, f.style));
  return `# module ${fileId}\n\n${body.join("\n")}`;
}

/** One random change to a function of one of `files`, or a new function there. */
function mutate(r: Prng, h: History, files: readonly string[], counter: { n: number }): void {
  const candidates = [...h.functions.entries()].filter(([, f]) => files.includes(f.file));
  const roll = r.next();
  if (candidates.length === 0 || roll < 0.12) {
    const name = `fn${counter.n++}`;
    h.functions.set(name, {
      file: r.pick(files),
      variant: counter.n,
      style: r.int(6),
      present: true,
      seen: [counter.n],
    });
    return;
  }
  const [, f] = r.pick(candidates);
  if (roll < 0.35) {
    f.variant = 100 + counter.n++;
    f.seen.push(f.variant);
  } else if (roll < 0.55) f.style = (f.style + 1 + r.int(5)) % 6;
  else if (roll < 0.7) f.variant = r.pick(f.seen);
  // Removal half as likely as a return, so that HEAD keeps enough functions to check.
  else if (roll < 0.85) f.present = f.present ? r.chance(0.5) : true;
  else {
    // A whole-file re-indent: whitespace only.
    for (const [, g] of candidates) g.style = (g.style + 1) % 6;
  }
}

function generateHistory(seed: number): History {
  const r = prng(seed);
  const dir = makeRepo(`oracle-${seed}`);
  const h: History = {
    dir,
    paths: new Map([
      ["A", "pkg/a.py"],
      ["B", "lib/b b.py"],
      ["C", "c.py"],
    ]),
    functions: new Map(),
  };
  const counter = { n: 0 };
  let time = Date.UTC(2020, 0, 1);
  let renames = 0;
  // Committer dates rise with the commits (git log walks by them, and --follow switches names in
  // walk order); author dates are often earlier, as after a rebase, and then out of order.
  const when = (): When => {
    time += (1 + r.int(20)) * 86_400_000 + r.int(86_400) * 1000;
    const author = r.chance(0.3) ? time - r.int(300) * 86_400_000 - r.int(86_400) * 1000 : time;
    return { author: new Date(author).toISOString(), committer: new Date(time).toISOString() };
  };
  const commitFiles = (ids: readonly string[]) => {
    commit(dir, Object.fromEntries(ids.map((id) => [h.paths.get(id) ?? "", render(h, id)])), when());
  };
  const all = ["A", "B", "C"];
  for (let i = 0; i < 6; i++) mutate(r, h, all, counter);
  commitFiles(all);
  const total = 30 + r.int(21);
  for (let n = 1; n < total; ) {
    const roll = r.next();
    if (roll < 0.08) {
      const id = r.pick(all);
      const to = `moved ${++renames}/${r.pick(["naïve", "x", "データ"])}-${id}.py`;
      mkdirSync(join(dir, dirname(to)), { recursive: true });
      git(dir, ["mv", h.paths.get(id) ?? "", to]);
      h.paths.set(id, to);
      commit(dir, {}, when(), "rename");
      n++;
    } else if (roll < 0.2) {
      // A branch that edits one file, main editing the others meanwhile, then a merge.
      const side = r.pick(all);
      const rest = all.filter((id) => id !== side);
      const branch = `side-${n}`;
      git(dir, ["checkout", "-q", "-b", branch]);
      for (let k = 0; k < 1 + r.int(3); k++, n++) {
        mutate(r, h, [side], counter);
        commitFiles([side]);
      }
      git(dir, ["checkout", "-q", "main"]);
      for (let k = 0; k < 1 + r.int(2); k++, n++) {
        mutate(r, h, rest, counter);
        commitFiles(rest);
      }
      git(dir, ["merge", "-q", "--no-ff", "-m", "merge", branch], dateEnv(when()));
    } else {
      mutate(r, h, all, counter);
      commitFiles(all);
      n++;
    }
  }
  return h;
}

/**
 * Per function body, the earliest date (earlier of author and committer) of a commit that brought it
 * in: its tree holds the body and no parent's tree does. Every commit reachable from HEAD, every file
 * of its tree, read with git show; real parents, with no --follow and no log in between.
 */
function bruteForce(
  dir: string,
  bodies: Map<string, string>,
): Map<string, { epoch: number; at: string; commits: string[] }> {
  const graph = git(dir, ["rev-list", "--parents", "HEAD"])
    .trim()
    .split("\n")
    .map((l) => l.split(" "));
  const holds = new Map<string, Set<string>>();
  for (const [c] of graph) {
    const files = git(dir, ["ls-tree", "-r", "-z", "--name-only", c]).split("\0").filter(Boolean);
    const texts = files.map((p) => normaliseBody(git(dir, ["show", `${c}:${p}`])));
    holds.set(c, new Set([...bodies].filter(([, body]) => texts.some((t) => holdsBody(t, body))).map(([id]) => id)));
  }
  const best = new Map<string, { epoch: number; at: string; commits: string[] }>();
  for (const [c, ...parents] of graph) {
    const [authorAt, committerAt] = git(dir, ["show", "-s", "--format=%aI%n%cI", c]).trim().split("\n");
    const [a, b] = [Date.parse(authorAt), Date.parse(committerAt)];
    const { epoch, at } = b < a ? { epoch: b, at: committerAt } : { epoch: a, at: authorAt };
    for (const id of holds.get(c) ?? []) {
      if (parents.some((p) => holds.get(p)?.has(id))) continue;
      const current = best.get(id);
      if (!current || epoch < current.epoch) best.set(id, { epoch, at, commits: [c] });
      else if (epoch === current.epoch) current.commits.push(c);
    }
  }
  return best;
}

describe("bornFromGit against brute force", () => {
  it.each([1, 2, 3, 4])(
    "generated history, seed %i: every function's date and commit",
    async (seed) => {
      const h = generateHistory(seed);
      const targets = [...h.functions.entries()]
        .filter(([, f]) => f.present)
        .map(([name, f]) => ({
          id: name,
          path: h.paths.get(f.file) ?? "",
          body: genText(name, f.variant, (f.style + 1) % 6),
        }));
      expect(targets.length).toBeGreaterThan(3);
      const out = await bornFromGit(h.dir, targets);
      const oracle = bruteForce(h.dir, new Map(targets.map((t) => [t.id, normaliseBody(t.body)])));
      for (const t of targets) {
        const expected = oracle.get(t.id);
        const got = out.get(t.id);
        const where = `seed ${seed}, ${t.id} in ${t.path}: ${JSON.stringify(got)}`;
        expect(expected, where).toBeDefined();
        expect(got?.born, where).not.toBeNull();
        const born = got as GitBorn;
        expect(born.at, where).toBe(expected?.at);
        expect(expected?.commits, where).toContain(born.commit);
      }
    },
    120_000,
  );
});
