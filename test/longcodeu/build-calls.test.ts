/**
 * DRA ground truth: direct calls resolved across a repository's files, each resolution kind, and
 * what is dropped. Expectations are read off the fixture sources (and small inline repositories).
 */
import { describe, expect, it } from "vitest";
import { RepoModel, type RepoInput } from "../../src/benchmarks/longcodeu/curate/repo";
import { draAnchors } from "../../src/benchmarks/longcodeu/curate/examples";
import { fixtureRepo, python, unit } from "./build-helpers";

async function model(input: RepoInput): Promise<RepoModel> {
  return new RepoModel(await python(), input);
}

/** `path::qualified (how)` of each callee in order, and the dropped calls by reason. */
function calls(repo: RepoModel, path: string, qualified: string) {
  const fn = unit(repo.files.get(path)!, qualified);
  const { callees, resolutions } = repo.resolver.callees(path, fn);
  // How the first call of each callee was resolved.
  const how = new Map<string, string>();
  for (const r of resolutions)
    if ("callee" in r && !how.has(`${r.callee.path}#${r.callee.index}`))
      how.set(`${r.callee.path}#${r.callee.index}`, r.how);
  const dropped: Record<string, number> = {};
  for (const r of resolutions) if ("dropped" in r) dropped[r.dropped] = (dropped[r.dropped] ?? 0) + 1;
  // Calls whose callee is no name or attribute chain (`"".join(...)`, `f()()`) are dynamic too.
  if (fn.dynamicCalls) dropped.dynamic = (dropped.dynamic ?? 0) + fn.dynamicCalls;
  return {
    callees: callees.map((c) => `${c.path}::${repo.resolver.unit(c).qualified} (${how.get(`${c.path}#${c.index}`)})`),
    dropped,
  };
}

describe("call resolution in the fixtures", () => {
  it("self, imported names (also under an alias), and what is dynamic, instantiation or outside the repository", async () => {
    const repo = await model(fixtureRepo("inkwell"));
    // end = self.source.find(...); raise LexError(...); raw = self.advance(end + len(...) - ...);
    // name = collapse_spaces(raw[len(...):-len(...)]); return Token(...)
    expect(calls(repo, "inkwell/tokens.py", "Lexer.read_tag")).toEqual({
      callees: ["inkwell/tokens.py::Lexer.advance (self)", "inkwell/text.py::collapse_spaces (import)"],
      dropped: { dynamic: 1, instantiation: 2, external: 3 },
    });
    // `from .tokens import tokenize as lex`; self.render_text is BaseRenderer's trivial hook.
    expect(calls(repo, "inkwell/render.py", "BaseRenderer.render")).toEqual({
      callees: ["inkwell/tokens.py::tokenize (import)", "inkwell/render.py::BaseRenderer.render_tag (self)"],
      dropped: { local: 3, trivial: 1, dynamic: 1 },
    });
  });

  it("module attributes (`import pkg.mod as m`, `from . import mod`), self, and super() to the base class", async () => {
    const repo = await model(fixtureRepo("inkwell"));
    expect(calls(repo, "inkwell/render.py", "HtmlRenderer.render_tag").callees).toEqual([
      "inkwell/text.py::slugify (module-attribute)",
      "inkwell/render.py::HtmlRenderer.render_text (self)",
      "inkwell/render.py::BaseRenderer.render_tag (super)",
    ]);
    expect(calls(repo, "inkwell/render.py", "PlainRenderer.render").callees).toEqual([
      "inkwell/render.py::BaseRenderer.render (super)",
      "inkwell/text.py::wrap_lines (module-attribute)",
    ]);
    expect(calls(repo, "inkwell/render.py", "count_tags").callees).toEqual([
      "inkwell/tokens.py::tokenize (module-attribute)",
    ]);
    // Only instantiations and a call on a local: no callee, so no DRA anchor.
    expect(calls(repo, "inkwell/render.py", "render")).toEqual({
      callees: [],
      dropped: { instantiation: 2, local: 1 },
    });
  });

  it("absolute imports, `from pkg import module`, ClassName.method and a method inherited from an imported base", async () => {
    const repo = await model(fixtureRepo("tidepool"));
    expect(calls(repo, "tidepool/queue.py", "JobQueue.push_text").callees).toEqual([
      "tidepool/queue.py::JobQueue.push (self)",
      "tidepool/jobs.py::parse_priority (module-attribute)",
    ]);
    expect(calls(repo, "tidepool/queue.py", "JobQueue.retry").callees).toEqual([
      "tidepool/jobs.py::Job.exhausted (class-attribute)",
      "tidepool/queue.py::JobQueue.push (self)",
    ]);
    expect(calls(repo, "tidepool/queue.py", "JobQueue.push")).toEqual({
      callees: ["tidepool/jobs.py::make_job (import)"],
      dropped: { external: 1, local: 1, dynamic: 1 },
    });
    expect(calls(repo, "tidepool/storage/memory.py", "MemoryStore.clear").callees).toEqual([
      "tidepool/storage/base.py::BaseStore.save_many (self)",
    ]);
    expect(calls(repo, "tidepool/jobs.py", "make_job").callees).toEqual(["tidepool/jobs.py::clamp (same-file)"]);
    expect(calls(repo, "tests/test_jobs.py", "test_clamp_limits_both_ends").callees).toEqual([
      "tidepool/jobs.py::clamp (import)",
    ]);
    // self.save() is BaseStore's own abstract (trivial) save.
    expect(calls(repo, "tidepool/storage/base.py", "BaseStore.save_many")).toEqual({
      callees: [],
      dropped: { trivial: 1, external: 1 },
    });
  });

  it("DRA anchors: non-trivial functions with callees; T2 only those with a docstring", async () => {
    const repo = await model(fixtureRepo("tidepool"));
    const t1 = draAnchors(repo, false).map((a) => a.unit.qualified);
    expect(t1).toEqual([
      "test_clamp_limits_both_ends",
      "test_parse_priority_names",
      "make_job",
      "parse_priority",
      "JobQueue.push",
      "JobQueue.push_text",
      "JobQueue.retry",
      "JobQueue.drain",
      "MemoryStore.clear",
    ]);
    const t2 = draAnchors(repo, true).map((a) => a.unit.qualified);
    expect(t2).toEqual([
      "make_job",
      "parse_priority",
      "JobQueue.push",
      "JobQueue.push_text",
      "JobQueue.retry",
      "JobQueue.drain",
      "MemoryStore.clear",
    ]);
  });
});

describe("call resolution rules on small repositories", () => {
  const repoOf = (files: Record<string, string>) => model({ repo: "mini", files });

  it("re-exports through __init__.py, `import pkg.mod` attribute chains, `mod.Class.method` and cls.method", async () => {
    const repo = await repoOf({
      "pkg/__init__.py": "from .core import helper as exported\n",
      "pkg/core.py":
        "def helper():\n    return 1\n\nclass Tool:\n    def run(self):\n        return 2\n\n    @classmethod\n    def make(cls):\n        return cls.build()\n\n    @classmethod\n    def build(cls):\n        return cls()\n",
      "app.py": [
        "import pkg.core",
        "from pkg import exported",
        "import pkg.core as c",
        "",
        "def main():",
        "    exported()",
        "    pkg.core.helper()",
        "    c.Tool.run(None)",
        "    c.Tool()",
        "",
      ].join("\n"),
    });
    expect(calls(repo, "app.py", "main")).toEqual({
      callees: ["pkg/core.py::helper (import)", "pkg/core.py::Tool.run (class-attribute)"],
      dropped: { instantiation: 1 },
    });
    expect(calls(repo, "pkg/core.py", "Tool.make").callees).toEqual(["pkg/core.py::Tool.build (cls)"]);
  });

  it("drops locals that shadow, recursion, builtins, stdlib, nested defs and lambdas; keeps calls in comprehensions and function-level imports", async () => {
    const repo = await repoOf({
      "util.py": "def load(x):\n    return x\n\ndef save(x):\n    return x\n\ndef other(x):\n    return x\n",
      "main.py": [
        "import os",
        "from util import load, save",
        "",
        "def walk(load, n):",
        "    load(n)",
        "    save(n)",
        "    os.path.join('a', 'b')",
        "    len([save(i) for i in range(n)])",
        "    walk(load, n - 1)",
        "    def inner():",
        "        return save(1)",
        "    f = lambda: save(2)",
        "    from util import other as o",
        "    o(n)",
        "    inner()",
        "    return f",
        "",
      ].join("\n"),
    });
    expect(calls(repo, "main.py", "walk")).toEqual({
      callees: ["util.py::save (import)", "util.py::other (import)"],
      dropped: { local: 2, external: 3, recursive: 1 },
    });
  });

  it("super(C, self).m() and a base class named through its module", async () => {
    const repo = await repoOf({
      "base.py": "class Base:\n    def hook(self):\n        return 1\n",
      "impl.py":
        "import base\n\nclass Impl(base.Base):\n    def hook(self):\n        return super(Impl, self).hook() + self.more()\n\n    def more(self):\n        return 2\n",
    });
    expect(calls(repo, "impl.py", "Impl.hook").callees).toEqual([
      "base.py::Base.hook (super)",
      "impl.py::Impl.more (self)",
    ]);
  });

  it("a name defined several times is its last definition; @overload stubs (bare, typing., t.) are never callees", async () => {
    const repo = await repoOf({
      "lib.py": [
        "import sys",
        "import typing",
        "import typing as t",
        "from typing import overload",
        "",
        "@overload",
        "def fetch(key: int) -> int: ...",
        "@typing.overload",
        "def fetch(key: str) -> str: ...",
        "def fetch(key):",
        "    return lookup(key)",
        "",
        "if sys.platform == 'win32':",
        "    def lookup(key):",
        "        return key",
        "else:",
        "    def lookup(key):",
        "        return str(key)",
        "",
        "def helper(x):",
        "    return x",
        "",
        "def helper(x):",
        "    return x * 2",
        "",
        "class Store:",
        "    @t.overload",
        "    def get(self, key: int) -> int: ...",
        "    @t.overload",
        "    def get(self, key: str) -> str: ...",
        "    def get(self, key):",
        "        return fetch(key)",
        "",
        "    def read(self, key):",
        "        return self.get(key) + helper(key) + only_stub(key)",
        "",
        "@overload",
        "def only_stub(key: int) -> int: ...",
        "",
      ].join("\n"),
      "app.py": "from lib import fetch, Store\n\ndef main(k):\n    return fetch(k) + Store.get(None, k)\n",
    });
    const lib = repo.files.get("lib.py")!;
    expect(lib.units.filter((u) => u.overload).map((u) => u.qualified)).toEqual([
      "fetch",
      "fetch",
      "Store.get",
      "Store.get",
      "only_stub",
    ]);
    expect(lib.units.filter((u) => u.overload).every((u) => u.trivial)).toBe(true);
    const at = (q: string, n: number) => lib.units.filter((u) => u.qualified === q)[n].startRow + 1;
    const row = (path: string, qualified: string) => {
      const fn = unit(repo.files.get(path)!, qualified);
      return repo.resolver
        .callees(path, fn)
        .callees.map((c) => `${repo.resolver.unit(c).qualified}@${repo.resolver.unit(c).startRow + 1}`);
    };
    // The implementation (the third `fetch`, line 10), not the first stub.
    expect(row("app.py", "main")).toEqual([`fetch@${at("fetch", 2)}`, `Store.get@${at("Store.get", 2)}`]);
    expect(at("fetch", 2)).toBe(10);
    // The else branch's lookup and the second helper: what the names are bound to once the module has run.
    const fetchImpl = lib.units.filter((u) => u.qualified === "fetch")[2];
    expect(repo.resolver.callees("lib.py", fetchImpl).callees.map((c) => repo.resolver.unit(c).startRow + 1)).toEqual([
      at("lookup", 1),
    ]);
    // self.get is the implementation; only_stub has no implementation: dropped as trivial.
    const read = unit(lib, "Store.read");
    const { callees, resolutions } = repo.resolver.callees("lib.py", read);
    expect(callees.map((c) => `${repo.resolver.unit(c).qualified}@${repo.resolver.unit(c).startRow + 1}`)).toEqual([
      `Store.get@${at("Store.get", 2)}`,
      `helper@${at("helper", 1)}`,
    ]);
    expect(resolutions.filter((r) => "dropped" in r).map((r) => ("dropped" in r ? r.dropped : ""))).toEqual([
      "trivial",
    ]);
  });

  it("a module-level import after a definition rebinds the name (and a definition after an import)", async () => {
    const repo = await repoOf({
      "fast.py": "def speedup(x):\n    return x + 1\n",
      "slow.py":
        "def speedup(x):\n    return x\n\ntry:\n    from fast import speedup\nexcept ImportError:\n    pass\n\nfrom fast import speedup as other\n\ndef other(x):\n    return -x\n\ndef run(x):\n    return speedup(x) + other(x)\n",
    });
    expect(calls(repo, "slow.py", "run").callees).toEqual(["fast.py::speedup (import)", "slow.py::other (same-file)"]);
  });

  it("DRA leaves out anchors calling a unit that scores CodeBLEU < 1 against itself (fewer than 4 tokens: no 4-gram)", async () => {
    const repo = await repoOf({
      "m.py":
        "def short(self):\n    cleanup()\n\ndef long_enough(x):\n    return x + 1 if x else 0\n\ndef uses_short(x):\n    return short(x)\n\ndef uses_long(x):\n    return long_enough(x) * 2\n",
    });
    const file = repo.files.get("m.py")!;
    expect(repo.scorable(unit(file, "short").code)).toBe(false);
    expect(repo.scorable(unit(file, "long_enough").code)).toBe(true);
    expect(draAnchors(repo, false).map((a) => a.unit.qualified)).toEqual(["uses_long"]);
  });
});
