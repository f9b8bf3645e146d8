/**
 * The name check beside the import rules (.dependency-cruiser.cjs): outside a family's folder
 * (src/benchmarks/<family>/) no file in src/ but src/benchmarks/registry.ts mentions a family by
 * name, comments included, so the core reads the same whichever families are registered; nor does
 * any file of the Node side's core, cli/ and scripts/start.ts (they reach a family through
 * cli/lib/families.ts). Docs and package.json's script names are not checked. The family names
 * are the folders under src/benchmarks/ (and the aliases in ./family-names.ts).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { familyNamePattern } from "./family-names";

const ROOT = resolve(import.meta.dirname, "../..");
const BENCHMARKS = join(ROOT, "src/benchmarks");

/** Every file under `dir`, as paths relative to the repository. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [relative(ROOT, join(dir, e.name))],
  );
}

/** Node's `parseArgs` vocabulary, which contains an alias ("positional") without meaning a family. */
const PARSE_ARGS_WORDS = /\b(allowPositionals|positionals)\b/g;

/** Where `pattern` occurs in the file at `path`: its name, then each matching line. */
function mentionsIn(path: string, pattern: RegExp): string[] {
  const found = pattern.test(path) ? [`${path} (the file's name)`] : [];
  readFileSync(join(ROOT, path), "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (pattern.test(line.replace(PARSE_ARGS_WORDS, "")))
        found.push(`${path}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  return found;
}

const familyFolders = readdirSync(BENCHMARKS, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("family names in src/", () => {
  it("the family folders are the ones the registry names", () => {
    const registry = readFileSync(join(BENCHMARKS, "registry.ts"), "utf8");
    expect(familyFolders.length).toBeGreaterThan(0);
    for (const folder of familyFolders)
      expect(registry, `src/benchmarks/${folder}/ is not imported by registry.ts`).toContain(`"./${folder}"`);
  });

  it("appear only inside the family's folder and src/benchmarks/registry.ts", () => {
    const pattern = familyNamePattern(familyFolders);
    // Every folder under src/benchmarks/ is a family's.
    const insideAFamily = /^src\/benchmarks\/[^/]+\//;
    const mentions = filesUnder(join(ROOT, "src"))
      .filter((path) => path !== "src/benchmarks/registry.ts" && !insideAFamily.test(path))
      .flatMap((path) => mentionsIn(path, pattern));
    expect(
      mentions,
      `family names outside their folders (reword neutrally: "a family's", "the reference's"):\n${mentions.join("\n")}`,
    ).toEqual([]);
  });

  it("appear nowhere in cli/ and scripts/start.ts (the Node side reaches a family through cli/lib/families.ts)", () => {
    const pattern = familyNamePattern(familyFolders);
    const mentions = [...filesUnder(join(ROOT, "cli")), "scripts/start.ts"].flatMap((path) =>
      mentionsIn(path, pattern),
    );
    expect(
      mentions,
      `family names in the Node side's core (move the code into src/benchmarks/<family>/node/, or reword neutrally):\n${mentions.join("\n")}`,
    ).toEqual([]);
  });
});
