/** The tolerant answer parsers, on the shapes the instructions demand and on messy real-world ones. */
import { describe, expect, it } from "vitest";
import {
  dedent,
  extractFunction,
  fencedBlocks,
  parseDataFlow,
  parseDocumentation,
  parseFunctionNames,
  parseUnits,
  topLevelChunks,
  unitName,
} from "../../src/benchmarks/longcodeu/score/parse";

const F = "```";

describe("CU_P names", () => {
  it("reads the demanded list", () => {
    expect(parseFunctionNames("Function_names = [normalize_sku, parse_price, load_rows]")).toEqual({
      names: ["normalize_sku", "parse_price", "load_rows"],
      closed: true,
      labelled: true,
    });
  });

  it("tolerates fences, prose, quotes, backticks, calls and def", () => {
    const out = `Sure! Here are the functions:\n${F}python\nFunction_names = ["normalize_sku", 'parse_price()', \`load_rows\`, def build_inventory, low_stock(inventory, threshold=5)]\n${F}\nLet me know if you need more.`;
    expect(parseFunctionNames(out)?.names).toEqual([
      "normalize_sku",
      "parse_price",
      "load_rows",
      "build_inventory",
      "low_stock",
    ]);
  });

  it("takes the last Function_names list when the model corrects itself, and reads multi-line lists", () => {
    const out =
      "Function_names = [a]\nWait, I missed some.\nFunction_names = [\n    'a',\n    'b',\n    ...,\n    'c',\n]";
    expect(parseFunctionNames(out)?.names).toEqual(["a", "b", "c"]);
  });

  it("falls back to the last bracketed list", () => {
    expect(parseFunctionNames("As noted in [1], the functions are: [distance, midpoint].")).toEqual({
      names: ["distance", "midpoint"],
      closed: true,
      labelled: false,
    });
  });

  it("reads a list cut off by max_tokens up to the end", () => {
    expect(parseFunctionNames("Function_names = [a, b, c")).toEqual({
      names: ["a", "b", "c"],
      closed: false,
      labelled: true,
    });
  });

  it("an empty list is a list; no list is unparseable", () => {
    expect(parseFunctionNames("Function_names = []")?.names).toEqual([]);
    expect(parseFunctionNames("There are no functions defined in this code.")).toBeNull();
    expect(parseFunctionNames("")).toBeNull();
  });
});

describe("CU_DFA lines", () => {
  it("reads the demanded pairs with their line numbers", () => {
    const out =
      "##### The extracted code line #####\n    total = 0.0\n##### Line number #####\n75\n\n##### The extracted code line #####\n        total += item.total_value()\n##### Line number #####\n77";
    expect(parseDataFlow(out)).toEqual({
      shape: "pairs",
      pairs: [
        { lines: ["    total = 0.0"], line: 75 },
        { lines: ["        total += item.total_value()"], line: 77 },
      ],
    });
  });

  it("tolerates fences, the paper's quote frames, labels around numbers and a missing number", () => {
    const out = `Here you go:\n${F}\n“\n#####  The extracted code line  #####\nx = 1\n##### Line number #####\nLine 12\n##### The extracted code line #####\nx += 2\n”\n${F}`;
    expect(parseDataFlow(out)?.pairs).toEqual([
      { lines: ["x = 1"], line: 12 },
      { lines: ["x += 2"], line: null },
    ]);
  });

  it("falls back to the lines of fenced blocks", () => {
    expect(parseDataFlow(`The lines are:\n${F}python\ntotal = 0.0\n\ntotal += item.total_value()\n${F}`)).toEqual({
      shape: "fenced",
      pairs: [
        { lines: ["total = 0.0"], line: null },
        { lines: ["total += item.total_value()"], line: null },
      ],
    });
  });

  it("prose alone or an empty answer is unparseable", () => {
    expect(parseDataFlow("The variable changes on lines 3 and 5.")).toBeNull();
    expect(parseDataFlow("")).toBeNull();
    expect(parseDataFlow("##### The extracted code line #####\n\n##### Line number #####\n")).toBeNull();
  });
});

