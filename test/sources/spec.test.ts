import { describe, expect, it } from "vitest";
import { isSourceError, SourceError } from "../../src/lib/sources/errors";
import { formatSpec, parseSpec } from "../../src/lib/sources/spec";

function refusal(text: string): SourceError {
  try {
    parseSpec(text);
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(text)} was accepted`);
}

describe("parseSpec", () => {
  it.each([
    ["npm:left-pad", { registry: "npm", name: "left-pad" }],
    ["npm:left-pad@1.3.0", { registry: "npm", name: "left-pad", range: "1.3.0" }],
    ["npm:@scope/pkg@^1.2", { registry: "npm", name: "@scope/pkg", range: "^1.2" }],
    ["npm:@scope/pkg", { registry: "npm", name: "@scope/pkg" }],
    ["npm:react@next", { registry: "npm", name: "react", range: "next" }],
    ["npm:x@>=1.2.3 <2 || 3.x", { registry: "npm", name: "x", range: ">=1.2.3 <2 || 3.x" }],
    ["npm:JSONStream@1", { registry: "npm", name: "JSONStream", range: "1" }],
    ["  pypi:sampleproject@1.2.0 ", { registry: "pypi", name: "sampleproject", range: "1.2.0" }],
    ["pypi:zope.interface", { registry: "pypi", name: "zope.interface" }],
    ["pypi:Django@3.0rc1", { registry: "pypi", name: "Django", range: "3.0rc1" }],
    ["pypi:pkg@1!2.0.post1+local.7", { registry: "pypi", name: "pkg", range: "1!2.0.post1+local.7" }],
    ["crates:hg-core@0.0.1", { registry: "crates", name: "hg-core", range: "0.0.1" }],
    ["crates:serde_json", { registry: "crates", name: "serde_json" }],
    ["crates:tokio@1.0.0-alpha.1", { registry: "crates", name: "tokio", range: "1.0.0-alpha.1" }],
  ])("reads %s", (text, expected) => {
    expect(parseSpec(text)).toEqual(expected);
  });

  it.each([
    ["left-pad", /starts with npm:, pypi:, crates:/],
    ["maven:junit", /starts with npm:, pypi:, crates:/],
    ["npm:", /name is missing/],
    ["npm:@1.2.3", /not an npm package name/],
    ["npm:left-pad@", /nothing after @/],
    ["npm:.hidden", /not an npm package name/],
    ["npm:_private", /not an npm package name/],
    ["npm:has space", /not an npm package name/],
    ["npm:@Scope/pkg", /not an npm package name/],
    ["npm:@scope/", /not an npm package name/],
    [`npm:${"a".repeat(215)}`, /not an npm package name/],
    ["npm:left-pad@>=1.2.3.4", /neither a semver range nor a dist-tag/],
    ["npm:left-pad@^", /neither a semver range nor a dist-tag/],
    ["pypi:-bad", /not a pypi package name/],
    ["pypi:sampleproject@>=1.0", /exact version/],
    ["pypi:sampleproject@~=1.0", /exact version/],
    ["pypi:sampleproject@1.0 2.0", /exact version/],
    ["crates:9lives", /not a crates package name/],
    ["crates:serde@^1.0", /exact version/],
    ["crates:serde@1.0", /exact version/],
    ["crates:serde@v1.0.0", /exact version/],
  ])("refuses %s", (text, message) => {
    const error = refusal(text);
    expect(error.code).toBe("bad-spec");
    expect(isSourceError(error, "bad-spec")).toBe(true);
    expect(error.message).toMatch(message);
  });

  it("round-trips through formatSpec", () => {
    for (const text of ["npm:@scope/pkg@^1.2", "pypi:sampleproject@1.2.0", "crates:itoa", "npm:a@1 || 2"]) {
      expect(formatSpec(parseSpec(text))).toBe(text);
    }
  });
});
