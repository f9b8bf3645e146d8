/**
 * The packages both refresh registries publish (test/refresh/registry.ts in workerd,
 * test/cli/refresh-registry.ts over HTTP for the command), around the window [2026-02-02, 2026-02-09):
 * `fresh-ts`, whose 1.1.0 brings functions born in the window (1.2.0 comes after it and must never be
 * read), and `fresh-py`, whose 2.1.0 brings a Python module born in it. Files under the archive's top
 * folder, by path.
 */
import { pyModule, tsFile } from "./synthetic-code";

export interface WindowPackageVersion {
  version: string;
  time: string;
  files: Record<string, string>;
}

const ts1 = { "package.json": "{}", "src/a.ts": tsFile("a", 0) };
export const FRESH_TS: WindowPackageVersion[] = [
  { version: "1.0.0", time: "2026-01-01T10:00:00.000Z", files: ts1 },
  // Inside the window: its new file's functions are the needles.
  { version: "1.1.0", time: "2026-02-03T10:00:00.000Z", files: { ...ts1, "src/b.ts": tsFile("b", 50) } },
  // After the window's end: never read for it, however late the build runs.
  {
    version: "1.2.0",
    time: "2026-02-20T10:00:00.000Z",
    files: { ...ts1, "src/b.ts": tsFile("b", 50), "src/c.ts": tsFile("c", 100) },
  },
];

const py1 = {
  "package.json": "{}",
  "proj/old.py": pyModule("old", 0),
  "README.md": "# Proj\n\n## `old_1`\n\nCall old_1 with items and a factor.\n",
};
export const FRESH_PY: WindowPackageVersion[] = [
  { version: "2.0.0", time: "2026-01-02T10:00:00.000Z", files: py1 },
  { version: "2.1.0", time: "2026-02-04T10:00:00.000Z", files: { ...py1, "proj/new.py": pyModule("new", 50) } },
];
