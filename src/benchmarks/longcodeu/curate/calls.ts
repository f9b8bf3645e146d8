import { PythonRepo } from "../../../lib/code/imports/python";
import { RepoFiles, child, dirname } from "../../../lib/code/imports/repo";
import type { ImportBinding, PyFile, PyUnit } from "./python-units";
import type { CallSite } from "./call-sites";

/** A unit of the repository. */
export interface UnitRef {
  path: string;
  index: number;
}

type Sym = { kind: "function" | "class"; ref: UnitRef } | { kind: "module"; file?: string; dir?: string };

export type CallResolution =
  | {
      site: CallSite;
      callee: UnitRef;
      how: "same-file" | "import" | "module-attribute" | "self" | "cls" | "super" | "class-attribute";
    }
  | { site: CallSite; dropped: "external" | "local" | "dynamic" | "instantiation" | "trivial" | "recursive" };

/** Resolves call sites against a repository's analysed files. */
export class CallResolver {
  private readonly py: PythonRepo;

  /** `files`: every analysed `.py` file of the repository (trivial ones too: they re-export). */
  constructor(private readonly files: ReadonlyMap<string, PyFile>) {
    this.py = new PythonRepo(new RepoFiles([...files.keys()]));
  }

  unit(ref: UnitRef): PyUnit {
    return this.files.get(ref.path)!.units[ref.index];
  }

  /** Every call site of `unit` (a function of `path`), resolved or dropped. */
  resolveAll(path: string, unit: PyUnit): CallResolution[] {
    return unit.calls.map((site) => this.resolve(path, unit, site));
  }

  /** The distinct non-trivial callees of `unit`, in order of first call. */
  callees(path: string, unit: PyUnit): { callees: UnitRef[]; resolutions: CallResolution[] } {
    const resolutions = this.resolveAll(path, unit);
    const seen = new Set<string>();
    const callees: UnitRef[] = [];
    for (const r of resolutions) {
      if (!("callee" in r)) continue;
      const key = `${r.callee.path}#${r.callee.index}`;
      if (!seen.has(key)) {
        seen.add(key);
        callees.push(r.callee);
      }
    }
    return { callees, resolutions };
  }

  resolve(path: string, unit: PyUnit, site: CallSite): CallResolution {
    const raw = this.resolveRaw(path, unit, site);
    if ("dropped" in raw) return raw;
    if (raw.callee.path === path && raw.callee.index === unit.index) return { site, dropped: "recursive" };
    if (this.unit(raw.callee).trivial) return { site, dropped: "trivial" };
    return raw;
  }

  private resolveRaw(path: string, unit: PyUnit, site: CallSite): CallResolution {
    const file = this.files.get(path)!;
    const enclosingClass =
      unit.parent !== undefined && file.units[unit.parent].kind === "class" ? { path, index: unit.parent } : undefined;
    if (site.root.kind === "super") {
      if (!enclosingClass || site.attrs.length !== 1) return { site, dropped: "dynamic" };
      const found = this.methodInBases(enclosingClass, site.attrs[0], new Set());
      return found ? { site, callee: found, how: "super" } : { site, dropped: "external" };
    }
    const name = site.root.name;
    if ((name === "self" || name === "cls") && enclosingClass && !unit.localImports.some((b) => b.local === name)) {
      if (site.attrs.length !== 1) return { site, dropped: "dynamic" };
      const found = this.method(enclosingClass, site.attrs[0], new Set());
      return found ? { site, callee: found, how: name } : { site, dropped: "external" };
    }
    let sym: Sym | undefined;
    let imported = false;
    const local = [...unit.localImports].reverse().find((b) => b.local === name);
    if (local) {
      sym = this.binding(path, local, 0);
      imported = true;
    } else if (unit.locals.has(name)) return { site, dropped: "local" };
    else {
      const bound = this.moduleName(path, name, 0);
      sym = bound?.sym;
      imported = !!bound?.imported;
    }
    if (!sym) return { site, dropped: "external" };
    for (let i = 0; i < site.attrs.length; i++) {
      const attr = site.attrs[i];
      if (sym.kind === "module") sym = this.member(sym, attr, 0);
      else if (sym.kind === "class" && i === site.attrs.length - 1) {
        const m = this.method(sym.ref, attr, new Set());
        sym = m ? { kind: "function", ref: m } : undefined;
      } else sym = undefined;
      if (!sym) return { site, dropped: "external" };
    }
    if (sym.kind === "class") return { site, dropped: "instantiation" };
    if (sym.kind === "module") return { site, dropped: "dynamic" };
    if (site.attrs.length === 0) return { site, callee: sym.ref, how: imported ? "import" : "same-file" };
    const viaClass = this.unit(sym.ref).scope === "class";
    return { site, callee: sym.ref, how: viaClass ? "class-attribute" : "module-attribute" };
  }

  /** The last function or class defined at module level of `path` under `name` (see lastDefinition). */
  private definedIn(path: string, name: string): Sym | undefined {
    const file = this.files.get(path);
    const u = file && lastDefinition(file.units.filter((x) => x.scope === "module" && x.name === name));
    return u ? { kind: u.kind, ref: { path, index: u.index } } : undefined;
  }

