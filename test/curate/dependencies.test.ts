import { describe, expect, it } from "vitest";
import "../../src/lib/code";
import { analyzeDependencies } from "../../src/benchmarks/repoqa/curate/dependencies";
import { topologicalSort } from "../../src/benchmarks/repoqa/curate/topo";

describe("analyzeDependencies: python", () => {
  const files = {
    "src/textkit/__init__.py": "from .tokens import tokenize\nfrom textkit import version\n",
    "src/textkit/tokens.py": "import re\nfrom textkit.util import helper\nfrom . import util\nimport textkit.missing\n",
    "src/textkit/util.py": "import os\nfrom .. import nothing_here\n",
    "src/textkit/sub/__init__.py": "",
    "src/textkit/sub/deep.py":
      "from ..tokens import tokenize\nfrom textkit.sub import deep2, gone\nfrom textkit import *\n",
    "src/textkit/sub/deep2.py":
      "import click\ntry:\n    import textkit.sub.deep as again\nexcept ImportError:\n    pass\n",
    "src/textkit/version.py": "",
  };

  it("resolves absolute, relative, submodule and wildcard imports the way pydeps records them", async () => {
    const { dependency, unresolved } = await analyzeDependencies("python", files, { entrypoint: "src/textkit" });
    expect(dependency).toEqual({
      // importing a.b loads a/__init__.py; lists are sorted by module name, as pydeps printed them
      "src/textkit/__init__.py": ["src/textkit/tokens.py", "src/textkit/version.py"],
      "src/textkit/sub/deep.py": [
        "src/textkit/__init__.py",
        "src/textkit/sub/__init__.py",
        "src/textkit/sub/deep2.py",
        "src/textkit/tokens.py",
        "src/textkit/util.py",
        "src/textkit/version.py",
      ],
      "src/textkit/sub/deep2.py": ["src/textkit/__init__.py", "src/textkit/sub/__init__.py", "src/textkit/sub/deep.py"],
      "src/textkit/tokens.py": ["src/textkit/__init__.py", "src/textkit/util.py"],
      "src/textkit/util.py": [],
      "src/textkit/sub/__init__.py": [],
      "src/textkit/version.py": [],
    });
    // re, os, click: stdlib or third party, ignored; `gone` may be a name in sub/__init__.py
    expect(unresolved).toEqual({
      "src/textkit/tokens.py": ["textkit.missing"],
      "src/textkit/util.py": ["..nothing_here"],
    });
  });

  it("orders keys as the reference: modules with imports by dotted name, then the rest in content order", async () => {
    const { dependency } = await analyzeDependencies("python", files, { entrypoint: "src/textkit" });
    expect(Object.keys(dependency)).toEqual([
      "src/textkit/__init__.py", // textkit
      "src/textkit/sub/deep.py", // textkit.sub.deep
      "src/textkit/sub/deep2.py", // textkit.sub.deep2
      "src/textkit/tokens.py", // textkit.tokens
      "src/textkit/util.py",
      "src/textkit/sub/__init__.py",
      "src/textkit/version.py",
    ]);
    // deep.py and deep2.py import each other: the sort still lists every file once
    expect(topologicalSort(dependency)).toEqual([
      "src/textkit/util.py",
      "src/textkit/tokens.py",
      "src/textkit/version.py",
      "src/textkit/__init__.py",
      "src/textkit/sub/__init__.py",
      "src/textkit/sub/deep2.py",
      "src/textkit/sub/deep.py",
    ]);
  });

  it("resolves a src layout of namespace packages through the entrypoint's ancestors", async () => {
    const { dependency, unresolved } = await analyzeDependencies(
      "python",
      {
        "src/textkit/tokens.py":
          "from textkit.util import helper\nfrom textkit import shapes, nothing\nimport textkit.missing.deeper\n",
        "src/textkit/util.py": "import json\n",
        "src/textkit/shapes.py": "def f(:\n  broken",
      },
      { entrypoint: "src/textkit" },
    );
    expect(dependency).toEqual({
      "src/textkit/tokens.py": ["src/textkit/shapes.py", "src/textkit/util.py"],
      "src/textkit/util.py": [],
      "src/textkit/shapes.py": [],
    });
    // without __init__.py, a name that is no module file cannot be anything else
    expect(unresolved).toEqual({ "src/textkit/tokens.py": ["textkit.nothing", "textkit.missing.deeper"] });
  });
});

