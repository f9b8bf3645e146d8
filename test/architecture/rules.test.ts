/**
 * The import rules of .dependency-cruiser.cjs fail loudly: the very command `npm test` runs, fed a
 * small synthetic src/, cli/ and scripts/start.ts with one breach of each rule, reports each with the rule's name and its
 * comment and exits non-zero; the same tree without the breaches passes.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(ROOT, "node_modules/.bin/depcruise");
const rules: { forbidden: { name: string; comment: string }[] } = (await import(CONFIG)).default;
/** What depcruise reads: the Worker's src/, the Node side's core and the client package. */
const ROOTS = ["src", "cli", "packages", "scripts/start.ts"];

/**
 * A tree that keeps every rule, one module per layer: a route and a core module using the registry,
 * a registry naming two families, a family using the kit and a library, a family's Node-side tools
 * using a cli library, the Node core (a command, npm start) using the family list.
 */
const CLEAN: Record<string, string> = {
  "src/app.ts": `import { ids } from "./routes/score";\nexport const app = () => ids();\n`,
  "src/routes/score/index.ts": `import { runIds } from "../../core/runs/a";\nexport const ids = () => runIds();\n`,
  "src/core/runs/a.ts": `import { allBenchmarks } from "../../benchmarks/registry";\nexport interface A { n: number }\nexport const runIds = () => allBenchmarks().map((b) => b.id);\n`,
  "src/core/runs/b.ts": `import type { A } from "./a";\nexport interface B { a: A }\n`,
  "src/benchmarks/types.ts": `import type { Budget } from "../lib/metrics/budget";\nexport interface Benchmark { id: string; budget?: Budget }\n`,
  "src/benchmarks/registry.ts": `import { alpha } from "./alpha";\nimport { beta } from "./beta";\nexport const allBenchmarks = () => [alpha, beta];\n`,
  "src/benchmarks/alpha/index.ts": `import type { Benchmark } from "../types";\nimport { score } from "./score";\nexport const alpha: Benchmark = { id: "alpha" };\nexport { score };\n`,
  "src/benchmarks/alpha/score.ts": `import { bleu } from "../../lib/metrics/bleu";\nimport { table } from "../../kit/pages/table";\nexport const score = (s: string) => bleu(s) + table().length;\n`,
  "src/benchmarks/beta/index.ts": `import type { Benchmark } from "../types";\nexport const beta: Benchmark = { id: "beta" };\n`,
  "src/kit/pages/table.ts": `import { bleu } from "../../lib/metrics/bleu";\nexport const table = () => \`<table>\${bleu("")}\`;\n`,
  "src/lib/metrics/bleu.ts": `export const bleu = (s: string) => s.length;\n`,
  "src/lib/metrics/budget.ts": `export type Budget = number;\n`,
  "src/benchmarks/alpha/node/index.ts": `import { api } from "../../../../cli/lib/api";\nimport { score } from "../score";\nexport default { id: "alpha", run: () => score(String(api())) };\n`,
  "cli/lib/api.ts": `export const api = () => 1;\n`,
  "cli/lib/families.ts": `export const nodeFamilies = async (id: string) => (await import(\`../../src/benchmarks/\${id}/node/index.ts\`)).default;\n`,
  "cli/eval.ts": `import { api } from "./lib/api";\nimport { nodeFamilies } from "./lib/families";\nimport { client } from "../packages/client/src/index";\nexport const main = () => nodeFamilies(String(api()) + client());\n`,
  "packages/client/src/index.ts": `import type { paths } from "./generated/openapi.js";\nexport const client = (p?: paths) => String(p);\n`,
  "packages/client/src/generated/openapi.ts": `export interface paths { "/v1/health": unknown }\n`,
  "scripts/start.ts": `import { nodeFamilies } from "../cli/lib/families";\nexport const start = () => nodeFamilies("alpha");\n`,
};

