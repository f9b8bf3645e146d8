#!/usr/bin/env python3
"""An independent check of a LongCodeU release's ground truth with Python's own `ast` module.

    python3 scripts/longcodeu-ast-check.py release.json [--json] [--repo-root <dir> ...]

Reads the release `npm run longcodeu -- build --out release.json` writes, and each repository's
files from disk (`repos[].source.path`, which `readRepository` records; `--repo-root` overrides it,
in part order). Nothing of the builder is reused: units, scopes, decorators and calls come from
`ast`. Per example it checks what the builder's rules say (docs/longcodeu.md, "How examples are built"):

- CU_P: the expected names are, file by file in context order, the names the module's `def`
  statements bind in the module namespace (every function definition not inside a class, function
  or lambda, so also those inside module-level if/try/with/for/while/match), each name once per file
  at its first definition.
- DRA_T1/T2: every expected callee is a function that is not an `@overload` stub (`overload`,
  `typing.overload`, `t.overload`, any `<module>.overload`), not trivial, and the last definition of
  its name in its namespace (module or class body) that is not a stub: what the name is bound to
  when the module has run. And the callees `ast` finds itself are expected: direct calls `f(...)` in
  the anchor's body (nested functions, classes and lambdas left out, with their decorators and
  defaults, as the builder's rule says) of a name the anchor does not bind, bound last at
  module level of the anchor's file by a `def` (no later import, class or assignment of the name),
  and `self.m(...)` / `cls.m(...)` in a method, of a method `m` defined in the anchor's own class
  body; each when non-trivial, not a stub and not the anchor itself.
- SRE_T1/T2: the anchor is not nested in a function (at any depth, e.g. a method of a class
  defined in a function); no expected unit is nested in a function, is the anchor, or encloses it.
- CU_SA: the expected function is not nested in a function.

Prints agreement counts per task (`agree/total`) and the disagreements; exits 1 when there are any.
"""
import argparse
import ast
import json
import os
import sys
from collections import defaultdict


def is_overload(fn):
    for d in fn.decorator_list:
        if isinstance(d, ast.Name) and d.id == "overload":
            return True
        if isinstance(d, ast.Attribute) and d.attr == "overload" and isinstance(d.value, ast.Name):
            return True
    return False


def is_trivial(node):
    if node.name == "__init__":
        return True
    body = list(node.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        body = body[1:]
    for s in body:
        if isinstance(s, ast.Pass):
            continue
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and s.value.value is Ellipsis:
            continue
        if isinstance(s, ast.Raise) and s.cause is None and s.exc is not None:
            exc = s.exc.func if isinstance(s.exc, ast.Call) else s.exc
            if isinstance(exc, ast.Name) and exc.id == "NotImplementedError":
                continue
        return False
    return True


DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def namespace_statements(body):
    """Statements that run in the namespace of `body` (compound statements entered, defs not), in source order."""
    for s in body:
        yield s
        if isinstance(s, DEFS):
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from namespace_statements(getattr(s, field, []) or [])
        for h in getattr(s, "handlers", []) or []:
            yield from namespace_statements(h.body)
        for c in getattr(s, "cases", []) or []:
            yield from namespace_statements(c.body)


class Unit:
    def __init__(self, node, qualname, in_function, parent):
        self.node = node
        self.qualname = qualname
        self.in_function = in_function
        self.parent = parent


class FileIndex:
    def __init__(self, path, text):
        self.tree = ast.parse(text)
        self.units = {}  # qualname -> [Unit] in source order
        self._index(self.tree.body, "", False, None)

    def _index(self, body, prefix, in_function, parent):
        for s in namespace_statements(body):
            if isinstance(s, DEFS):
                q = prefix + s.name
                u = Unit(s, q, in_function, parent)
                self.units.setdefault(q, []).append(u)
                if isinstance(s, ast.ClassDef):
                    self._index(s.body, q + ".", in_function, u)
                else:
                    self._index(s.body, q + ".<locals>.", True, u)

    def module_bindings(self):
        """Name -> the last module-level statement binding it (def/class/import/assignment target)."""
        last = {}
        for s in namespace_statements(self.tree.body):
            for name in bound_names(s):
                last[name] = s
        return last


def bound_names(s):
    if isinstance(s, DEFS):
        return [s.name]
    if isinstance(s, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name.split(".")[0]) for a in s.names]
    targets = []
    if isinstance(s, ast.Assign):
        targets = s.targets
    elif isinstance(s, (ast.AnnAssign, ast.AugAssign)) and s.value is not None:
        targets = [s.target]
    elif isinstance(s, (ast.For, ast.AsyncFor)):
        targets = [s.target]
    elif isinstance(s, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in s.items if i.optional_vars is not None]
    names = []
    for t in targets:
        for n in ast.walk(t):
            if isinstance(n, ast.Name):
                names.append(n.id)
    return names