describe("CU_SA function", () => {
  const fn = 'def parse_price(text):\n    cleaned = text.strip().lstrip("$")\n    return round(float(cleaned), 2)';

  it("takes the fenced block that holds a def", () => {
    expect(extractFunction(`Run this first:\n${F}bash\npip install x\n${F}\nThen:\n${F}python\n${fn}\n${F}`)).toEqual({
      code: fn,
      shape: "fenced",
    });
  });

  it("drops the paper's quote frames and prose before the def", () => {
    expect(extractFunction(`${F}\n""\n${fn}\n""\n${F}`)).toEqual({ code: fn, shape: "fenced" });
    expect(extractFunction(`The function is:\n\n${fn}\n`)).toEqual({ code: fn, shape: "def" });
  });

  it("unfenced, takes the first definition and leaves the prose after it", () => {
    expect(extractFunction(`Here it is:\n${fn}\nThis function parses prices.`)).toEqual({ code: fn, shape: "def" });
  });

  it("keeps decorators right above the def", () => {
    expect(extractFunction("Answer:\n@cache\nasync def f(x):\n    return x")?.code).toBe(
      "@cache\nasync def f(x):\n    return x",
    );
  });

  it("without a def, takes a fenced block; without either, unparseable", () => {
    expect(extractFunction(`${F}\nreturn x\n${F}`)).toEqual({ code: "return x", shape: "block" });
    expect(extractFunction("I cannot find such a function.")).toBeNull();
    expect(extractFunction("")).toBeNull();
  });
});

describe("DRA/SRE units", () => {
  it("reads ##### label ##### blocks, fenced inside or not, any label", () => {
    const out = [
      "Here are the functions:",
      "##### function_1 #####",
      `${F}python`,
      "def normalize_sku(raw):",
      "    return raw.upper()",
      F,
      "",
      "##### method_1 #####",
      "    def add(self, item):",
      "        self.items[item.sku] = item",
      "##### Top-3 #####",
      "class Inventory:",
      "    ##########",
      "    def __init__(self):",
      "        self.items = {}",
    ].join("\n");
    const parsed = parseUnits(out)!;
    expect(parsed.shape).toBe("labelled");
    expect(parsed.units.map((u) => [u.label, u.name])).toEqual([
      ["function_1", "normalize_sku"],
      ["method_1", "add"],
      ["Top-3", "Inventory"],
    ]);
    expect(parsed.units[0].code).toBe("def normalize_sku(raw):\n    return raw.upper()");
    // A `##########` banner inside a unit is a comment, not a header.
    expect(parsed.units[2].code).toContain("def __init__");
  });

  it("drops prose after the last labelled block, but not column-0 text inside a triple-quoted string", () => {
    const sql = 'def query(db):\n    sql = """\nSELECT name\nFROM items\n"""\n    return db.execute(sql)';
    const out = `##### Top-1 #####\n${sql}\n\n##### Top-2 #####\ndef other():\n    return 2\n\nThese two are the most similar because both return values.`;
    expect(parseUnits(out)!.units.map((u) => u.code)).toEqual([sql, "def other():\n    return 2"]);
  });

  it("a labelled block without a definition is a unit without a name", () => {
    expect(parseUnits("##### function_1 #####\nNone found.")!.units).toEqual([
      { label: "function_1", name: null, code: "None found." },
    ]);
  });

  it("falls back to fenced blocks, split into their top-level definitions", () => {
    const out = `The function calls:\n${F}python\ndef load_rows(rows):\n    return []\n\n@staticmethod\ndef parse(x):\n    return x\n${F}\nand\n${F}python\n    def add(self, item):\n        return 1\n${F}`;
    const parsed = parseUnits(out)!;
    expect(parsed.shape).toBe("fenced");
    expect(parsed.units.map((u) => u.name)).toEqual(["load_rows", "parse", "add"]);
    expect(parsed.units[1].code).toBe("@staticmethod\ndef parse(x):\n    return x");
    // A block that is one definition is kept as written, indentation and all.
    expect(parsed.units[2].code).toBe("    def add(self, item):\n        return 1");
  });

  it("falls back to top-level chunks of bare code, prose cut off", () => {
    const out = "The most similar are:\n\ndef a(\n    x,\n):\n    return x\nThis one is close.\nclass B:\n    pass\n";
    const parsed = parseUnits(out)!;
    expect(parsed.shape).toBe("chunks");
    expect(parsed.units.map((u) => u.code)).toEqual(["def a(\n    x,\n):\n    return x", "class B:\n    pass"]);
  });

  it("keeps a docstring's own fences: labelled blocks, fenced blocks with a longer fence, a fence wrapping the whole answer", () => {
    const method = `    def build(self):\n        """Build it.\n\n        ${F}python {test="skip"}\n        x = build()\n        ${F}\n        """\n        return self.make()`;
    expect(
      parseUnits(`##### Top-1 #####\n${method}\n\n##### Top-2 #####\ndef other():\n    return 2`)!.units[0].code,
    ).toBe(method);
    expect(parseUnits(`${F}\n##### Top-1 #####\n${method}\n${F}`)!.units.map((u) => u.code)).toEqual([method]);
    expect(parseUnits(`##### Top-1 #####\n${F}python\n${method}\n${F}\nIt builds.`)!.units[0].code).toBe(method);
    expect(
      parseUnits(`##### function_1 #####\nThis one:\n${F}python\ndef f():\n    return 1\n${F}`)!.units[0].code,
    ).toBe("def f():\n    return 1");
    // Three backticks at column 0: the docstring's fence lines, indented 8, do not close the block.
    expect(
      parseUnits(`${F}python\n${method}\n${F}\n\n${F}python\ndef g():\n    return 1\n${F}`)!.units.map((u) => u.code),
    ).toEqual([method, "def g():\n    return 1"]);
    expect(extractFunction(`${F}python\n${method}\n${F}`)).toEqual({ code: method, shape: "fenced" });
    // An indented answer still closes its fences.
    expect(fencedBlocks(`  ${F}python\n  def h():\n      return 1\n  ${F}\nprose`)).toEqual([
      "  def h():\n      return 1",
    ]);
    // Four backticks: the docstring's three-backtick lines do not close the block.
    expect(parseUnits(`${F}\`python\n${method}\n${F}\``)!.units.map((u) => u.code)).toEqual([method]);
    expect(extractFunction(`${F}\`python\n${method}\n${F}\``)).toEqual({ code: method, shape: "fenced" });
  });

  it("nothing of the kind is unparseable", () => {
    expect(parseUnits("It calls load_rows and add.")).toBeNull();
    expect(parseUnits("")).toBeNull();
  });

  it("names, chunks and dedent", () => {
    expect(unitName("@property\ndef size(self):\n    return 1")).toBe("size");
    expect(unitName("async def fetch(url):\n    ...")).toBe("fetch");
    expect(unitName("x = 1")).toBeNull();
    expect(dedent("    a\n      b\n\n    c")).toBe("a\n  b\n\nc");
    expect(topLevelChunks("x = 1\ndef f():\n    pass")).toEqual(["def f():\n    pass"]);
  });
});

