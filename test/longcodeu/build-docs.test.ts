/**
 * LDU documentation: sections from Markdown, reStructuredText and docstrings, which API a section
 * documents, the numbered `<BEGIN>`/`<END>` layout, and an LDU example built on it.
 */
import { describe, expect, it } from "vitest";
import { PyRandom } from "../../src/lib/datasets/pyrandom";
import {
  docsContextText,
  docstringSections,
  documentedApis,
  markdownSections,
  rstSections,
} from "../../src/benchmarks/longcodeu/curate/doc-sections";
import { documentationUnderstanding } from "../../src/benchmarks/longcodeu/curate/examples";
import { RepoModel } from "../../src/benchmarks/longcodeu/curate/repo";
import { analyze, fixtureFile, fixtureRepo, python } from "./build-helpers";

describe("documentation sections", () => {
  it("Markdown: ATX and setext headings with their text; headings in fenced code do not count; no preamble", () => {
    const sections = markdownSections("README.md", fixtureFile("inkwell", "README.md"));
    expect(sections.map((s) => [s.id, s.heading])).toEqual([
      ["README.md#1", "Inkwell"],
      ["README.md#2", "Installation"],
      ["README.md#3", "Rendering with `render()`"],
      ["README.md#4", "The Lexer class"],
      ["README.md#5", "Slugs"],
      ["README.md#6", "Helpers"],
    ]);
    expect(sections[2].text).toBe(
      '## Rendering with `render()`\n\nCall `render(source, context)` to render a template; pass `html=False` for wrapped plain text.\n\n```python\n# render a heading\nprint(render("{{ # Intro }}"))\n```',
    );
    expect(sections[5].text).toBe(
      "Helpers\n-------\n\n`wrap_lines` and `collapse_spaces` are small helpers used by the renderers.",
    );
    expect(markdownSections("x.md", "intro\n\n# Only a heading\n# Next\n\ntext\n").map((s) => s.heading)).toEqual([
      "Next",
    ]);
  });

  it("reStructuredText: titles with underline (and overline) and their text", () => {
    const sections = rstSections("docs/api.rst", fixtureFile("inkwell", "docs/api.rst"));
    expect(sections.map((s) => s.heading)).toEqual([
      "Inkwell API",
      "``tokenize``",
      "HtmlRenderer",
      "count_tags(source)",
      "Changelog",
    ]);
    expect(sections[0].text).toBe(
      "=============\nInkwell API\n=============\n\nThe public functions and classes of inkwell.",
    );
    expect(sections[2].text).toBe(
      'HtmlRenderer\n------------\n\nRenders templates to HTML. Values are escaped with ``escape_html``.\n\n.. code-block:: python\n\n    HtmlRenderer({"name": "Ada"}).render("Hi {{ name }}")',
    );
    // An underline shorter than its title is not a title.
    expect(rstSections("x.rst", "Title\n===\n\ntext\n")).toEqual([]);
  });

  it("docstrings of public, non-trivial units: `qualified(signature)`, a blank line, the cleaned docstring; methods drop self, classes show __init__'s parameters", async () => {
    const file = await analyze(fixtureFile("tidepool", "tidepool/jobs.py"), "tidepool/jobs.py");
    const sections = docstringSections("tidepool/jobs.py", file.units);
    expect(sections.map((s) => s.heading)).toEqual([
      "Job(name, priority=0, retries=3)",
      "Job.sort_key()",
      "Job.exhausted()",
      "make_job(name, priority=0)",
      "clamp(value, low, high)",
      "parse_priority(text)",
    ]);
    expect(sections[3]).toEqual({
      id: "tidepool/jobs.py#4",
      path: "tidepool/jobs.py",
      source: "docstring",
      heading: "make_job(name, priority=0)",
      text: "make_job(name, priority=0)\n\nCreate a job, clamping the priority to the range 0 to 9.",
      api: "make_job",
      unit: 5,
    });
    // Private (`_identity`), undocumented and trivial (`placeholder`) units have no section.
    const text = await analyze(fixtureFile("inkwell", "inkwell/text.py"));
    expect(docstringSections("inkwell/text.py", text.units).map((s) => s.api)).toEqual([
      "collapse_spaces",
      "slugify",
      "wrap_lines",
      "escape_html",
    ]);
  });
});