def own_nodes(fn):
    """Nodes of a function's body, nested functions, classes and lambdas left out (their decorators too)."""
    stack = [s for s in fn.body if not isinstance(s, DEFS)]
    while stack:
        n = stack.pop()
        yield n
        for c in ast.iter_child_nodes(n):
            if isinstance(c, DEFS + (ast.Lambda,)):
                continue
            stack.append(c)


def locals_of(fn):
    a = fn.args
    names = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs}
    if a.vararg:
        names.add(a.vararg.arg)
    if a.kwarg:
        names.add(a.kwarg.arg)
    stack = list(fn.body)
    while stack:
        n = stack.pop()
        if isinstance(n, DEFS):
            names.add(n.name)
            continue
        if isinstance(n, ast.Lambda):
            continue
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            names.update(bound_names(n))
        if isinstance(n, ast.ExceptHandler) and n.name:
            names.add(n.name)
        stack.extend(ast.iter_child_nodes(n))
    return names


class Checker:
    def __init__(self, release, roots):
        self.release = release
        self.roots = roots
        self.cache = {}
        self.agree = defaultdict(int)
        self.total = defaultdict(int)
        self.problems = []

    def file(self, root, path):
        key = (root, path)
        if key not in self.cache:
            with open(os.path.join(root, path), encoding="utf-8-sig") as f:
                text = f.read()
            try:
                self.cache[key] = FileIndex(path, text)
            except SyntaxError as err:
                err.filename = path
                self.cache[key] = err
        if isinstance(self.cache[key], SyntaxError):
            raise self.cache[key]
        return self.cache[key]

    def unit(self, root, path, qualname):
        units = self.file(root, path).units.get(qualname) or []
        return units

    def run(self):
        for i, part in enumerate(self.release["repos"]):
            root = self.roots[i] if i < len(self.roots) else part.get("source", {}).get("path")
            if not root or not os.path.isdir(root):
                raise SystemExit(f"no directory for repository {part['repo']} (give --repo-root)")
            contexts = {c["id"]: c for c in part["contexts"]}
            for e in part["examples"]:
                task = e["task"]
                check = getattr(self, "check_" + task.split("_T")[0].lower(), None)
                if check is None:
                    continue
                self.total[task] += 1
                try:
                    errors = check(root, contexts[e["context"]], e)
                except SyntaxError as err:
                    errors = [f"{err.filename or 'a file'} is not Python 3 that ast parses ({err.msg}, line {err.lineno})"]
                if errors:
                    self.problems.append({"example": e["id"], "errors": errors})
                else:
                    self.agree[task] += 1

    # CU_P
    def check_cu_p(self, root, context, e):
        expected = []
        for path in context["files"]:
            seen = set()
            for s in namespace_statements(self.file(root, path).tree.body):
                if isinstance(s, FUNCS) and s.name not in seen:
                    seen.add(s.name)
                    expected.append(s.name)
        got = e["answer"]["names"]
        if got == expected:
            return []
        at = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b), min(len(expected), len(got)))
        return [f"names differ from position {at}: ast {expected[at:at + 4]} vs release {got[at:at + 4]} ({len(expected)} vs {len(got)} names)"]

    def check_cu_sa(self, root, context, e):
        u = e["answer"]["units"][0]
        found = self.unit(root, u["path"], u["qualified"])
        if not found:
            return [f"{u['qualified']} not found in {u['path']}"]
        return [f"{u['qualified']} is nested in a function"] if found[-1].in_function else []

    # DRA
    def last_definition(self, units):
        real = [u for u in units if not (isinstance(u.node, FUNCS) and is_overload(u.node))]
        return real[-1] if real else None

    def check_dra(self, root, context, e):
        errors = []
        expected = set()
        for u in e["answer"]["units"]:
            units = self.unit(root, u["path"], u["qualified"])
            last = self.last_definition(units)
            if last is None:
                errors.append(f"callee {u['qualified']} ({u['path']}) is not a non-overload definition")
                continue
            if not isinstance(last.node, FUNCS):
                errors.append(f"callee {u['qualified']} is bound last to a class")
            if is_trivial(last.node):
                errors.append(f"callee {u['qualified']} is trivial")
            # The code the release holds is the last definition's.
            if not self.holds(root, u["path"], u["code"], last.node):
                errors.append(f"callee {u['qualified']}: the release holds another definition than the last of {len(units)}")
            expected.add((u["path"], u["qualified"]))
        # Callees ast resolves itself must be expected.
        path = e["meta"]["path"]
        anchors = self.unit(root, path, e["meta"]["function"])
        if not anchors:
            return errors + [f"anchor {e['meta']['function']} not found"]
        anchor = anchors[-1]
        if anchor.in_function:
            errors.append("anchor nested in a function")
        index = self.file(root, path)
        bindings = index.module_bindings()
        local = locals_of(anchor.node)
        cls = anchor.parent if anchor.parent is not None and isinstance(anchor.parent.node, ast.ClassDef) else None
        for n in own_nodes(anchor.node):
            if not isinstance(n, ast.Call):
                continue
            f = n.func
            target = None
            if isinstance(f, ast.Name) and f.id not in local:
                b = bindings.get(f.id)
                if isinstance(b, FUNCS):
                    target = self.last_definition(index.units.get(f.id, []))
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("self", "cls") and cls is not None:
                members = index.units.get(cls.qualname + "." + f.attr, [])
                target = self.last_definition(members)
                if target is not None and not isinstance(target.node, FUNCS):
                    target = None
            if target is None or target is anchor or is_trivial(target.node):
                continue
            if (path, target.qualname) not in expected:
                errors.append(f"ast finds a call of {target.qualname} (line {n.lineno}) that is not expected")
        return errors

    def holds(self, root, path, code, node):
        """Whether `code` (a unit as the release holds it: from its `def` line on) is `node`'s text."""
        key = (root, path, "lines")
        if key not in self.cache:
            with open(os.path.join(root, path), encoding="utf-8-sig") as f:
                self.cache[key] = f.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")
        lines = self.cache[key]
        # tree-sitter ends a block after trailing comments, ast at its last statement: compare ast's lines.
        n = node.end_lineno - node.lineno + 1
        mine = code.split("\n")
        if len(mine) < n or mine[: n - 1] != lines[node.lineno - 1 : node.end_lineno - 1]:
            return False
        return lines[node.end_lineno - 1].startswith(mine[n - 1]) or mine[n - 1].startswith(lines[node.end_lineno - 1])

    # SRE
    def check_sre(self, root, context, e):
        errors = []
        anchors = self.unit(root, e["meta"]["path"], e["meta"]["function"])
        if not anchors:
            return [f"anchor {e['meta']['function']} not found"]
        anchor = anchors[-1]
        if anchor.in_function:
            errors.append(f"anchor {anchor.qualname} is nested in a function")
        enclosing = set()
        p = anchor.parent
        while p is not None:
            enclosing.add((e["meta"]["path"], p.qualname))
            p = p.parent
        for u in e["answer"]["units"]:
            found = self.unit(root, u["path"], u["qualified"])
            if not found:
                errors.append(f"answer {u['qualified']} not found")
                continue
            if any(x.in_function for x in found):
                errors.append(f"answer {u['qualified']} is nested in a function")
            if (u["path"], u["qualified"]) in enclosing:
                errors.append(f"answer {u['qualified']} encloses the anchor")
            if (u["path"], u["qualified"]) == (e["meta"]["path"], anchor.qualname):
                errors.append("the anchor is its own answer")
        return errors