describe("LDU documentation", () => {
  const doc = "parse_price(text)\nParse a price written with an optional dollar sign.";

  it("reads the demanded format", () => {
    expect(parseDocumentation(`# The sequence number\n2\n\n# The complete documentation\n${doc}`)).toEqual({
      text: doc,
      sequence: 2,
      shape: "labelled",
    });
  });

  it("tolerates fences, quote frames, inline numbers and copied markers", () => {
    const out = `${F}\n“\n# The sequence number: 2\n\n# The complete documentation\n<BEGIN>\n${doc}\n<END>\n”\n${F}`;
    expect(parseDocumentation(out)).toEqual({ text: doc, sequence: 2, shape: "labelled" });
  });

  it("keeps the fences of a section; strips only a fence wrapping the whole answer or the whole documentation text", () => {
    const section = `Usage\n\n${F}python\nparse_price("$3")\n${F}\n\nReturns a float.`;
    const answer = `# The sequence number\n4\n\n# The complete documentation\n${section}`;
    expect(parseDocumentation(answer)).toEqual({ text: section, sequence: 4, shape: "labelled" });
    expect(parseDocumentation(`${F}\n${answer}\n${F}`)).toEqual({ text: section, sequence: 4, shape: "labelled" });
    expect(
      parseDocumentation(`# The sequence number\n4\n\n# The complete documentation\n${F}markdown\n${section}\n${F}`),
    ).toEqual({ text: section, sequence: 4, shape: "labelled" });
  });

  it("falls back to the text between <BEGIN> and <END>", () => {
    expect(parseDocumentation(`The documentation is section 2:\n<BEGIN >\n${doc}\n<END >\nHope this helps.`)).toEqual({
      text: doc,
      sequence: null,
      shape: "markers",
    });
  });

  it("falls back to the whole answer without the sequence number block", () => {
    expect(parseDocumentation(`# The sequence number\n2\n${doc}`)).toEqual({ text: doc, sequence: 2, shape: "whole" });
  });

  it("no text is unparseable", () => {
    expect(parseDocumentation("")).toBeNull();
    expect(parseDocumentation("# The sequence number\n2\n\n# The complete documentation\n")).toBeNull();
  });
});
