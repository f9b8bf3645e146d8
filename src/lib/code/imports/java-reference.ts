/**
 * The reference's Java dependency tool (the reference repository's `scripts/curate/dep_analysis/java.py` and
 * `java-analysis/.../DepAnalyze.java`, JavaParser), reproduced: for every `.java` file under the
 * entry DIRECTORY (`rglob("*.java")`), with the source root = the entry path:
 * - `import a.b.C;` -> `<entry>/a/b/C.java` if it exists, else `<entry>/a/b.java` (a static member);
 *   `import a.b.*;` -> `<entry>/a/b.java` if it exists, else every `.java` file directly in `<entry>/a/b/`;
 * - every name used as an expression (JavaParser's `NameExpr`: `Util.f()`, `Const.X`, a variable)
 *   that is the name of another `.java` file in the same directory -> that file;
 * - deduplicated and sorted by path (`new HashSet<>(...)`, then `Collections.sort`).
 * The keys are in `rglob` order, which is partly the reference machine's (see ./rglob.ts).
 */
import type { Node } from "web-tree-sitter";
import { capture, scanFiles, type FileImports, type Resolver } from "./common";
import { basename, child, compareCodePoints, dirname } from "./repo";
import { rglobOrder, type RglobOptions } from "./rglob";
import { present } from "../nodes";

const IDENTIFIERS = "(identifier) @id";

/** Parents under which an identifier is a declaration, label, annotation, lambda parameter or part of a name, not a `NameExpr`. */
const NOT_EXPRESSION = new Set([
  "scoped_identifier",
  "method_reference",
  "inferred_parameters",
  "lambda_expression",
  "labeled_statement",
  "break_statement",
  "continue_statement",
  "marker_annotation",
  "annotation",
  "module_declaration",
  "package_declaration",
  "import_declaration",
]);
/** Fields that hold a declared or member name (SimpleName in JavaParser). */
const NAME_FIELDS = new Set(["name", "field", "key"]);

export function javaReferenceResolver(glob: RglobOptions): Resolver {
  return (repo, files, lang, opts) => {
    const entry = (opts.entrypoint ?? "").replace(/\/+$/, "");
    const root = entry === "." ? "" : entry;
    const order = rglobOrder(repo.paths, root, (name) => name.endsWith(".java"), glob);
    const scanned = scanFiles(lang, files, order, (_, tree) => scan(lang, tree));
    const imports = new Map<string, FileImports>();
    for (const path of order) {
      const file = scanned.get(path);
      const deps: string[] = [];
      if (file) {
        for (const { name, wildcard } of file.imports) {
          const parts = name.split(".");
          if (!wildcard) {
            const target = [
              child(root, `${parts.join("/")}.java`),
              child(root, `${parts.slice(0, -1).join("/")}.java`),
            ].find((p) => repo.has(p));
            if (target) deps.push(target);
          } else if (repo.has(child(root, `${parts.join("/")}.java`)))
            deps.push(child(root, `${parts.join("/")}.java`));
          else deps.push(...repo.filesIn(child(root, parts.join("/"))).filter((p) => p.endsWith(".java")));
        }
        const siblings = new Set(
          repo
            .filesIn(dirname(path))
            .filter((p) => p !== path && p.endsWith(".java"))
            .map((p) => basename(p).slice(0, -5)),
        );
        for (const name of file.names) if (siblings.has(name)) deps.push(child(dirname(path), `${name}.java`));
      }
      imports.set(path, { deps: [...new Set(deps)].sort(compareCodePoints), unresolved: [] });
    }
    return { order, imports };
  };
}

function scan(
  lang: Parameters<typeof capture>[0],
  root: Node,
): { imports: { name: string; wildcard: boolean }[]; names: string[] } {
  const imports: { name: string; wildcard: boolean }[] = [];
  for (const node of present(root.namedChildren)) {
    if (node.type !== "import_declaration") continue;
    const name = present(node.namedChildren).find((n) => n.type.endsWith("identifier"))?.text;
    if (name)
      imports.push({
        name: name.replace(/\s+/g, ""),
        wildcard: present(node.namedChildren).some((n) => n.type === "asterisk"),
      });
  }
  const names: string[] = [];
  for (const { node } of capture(lang, IDENTIFIERS, root)) {
    const parent = node.parent;
    if (!parent || NOT_EXPRESSION.has(parent.type)) continue;
    const field = fieldOf(parent, node);
    if (field && NAME_FIELDS.has(field)) continue;
    names.push(node.text);
  }
  return { imports, names };
}

/** The field name under which `node` hangs from `parent`, if any. */
function fieldOf(parent: Node, node: Node): string | null {
  for (let i = 0; i < parent.childCount; i++) {
    const c = parent.child(i);
    if (c && c.id === node.id) return parent.fieldNameForChild(i);
  }
  return null;
}