describe("analyzeDependencies: typescript and javascript", () => {
  it("follows imports, re-exports, require and import() to .ts/.js files and index files", async () => {
    const { dependency, unresolved } = await analyzeDependencies("typescript", {
      "src/index.ts":
        'import { a } from "./a.js";\nexport * from "./util";\nimport "./side";\nimport React from "react";\nimport "./style.css";\n' +
        'const lazy = () => import("./lazy");\nimport { gone } from "./gone";\nimport type { T } from "@app/types";\n',
      "src/a.ts": 'import { b } from "./util/index";\nimport { i } from "./index";\nimport x = require("./legacy");\n',
      "src/util/index.ts": 'const c = require("../legacy");\nfoo("./a");\n',
      "src/side.js": "",
      "src/lazy.ts": "",
      "src/legacy.js": 'module.exports = require("./a");\n',
      "README.md": 'import "./index"',
    });
    expect(dependency).toEqual({
      "src/a.ts": ["src/util/index.ts", "src/index.ts", "src/legacy.js"],
      "src/index.ts": ["src/a.ts", "src/util/index.ts", "src/side.js", "src/lazy.ts"],
      "src/lazy.ts": [],
      "src/legacy.js": ["src/a.ts"],
      "src/side.js": [],
      "src/util/index.ts": ["src/legacy.js"],
    });
    // ./style.css is an asset; react and @app/types are packages or aliases
    expect(unresolved).toEqual({ "src/index.ts": ["./gone"] });
    expect(topologicalSort(dependency)).toEqual([
      "src/legacy.js",
      "src/util/index.ts",
      "src/side.js",
      "src/lazy.ts",
      "src/index.ts",
      "src/a.ts",
    ]);
  });

  it("takes the .ts source of a .js specifier in TypeScript, the .js file in JavaScript", async () => {
    const { dependency } = await analyzeDependencies("typescript", {
      "lib/a.js": "export const a = 1;\n",
      "lib/a.ts": "export const a = 1;\n",
      "lib/deep/b.ts": 'export { a } from "../a.js";\nimport "..";\n',
      "lib/deep/c.js":
        'import { a } from "../a.js";\nimport { b } from "./b.js";\nimport { a as again } from "../a";\n',
      "lib/index.js": "",
    });
    expect(dependency["lib/deep/b.ts"]).toEqual(["lib/a.ts", "lib/index.js"]);
    expect(dependency["lib/deep/c.js"]).toEqual(["lib/a.js", "lib/deep/b.ts"]);
  });
});

describe("analyzeDependencies: go", () => {
  const files = {
    "go.mod": "module example.com/tally\n\ngo 1.22\n",
    "pkg/tally/counter.go":
      'package tally\n\nimport (\n\t"fmt"\n\tf "example.com/tally/internal/format"\n\t"example.com/tally/internal/gone"\n)\n\n' +
      "type Counter struct{ n int64 }\n\nfunc (c *Counter) String() string { return fmt.Sprint(f.Human(c.n), helper()) }\n",
    "pkg/tally/helpers.go": "package tally\n\nvar defaultCounter = &Counter{}\n\nfunc helper() int { return 1 }\n",
    "pkg/tally/counter_test.go": "package tally\n\nfunc TestCounter() { _ = defaultCounter }\n",
    "pkg/tally/os_linux.go": "package tally\n\nfunc platform() string { return helper2() }\n",
    "pkg/tally/os_other.go":
      'package tally\n\nfunc platform() string { return "" }\nfunc helper2() string { return "" }\n',
    "internal/format/format.go": 'package format\n\nfunc Human(n int64) string { return "" }\n',
    "internal/format/format_test.go": "package format\n\nfunc TestHuman() { Human(1) }\n",
  };

  it("links files of a package through package-level names, and in-module imports to their package", async () => {
    const { dependency, unresolved } = await analyzeDependencies("go", files);
    expect(dependency).toEqual({
      "internal/format/format.go": [],
      "internal/format/format_test.go": ["internal/format/format.go"],
      "pkg/tally/counter.go": ["internal/format/format.go", "pkg/tally/helpers.go"],
      // a test file sees the package; the package never depends on its tests
      "pkg/tally/counter_test.go": ["pkg/tally/helpers.go"],
      "pkg/tally/helpers.go": ["pkg/tally/counter.go"],
      // build variants declare the same names without using each other
      "pkg/tally/os_linux.go": ["pkg/tally/os_other.go"],
      "pkg/tally/os_other.go": [],
    });
    expect(unresolved).toEqual({ "pkg/tally/counter.go": ["example.com/tally/internal/gone"] });
    // sorted by path, as the reference's Go tool wrote them (go.mod is read, not listed)
    expect(Object.keys(dependency)).toEqual([...Object.keys(dependency)].sort());
    expect(Object.keys(dependency)).not.toContain("go.mod");
  });

  it("takes the module path from opts.goModule when no go.mod is given, else treats imports as external", async () => {
    const { "go.mod": _, ...sources } = files;
    const withModule = await analyzeDependencies("go", sources, { goModule: "example.com/tally" });
    expect(withModule.dependency["pkg/tally/counter.go"]).toEqual([
      "internal/format/format.go",
      "pkg/tally/helpers.go",
    ]);
    const without = await analyzeDependencies("go", sources);
    expect(without.dependency["pkg/tally/counter.go"]).toEqual(["pkg/tally/helpers.go"]);
    expect(without.unresolved).toEqual({});
  });

  it("reproduces the reference's Go tool on request: x.Sel links to every file named x.go", async () => {
    const { dependency } = await analyzeDependencies(
      "go",
      {
        "cmd/format.go": "package main\n",
        "pkg/tally/counter.go": "package tally\n\nfunc f() { format.Human(1); var x helpers.T; _ = x; c.n = 1 }\n",
        "pkg/tally/helpers.go": "package tally\n\nfunc g() { helper() }\n",
        "internal/format/format.go": "package format\n",
      },
      { goStrategy: "reference" },
    );
    expect(dependency).toEqual({
      "cmd/format.go": [],
      "internal/format/format.go": [],
      "pkg/tally/counter.go": ["cmd/format.go", "internal/format/format.go", "pkg/tally/helpers.go"],
      "pkg/tally/helpers.go": [],
    });
  });
});

