import { describe, expect, it } from "vitest";
import { compareVersions, matchingVersions, parseRange, parseVersion, satisfies } from "../../src/lib/sources/semver";

describe("parseVersion and compareVersions", () => {
  it("orders versions by semver 2.0 precedence (the spec's own example chain)", () => {
    const chain = [
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-beta",
      "1.0.0-beta.2",
      "1.0.0-beta.11",
      "1.0.0-rc.1",
      "1.0.0",
      "1.0.1",
      "1.1.0",
      "2.0.0",
      "10.0.0",
    ];
    const parsed = chain.map((t) => parseVersion(t));
    expect(parsed.every(Boolean)).toBe(true);
    const shuffled = [...parsed].reverse();
    shuffled.sort((a, b) => compareVersions(a!, b!));
    expect(shuffled.map((v) => v!.text)).toEqual(chain);
  });

  it("ignores build metadata for precedence", () => {
    expect(compareVersions(parseVersion("1.2.3+a")!, parseVersion("1.2.3+b")!)).toBe(0);
  });

  it.each(["1.2", "01.2.3", "1.2.3-01", "1.2.3.4", "a.b.c", "1.2.3-", "", "99999999999999999999.0.0"])(
    "rejects %j",
    (text) => {
      expect(parseVersion(text)).toBeUndefined();
    },
  );
});

describe("satisfies (node-semver semantics)", () => {
  const cases: [string, string[], string[]][] = [
    ["^1.2.3", ["1.2.3", "1.9.9"], ["1.2.2", "2.0.0", "2.0.0-0", "1.3.0-beta"]],
    ["^0.2.3", ["0.2.3", "0.2.9"], ["0.3.0", "0.2.2"]],
    ["^0.0.3", ["0.0.3"], ["0.0.4", "0.0.2"]],
    ["^1.2.3-beta.2", ["1.2.3-beta.2", "1.2.3-beta.10", "1.2.3", "1.9.0"], ["1.2.3-beta.1", "1.2.4-beta.3", "2.0.0"]],
    ["^0.0.x", ["0.0.0", "0.0.9"], ["0.1.0"]],
    ["^1.x", ["1.0.0", "1.99.0"], ["2.0.0", "0.9.9"]],
    ["~1.2.3", ["1.2.3", "1.2.99"], ["1.3.0", "1.2.2"]],
    ["~1.2", ["1.2.0", "1.2.9"], ["1.3.0"]],
    ["~1", ["1.0.0", "1.9.9"], ["2.0.0"]],
    ["~>1.2.3", ["1.2.5"], ["1.3.0"]],
    ["~1.2.3-beta.2", ["1.2.3-beta.4", "1.2.3", "1.2.5"], ["1.2.4-beta.2", "1.3.0"]],
    ["1.x", ["1.0.0", "1.5.5"], ["2.0.0", "1.0.0-rc.1"]],
    ["1.2.*", ["1.2.0", "1.2.7"], ["1.3.0"]],
    ["*", ["0.0.0", "99.0.0"], ["1.0.0-alpha"]],
    ["", ["1.2.3"], ["1.2.3-alpha"]],
    [">=1.2.3 <2.0.0", ["1.2.3", "1.99.99"], ["2.0.0", "1.2.2"]],
    [">= 1.2.3 < 2", ["1.2.3", "1.5.0"], ["2.0.0", "2.0.0-alpha"]],
    [">1.2", ["1.3.0"], ["1.2.9"]],
    [">1", ["2.0.0"], ["1.9.9"]],
    ["<=1.2", ["1.2.9"], ["1.3.0", "1.3.0-alpha"]],
    ["<1.2", ["1.1.9"], ["1.2.0", "1.2.0-alpha"]],
    ["1.2.3 - 2.3.4", ["1.2.3", "2.3.4"], ["2.3.5", "1.2.2"]],
    ["1.2 - 2.3.4", ["1.2.0"], ["1.1.9"]],
    ["1.2.3 - 2.3", ["2.3.9"], ["2.4.0"]],
    ["1.2.3 - 2", ["2.9.9"], ["3.0.0"]],
    ["1.2.3", ["1.2.3", "1.2.3+build.5"], ["1.2.4", "1.2.3-rc.1"]],
    ["=1.2.3", ["1.2.3"], ["1.2.4"]],
    ["v1.2.3", ["1.2.3"], ["1.2.4"]],
    ["1.2.3-beta.1", ["1.2.3-beta.1"], ["1.2.3"]],
    ["1.2.3 || >=2.5.0 <3", ["1.2.3", "2.6.0"], ["2.0.0", "3.0.0"]],
    [">1.2.3-alpha.3", ["1.2.3-alpha.7", "3.4.5"], ["3.4.5-alpha.9", "1.2.3-alpha.3"]],
    ["<*", [], ["0.0.0", "1.0.0"]],
    [">*", [], ["1.0.0"]],
  ];

  it.each(cases)("%j", (range, yes, no) => {
    for (const version of yes) expect(satisfies(version, range), `${version} in ${range}`).toBe(true);
    for (const version of no) expect(satisfies(version, range), `${version} not in ${range}`).toBe(false);
  });

  it("satisfies nothing with a version that is not semver", () => {
    expect(satisfies("1.2", "*")).toBe(false);
    expect(satisfies("latest", "*")).toBe(false);
  });

  it.each([">=1.2.3.4", "^", "~1.2.3beta", "1.2.3 -", ">=abc", "1.2.3 ||| 2"])("refuses the range %j", (range) => {
    expect(() => parseRange(range)).toThrow(/is not a semver range/);
  });

  it("matchingVersions keeps the given order and drops non-matches", () => {
    expect(matchingVersions(["2.0.0", "1.0.0", "1.5.0-beta", "1.5.0", "0.9.0"], "^1.0.0")).toEqual(["1.0.0", "1.5.0"]);
  });
});
