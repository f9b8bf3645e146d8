/**
 * The map of the house (issue 15: one seam per benchmark), checked by `npm test`
 * (`depcruise src --config .dependency-cruiser.cjs`; alone: `npm run architecture`). Read the
 * rules top to bottom:
 *
 *   family   src/benchmarks/<family>/  everything one benchmark family is (its dataset format,
 *            import routes and storage, units, prompt, baselines, scoring, summary, leaderboard,
 *            views); a folder per family.
 *   seam     src/benchmarks/registry.ts (the only file that names the families) and
 *            src/benchmarks/types.ts (what a Benchmark and a Family are).
 *   library  src/metrics, src/code, src/datasets, src/db, src/middleware, src/errors.ts,
 *            src/env.ts, src/sha256.ts: what every family and the core may use; they know of
 *            neither.
 *   core     everything else in src/: app.ts, index.ts, warmup.ts, routes/, runs/, leaderboard/,
 *            page/, benchmarks/surface.ts... It reaches a family only through the seam.
 *
 * and on the Node side (the commands, `npm start`; run as `depcruise src cli scripts/start.ts`):
 *
 *   node tools   src/benchmarks/<family>/node/: a family's commands, demo datasets and report
 *                section (cli/lib/node-family.ts says what they are); part of the family's folder.
 *   node core    cli/*.ts (eval, family, leaderboard), cli/lib/families.ts (the Node-side family
 *                list: it loads each family's node/index.ts by the registry's ids), cli/lib/run-report.ts,
 *                scripts/start.ts. They reach a family only through cli/lib/families.ts.
 *   cli library  the rest of cli/lib/ (api, args, local-service, sse, collect, python-exec,
 *                tree-sitter-node, text-table, node-family...): what node tools and the node core use.
 *
 * and the client package (packages/client/, published on its own; the CLI is built on it):
 *
 *   client   packages/client/: the typed client over fetch; it imports only its own files (its API
 *            types are generated into it from the OpenAPI document), so it runs in Node, browsers
 *            and Workers and publishes without the rest of the repository. cli/ and scripts/ use it.
 *
 * A broken rule fails the test with the rule's name, the offending import and the comment below
 * (docs/contributing.md, "Architecture rules"; test/architecture/rules.test.ts proves each rule
 * fires on a synthetic tree).
 */