describe("analyzeDependencies: rust", () => {
  it("follows mod declarations and use paths to the deepest module file", async () => {
    const { dependency, unresolved } = await analyzeDependencies("rust", {
      "src/lib.rs":
        "pub mod parser;\nmod util;\nmod gone;\nmod inline { mod deep; }\nuse crate::parser::ast::Node;\nuse std::io;\nuse serde::Serialize;\n" +
        '#[path = "extra/custom.rs"] mod custom;\n',
      "src/parser.rs": "pub mod ast;\nuse super::util::helper;\nuse self::ast::{self, Expr};\n",
      "src/parser/ast.rs": "use crate::{util, Error};\nuse super::super::super::nope;\n",
      "src/util/mod.rs": "mod fmt;\nuse fmt::pretty;\n",
      "src/util/fmt.rs": "",
      "src/inline/deep.rs": "",
      "src/extra/custom.rs": "",
      "src/main.rs": "mod cli;\nuse textkit::parser;\n",
      "src/cli.rs": "use crate::util::fmt;\n",
    });
    expect(dependency).toEqual({
      "src/cli.rs": ["src/util/fmt.rs"],
      "src/extra/custom.rs": [],
      "src/inline/deep.rs": [],
      "src/lib.rs": [
        "src/parser.rs",
        "src/util/mod.rs",
        "src/inline/deep.rs",
        "src/parser/ast.rs",
        "src/extra/custom.rs",
      ],
      "src/main.rs": ["src/cli.rs"],
      "src/parser.rs": ["src/parser/ast.rs", "src/util/mod.rs"],
      "src/parser/ast.rs": ["src/util/mod.rs", "src/lib.rs"],
      "src/util/fmt.rs": [],
      "src/util/mod.rs": ["src/util/fmt.rs"],
    });
    expect(unresolved).toEqual({ "src/lib.rs": ["mod gone"], "src/parser/ast.rs": ["super::super::super::nope"] });
  });
});

