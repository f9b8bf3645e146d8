/**
 * The Node side's family list (cli/lib/families.ts): it reads the registry's families right, each
 * has its `node/index.ts` exporting its NodeFamily, and every package.json script that dispatches to
 * a family (`tsx cli/family.ts <family> [command]`) — and every command line the docs give for one —
 * names a family and a command that exist.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFamilies, registeredFamilyIds } from "../../cli/lib/families";

const ROOT = resolve(import.meta.dirname, "../..");
const folders = readdirSync(join(ROOT, "src/benchmarks"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** package.json's scripts that dispatch to cli/family.ts: script name → family and fixed command (if any). */
function dispatchingScripts(): Map<string, { family: string; command?: string }> {
  const scripts: Record<string, string> = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;
  const found = new Map<string, { family: string; command?: string }>();
  for (const [name, line] of Object.entries(scripts)) {
    const m = /^tsx cli\/family\.ts (\S+)(?: (\S+))?$/.exec(line);
    if (m) found.set(name, { family: m[1], command: m[2] });
  }
  return found;
}

describe("the Node-side family list", () => {
  it("reads the registry's FAMILIES in order, each from the folder it is imported from", () => {
    const registry = `import { b } from "./beta";\nimport { a, type X } from "./alpha";\nconst FAMILIES: Family[] = [a, b];\n`;
    expect(registeredFamilyIds(registry)).toEqual(["alpha", "beta"]);
    expect(() => registeredFamilyIds(`import { a } from "./alpha";\nconst FAMILIES = [a, ghost];\n`)).toThrow(/ghost/);
    expect(() => registeredFamilyIds("export {};\n")).toThrow(/FAMILIES/);
  });

  it("is every family folder, each with its NodeFamily", async () => {
    const ids = registeredFamilyIds();
    expect([...ids].sort()).toEqual([...folders].sort());
    const families = await nodeFamilies();
    expect(families.map((f) => f.id)).toEqual(ids);
    for (const family of families) {
      for (const [name, command] of Object.entries(family.commands)) {
        expect(command.usage, `${family.id} ${name}`).toMatch(/npm run \S+ -- /);
        expect(typeof command.run).toBe("function");
      }
    }
    const demoIds = families.flatMap((f) => f.demos ?? []).map((d) => d.id);
    expect(new Set(demoIds).size).toBe(demoIds.length);
  });

  it("backs every dispatching package.json script and documented command line", async () => {
    const families = new Map((await nodeFamilies()).map((f) => [f.id, f]));
    const scripts = dispatchingScripts();
    expect(scripts.size).toBeGreaterThan(0);
    for (const [name, { family, command }] of scripts) {
      expect(families.has(family), `npm run ${name}: no family "${family}"`).toBe(true);
      if (command) expect(families.get(family)!.commands, `npm run ${name}`).toHaveProperty(command);
    }
    const docs = [
      join(ROOT, "README.md"),
      ...readdirSync(join(ROOT, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => join(ROOT, "docs", f)),
    ];
    const lines = docs.flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(/npm run ([\w:-]+) -- ([^\s`'"),;]+)/g)].map((m) => ({
        path,
        script: m[1],
        word: m[2],
      })),
    );
    for (const { path, script, word } of lines) {
      const dispatch = scripts.get(script);
      // A script with its command fixed takes arguments; one without takes the command first.
      if (!dispatch || dispatch.command || word.startsWith("-") || word.startsWith("<")) continue;
      expect(families.get(dispatch.family)!.commands, `${path}: npm run ${script} -- ${word}`).toHaveProperty(word);
    }
  });
});
