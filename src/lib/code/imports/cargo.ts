/**
 * The bits of Cargo the reference's Rust tool relied on (through `cargo metadata` and
 * cargo-modules): a package's library and binary targets, and its default features.
 * A small reader of `Cargo.toml` for exactly these keys, not a TOML parser.
 */
import { child, dirname } from "./repo";

export interface CargoTarget {
  kind: "lib" | "bin";
  /** Repository-relative path of the crate root. */
  src: string;
}

export interface CargoPackage {
  dir: string;
  targets: CargoTarget[];
  /** Features on with `default` (transitively). */
  features: Set<string>;
}

type Tables = { name: string; array: boolean; entries: Map<string, string> }[];

/** `[table]` / `[[array]]` headers and `key = value` lines (multi-line arrays joined). */
function tables(text: string): Tables {
  const out: Tables = [{ name: "", array: false, entries: new Map() }];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/(^|\s)#.*$/, "").trim();
    const header = /^\[(\[)?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      out.push({ name: header[2], array: header[1] === "[", entries: new Map() });
      continue;
    }
    const kv = /^("?[\w.-]+"?)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2];
    // A value that opens more brackets than it closes continues on the next lines.
    while ((value.match(/\[/g) ?? []).length > (value.match(/\]/g) ?? []).length && i + 1 < lines.length)
      value += " " + lines[++i].replace(/(^|\s)#.*$/, "").trim();
    out[out.length - 1].entries.set(kv[1].replace(/"/g, ""), value);
  }
  return out;
}

const str = (value: string | undefined) => (value === undefined ? undefined : /^"([^"]*)"/.exec(value)?.[1]);
const list = (value: string | undefined) => [...(value ?? "").matchAll(/"([^"]*)"/g)].map((m) => m[1]);

/** The package described by the manifest at `path` (its text), with the files of the repository. */
export function readCargoPackage(
  path: string,
  text: string,
  has: (path: string) => boolean,
  filesIn: (dir: string) => readonly string[],
): CargoPackage {
  const dir = dirname(path);
  const t = tables(text);
  const section = (name: string) => t.find((x) => x.name === name && !x.array)?.entries;
  const targets: CargoTarget[] = [];
  const lib = str(section("lib")?.get("path")) ?? "src/lib.rs";
  if (has(child(dir, lib))) targets.push({ kind: "lib", src: child(dir, lib) });
  const bins = new Set<string>();
  for (const bin of t.filter((x) => x.name === "bin" && x.array)) {
    const p = str(bin.entries.get("path"));
    if (p) bins.add(child(dir, p));
  }
  if (str(section("package")?.get("autobins")) !== "false" && section("package")?.get("autobins")?.trim() !== "false") {
    if (has(child(dir, "src/main.rs"))) bins.add(child(dir, "src/main.rs"));
    for (const f of filesIn(child(dir, "src/bin"))) if (f.endsWith(".rs")) bins.add(f);
  }
  for (const src of bins) if (has(src)) targets.push({ kind: "bin", src });
  const features = new Map<string, string[]>();
  for (const [key, value] of section("features") ?? []) features.set(key, list(value));
  const on = new Set<string>();
  const enable = (f: string) => {
    if (on.has(f) || f.includes("/") || f.startsWith("dep:")) return;
    on.add(f);
    for (const g of features.get(f) ?? []) enable(g);
  };
  enable("default");
  return { dir, targets, features: on };
}
