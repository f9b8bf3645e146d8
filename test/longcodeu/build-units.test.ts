/**
 * Python units for the LongCodeU builder: qualified names and scopes, CU_P's top-level functions,
 * docstrings and T2 requirements, the trivial-unit rule and trivial files. Expectations are read
 * off the fixture sources by hand.
 */
import { describe, expect, it } from "vitest";
import { cuPerception, codeView } from "../../src/benchmarks/longcodeu/curate/examples";
import { analyze, fixtureFile, unit } from "./build-helpers";

describe("units of a file", () => {
  it("names methods and nested functions like __qualname__ and records their scope", async () => {
    const file = await analyze(fixtureFile("inkwell", "inkwell/cli.py"), "inkwell/cli.py");
    expect(file.units.map((u) => [u.qualified, u.kind, u.scope])).toEqual([
      ["load_config", "function", "module"],
      ["load_config", "function", "module"],
      ["command", "function", "module"],
      ["build", "function", "module"],
      ["watch", "function", "module"],
      ["anchors", "function", "module"],
      ["Shell", "class", "module"],
      ["Shell.run", "function", "class"],
      ["Shell.run.<locals>.nested_helper", "function", "function"],
      ["help_command", "function", "module"],
      ["main", "function", "module"],
    ]);
  });

  it("CU_P: every def binding a module name, in order: also in module-level if/try/except/else and for blocks, decorated and async; not methods or nested ones; each name once per file", async () => {
    const file = await analyze(fixtureFile("inkwell", "inkwell/cli.py"), "inkwell/cli.py");
    expect(file.units.filter((u) => u.topLevel).map((u) => u.name)).toEqual([
      "load_config",
      "load_config",
      "command",
      "build",
      "watch",
      "anchors",
      "help_command",
      "main",
    ]);
    // Through a context of two files: file order, the try/else variants of load_config listed once.
    const text = fixtureFile("inkwell", "inkwell/text.py");
    const other = await analyze(text, "inkwell/text.py");
    const files = new Map([
      ["inkwell/text.py", other],
      ["inkwell/cli.py", file],
    ]);
    const view = codeView(
      "code",
      ["inkwell/text.py", "inkwell/cli.py"],
      "",
      (p) => files.get(p)!,
      (p) => files.get(p)!,
      () => true,
    );
    expect(cuPerception(view)?.answer.names).toEqual([
      "collapse_spaces",
      "slugify",
      "wrap_lines",
      "escape_html",
      "placeholder",
      "_identity",
      "load_config",
      "command",
      "build",
      "watch",
      "anchors",
      "help_command",
      "main",
    ]);
  });

  it("CU_P: a name defined in two files is listed for each; overload stubs, with and while blocks count once per name at the first position", async () => {
    const a = await analyze(
      [
        "import typing",
        "from contextlib import suppress",
        "@typing.overload",
        "def get(x: int) -> int: ...",
        "def main():",
        "    return 1",
        "def get(x):",
        "    return x",
        "with suppress(ImportError):",
        "    def fast():",
        "        return 2",
        "while False:",
        "    def never():",
        "        return 3",
        "class C:",
        "    def get(self):",
        "        def inner():",
        "            return 4",
        "        return inner",
        "",
      ].join("\n"),
      "a.py",
    );
    const b = await analyze("def main():\n    return 2\n", "b.py");
    const files = new Map([
      ["a.py", a],
      ["b.py", b],
    ]);
    const view = codeView(
      "code",
      ["a.py", "b.py"],
      "",
      (p) => files.get(p)!,
      (p) => files.get(p)!,
      () => true,
    );
    expect(cuPerception(view)?.answer.names).toEqual(["get", "main", "fast", "never", "main"]);
  });

  it("nesting: a method of a class defined in a function is in a function; overload stubs are trivial", async () => {
    const file = await analyze(
      [
        "def factory():",
        "    class Local:",
        "        def method(self):",
        "            return 1",
        "    return Local",
        "",
        "class Outer:",
        "    class Inner:",
        "        def method(self):",
        "            return 2",
        "",
      ].join("\n"),
    );
    expect(file.units.map((u) => [u.qualified, u.scope, u.inFunction])).toEqual([
      ["factory", "module", false],
      ["factory.<locals>.Local", "function", true],
      ["factory.<locals>.Local.method", "class", true],
      ["Outer", "module", false],
      ["Outer.Inner", "class", false],
      ["Outer.Inner.method", "class", false],
    ]);
  });

  it("a unit's code runs from the start of its line (indentation kept) to its end, without decorators", async () => {
    const file = await analyze(fixtureFile("inkwell", "inkwell/tokens.py"), "inkwell/tokens.py");
    expect(unit(file, "Token.is_tag").code).toBe(
      '    def is_tag(self):\n        """Tell whether this token is a tag."""\n        return self.kind == "tag"',
    );
    expect(unit(file, "Token").code.startsWith("class Token:\n")).toBe(true);
    const cli = await analyze(fixtureFile("inkwell", "inkwell/cli.py"));
    expect(unit(cli, "watch").code).toBe(
      'async def watch(args):\n    """Re-render templates whenever they change."""\n    raise NotImplementedError',
    );
  });

  it("docstrings are cleaned like inspect.cleandoc; the T2 requirement is the signature and docstring, dedented", async () => {
    const file = await analyze(
      [
        "class Store:",
        "    def load(self, key,",
        "             default=None):",
        '        """Load a value.',
        "",
        "            Falls back to ``default``.",
        '        """',
        "        return self.data.get(key, default)",
        "",
        "def f():",
        "    f'not a docstring'",
        "    return 1",
        "",
        "def g():",
        "    r'''Raw \\d docstring.'''",
        "    return 2",
      ].join("\n"),
    );
    const load = unit(file, "Store.load");
    expect(load.docstring?.text).toBe("Load a value.\n\nFalls back to ``default``.");
    expect(load.requirement).toBe(
      'def load(self, key,\n         default=None):\n    """Load a value.\n\n        Falls back to ``default``.\n    """',
    );
    expect(load.signature).toBe("(self, key, default=None)");
    expect(unit(file, "f").docstring).toBeUndefined();
    expect(unit(file, "f").requirement).toBeUndefined();
    expect(unit(file, "g").docstring?.text).toBe("Raw \\d docstring.");
  });
});

