/** TypeScript and JavaScript module specifiers, resolved as TypeScript's bundler resolution would. */
import { capture, everyFile, scanFiles, type FileImports, type Resolver } from "./common";
import { dirname, joinPath, sortPaths, type RepoFiles } from "./repo";
import { rglobOrder, type RglobOptions } from "./rglob";

const SPECIFIERS = `
[(import_statement source: (string (string_fragment) @spec))
 (export_statement source: (string (string_fragment) @spec))
 (import_require_clause source: (string (string_fragment) @spec))
 (call_expression function: (import) arguments: (arguments . (string (string_fragment) @spec)))
 ((call_expression function: (identifier) @fn arguments: (arguments . (string (string_fragment) @spec))) (#eq? @fn "require"))]`;

/** Extensions of code we may be handed; any other extension (.css, .json) is an asset, not a module. */
const CODE_EXTENSION = /\.(?:[cm]?[jt]s|[jt]sx)$/;

export const resolveTypeScript: Resolver = (repo, files, lang) => {
  const scanned = scanFiles(lang, files, repo.paths, (path, root) => {
    const found: FileImports = { deps: [], unresolved: [] };
    for (const { name, node } of capture(lang, SPECIFIERS, root))
      if (name === "spec") resolveSpecifier(repo, path, node.text, found);
    return found;
  });
  return { order: sortPaths(repo.paths), imports: everyFile(repo.paths, scanned) };
};

/**
 * The reference's TypeScript tool (dep-tree, per file in `rglob("*")` order) as far as it is
 * deterministic: the same edges as above, keys in `rglob` order of the entry directory. Its lists
 * and the keys it added while recursing were Python sets of strings, iterated in the order of the
 * per-process string hash: not reproducible, so lists stay in first-import order.
 */
export function typeScriptReferenceResolver(glob: RglobOptions): Resolver {
  return (repo, files, lang, opts) => {
    const result = resolveTypeScript(repo, files, lang, opts);
    const entry = (opts.entrypoint ?? "").replace(/\/+$/, "");
    return {
      ...result,
      order: rglobOrder(result.order, entry === "." ? "" : entry, (name) => /\.[jt]s$/.test(name), glob),
    };
  };
}

function resolveSpecifier(repo: RepoFiles, from: string, spec: string, out: FileImports): void {
  // Bare specifiers name packages (or path aliases we cannot see): external.
  if (!(spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../"))) return;
  const base = joinPath(dirname(from), spec);
  const target = base === undefined ? undefined : candidates(base, /\.[cm]?js$/.test(from)).find((c) => repo.has(c));
  if (target) out.deps.push(target);
  else if (base === undefined || !/\.[^/.]+$/.test(spec) || CODE_EXTENSION.test(spec)) out.unresolved.push(spec);
}

/**
 * TypeScript's lookup order for TypeScript files, where a `.js` specifier may name the `.ts`
 * source (ESM style); Node's for JavaScript files, which never load a `.ts` file first.
 */
function candidates(base: string, fromJs: boolean): string[] {
  const source = base.match(/^(.*)\.([cm]?)js$/);
  const typescript = [
    ...(source ? [`${source[1]}.${source[2]}ts`, `${source[1]}.d.${source[2]}ts`] : []),
    ...[base, `${base}.ts`, `${base}.d.ts`, `${base}.js`, `${base}/index.ts`, `${base}/index.d.ts`, `${base}/index.js`],
  ];
  return fromJs ? [base, `${base}.js`, `${base}/index.js`, ...typescript] : typescript;
}