/** One breach per rule, each as the files it adds or replaces (a type-only cycle among them). */
const BREACHES: Record<string, Record<string, string>> = {
  "no-circular": {
    "src/core/runs/b.ts": `import type { A } from "./a";\nimport "./c";\nexport interface B { a: A }\n`,
    "src/core/runs/c.ts": `import type { B } from "./b";\nexport type C = B;\n`,
  },
  "only-the-surface-imports-the-surface": {
    "src/core/runs/d.ts": `import { ids } from "../../routes/score";\nexport const d = ids;\n`,
  },
  "a-route-resource-never-imports-another": {
    "src/routes/runs/index.ts": `import { ids } from "../score";\nexport const runs = ids;\n`,
  },
  "core-reaches-a-family-only-through-the-seam": {
    "src/routes/score/index.ts": `import { score } from "../../benchmarks/alpha/score";\nimport { runIds } from "../../core/runs/a";\nexport const ids = () => [score, runIds];\n`,
  },
  "a-family-never-imports-another-family": {
    "src/benchmarks/beta/index.ts": `import type { Benchmark } from "../types";\nimport { alpha } from "../alpha";\nexport const beta: Benchmark = { id: alpha.id };\n`,
  },
  "a-family-never-imports-the-core-that-hosts-it": {
    "src/benchmarks/alpha/score.ts": `import { bleu } from "../../lib/metrics/bleu";\nimport type { Slot } from "../../core/slot";\nexport const score = (s: string, _slot?: Slot) => bleu(s);\n`,
  },
  "the-seam-knows-no-core": {
    "src/benchmarks/types.ts": `import type { Budget } from "../lib/metrics/budget";\nimport type { Slot } from "../core/slot";\nexport interface Benchmark { id: string; budget?: Budget; slot?: Slot }\n`,
    "src/core/slot.ts": `export type Slot = number;\n`,
  },
  "the-kit-knows-no-family-and-no-core": {
    "src/kit/pages/chart.ts": `import { allBenchmarks } from "../../benchmarks/registry";\nexport const chart = () => allBenchmarks().length;\n`,
  },
  "libraries-know-no-benchmark-and-no-core": {
    "src/lib/metrics/bleu.ts": `import { table } from "../../kit/pages/table";\nexport const bleu = (s: string) => s.length + table().length;\n`,
  },
  "the-worker-never-imports-node-side-code": {
    "src/kit/pages/table.ts": `import { api } from "../../../cli/lib/api";\nexport const table = () => \`<table>\${api()}\`;\n`,
  },
  "node-core-reaches-a-family-only-through-the-family-list": {
    "cli/eval.ts": `import { score } from "../src/benchmarks/alpha/score";\nexport const main = () => score("x");\n`,
  },
  "node-tools-use-only-cli-libraries": {
    "src/benchmarks/alpha/node/index.ts": `import { nodeFamilies } from "../../../../cli/lib/families";\nexport default { id: "alpha", run: () => nodeFamilies("beta") };\n`,
  },
  "cli-libraries-know-no-node-core": {
    "cli/lib/api.ts": `import { nodeFamilies } from "./families";\nexport const api = () => nodeFamilies("alpha") && 1;\n`,
  },
  "the-client-package-stands-alone": {
    "packages/client/src/index.ts": `import type { paths } from "./generated/openapi.js";\nimport { bleu } from "../../../src/lib/metrics/bleu";\nexport const client = (p?: paths) => String(p) + bleu("x");\n`,
  },
};

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Writes `files` into a fresh directory and runs `npm test`'s depcruise step there. */
function cruise(files: Record<string, string>, outputType: "err-long" | "json") {
  const dir = mkdtempSync(join(tmpdir(), "nw-architecture-"));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const res = spawnSync(DEPCRUISE, [...ROOTS, "--config", CONFIG, "--output-type", outputType], {
    cwd: dir,
    encoding: "utf8",
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe("the architecture rules", () => {
  it("are the step npm test runs", () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;
    expect(scripts.test).toContain(`depcruise ${ROOTS.join(" ")} --config .dependency-cruiser.cjs`);
    expect(scripts.architecture).toContain(`depcruise ${ROOTS.join(" ")} --config .dependency-cruiser.cjs`);
    expect(rules.forbidden.map((r) => r.name).sort()).toEqual(Object.keys(BREACHES).sort());
    for (const rule of rules.forbidden) expect(rule.comment.length, rule.name).toBeGreaterThan(80);
  });

  it("pass a tree that keeps them", () => {
    const res = cruise(CLEAN, "err-long");
    expect(res.status, res.stdout + res.stderr).toBe(0);
  });

  it("fail a tree that breaks each, naming the rule, the import and the rule's comment", () => {
    const broken = Object.assign({}, CLEAN, ...Object.values(BREACHES));
    const json = cruise(broken, "json");
    const violations: { rule: { name: string }; from: string; to: string }[] = JSON.parse(json.stdout).summary
      .violations;
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()).toEqual(
      [
        "no-circular: src/core/runs/b.ts → src/core/runs/c.ts",
        "only-the-surface-imports-the-surface: src/core/runs/d.ts → src/routes/score/index.ts",
        "a-route-resource-never-imports-another: src/routes/runs/index.ts → src/routes/score/index.ts",
        "core-reaches-a-family-only-through-the-seam: src/routes/score/index.ts → src/benchmarks/alpha/score.ts",
        "a-family-never-imports-another-family: src/benchmarks/beta/index.ts → src/benchmarks/alpha/index.ts",
        "a-family-never-imports-the-core-that-hosts-it: src/benchmarks/alpha/score.ts → src/core/slot.ts",
        "the-seam-knows-no-core: src/benchmarks/types.ts → src/core/slot.ts",
        "the-kit-knows-no-family-and-no-core: src/kit/pages/chart.ts → src/benchmarks/registry.ts",
        "libraries-know-no-benchmark-and-no-core: src/lib/metrics/bleu.ts → src/kit/pages/table.ts",
        "the-worker-never-imports-node-side-code: src/kit/pages/table.ts → cli/lib/api.ts",
        "node-core-reaches-a-family-only-through-the-family-list: cli/eval.ts → src/benchmarks/alpha/score.ts",
        "node-tools-use-only-cli-libraries: src/benchmarks/alpha/node/index.ts → cli/lib/families.ts",
        "cli-libraries-know-no-node-core: cli/lib/api.ts → cli/lib/families.ts",
        "the-client-package-stands-alone: packages/client/src/index.ts → src/lib/metrics/bleu.ts",
      ].sort(),
    );

    const loud = cruise(broken, "err-long");
    expect(loud.status).not.toBe(0);
    for (const rule of rules.forbidden) {
      expect(loud.stdout).toContain(`error ${rule.name}:`);
      // err-long wraps the comment; its words are all there.
      expect(loud.stdout.replace(/\s+/g, " ")).toContain(rule.comment.slice(0, 60));
    }
  });
});