def read_release(path):
    """A release JSON, or the build directory `npm run longcodeu -- build` writes (header.json and JSONL files)."""
    if not os.path.isdir(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)

    def jsonl(name):
        full = os.path.join(path, name)
        if not os.path.exists(full):
            return []
        with open(full, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]

    with open(os.path.join(path, "header.json"), encoding="utf-8") as f:
        header = json.load(f)["header"]
    contexts = jsonl("contexts.jsonl")
    examples = [e for t in header["build"]["tasks"] for e in jsonl(f"examples-{t}.jsonl")]
    strip = lambda item: {k: v for k, v in item.items() if k != "repo"}
    repos = [
        {
            "repo": r["repo"],
            "source": r["source"],
            "contexts": [strip(c) for c in contexts if c["repo"] == r["repo"]],
            "examples": [strip(e) for e in examples if e["repo"] == r["repo"]],
        }
        for r in header["repos"]
    ]
    return {**header, "repos": repos}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("release", help="a release JSON or a build directory")
    ap.add_argument("--repo-root", action="append", default=[])
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    a = ap.parse_args()
    release = read_release(a.release)
    c = Checker(release, a.repo_root)
    c.run()
    summary = {
        "python": sys.version.split()[0],
        "tasks": {t: {"agree": c.agree[t], "total": c.total[t]} for t in sorted(c.total)},
        "agree": sum(c.agree.values()),
        "total": sum(c.total.values()),
        "disagreements": c.problems,
    }
    if a.json:
        print(json.dumps(summary, indent=1))
    else:
        for t, s in summary["tasks"].items():
            print(f"{t:8} {s['agree']}/{s['total']}")
        print(f"all      {summary['agree']}/{summary['total']}")
        for p in c.problems:
            print(f"  {p['example']}: " + "; ".join(p["errors"]))
    sys.exit(1 if c.problems else 0)


if __name__ == "__main__":
    main()
