/**
 * Python code units of one file, found with tree-sitter: functions (`def`, `async def`, decorated or
 * not), methods and classes, with their docstrings, call sites and data flow, as plain data (the
 * tree is freed before returning).
 *
 * Rules (LongCodeU construction):
 * - A unit's code is its definition from the start of its line (indentation kept) to the end of the
 *   node: `def`/`class` through the body; decorators are not part of it. Its `name` is the simple
 *   name, `qualified` the Python `__qualname__` (`Loader.load`, `outer.<locals>.inner`).
 * - Scope: `module` (module level, including inside module-level compound statements), `class`
 *   (directly in a class body: methods and nested classes) or `function` (nested in a function).
 *   `inFunction`: some enclosing unit is a function (a method of a class defined in a function is
 *   in a function, though its scope is `class`).
 * - Top-level functions (CU_P): the functions a module's `def` statements bind in the module
 *   namespace, as Python runs them: every function definition not inside a class or function body,
 *   so also those inside module-level `if`/`try`/`with`/`for`/`while`/`match` blocks (scope
 *   `module`). Methods and nested functions are not. (examples.ts lists each name once per file.)
 * - Overload stubs: functions decorated with `@overload` or `@<name>.overload` (`typing.overload`,
 *   `t.overload`, `typing_extensions.overload`): typing declarations that Python rebinds to the
 *   implementation defined after them; they are trivial.
 * - Docstring: the first statement of the body (of the module for a module docstring) when it is a
 *   plain string literal (not an f-string or bytes), cleaned like `inspect.cleandoc`, escapes left as
 *   written.
 * - Trivial units (never anchors or answers; the paper excludes "empty or initialization
 *   functions"): a function or class whose body, after a leading docstring, is empty or holds only
 *   `pass`, `...` and `raise NotImplementedError` / `raise NotImplementedError(...)` statements;
 *   every `__init__`; and every overload stub.
 * - Trivial files (never in a context): empty files, files tree-sitter cannot parse without errors,
 *   and files whose module-level statements are only imports, `__all__` assignments, string
 *   statements and `pass` (e.g. an `__init__.py` that re-exports).
 */
import type { Node } from "web-tree-sitter";
import { withTree, type LoadedLanguage } from "../../../lib/code/parser";
import { nodeEnd, nodeStart } from "../../../lib/code/source";
import { cleandoc } from "../../../lib/code/docstrings";
import { collectCallSites, type CallSite } from "./call-sites";
import { functionDataFlow, type Change } from "./data-flow";
import { docstringLiteral, named, statements, stringBody } from "./ts-nodes";
import { present } from "../../../lib/code/nodes";

export interface PyDocstring {
  /** Cleaned (`inspect.cleandoc`). */
  text: string;
  startIndex: number;
  endIndex: number;
}

/** An import binding: what a local name means after an import statement. */
export type ImportBinding =
  /** `import a.b.c` binds `a` to module `a`; `import a.b as m` binds `m` to module `a.b`. */
  | { kind: "module"; local: string; module: string[]; level: 0; start: number }
  /** `from [.]m import x [as y]` binds `y` (or `x`) to `x` of module `m` (relative: level dots). */
  | { kind: "from"; local: string; module: string[]; level: number; name: string; start: number };

export interface PyUnit {
  /** Position in the file's units (document order). */
  index: number;
  kind: "function" | "class";
  name: string;
  qualified: string;
  scope: "module" | "class" | "function";
  /** A top-level function in CU_P's sense. */
  topLevel: boolean;
  /** Nested in a function at some depth. */
  inFunction: boolean;
  /** An `@overload` stub. */
  overload: boolean;
  /** The directly enclosing unit (class or function). */
  parent?: number;
  /** Enclosing classes, outermost first. */
  classChain: number[];
  startIndex: number;
  endIndex: number;
  /** Start of the line the definition starts on. */
  lineStart: number;
  startRow: number;
  endRow: number;
  /** Whole-line code: `code.slice(lineStart, endIndex)`. */
  code: string;
  docstring?: PyDocstring;
  /** Signature and docstring with the body left out, dedented (T2 requirements); only with a docstring. */
  requirement?: string;
  trivial: boolean;
  /** The parameter list as written, whitespace collapsed (`(self, path, *, strict=False)`). */
  signature: string;
  /** Functions: parameter names. */
  params: string[];
  /** Classes: positional base-class expressions as written. */
  bases: string[];
  /** Functions: direct call sites of the body (nested functions, classes and lambdas left out). */
  calls: CallSite[];
  /** Functions: calls whose callee is not a name or attribute chain (`f()()`, `x[0]()`). */
  dynamicCalls: number;
  /** Functions: variable -> change rows (data-flow rule set). */
  changes: Map<string, Change[]>;
  /** Functions: names local to the body (parameters, assigned names, nested defs). */
  locals: Set<string>;
  /** Functions: imports inside the body. */
  localImports: ImportBinding[];
  /** Functions: names bound by `case` patterns. */
  unsupportedVars: Set<string>;
}