describe("the trivial-unit rule", () => {
  it("bodies of only pass, ..., a docstring and raise NotImplementedError (bare or called), and every __init__, are trivial", async () => {
    const file = await analyze(
      [
        "def a(): pass",
        "def b(): ...",
        'def c():\n    """Only documented."""',
        'def d():\n    """Doc."""\n    raise NotImplementedError("later")',
        "def e(): raise NotImplementedError",
        "class K:\n    def __init__(self):\n        self.x = compute()\n    def m(self):\n        return self.x",
        "class Empty(Exception):\n    pass",
        "def f(): raise ValueError('no')",
        "def g():\n    pass\n    pass",
        "def h():\n    return None",
        "class Data:\n    x: int",
      ].join("\n"),
    );
    const trivial = Object.fromEntries(file.units.map((u) => [u.qualified, u.trivial]));
    expect(trivial).toEqual({
      a: true,
      b: true,
      c: true,
      d: true,
      e: true,
      K: false,
      "K.__init__": true,
      "K.m": false,
      Empty: true,
      f: false,
      g: true,
      h: false,
      Data: false,
    });
  });

  it("fixture units: trivial ones are the abstract hooks, the empty exception and the initialisers", async () => {
    const tokens = await analyze(fixtureFile("inkwell", "inkwell/tokens.py"));
    expect(tokens.units.filter((u) => u.trivial).map((u) => u.qualified)).toEqual(["LexError", "Lexer.__init__"]);
    const text = await analyze(fixtureFile("inkwell", "inkwell/text.py"));
    expect(text.units.filter((u) => u.trivial).map((u) => u.qualified)).toEqual(["placeholder"]);
    const base = await analyze(fixtureFile("tidepool", "tidepool/storage/base.py"));
    expect(base.units.filter((u) => u.trivial).map((u) => u.qualified)).toEqual([
      "BaseStore.save",
      "BaseStore.load_all",
    ]);
  });
});

describe("trivial files", () => {
  it("files of only imports, __all__ and strings are never in a context; so are files with parse errors and empty ones", async () => {
    expect((await analyze(fixtureFile("inkwell", "inkwell/__init__.py"))).trivial).toBe(true);
    expect((await analyze(fixtureFile("tidepool", "tidepool/storage/__init__.py"))).trivial).toBe(true);
    expect((await analyze(fixtureFile("tidepool", "tidepool/__init__.py"))).trivial).toBe(true);
    expect((await analyze(fixtureFile("tidepool", "tests/test_jobs.py"))).trivial).toBe(false);
    expect(await analyze("")).toMatchObject({ trivial: true, units: [] });
    expect((await analyze("def broken(:\n    return 1\n")).trivial).toBe(true);
    expect((await analyze("import os\n__all__ = []\n__all__ += ['x']\nX = 1\n")).trivial).toBe(false);
  });
});
