/**
 * The conformance suite's toy family (test/conformance/toy/) keeps a family's import rules, so it
 * proves a benchmark plugs in through src/benchmarks/types.ts and the shared libraries alone: all
 * that its Family (index.ts) reaches, transitively, is the toy's own folder, the seam's types, the
 * kit and the libraries; no registry, core module or real family. Only its registration
 * (test/conformance/toy-register.ts, the stand-in for the registry line) imports the registry.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** The modules `entry` reaches (itself included), as the architecture rules see imports (`import type` too). */
function reached(entry: string): string[] {
  const res = spawnSync(
    join(ROOT, "node_modules/.bin/depcruise"),
    [
      entry,
      "--no-config",
      "--ts-pre-compilation-deps",
      "--include-only",
      "^(src|test/conformance/toy)/",
      "--output-type",
      "json",
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  expect(res.status, res.stderr).toBe(0);
  return (JSON.parse(res.stdout).modules as { source: string }[]).map((m) => m.source).sort();
}

describe("the toy family", () => {
  it("reaches only its folder, the seam's types, the kit and the libraries", () => {
    const modules = reached("test/conformance/toy/index.ts");
    expect(modules).toContain("src/benchmarks/types.ts");
    expect(modules).toContain("test/conformance/toy/views/index.tsx");
    const allowed = /^src\/(benchmarks\/(types|define)\.ts$|kit\/|lib\/)|^test\/conformance\/toy\//;
    expect(modules.filter((m) => !allowed.test(m))).toEqual([]);
    expect(modules.filter((m) => m.startsWith("test/") && !m.startsWith("test/conformance/toy/"))).toEqual([]);
  });
});