/** A family's folder: the first path segment under src/benchmarks/ that is a directory. */
const FAMILY = "^src/benchmarks/[^/]+/";
/** The shared libraries: used by families and the core, knowing of neither. */
const LIBRARY = "^src/(metrics|code|datasets|db|middleware)/|^src/(errors|env|sha256)\\.ts$";
/** A family's Node-side tools. */
const NODE_TOOLS = "^src/benchmarks/[^/]+/node/";
/** The Node-side core: the commands, the family list, the eval report, npm start. */
const NODE_CORE = "^cli/[^/]+\\.ts$|^cli/lib/(families|run-report)\\.ts$|^scripts/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycles in src/, type-only imports included: a cycle means two modules cannot be " +
        "understood (or moved) one without the other. Move what both need into a third module that " +
        "imports neither.",
      from: { path: "^(src|cli|scripts|packages)/" },
      to: { circular: true },
    },
    {
      name: "core-reaches-a-family-only-through-the-registry",
      severity: "error",
      comment:
        "The core (app, routes, runs, leaderboard, page, surface.ts, index.ts, warmup.ts and every " +
        "other module outside a family folder) never imports from src/benchmarks/<family>/: it " +
        "reaches a family through src/benchmarks/registry.ts (allFamilies, findBenchmark, " +
        "familyOf...) and the interfaces of src/benchmarks/types.ts. Add what the core needs to the " +
        "Benchmark or Family interface and implement it in the family.",
      from: { path: "^src/", pathNot: [FAMILY, "^src/benchmarks/registry\\.ts$"] },
      to: { path: FAMILY },
    },
    {
      name: "a-family-never-imports-another-family",
      severity: "error",
      comment:
        "A family (src/benchmarks/<family>/) is one folder that can be read, changed or deleted on " +
        "its own: it never imports another family's folder. Code two families share belongs in a " +
        "shared library (src/metrics, src/code, src/datasets...).",
      from: { path: "^src/benchmarks/([^/]+)/" },
      to: { path: FAMILY, pathNot: "^src/benchmarks/$1/" },
    },
    {
      name: "a-family-never-imports-the-core-that-hosts-it",
      severity: "error",
      comment:
        "A family never imports the registry, the routes, the runs, surface.ts, app.ts, index.ts " +
        "or warmup.ts: the core calls the family (through the registry), never the other way. A " +
        "family may import src/benchmarks/types.ts, the shared libraries, and library modules of " +
        "src/leaderboard/ and src/page/ that do not import the registry.",
      from: { path: FAMILY },
      to: { path: "^src/(benchmarks/(registry|surface)\\.ts$|routes/|runs/|(app|index|warmup)\\.ts$)" },
    },
    {
      name: "libraries-know-no-benchmark-and-no-core",
      severity: "error",
      comment:
        "Shared libraries (src/metrics, src/code, src/datasets, src/db, src/middleware, " +
        "src/errors.ts, src/env.ts, src/sha256.ts) import nothing from src/benchmarks, src/routes, " +
        "src/runs, src/leaderboard or src/page: they are used by families and the core, and know " +
        "of neither. Pass what they need in as a parameter or a type they declare.",
      from: { path: LIBRARY },
      to: { path: "^src/(benchmarks|routes|runs|leaderboard|page)/" },
    },
    {
      name: "the-worker-never-imports-node-side-code",
      severity: "error",
      comment:
        "Worker code (everything in src/ but a family's node/ folder) never imports a family's " +
        "node/ tools, cli/ or scripts/: they use Node (files, processes, the network) and would be " +
        "bundled into the Worker. A family's node/ may import its own Worker-side modules, never " +
        "the other way.",
      from: { path: "^src/", pathNot: NODE_TOOLS },
      to: { path: [NODE_TOOLS, "^(cli|scripts)/"] },
    },
    {
      name: "node-core-reaches-a-family-only-through-the-family-list",
      severity: "error",
      comment:
        "cli/ and scripts/start.ts never import from src/benchmarks/<family>/: they reach a family's " +
        "commands, demos and report through cli/lib/families.ts, which loads src/benchmarks/<id>/node/index.ts " +
        "for every family the registry lists (the NodeFamily interface of cli/lib/node-family.ts). " +
        "Add what the Node side needs to NodeFamily and implement it in the family's node/ folder.",
      from: { path: "^(cli|scripts)/" },
      to: { path: FAMILY },
    },
    {
      name: "node-tools-use-only-cli-libraries",
      severity: "error",
      comment:
        "A family's node/ tools import the cli libraries (cli/lib/: api, args, local-service, sse, " +
        "collect, python-exec, tree-sitter-node, text-table, node-family...), never the Node-side core " +
        "(cli/*.ts commands, cli/lib/families.ts, cli/lib/run-report.ts, scripts/): the core calls " +
        "the family through cli/lib/families.ts, never the other way.",
      from: { path: NODE_TOOLS },
      to: { path: NODE_CORE },
    },
    {
      name: "cli-libraries-know-no-node-core",
      severity: "error",
      comment:
        "The cli libraries (cli/lib/ but families.ts and run-report.ts) import no cli command, " +
        "cli/lib/families.ts, cli/lib/run-report.ts or scripts/: families' node/ tools use them, so " +
        "importing the core from one would reach every family from every family.",
      from: { path: "^cli/lib/", pathNot: NODE_CORE },
      to: { path: NODE_CORE },
    },
    {
      name: "the-client-package-stands-alone",
      severity: "error",
      comment:
        "packages/client/ is published on its own and runs in Node, browsers and Workers: it imports " +
        "only its own files, never src/, cli/ or scripts/ (nor an npm package: test/cli/client.ts checks). Its API types are " +
        "generated into packages/client/src/generated/ from the OpenAPI document (npm run client:types); " +
        "what it needs beyond them it declares itself. cli/ and scripts/ may import it.",
      from: { path: "^packages/client/" },
      to: { pathNot: "^packages/client/" },
    },
  ],
  options: {
    // `import type` and type-only re-exports are dependencies too (they can make cycles).
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(src|cli|scripts|packages)/",
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mts", ".js", ".json"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
