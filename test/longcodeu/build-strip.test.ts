/**
 * CU_SA's stripped code: every comment and docstring removed, the code still parses, and each
 * unit's stripped text is its original text minus exactly those removals.
 */
import { describe, expect, it } from "vitest";
import { withTree } from "../../src/lib/code/parser";
import { stripPython } from "../../src/benchmarks/longcodeu/curate/strip";
import { RepoModel } from "../../src/benchmarks/longcodeu/curate/repo";
import { analyze, fixtureFile, fixtureRepo, python, unit } from "./build-helpers";

const SOURCE = `#!/usr/bin/env python3
"""Module doc."""

import os  # trailing


class A:
    """Class doc."""

    x = 1
    """Attribute doc."""

    def f(self):
        """Only a docstring."""

    def g(self):  # comment
        '''Doc.'''
        # own line
        return f"{self}"  # end


def h(): "doc"


def k():
    "a"; return 1


total = add(
    1,  # one
    # two
    2,
)
f"{total}"
`;

const STRIPPED = `import os


class A:
    x = 1

    def f(self):
        pass

    def g(self):
        return f"{self}"


def h(): pass


def k():
    return 1


total = add(
    1,
    2,
)
f"{total}"
`;

async function parsesCleanly(code: string): Promise<boolean> {
  return withTree(await python(), code, (root) => !root.hasError) ?? false;
}

describe("stripping comments and docstrings", () => {
  it("removes module, class, function and attribute docstrings and every comment; emptied bodies get pass; f-string statements stay", async () => {
    const out = stripPython(await python(), SOURCE);
    expect(out).toBe(STRIPPED);
    expect(await parsesCleanly(out)).toBe(true);
  });

  it("src/lib/code's removeComments (the RepoQA reference's) is not enough: it keeps the module docstring and can leave a body empty", async () => {
    const { removeCommentsSync } = await import("../../src/lib/code/functions");
    const reference = removeCommentsSync(await python(), SOURCE);
    expect(reference).toContain('"""Module doc."""');
    expect(await parsesCleanly(reference)).toBe(false);
  });

  it("is idempotent and leaves code without comments or docstrings unchanged", async () => {
    const lang = await python();
    expect(stripPython(lang, STRIPPED)).toBe(STRIPPED);
  });

  it("fixture files stay parseable and every unit's stripped code is its original code without the removed lines", async () => {
    const lang = await python();
    const repo = new RepoModel(lang, fixtureRepo("inkwell"));
    for (const path of repo.eligible) {
      const stripped = repo.stripped(path);
      expect(stripped, path).toBeDefined();
      expect(stripped!.clean, path).toBe(true);
      expect(stripped!.units.filter((u) => u.docstring)).toEqual([]);
      expect(
        withTree(lang, stripped!.code, (root) => root.descendantsOfType("comment").length),
        path,
      ).toBe(0);
      const original = repo.files.get(path)!;
      original.units.forEach((u, i) => {
        const s = stripped!.units[i];
        expect(s.qualified).toBe(u.qualified);
        // Every stripped line is an original line of the unit, in order (nothing rewritten but `pass`).
        const lines = u.code.split("\n").map((l) => l.replace(/\s+#.*$/, ""));
        let at = 0;
        for (const line of s.code.split("\n")) {
          if (line.trim() === "pass" && !lines.slice(at).some((l) => l === line)) continue;
          const found = lines.indexOf(line, at);
          expect(found, `${u.qualified}: ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
          at = found + 1;
        }
      });
    }
    const tokens = await analyze(repo.stripped("inkwell/tokens.py")!.code);
    expect(unit(tokens, "Lexer.advance").code).toBe(
      '    def advance(self, count):\n        chunk = self.source[self.pos:self.pos + count]\n        self.line += chunk.count("\\n")\n        self.pos += count\n        return chunk',
    );
    // The shebang, coding line and module docstring go; the first line is the first import.
    expect(repo.stripped("inkwell/text.py")!.code.split("\n")[0]).toBe("import re");
    expect(fixtureFile("inkwell", "inkwell/text.py").split("\n")[0]).toBe("#!/usr/bin/env python3");
  });
});