describe("which API a section documents", () => {
  const apis = new Set(["render", "Lexer", "tokenize", "count_tags", "run", "HtmlRenderer", "escape_html"]);
  const md = (heading: string) => ({
    id: "x#1",
    path: "x.md",
    source: "markdown" as const,
    heading,
    text: `# ${heading}\n\ntext`,
  });

  it("a heading names an API as code: in backticks, called, dotted, or a code-shaped name", () => {
    expect(documentedApis(md("Rendering with `render()`"), apis)).toEqual(["render"]);
    expect(documentedApis(md("The Lexer class"), apis)).toEqual(["Lexer"]);
    expect(documentedApis(md("count_tags(source)"), apis)).toEqual(["count_tags"]);
    expect(documentedApis(md("``tokenize``"), apis)).toEqual(["tokenize"]);
    expect(documentedApis(md("inkwell.render and run()"), apis)).toEqual(["render", "run"]);
    // Plain words are prose, not API names; the body never counts.
    expect(documentedApis(md("How to run and render"), apis)).toEqual([]);
    expect(documentedApis(md("Helpers"), apis)).toEqual([]);
  });

  it("a docstring section documents its own unit only", () => {
    const section = {
      id: "a.py#1",
      path: "a.py",
      source: "docstring" as const,
      heading: "HtmlRenderer.render_tag(name)",
      text: "HtmlRenderer.render_tag(name)\n\nRender a tag.",
      api: "render_tag",
    };
    expect(documentedApis(section, new Set([...apis, "render_tag"]))).toEqual(["render_tag"]);
  });
});

describe("the docs context", () => {
  it("numbers sections from 1, each between <BEGIN> and <END>, a blank line between them", () => {
    expect(docsContextText([{ text: "# A\n\nfirst" }, { text: "B\n-\n\nsecond" }])).toBe(
      "1\n<BEGIN>\n# A\n\nfirst\n<END>\n\n2\n<BEGIN>\nB\n-\n\nsecond\n<END>\n",
    );
  });

  it("LDU asks for an API exactly one section of the context documents", async () => {
    const repo = new RepoModel(await python(), fixtureRepo("inkwell"));
    const byId = new Map(repo.sections.map((s) => [s.id, s]));
    // README "Rendering with `render()`" and the docstring of the module function render(): two
    // sections document `render`, so it is never asked; `Lexer` is documented only by the README.
    const chosen = ["README.md#3", "README.md#4", "inkwell/render.py#10", "README.md#6"].map((id) => byId.get(id)!);
    expect(chosen.map((s) => s.heading)).toEqual([
      "Rendering with `render()`",
      "The Lexer class",
      "render(source, context=None, html=True)",
      "Helpers",
    ]);
    for (const seed of [0, 1, 2, 3]) {
      const ex = documentationUnderstanding(chosen, repo, new PyRandom(seed))!;
      expect(ex.anchor).toEqual({ name: "Lexer" });
      expect(ex.answer).toEqual({
        section: 2,
        text: "## The Lexer class\n\n`Lexer` splits a source into text and tag tokens and counts lines as it goes.",
      });
    }
    expect(documentationUnderstanding([byId.get("README.md#6")!], repo, new PyRandom(0))).toBeUndefined();
  });

  it("LDU never answers with a section that scores BLEU < 1 against itself (fewer than 4 tokens)", async () => {
    const repo = new RepoModel(await python(), {
      repo: "short",
      files: {
        "m.py":
          'def tiny(a):\n    """Return a."""\n    return a + 1\n\ndef roomy(a):\n    """Return a plus one, as an integer."""\n    return a + 1\n',
      },
    });
    const texts = repo.sections.map((s) => s.text);
    expect(texts).toEqual(["tiny(a)\n\nReturn a.", "roomy(a)\n\nReturn a plus one, as an integer."]);
    expect(repo.scorableSection(texts[0])).toBe(false);
    for (const seed of [0, 1, 2, 3])
      expect(documentationUnderstanding(repo.sections, repo, new PyRandom(seed))!.anchor).toEqual({ name: "roomy" });
  });
});
