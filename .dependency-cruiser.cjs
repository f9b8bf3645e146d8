/**
 * The map of the house, checked by `npm test` (alone: `npm run architecture`). The folders are the
 * layers, top down; each layer imports only the layers below it:
 *
 *   surface  src/app.ts, src/index.ts, src/routes/: the HTTP contract and its wiring.
 *   core     src/core/: runs, the leaderboard's reads, pages, compare, harness exports, warm-up,
 *            the units' view. It reaches a family only through the seam.
 *   seam     src/benchmarks/types.ts (what a Benchmark and a Family are), src/benchmarks/define.ts
 *            and src/benchmarks/registry.ts (the only file that names the families).
 *   family   src/benchmarks/<family>/: everything one benchmark family is (docs/contributing.md,
 *            "A family, file by file"); a folder per family, never importing another.
 *   kit      src/kit/: what families build their boards and pages from (leaderboard helpers, page
 *            parts); knows no family and no core.
 *   library  src/lib/: metrics, code, datasets, db, middleware, born dates, registry sources,
 *            errors, env; knows of nothing above it.
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

/** The surface: the app, the Worker's entry and the routes. */
const SURFACE = "^src/(app|index)\\.ts$|^src/routes/";
/** The core: everything a benchmark is hosted by. */
const CORE = "^src/core/";
/** The seam's modules. */
const SEAM = "^src/benchmarks/(types|define|registry)\\.ts$";
/** A family's folder: the first path segment under src/benchmarks/ that is a directory. */
const FAMILY = "^src/benchmarks/[^/]+/";
/** The kit families build from. */
const KIT = "^src/kit/";
/** The libraries. */
const LIBRARY = "^src/lib/";
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
        "No import cycles, type-only imports included: a cycle means two modules cannot be " +
        "understood (or moved) one without the other. Move what both need into a third module that " +
        "imports neither.",
      from: { path: "^(src|cli|scripts|packages)/" },
      to: { circular: true },
    },
    {
      name: "only-the-surface-imports-the-surface",
      severity: "error",
      comment:
        "src/app.ts, src/index.ts and src/routes/ are the top layer: nothing below imports them. " +
        "Move what a lower layer needs from a route (a schema, a helper) into that layer.",
      from: { path: "^src/", pathNot: SURFACE },
      to: { path: SURFACE },
    },
    {
      name: "a-route-resource-never-imports-another",
      severity: "error",
      comment:
        "Each src/routes/<resource>/ (contract, handlers, wiring) stands on the layers below it, not " +
        "on another resource: what two resources share (a schema, a size check) moves down into the " +
        "core or a library. src/routes/types.ts is the surface's one shared file.",
      from: { path: "^src/routes/([^/]+)/" },
      to: { path: "^src/routes/[^/]+/", pathNot: "^src/routes/$1/" },
    },
    {
      name: "core-reaches-a-family-only-through-the-seam",
      severity: "error",
      comment:
        "The surface and the core never import from src/benchmarks/<family>/: they reach a family " +
        "through src/benchmarks/registry.ts (allFamilies, findBenchmark, familyOf...) and the " +
        "interfaces of src/benchmarks/types.ts. Add what the core needs to the Benchmark or Family " +
        "interface and implement it in the family.",
      from: { path: "^src/", pathNot: [FAMILY, "^src/benchmarks/registry\\.ts$"] },
      to: { path: FAMILY },
    },
    {
      name: "a-family-never-imports-another-family",
      severity: "error",
      comment:
        "A family (src/benchmarks/<family>/) is one folder that can be read, changed or deleted on " +
        "its own: it never imports another family's folder. Code two families share belongs in the " +
        "kit (src/kit/) or a library (src/lib/).",
      from: { path: "^src/benchmarks/([^/]+)/" },
      to: { path: FAMILY, pathNot: "^src/benchmarks/$1/" },
    },
    {
      name: "a-family-never-imports-the-core-that-hosts-it",
      severity: "error",
      comment:
        "A family imports its own folder, the seam's types (src/benchmarks/types.ts, define.ts), " +
        "the kit and the libraries; never the registry or the core (src/core/): the core calls " +
        "the family through the registry, never the other way.",
      from: { path: FAMILY },
      to: { path: [CORE, "^src/benchmarks/registry\\.ts$"] },
    },
    {
      name: "the-seam-knows-no-core",
      severity: "error",
      comment:
        "src/benchmarks/types.ts and define.ts say what a family is in terms of the kit and the " +
        "libraries; they import no core module, so a family can be read without the host.",
      from: { path: SEAM },
      to: { path: CORE },
    },
    {
      name: "the-kit-knows-no-family-and-no-core",
      severity: "error",
      comment:
        "src/kit/ is what families build from: it imports only itself and the libraries (and the " +
        "seam's types), never a family, the registry or the core. A kit module that needs the " +
        "registry belongs in the core.",
      from: { path: KIT },
      to: { path: [CORE, FAMILY, "^src/benchmarks/registry\\.ts$"] },
    },
    {
      name: "libraries-know-no-benchmark-and-no-core",
      severity: "error",
      comment:
        "The libraries (src/lib/) import only src/lib/: families, the kit and the core use them, " +
        "and they know of none. Pass what they need in as a parameter or a type they declare.",
      from: { path: LIBRARY },
      to: { path: "^src/", pathNot: LIBRARY },
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