describe("analyzeDependencies: java", () => {
  const root = "src/main/java/com/x";
  it("resolves imports through package declarations, and same-package types used without import", async () => {
    const { dependency, unresolved } = await analyzeDependencies("java", {
      [`${root}/core/Engine.java`]:
        "package com.x.core;\n\nimport com.x.util.Helper;\nimport com.x.util.Consts.Inner;\nimport static com.x.util.Consts.MAX;\n" +
        "import com.x.model.*;\nimport com.x.util.Missing;\nimport java.util.List;\nimport com.google.common.Lists;\n\n" +
        "@Marked\npublic class Engine extends Base { Helper h; List<Part> parts; void f() { Peer.go(); } }\n",
      [`${root}/core/Base.java`]: "package com.x.core;\npublic abstract class Base { Engine owner; }\n",
      [`${root}/core/Marked.java`]: "package com.x.core;\npublic @interface Marked {}\n",
      [`${root}/core/Peer.java`]: "package com.x.core;\nclass Peer { static void go() {} }\n",
      [`${root}/core/Unused.java`]: "package com.x.core;\nclass Unused {}\n",
      // declared in a package that does not match its directory: the declaration wins
      [`${root}/util/Helper.java`]: "package com.x.util;\npublic class Helper {}\n",
      [`${root}/misc/Consts.java`]:
        "package com.x.util;\npublic class Consts { public static final int MAX = 1; public static class Inner {} }\n",
      [`${root}/model/Part.java`]: "package com.x.model;\npublic class Part {}\n",
      [`${root}/model/Whole.java`]: "package com.x.model;\npublic class Whole { Part p; }\n",
    });
    expect(dependency).toEqual({
      [`${root}/core/Base.java`]: [`${root}/core/Engine.java`],
      [`${root}/core/Engine.java`]: [
        `${root}/util/Helper.java`,
        `${root}/misc/Consts.java`,
        `${root}/model/Part.java`,
        `${root}/model/Whole.java`,
        `${root}/core/Marked.java`,
        `${root}/core/Base.java`,
        `${root}/core/Peer.java`,
      ],
      [`${root}/core/Marked.java`]: [],
      [`${root}/core/Peer.java`]: [],
      [`${root}/core/Unused.java`]: [],
      [`${root}/misc/Consts.java`]: [],
      [`${root}/model/Part.java`]: [],
      [`${root}/model/Whole.java`]: [`${root}/model/Part.java`],
      [`${root}/util/Helper.java`]: [],
    });
    expect(unresolved).toEqual({ [`${root}/core/Engine.java`]: ["com.x.util.Missing"] });
    // Engine and Base need each other: both appear once
    expect(topologicalSort(dependency)).toEqual([
      `${root}/util/Helper.java`,
      `${root}/misc/Consts.java`,
      `${root}/model/Part.java`,
      `${root}/model/Whole.java`,
      `${root}/core/Marked.java`,
      `${root}/core/Peer.java`,
      `${root}/core/Engine.java`,
      `${root}/core/Base.java`,
      `${root}/core/Unused.java`,
    ]);
  });
});

describe("analyzeDependencies: cpp", () => {
  it("resolves includes beside the file, from the root and from include-like directories", async () => {
    const { dependency, unresolved } = await analyzeDependencies("cpp", {
      "src/net/socket.cpp":
        '#include "socket.h"\n#include "net/util.hpp"\n#include <vector>\n#include <proj/api.h>\n#include "../core/base.h"\n#include "config.h"\n',
      "src/net/socket.h": '#pragma once\n#include "util.hpp"\n',
      "src/net/util.hpp": '#include "socket.h"\n#include "src/core/base.h"\n',
      "include/proj/api.h": "",
      "src/core/base.h": "",
      "src/main.c": '#include "net/socket.h"\n#if 0\n#include "core/base.h"\n#endif\n',
    });
    // keys grouped by suffix as the reference collected them: .cpp, .hpp, .c, then .h
    expect(dependency).toEqual({
      "src/net/socket.cpp": ["src/net/socket.h", "src/net/util.hpp", "include/proj/api.h", "src/core/base.h"],
      "src/net/util.hpp": ["src/net/socket.h", "src/core/base.h"],
      "src/main.c": ["src/net/socket.h", "src/core/base.h"],
      "include/proj/api.h": [],
      "src/core/base.h": [],
      "src/net/socket.h": ["src/net/util.hpp"],
    });
    expect(Object.keys(dependency)).toEqual([
      "src/net/socket.cpp",
      "src/net/util.hpp",
      "src/main.c",
      "include/proj/api.h",
      "src/core/base.h",
      "src/net/socket.h",
    ]);
    expect(unresolved).toEqual({ "src/net/socket.cpp": ["config.h"] });
    expect(topologicalSort(dependency)).toEqual([
      "src/core/base.h",
      "src/net/util.hpp",
      "src/net/socket.h",
      "include/proj/api.h",
      "src/net/socket.cpp",
      "src/main.c",
    ]);
  });
});

describe("analyzeDependencies + topologicalSort on a deep chain", () => {
  it("orders 3,000 modules that import each other in a line, deepest first", async () => {
    const n = 3000;
    const files = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `chain/m${i}.py`,
        i + 1 < n ? `from chain.m${i + 1} import f\n` : "def f():\n    pass\n",
      ]),
    );
    const { dependency } = await analyzeDependencies(
      "python",
      { "chain/__init__.py": "", ...files },
      { entrypoint: "chain" },
    );
    expect(dependency["chain/m0.py"]).toEqual(["chain/__init__.py", "chain/m1.py"]);
    const order = topologicalSort(dependency);
    expect(order).toHaveLength(n + 1);
    expect(order.slice(0, 2)).toEqual(["chain/__init__.py", `chain/m${n - 1}.py`]);
    expect(order[n]).toBe("chain/m0.py");
  });
});