export interface PyFile {
  path: string;
  code: string;
  /** Parsed without ERROR or MISSING nodes. */
  clean: boolean;
  /** Never part of a context (see the module comment). */
  trivial: boolean;
  units: PyUnit[];
  /** Module-level import bindings, in order. */
  imports: ImportBinding[];
}

/** Parses and analyses one Python file. */
export function analyzePythonFile(lang: LoadedLanguage, path: string, code: string): PyFile {
  const result = withTree(lang, code, (root) => {
    const units: PyUnit[] = [];
    const imports: ImportBinding[] = [];
    const clean = !root.hasError;
    visitChildren(root, { scope: "module", inFunction: false, classChain: [], qualPrefix: "" }, units, imports, code);
    return { path, code, clean, trivial: !clean || isTrivialModule(root), units, imports };
  });
  return result ?? { path, code, clean: false, trivial: true, units: [], imports: [] };
}

interface Ctx {
  scope: PyUnit["scope"];
  inFunction: boolean;
  parent?: number;
  classChain: number[];
  qualPrefix: string;
}

function visitChildren(node: Node, ctx: Ctx, units: PyUnit[], imports: ImportBinding[], code: string): void {
  for (const child of named(node)) visit(child, ctx, units, imports, code);
}

function visit(node: Node, ctx: Ctx, units: PyUnit[], imports: ImportBinding[], code: string): void {
  if (node.type === "function_definition" || node.type === "class_definition") {
    const unit = makeUnit(node, ctx, units.length, code);
    units.push(unit);
    const inner: Ctx =
      unit.kind === "class"
        ? {
            scope: "class",
            inFunction: ctx.inFunction,
            parent: unit.index,
            classChain: [...ctx.classChain, unit.index],
            qualPrefix: `${unit.qualified}.`,
          }
        : {
            scope: "function",
            inFunction: true,
            parent: unit.index,
            classChain: ctx.classChain,
            qualPrefix: `${unit.qualified}.<locals>.`,
          };
    const body = node.childForFieldName("body");
    if (body) visitChildren(body, inner, units, imports, code);
    return;
  }
  if (ctx.scope === "module" && (node.type === "import_statement" || node.type === "import_from_statement")) {
    imports.push(...importBindings(node));
    return;
  }
  visitChildren(node, ctx, units, imports, code);
}

function makeUnit(node: Node, ctx: Ctx, index: number, code: string): PyUnit {
  const kind = node.type === "class_definition" ? "class" : "function";
  const name = node.childForFieldName("name")?.text ?? "";
  const body = node.childForFieldName("body");
  // String indices of the node (its own offsets are UTF-8 bytes).
  const [startIndex, endIndex] = [nodeStart(node), nodeEnd(node)];
  const lineStart = code.lastIndexOf("\n", startIndex - 1) + 1;
  const docLiteral = body ? docstringLiteral(statements(body)[0]) : undefined;
  const docstring = docLiteral
    ? { text: cleandoc(stringBody(docLiteral)), startIndex: nodeStart(docLiteral), endIndex: nodeEnd(docLiteral) }
    : undefined;
  const overload = kind === "function" && isOverloadStub(node);
  const unit: PyUnit = {
    index,
    kind,
    name,
    qualified: ctx.qualPrefix + name,
    scope: ctx.scope,
    topLevel: kind === "function" && ctx.scope === "module",
    inFunction: ctx.inFunction,
    overload,
    parent: ctx.parent,
    classChain: ctx.classChain,
    startIndex,
    endIndex,
    lineStart,
    startRow: node.startPosition.row,
    endRow: node.endPosition.row,
    code: code.slice(lineStart, endIndex),
    docstring,
    requirement: docstring
      ? dedent(code.slice(lineStart, docstring.endIndex), code.slice(lineStart, startIndex))
      : undefined,
    trivial: name === "__init__" || overload || (body ? isTrivialBody(body) : true),
    signature: signatureOf(node),
    params: [],
    bases: kind === "class" ? baseClasses(node) : [],
    calls: [],
    dynamicCalls: 0,
    changes: new Map(),
    locals: new Set(),
    localImports: [],
    unsupportedVars: new Set(),
  };
  if (kind === "function" && body) {
    const flow = functionDataFlow(node);
    unit.params = flow.params;
    unit.changes = flow.changes;
    unit.unsupportedVars = flow.unsupported;
    unit.locals = new Set([
      ...flow.params,
      ...flow.nestedDefs,
      ...[...flow.changes]
        .filter(([, cs]) => cs.some((c) => !c.rule.startsWith("item-") && !c.rule.startsWith("attr-")))
        .map(([n]) => n),
    ]);
    const sites = collectCallSites(body);
    unit.calls = sites.sites;
    unit.dynamicCalls = sites.dynamic;
    unit.localImports = localImports(body);
  }
  return unit;
}

