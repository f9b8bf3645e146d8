/**
 * The Node-side family list: for each family of src/benchmarks/registry.ts, in its order,
 * the `NodeFamily` its folder's `node/index.ts` exports. cli/ and scripts/start.ts reach a family
 * only through here, so none of them names one and a new family's folder is picked up.
 *
 * The registry is read as text, not loaded: its families import the Worker's wasm modules, which
 * Node cannot load. test/architecture/node-families.test.ts checks the reading against the folders.
 */
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ROOT } from "./api";
import { UsageError } from "./args";
import type { NodeFamily } from "./node-family";

const BENCHMARKS = `${ROOT}src/benchmarks`;

/** The family folders the registry lists in `FAMILIES`, in that order (each `Family` imported from `./<folder>`). */
export function registeredFamilyIds(registrySource = readFileSync(`${BENCHMARKS}/registry.ts`, "utf8")): string[] {
  const folderOf = new Map<string, string>();
  for (const m of registrySource.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\/([^"/]+)"/g)) {
    for (const name of m[1].split(",")) folderOf.set(name.replace(/^\s*type\s+/, "").trim(), m[2]);
  }
  const list = /const FAMILIES\b[^=]*=\s*\[([^\]]*)\]/.exec(registrySource);
  if (!list) throw new Error("src/benchmarks/registry.ts: no `const FAMILIES = [...]` list");
  return list[1]
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => {
      const folder = folderOf.get(name);
      if (!folder)
        throw new Error(
          `src/benchmarks/registry.ts: FAMILIES names ${name}, which no \`import { ${name} } from "./<folder>"\` brings in`,
        );
      return folder;
    });
}

/** Where family `id`'s Node-side module is. */
const nodeModulePath = (id: string) => `${BENCHMARKS}/${id}/node/index.ts`;

/** Family `id`'s Node-side module, checked to be its `NodeFamily`. */
async function load(id: string): Promise<NodeFamily> {
  const family = ((await import(pathToFileURL(nodeModulePath(id)).href)) as { default: NodeFamily }).default;
  if (family?.id !== id)
    throw new Error(`src/benchmarks/${id}/node/index.ts: its default export must be the NodeFamily with id "${id}"`);
  return family;
}

/** The registered families that have Node-side tools. */
const withNodeTools = () => registeredFamilyIds().filter((id) => existsSync(nodeModulePath(id)));

/** Every registered family that has Node-side tools, in registry order. */
export function nodeFamilies(): Promise<NodeFamily[]> {
  return Promise.all(withNodeTools().map(load));
}

/** Family `id`'s Node-side tools (only its module is loaded); a UsageError naming the others when there is none. */
export async function nodeFamily(id: string): Promise<NodeFamily> {
  const ids = withNodeTools();
  if (!ids.includes(id))
    throw new UsageError(`no family "${id}" with Node-side commands: use one of ${ids.join(", ")}`);
  return load(id);
}
