/**
 * DRA ground truth: direct calls resolved across a repository's files, each resolution kind, and
 * what is dropped. Expectations are read off the fixture sources (and small inline repositories).
 */
import { describe, expect, it } from "vitest";
import { RepoModel, type RepoInput } from "../../src/benchmarks/longcodeu/build/repo";
import { draAnchors } from "../../src/benchmarks/longcodeu/build/examples";
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
  for (const r of resolutions) if ("callee" in r && !how.has(`${r.callee.path}#${r.callee.index}`)) how.set(`${r.callee.path}#${r.callee.index}`, r.how);
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
    expect(calls(repo, "inkwell/render.py", "count_tags").callees).toEqual(["inkwell/tokens.py::tokenize (module-attribute)"]);
    // Only instantiations and a call on a local: no callee, so no DRA anchor.
    expect(calls(repo, "inkwell/render.py", "render")).toEqual({ callees: [], dropped: { instantiation: 2, local: 1 } });
  });

  it("absolute imports, `from pkg import module`, ClassName.method and a method inherited from an imported base", async () => {
    const repo = await model(fixtureRepo("tidepool"));
    expect(calls(repo, "tidepool/queue.py", "JobQueue.push_text").callees).toEqual(["tidepool/queue.py::JobQueue.push (self)", "tidepool/jobs.py::parse_priority (module-attribute)"]);
    expect(calls(repo, "tidepool/queue.py", "JobQueue.retry").callees).toEqual(["tidepool/jobs.py::Job.exhausted (class-attribute)", "tidepool/queue.py::JobQueue.push (self)"]);
    expect(calls(repo, "tidepool/queue.py", "JobQueue.push")).toEqual({ callees: ["tidepool/jobs.py::make_job (import)"], dropped: { external: 1, local: 1, dynamic: 1 } });
    expect(calls(repo, "tidepool/storage/memory.py", "MemoryStore.clear").callees).toEqual(["tidepool/storage/base.py::BaseStore.save_many (self)"]);
    expect(calls(repo, "tidepool/jobs.py", "make_job").callees).toEqual(["tidepool/jobs.py::clamp (same-file)"]);
    expect(calls(repo, "tests/test_jobs.py", "test_clamp_limits_both_ends").callees).toEqual(["tidepool/jobs.py::clamp (import)"]);
    // self.save() is BaseStore's own abstract (trivial) save.
    expect(calls(repo, "tidepool/storage/base.py", "BaseStore.save_many")).toEqual({ callees: [], dropped: { trivial: 1, external: 1 } });
  });

  it("DRA anchors: non-trivial functions with callees; T2 only those with a docstring", async () => {
    const repo = await model(fixtureRepo("tidepool"));
    const t1 = draAnchors(repo, false).map((a) => a.unit.qualified);
    expect(t1).toEqual(["test_clamp_limits_both_ends", "test_parse_priority_names", "make_job", "parse_priority", "JobQueue.push", "JobQueue.push_text", "JobQueue.retry", "JobQueue.drain", "MemoryStore.clear"]);
    const t2 = draAnchors(repo, true).map((a) => a.unit.qualified);
    expect(t2).toEqual(["make_job", "parse_priority", "JobQueue.push", "JobQueue.push_text", "JobQueue.retry", "JobQueue.drain", "MemoryStore.clear"]);
  });
});

describe("call resolution rules on small repositories", () => {
  const repoOf = (files: Record<string, string>) => model({ repo: "mini", files });

  it("re-exports through __init__.py, `import pkg.mod` attribute chains, `mod.Class.method` and cls.method", async () => {
    const repo = await repoOf({
      "pkg/__init__.py": "from .core import helper as exported\n",
      "pkg/core.py": "def helper():\n    return 1\n\nclass Tool:\n    def run(self):\n        return 2\n\n    @classmethod\n    def make(cls):\n        return cls.build()\n\n    @classmethod\n    def build(cls):\n        return cls()\n",
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
      "impl.py": "import base\n\nclass Impl(base.Base):\n    def hook(self):\n        return super(Impl, self).hook() + self.more()\n\n    def more(self):\n        return 2\n",
    });
    expect(calls(repo, "impl.py", "Impl.hook").callees).toEqual(["base.py::Base.hook (super)", "impl.py::Impl.more (self)"]);
  });
});