/** Decorated with `@overload` or `@<name>.overload`. */
function isOverloadStub(node: Node): boolean {
  const decorated = node.parent;
  if (decorated?.type !== "decorated_definition") return false;
  return named(decorated).some((d) => {
    if (d.type !== "decorator") return false;
    const e = named(d).find((c) => c.type !== "comment");
    if (e?.type === "identifier") return e.text === "overload";
    return (
      e?.type === "attribute" &&
      e.childForFieldName("attribute")?.text === "overload" &&
      e.childForFieldName("object")?.type === "identifier"
    );
  });
}

/** Removes `indent` from the start of every line that has it. */
function dedent(text: string, indent: string): string {
  if (!indent) return text;
  return text
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
}

function isTrivialStatement(s: Node): boolean {
  if (s.type === "pass_statement") return true;
  if (s.type === "expression_statement") {
    const parts = named(s);
    return parts.length === 1 && parts[0].type === "ellipsis";
  }
  if (s.type === "raise_statement") {
    const exc = named(s).find((c) => c.type !== "comment");
    if (!exc) return false;
    const callee = exc.type === "call" ? exc.childForFieldName("function") : exc;
    return (
      callee?.type === "identifier" &&
      callee.text === "NotImplementedError" &&
      named(s).filter((c) => c.type !== "comment").length === 1
    );
  }
  return false;
}

/** Trivial body: after a leading docstring, only `pass` / `...` / `raise NotImplementedError` (or nothing). */
export function isTrivialBody(body: Node): boolean {
  let rest = statements(body);
  if (docstringLiteral(rest[0])) rest = rest.slice(1);
  return rest.every(isTrivialStatement);
}

function isTrivialModule(root: Node): boolean {
  const body = statements(root);
  return body.every((s) => {
    if (
      s.type === "import_statement" ||
      s.type === "import_from_statement" ||
      s.type === "future_import_statement" ||
      s.type === "pass_statement"
    )
      return true;
    if (s.type !== "expression_statement") return false;
    const parts = named(s);
    if (parts.length !== 1) return false;
    const e = parts[0];
    if (e.type === "string" || e.type === "concatenated_string") return true;
    if (e.type === "assignment" || e.type === "augmented_assignment")
      return e.childForFieldName("left")?.text === "__all__";
    return false;
  });
}

function signatureOf(node: Node): string {
  const params = node.childForFieldName("parameters");
  if (!params) return "()";
  return `(${statements(params)
    .map((p) => p.text.replace(/\s+/g, " "))
    .join(", ")})`;
}

function baseClasses(node: Node): string[] {
  const args = node.childForFieldName("superclasses");
  if (!args) return [];
  return statements(args)
    .filter((a) => a.type !== "keyword_argument" && a.type !== "list_splat" && a.type !== "dictionary_splat")
    .map((a) => a.text);
}

/** Import bindings of one import statement. */
export function importBindings(node: Node): ImportBinding[] {
  const out: ImportBinding[] = [];
  if (node.type === "import_statement") {
    for (const n of present(node.childrenForFieldName("name"))) {
      if (n.type === "aliased_import") {
        const dotted = n.childForFieldName("name");
        const alias = n.childForFieldName("alias");
        if (dotted && alias)
          out.push({
            kind: "module",
            local: alias.text,
            module: dotted.text.split("."),
            level: 0,
            start: nodeStart(node),
          });
      } else {
        const parts = n.text.split(".");
        out.push({ kind: "module", local: parts[0], module: [parts[0]], level: 0, start: nodeStart(node) });
      }
    }
    return out;
  }
  const moduleNode = node.childForFieldName("module_name");
  if (!moduleNode) return out;
  let level = 0;
  let module: string[] = [];
  if (moduleNode.type === "relative_import") {
    level = named(moduleNode).find((c) => c.type === "import_prefix")?.text.length ?? 1;
    const dotted = named(moduleNode).find((c) => c.type === "dotted_name");
    module = dotted ? dotted.text.split(".") : [];
  } else module = moduleNode.text.split(".");
  for (const n of present(node.childrenForFieldName("name"))) {
    const nameNode = n.type === "aliased_import" ? n.childForFieldName("name") : n;
    const alias = n.type === "aliased_import" ? n.childForFieldName("alias") : n;
    if (nameNode && alias)
      out.push({ kind: "from", local: alias.text, module, level, name: nameNode.text, start: nodeStart(node) });
  }
  return out;
}

/** Import statements in a function body (nested scopes left out). */
function localImports(body: Node): ImportBinding[] {
  const out: ImportBinding[] = [];
  const walk = (n: Node) => {
    if (
      n.type === "function_definition" ||
      n.type === "class_definition" ||
      n.type === "decorated_definition" ||
      n.type === "lambda"
    )
      return;
    if (n.type === "import_statement" || n.type === "import_from_statement") {
      out.push(...importBindings(n));
      return;
    }
    for (const c of named(n)) walk(c);
  };
  walk(body);
  return out;
}

/** Functions that are not nested in a function at any depth: top-level functions and methods. */
export function isOuterFunction(u: PyUnit): boolean {
  return u.kind === "function" && !u.inFunction;
}