  private importedIn(path: string, name: string, depth: number): Sym | undefined {
    const file = this.files.get(path);
    const b = file?.imports.findLast((x) => x.local === name);
    return b ? this.binding(path, b, depth) : undefined;
  }

  /** What `name` is bound to at module level of `path`: its last definition or import binding, whichever comes later. */
  private moduleName(
    path: string,
    name: string,
    depth: number,
  ): { sym: Sym | undefined; imported: boolean } | undefined {
    const file = this.files.get(path);
    if (!file) return undefined;
    const def = lastDefinition(file.units.filter((x) => x.scope === "module" && x.name === name));
    const imp = file.imports.findLast((x) => x.local === name);
    if (def && (!imp || def.startIndex > imp.start))
      return { sym: { kind: def.kind, ref: { path, index: def.index } }, imported: false };
    if (imp) return { sym: this.binding(path, imp, depth), imported: true };
    return undefined;
  }

  /** What an import binding in `path` refers to (re-exports followed up to 8 levels). */
  private binding(path: string, b: ImportBinding, depth: number): Sym | undefined {
    if (depth > 8) return undefined;
    const mod = this.moduleRef(path, b.module, b.level);
    if (!mod) return undefined;
    if (b.kind === "module") return mod;
    return this.member(mod, b.name, depth + 1);
  }

  /** `attr` of a module: a name bound there (defined or imported, the last binding), else a submodule. */
  private member(mod: Extract<Sym, { kind: "module" }>, attr: string, depth: number): Sym | undefined {
    if (mod.file) {
      const bound = this.moduleName(mod.file, attr, depth + 1);
      if (bound?.sym) return bound.sym;
    }
    if (mod.dir !== undefined) {
      const sub = this.py.module(mod.dir, attr);
      if (sub) return { kind: "module", ...sub };
    }
    return undefined;
  }

  /** The module `parts` (relative to `path`'s package when `level` > 0), or undefined outside the repository. */
  private moduleRef(path: string, parts: string[], level: number): Extract<Sym, { kind: "module" }> | undefined {
    let dir: string;
    if (level > 0) {
      dir = dirname(path);
      for (let l = 1; l < level; l++) {
        if (dir === "") return undefined;
        dir = dirname(dir);
      }
      if (parts.length === 0)
        return { kind: "module", file: this.py.isPackage(dir) ? child(dir, "__init__.py") : undefined, dir };
    } else {
      const root = this.py.roots.find((r) => this.py.module(r, parts[0]) !== undefined);
      if (root === undefined) return undefined;
      dir = root;
    }
    let found: { file?: string; dir?: string } | undefined;
    for (let i = 0; i < parts.length; i++) {
      found = this.py.module(dir, parts[i]);
      if (!found) return undefined;
      if (i < parts.length - 1) {
        if (found.dir === undefined) return undefined;
        dir = found.dir;
      }
    }
    return found ? { kind: "module", ...found } : undefined;
  }

  /** A method named `name` of class `cls` or, failing that, of its bases. */
  method(cls: UnitRef, name: string, seen: Set<string>): UnitRef | undefined {
    const key = `${cls.path}#${cls.index}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const file = this.files.get(cls.path)!;
    const own = lastDefinition(
      file.units.filter((u) => u.parent === cls.index && u.kind === "function" && u.name === name),
    );
    if (own) return { path: cls.path, index: own.index };
    return this.methodInBases(cls, name, seen);
  }

  private methodInBases(cls: UnitRef, name: string, seen: Set<string>): UnitRef | undefined {
    for (const base of this.bases(cls)) {
      const found = this.method(base, name, seen);
      if (found) return found;
    }
    return undefined;
  }

  /** The repository classes among a class's bases, in order. */
  bases(cls: UnitRef): UnitRef[] {
    const file = this.files.get(cls.path)!;
    const unit = file.units[cls.index];
    const out: UnitRef[] = [];
    for (const expr of unit.bases) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(expr)) continue;
      const [head, ...rest] = expr.split(".");
      // A base named in the same class body or module: classes nested in the same parent first.
      const sibling = file.units.find(
        (u) =>
          u.kind === "class" &&
          u.name === head &&
          u.parent === unit.parent &&
          u.index !== cls.index &&
          u.startIndex < unit.startIndex,
      );
      const own = this.definedIn(cls.path, head);
      const ownUsable = own && !(own.kind !== "module" && own.ref.index === cls.index);
      let sym: Sym | undefined = sibling
        ? { kind: "class", ref: { path: cls.path, index: sibling.index } }
        : ownUsable
          ? own
          : this.importedIn(cls.path, head, 0);
      for (const attr of rest) sym = sym?.kind === "module" ? this.member(sym, attr, 0) : undefined;
      if (sym?.kind === "class") out.push(sym.ref);
    }
    return out;
  }
}

/**
 * The definition a name is bound to after its namespace (module or class body) has run: the last
 * one in source order that is not an `@overload` stub, or the last stub when there are only stubs.
 */
export function lastDefinition(defs: readonly PyUnit[]): PyUnit | undefined {
  return defs.findLast((u) => !u.overload) ?? defs.at(-1);
}
