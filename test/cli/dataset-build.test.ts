import { execFile } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");

async function build(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(
      join(ROOT, "node_modules/.bin/tsx"),
      [join(ROOT, "cli/family.ts"), "repoqa", "build", ...args],
      { cwd: ROOT },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** A repository of `n` documented Python functions in `files` modules. */
function pythonRepo(n: number, files = 3): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-repo-"));
  mkdirSync(join(dir, "lib"));
  for (let f = 0; f < files; f++) {
    const body = Array.from({ length: Math.ceil(n / files) }, (_, i) => {
      const k = f * 100 + i;
      return `def fn_${k}(items, limit=${k}):\n    """Collect the entries below the given limit and return them sorted ascending."""\n    out = [x for x in items if x < limit]\n    out.sort()\n    return out\n`;
    }).join("\n");
    writeFileSync(join(dir, "lib", `mod${f}.py`), `import os\n\n${body}`);
  }
  return dir;
}

describe("npm run dataset -- build", () => {
  it("writes an official-format release for a repository on disk", async () => {
    const dir = pythonRepo(30);
    writeFileSync(join(dir, "lib", "blob.py"), Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01]));
    writeFileSync(join(dir, "lib", "latin.py"), Buffer.from([0x23, 0x20, 0xe9, 0x0a]));
    const out = join(dir, "release.json");
    const { code, out: log } = await build([
      dir,
      "--id",
      "cli-test",
      "--needles",
      "5",
      "--bins",
      "16",
      "--seed",
      "3",
      "--out",
      out,
      "--no-load",
      "--name",
      "me/lib",
    ]);
    expect(code).toBe(0);
    expect(log).toContain("skipped lib/blob.py: binary (NUL bytes)");
    expect(log).toContain("skipped lib/latin.py: not valid UTF-8");
    const report = JSON.parse(readFileSync(join(dir, "release.report.json"), "utf8"));
    expect(report.repositories[0]).toMatchObject({
      repo: "me/lib",
      needles: 5,
      skipped: expect.arrayContaining([{ path: "lib/blob.py", reason: "binary (NUL bytes)" }]),
    });
    const release = JSON.parse(readFileSync(out, "utf8"));
    expect(Object.keys(release)).toEqual(["python"]);
    const [repo] = release.python;
    expect(repo).toMatchObject({ repo: "me/lib", entrypoint_path: "." });
    expect(repo.needles).toHaveLength(5);
    expect(Object.keys(repo.content).sort()).toEqual(["lib/mod0.py", "lib/mod1.py", "lib/mod2.py"]);
    // The same seed gives the same dataset.
    const again = join(dir, "again.json");
    await build([
      dir,
      "--id",
      "cli-test",
      "--needles",
      "5",
      "--bins",
      "16",
      "--seed",
      "3",
      "--out",
      again,
      "--no-load",
      "--name",
      "me/lib",
    ]);
    expect(readFileSync(again, "utf8")).toBe(readFileSync(out, "utf8"));
  });

  it("--curation reference reads the entry path as a string prefix and CRLF as LF; the report says which", async () => {
    const dir = pythonRepo(30);
    mkdirSync(join(dir, "libx"));
    writeFileSync(join(dir, "libx", "extra.py"), "def extra():\r\n    return 1\r\n");
    const ref = join(dir, "ref.json");
    const mine = join(dir, "mine.json");
    const args = [
      "--id",
      "cli-test",
      "--entry",
      "lib",
      "--needles",
      "5",
      "--bins",
      "16",
      "--no-load",
      "--name",
      "me/lib",
    ];
    expect((await build([dir, ...args, "--curation", "reference", "--out", ref])).code).toBe(0);
    expect((await build([dir, ...args, "--out", mine])).code).toBe(0);
    const content = (file: string) =>
      JSON.parse(readFileSync(file, "utf8")).python[0].content as Record<string, string>;
    expect(content(ref)["libx/extra.py"]).toBe("def extra():\n    return 1\n");
    expect(content(mine)["libx/extra.py"]).toBeUndefined();
    expect(JSON.parse(readFileSync(join(dir, "ref.report.json"), "utf8")).curation).toBe("reference");
    expect((await build([dir, ...args, "--curation", "pydeps"])).out).toMatch(
      /--curation must be needlework or reference/,
    );
  }, 180_000);

  it("names the missing directory", async () => {
    const { code, out } = await build(["/no/such/dir", "--id", "x", "--no-load"]);
    expect(code).toBe(2);
    expect(out).toMatch(/error: \/no\/such\/dir: no source files/);
  });

  it("refuses an unknown language and a bad option", async () => {
    const dir = pythonRepo(3, 1);
    expect((await build([dir, "--id", "x", "--lang", "cobol", "--no-load"])).out).toContain(
      "--lang must be one of python, cpp, java, typescript, rust, go",
    );
    expect((await build([dir, "--id", "x", "--needles", "0", "--no-load"])).out).toContain(
      '--needles must be a positive integer, got "0"',
    );
    expect((await build([dir, "--no-load"])).out).toContain("--id is required");
  });

  it("says when a repository has too few functions for the needles asked", async () => {
    const dir = pythonRepo(4, 1);
    const { code, out } = await build([dir, "--id", "x", "--no-load", "--needles", "10"]);
    expect(code).toBe(1);
    expect(out).toMatch(/only \d function\(s\) qualify as needles .* but 10 were requested/);
  });
});

describe("context flags", async () => {
  const { contextConfigFromFlags } = await import("../../src/benchmarks/repoqa/node/context-options");
  it("default to the instance's configuration, or none", () => {
    expect(contextConfigFromFlags({})).toBeUndefined();
    expect(contextConfigFromFlags({ "no-contexts": true })).toBeNull();
  });
  it("parse sizes, comment modes and depths", () => {
    expect(
      contextConfigFromFlags({ sizes: "8192,16384", "comment-modes": "original,no_padding", depths: "0,0.5,1" }),
    ).toEqual({
      sizes: [8192, 16384],
      comment_modes: ["original", "no_padding"],
      depths: [0, 0.5, 1],
    });
    expect(contextConfigFromFlags({ depths: "grid11" })!.depths).toHaveLength(11);
    expect(contextConfigFromFlags({ depths: "reference" })).toEqual({
      sizes: [16384],
      comment_modes: ["original"],
      depths: "reference",
    });
  });
  it("refuse what the API would refuse", () => {
    expect(() => contextConfigFromFlags({ sizes: "100" })).toThrow(/--sizes takes integers from 2048 to 131072/);
    expect(() => contextConfigFromFlags({ "comment-modes": "strip" })).toThrow(/--comment-modes/);
    expect(() => contextConfigFromFlags({ depths: "2" })).toThrow(/--depths/);
    expect(() => contextConfigFromFlags({ "needle-offsets": "bytes" })).toThrow(
      /--needle-offsets takes reference or characters/,
    );
  });
  it("take --needle-offsets alone (the other settings default)", () => {
    expect(contextConfigFromFlags({ "needle-offsets": "characters" })).toEqual({
      sizes: [16384],
      comment_modes: ["original"],
      depths: "reference",
      needle_offsets: "characters",
    });
  });
});
