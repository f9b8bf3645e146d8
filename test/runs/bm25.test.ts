import { describe, expect, it } from "vitest";
import { bestDocument, bm25Scores, codeTerms } from "../../src/lib/metrics/bm25";

describe("codeTerms", () => {
  it("splits camelCase, PascalCase and acronyms, and drops single digits", () => {
    expect(codeTerms("parseHTTPResponse2")).toEqual(["parse", "http", "response"]);
    expect(codeTerms("XMLHttpRequest")).toEqual(["xml", "http", "request"]);
    expect(codeTerms("getUserID")).toEqual(["get", "user", "id"]);
    expect(codeTerms("IOError")).toEqual(["io", "error"]);
    expect(codeTerms("HTTPServer")).toEqual(["http", "server"]);
  });

  it("splits snake_case, dunders, dots and other punctuation", () => {
    expect(codeTerms("read_file_lines")).toEqual(["read", "file", "lines"]);
    expect(codeTerms("def __init__(self, max_size):")).toEqual(["def", "init", "self", "max", "size"]);
    expect(codeTerms("os.path.join(root, name)")).toEqual(["os", "path", "join", "root", "name"]);
    expect(codeTerms("SCREAMING_SNAKE_CASE")).toEqual(["screaming", "snake", "case"]);
  });

  it("splits digits off letters and keeps digit runs of two or more", () => {
    expect(codeTerms("hashlib.sha256(data)")).toEqual(["hashlib", "sha", "256", "data"]);
    expect(codeTerms("a SHA-256 digest")).toEqual(["sha", "256", "digest"]);
    expect(codeTerms("base64.b64encode")).toEqual(["base", "64", "64", "encode"]);
    expect(codeTerms("myVar2Name")).toEqual(["my", "var", "name"]);
    expect(codeTerms("int32")).toEqual(["int", "32"]);
  });

  it("drops stop words and one-character terms, lower-casing the rest", () => {
    expect(codeTerms("Returns the number of items in a List")).toEqual(["returns", "number", "items", "list"]);
    expect(codeTerms("for i in range(n): x = x + i")).toEqual(["range"]);
    expect(codeTerms("")).toEqual([]);
  });

  it("keeps non-ASCII letters together", () => {
    expect(codeTerms("naïveBayes")).toEqual(["naïve", "bayes"]);
  });
});

describe("bm25Scores", () => {
  // Terms: d0 = parse json file (3), d1 = write json json (3), d2 = read file lines disk (4, "from"
  // is a stop word). N = 3, avgdl = 10/3. The query's terms are parse and json ("the" is dropped).
  const corpus = ["parse_json_file", "writeJson(json)", "read file lines from disk"];

  it("matches the formula worked out by hand", () => {
    const k1 = 1.2;
    const b = 0.75;
    const avgdl = 10 / 3;
    const idfParse = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5)); // df = 1: ln(1 + 2.5/1.5) = ln(8/3)
    const idfJson = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // df = 2: ln(1 + 1.5/2.5) = ln(1.6)
    const norm3 = k1 * (1 - b + (b * 3) / avgdl); // 1.2 * (0.25 + 0.75 * 0.9) = 1.11
    const expected0 = (idfParse * (1 * (k1 + 1))) / (1 + norm3) + (idfJson * (1 * (k1 + 1))) / (1 + norm3);
    const expected1 = (idfJson * (2 * (k1 + 1))) / (2 + norm3);

    expect(idfParse).toBeCloseTo(Math.log(8 / 3), 15);
    expect(norm3).toBeCloseTo(1.11, 15);
    const scores = bm25Scores("parse the JSON", corpus);
    expect(scores).toHaveLength(3);
    expect(scores[0]).toBeCloseTo(expected0, 12);
    expect(scores[1]).toBeCloseTo(expected1, 12);
    expect(scores[2]).toBe(0);
    // The same numbers, rounded, as a check on the check.
    expect(scores[0]).toBeCloseTo(1.51272, 4);
    expect(scores[1]).toBeCloseTo(0.66495, 4);
  });

  it("counts query terms with multiplicity", () => {
    const once = bm25Scores("json", corpus);
    const twice = bm25Scores("json JSON", corpus);
    expect(once[0]).toBeGreaterThan(0);
    expect(twice.map((s, i) => s / once[i])).toEqual([2, 2, Number.NaN]);
  });

  it("takes k1 and b; b = 0 turns off length normalisation", () => {
    const k1 = 2;
    const idfFile = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // file is in d0 and d2
    const scores = bm25Scores("file", corpus, { k1, b: 0 });
    // With b = 0 the 3-term d0 and the 4-term d2 score the same: idf * (k1 + 1) / (1 + k1).
    expect(scores[0]).toBeCloseTo(idfFile, 12);
    expect(scores[2]).toBeCloseTo(idfFile, 12);
    // With the default b the shorter document wins.
    const normalised = bm25Scores("file", corpus);
    expect(normalised[0]).toBeGreaterThan(normalised[2]);
  });

  it("gives [] for an empty corpus and zeros, not NaN, for documents without terms", () => {
    expect(bm25Scores("anything", [])).toEqual([]);
    expect(bm25Scores("anything", ["", "(){}", "a b c"])).toEqual([0, 0, 0]);
    expect(bm25Scores("", corpus)).toEqual([0, 0, 0]);
  });
});

describe("bestDocument", () => {
  const functions = [
    `def load_config(path, defaults):
    """Load settings."""
    with open(path) as f:
        data = yaml.safe_load(f)
    merged = dict(defaults)
    merged.update(data or {})
    return merged`,
    `def compute_checksum(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()`,
    `export function debounce<T extends unknown[]>(fn: (...args: T) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: T) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
}`,
    `def parse_http_response(raw: bytes):
    head, _, body = raw.partition(b"\\r\\n\\r\\n")
    status_line, *header_lines = head.decode("latin-1").split("\\r\\n")
    headers = dict(line.split(": ", 1) for line in header_lines)
    return int(status_line.split()[1]), headers, body`,
    `export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? \`\${minutes}m \${seconds % 60}s\` : \`\${seconds}s\`;
}`,
  ];

  it("picks the obviously right function for each description", () => {
    expect(
      bestDocument(
        "Reads a YAML configuration file and merges it over the given defaults, returning the merged settings.",
        functions,
      ),
    ).toBe(0);
    expect(bestDocument("Computes the SHA-256 checksum of the data and returns it as a hex digest.", functions)).toBe(
      1,
    );
    expect(
      bestDocument(
        "Returns a wrapper that delays calling fn until waitMs milliseconds have passed since the last call, resetting the timer each time.",
        functions,
      ),
    ).toBe(2);
    expect(
      bestDocument("Parses a raw HTTP response into its status code, a dictionary of headers and the body.", functions),
    ).toBe(3);
    expect(bestDocument("Formats a duration given in milliseconds as minutes and seconds.", functions)).toBe(4);
  });

  it("takes the first document on ties, including when nothing matches", () => {
    expect(bestDocument("sort the list", ["def sort_list(xs): ...", "def list_sort(xs): ..."])).toBe(0);
    expect(bestDocument("sort the list", ["def list_sort(xs): ...", "def sort_list(xs): ..."])).toBe(0);
    expect(bestDocument("quantum chromodynamics", functions)).toBe(0);
    expect(
      bestDocument("sort the list", ["def unrelated(): ...", "def sort_list(xs): ...", "def list_sort(xs): ..."]),
    ).toBe(1);
  });

  it("gives -1 for no documents", () => {
    expect(bestDocument("anything", [])).toBe(-1);
  });
});
