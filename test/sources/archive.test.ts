import { describe, expect, it } from "vitest";
import { checkPath, unpackTarGz } from "../../src/lib/sources/archive";
import type { Bounds } from "../../src/lib/sources/bounds";
import { SourceError } from "../../src/lib/sources/errors";
import { type TarEntry, TarReader } from "../../src/lib/sources/tar";
import { gzip, gzipZeros, tar, text, tgz, type TarItem } from "./archive-builder";

async function refusal(items: TarItem[] | Uint8Array, bounds: Partial<Bounds> = {}): Promise<SourceError> {
  const bytes = items instanceof Uint8Array ? items : await tgz(items);
  try {
    const files = await unpackTarGz(bytes, { bounds });
    throw new Error(`accepted, with ${files.size} files`);
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
}

describe("unpackTarGz: well-formed archives", () => {
  it("returns regular files with the top folder stripped, content intact", async () => {
    const binary = Uint8Array.from({ length: 1500 }, (_, i) => (i * 7) % 256);
    const files = await unpackTarGz(
      await tgz([
        { path: "package/", type: "5" },
        { path: "package/package.json", content: '{"name":"x"}' },
        { path: "package/lib/", type: "5" },
        { path: "package/lib/index.js", content: "module.exports = 1;\n" },
        { path: "package/lib/blob.bin", content: binary },
        { path: "package/empty.txt", content: "" },
        { path: "package/exactly-512", content: "a".repeat(512) },
      ]),
    );
    expect([...files.keys()].sort()).toEqual([
      "empty.txt",
      "exactly-512",
      "lib/blob.bin",
      "lib/index.js",
      "package.json",
    ]);
    expect(text(files.get("lib/index.js"))).toBe("module.exports = 1;\n");
    expect(files.get("lib/blob.bin")).toEqual(binary);
    expect(files.get("empty.txt")).toEqual(new Uint8Array(0));
    expect(text(files.get("exactly-512"))).toBe("a".repeat(512));
  });

  it("strips whatever the top folder is called (sdists and crates use <name>-<version>/)", async () => {
    const files = await unpackTarGz(
      await tgz([
        { path: "sampleproject-1.2.0/setup.py", content: "setup()" },
        { path: "./sampleproject-1.2.0//src/./mod.py", content: "x = 1" },
      ]),
    );
    expect([...files.keys()].sort()).toEqual(["setup.py", "src/mod.py"]);
  });

  it("reads long names from pax path records, GNU long-name headers and the ustar prefix", async () => {
    const deep = `package/${"d".repeat(60)}/${"e".repeat(60)}/file.js`;
    const files = await unpackTarGz(
      await tgz([
        { path: deep, pax: { path: deep, mtime: "1700000000.5" }, content: "pax" },
        { path: `package/${"g".repeat(120)}.js`, gnuLongName: true, content: "gnu" },
        { path: "file.py", ustarPrefix: "package/src", content: "prefix" },
      ]),
    );
    expect(text(files.get(deep.slice("package/".length)))).toBe("pax");
    expect(text(files.get(`${"g".repeat(120)}.js`))).toBe("gnu");
    expect(text(files.get("src/file.py"))).toBe("prefix");
    expect(files.has("placeholder")).toBe(false);
  });

  it("applies a pax size record over the header's size", async () => {
    const files = await unpackTarGz(
      await tgz([{ path: "package/a.txt", content: "hello", headerSize: 0, pax: { size: "5" } }]),
    );
    expect(text(files.get("a.txt"))).toBe("hello");
  });

  it("keeps only what the filter keeps, after the safety checks", async () => {
    const items: TarItem[] = [
      { path: "package/a.js", content: "a" },
      { path: "package/b.md", content: "b" },
      { path: "package/c/d.js", content: "d" },
    ];
    const files = await unpackTarGz(await tgz(items), { keep: (p) => p.endsWith(".js") });
    expect([...files.keys()].sort()).toEqual(["a.js", "c/d.js"]);
    // A dropped file is still checked: a symlink among dropped files refuses the archive.
    await expect(
      unpackTarGz(await tgz([...items, { path: "package/e.md", type: "2", linkpath: "/etc" }]), {
        keep: (p) => p.endsWith(".js"),
      }),
    ).rejects.toMatchObject({ code: "hostile", rule: "symlink" });
  });

  it("parses the same entries whatever the chunking of the stream", () => {
    const bytes = tar([
      { path: "package/x", content: "x".repeat(700) },
      { path: "package/y", pax: { path: "package/long-y" }, content: "y" },
      { path: "package/z", content: "" },
    ]);
    const read = (chunk: number) => {
      const seen: [string, string][] = [];
      const reader = new TarReader({
        entry: () => true,
        content: (entry: TarEntry, bytes: Uint8Array) => seen.push([entry.path, text(bytes) ?? ""]),
      });
      for (let i = 0; i < bytes.length; i += chunk) reader.push(bytes.subarray(i, i + chunk));
      reader.end();
      return seen;
    };
    const whole = read(bytes.length);
    expect(whole.map(([p]) => p)).toEqual(["package/x", "package/long-y", "package/z"]);
    for (const chunk of [1, 7, 511, 512, 513, 4096]) expect(read(chunk)).toEqual(whole);
  });
});

describe("unpackTarGz: hostile archives are refused whole", () => {
  it.each<[string, TarItem, string]>([
    ["a .. segment", { path: "package/../../etc/passwd", content: "x" }, "path-traversal"],
    [
      "a .. segment in a pax path",
      { path: "package/x", pax: { path: "package/../../x" }, content: "x" },
      "path-traversal",
    ],
    [
      "a .. segment in a GNU long name",
      { path: `package/${"a".repeat(100)}/../../../x`, gnuLongName: true },
      "path-traversal",
    ],
    ["a backslash .. segment", { path: "package\\..\\..\\evil.bat", content: "x" }, "path-traversal"],
    ["an absolute path", { path: "/etc/passwd", content: "x" }, "absolute-path"],
    ["a drive letter", { path: "C:/Windows/evil.dll", content: "x" }, "absolute-path"],
    ["a NUL byte in a pax path", { path: "package/x", pax: { path: "package/a\0b" }, content: "x" }, "nul-in-path"],
    ["a symbolic link", { path: "package/link", type: "2", linkpath: "../../../../etc/passwd" }, "symlink"],
    ["a hard link", { path: "package/hard", type: "1", linkpath: "package/index.js" }, "hardlink"],
    ["a character device", { path: "package/tty", type: "3" }, "device"],
    ["a block device", { path: "package/sda", type: "4" }, "device"],
    ["a fifo", { path: "package/pipe", type: "6" }, "device"],
  ])("%s", async (_, item, rule) => {
    const error = await refusal([
      { path: "package/index.js", content: "ok" },
      item,
      { path: "package/z.js", content: "z" },
    ]);
    expect(error.code).toBe("hostile");
    expect(error.rule).toBe(rule);
    expect(error.message).toContain(`hostile (${rule})`);
  });

  it("duplicate names, literal or after the top folder is stripped", async () => {
    const same = await refusal([
      { path: "package/a.js", content: "1" },
      { path: "package/a.js", content: "2" },
    ]);
    expect(same).toMatchObject({ code: "hostile", rule: "duplicate" });
    const stripped = await refusal([
      { path: "one/a.js", content: "1" },
      { path: "two/a.js", content: "2" },
    ]);
    expect(stripped).toMatchObject({ code: "hostile", rule: "duplicate" });
    expect(stripped.message).toContain('"one/a.js" and "two/a.js"');
  });

  it("entry types it does not read (GNU sparse)", async () => {
    expect(await refusal([{ path: "package/sparse", type: "S", content: "x" }])).toMatchObject({
      code: "unsupported",
      rule: "entry-type",
    });
  });

  it("checkPath refuses the same paths the reader does, and normalises the rest", () => {
    expect(checkPath("./package//a/./b.js")).toEqual(["package", "a", "b.js"]);
    expect(() => checkPath("a/../../b")).toThrow(/path-traversal/);
    expect(() => checkPath("\\\\server\\share")).toThrow(/absolute-path/);
  });
});

describe("unpackTarGz: corrupt input", () => {
  it("a tar header with a bad checksum", async () => {
    expect(await refusal([{ path: "package/a", content: "x", badChecksum: true }])).toMatchObject({
      code: "corrupt",
      rule: "tar-checksum",
    });
  });

  it("a tar cut in the middle of an entry", async () => {
    const whole = tar([{ path: "package/a", content: "x".repeat(2000) }], { end: false });
    expect(await refusal(await gzip(whole.subarray(0, 1300)))).toMatchObject({
      code: "corrupt",
      rule: "tar-truncated",
    });
  });

  it("a pax header with no entry after it", async () => {
    const whole = tar([{ path: "package/a", pax: { path: "package/b" }, content: "" }], { end: false });
    expect(await refusal(await gzip(whole.subarray(0, 1024)))).toMatchObject({
      code: "corrupt",
      rule: "tar-truncated",
    });
  });

  it("a malformed pax record", async () => {
    const items: TarItem[] = [{ path: "package/a", pax: { path: "package/b" }, content: "x" }];
    const bytes = tar(items);
    // The record's length digits sit in the block after the pax header (not covered by its checksum).
    bytes[512] = "9".charCodeAt(0);
    expect(await refusal(await gzip(bytes))).toMatchObject({ code: "corrupt", rule: "pax" });
  });

  it("a truncated gzip stream", async () => {
    const bytes = await tgz([{ path: "package/a", content: "some content ".repeat(200) }]);
    expect(await refusal(bytes.subarray(0, bytes.length - 12))).toMatchObject({ code: "corrupt", rule: "gzip" });
  });

  it("bytes that are not gzip, and gzip with garbage appended", async () => {
    expect(await refusal(new TextEncoder().encode("<html>not found</html>"))).toMatchObject({
      code: "corrupt",
      rule: "gzip",
    });
    const bytes = await tgz([{ path: "package/a", content: "x" }]);
    const damaged = bytes.slice();
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    expect(await refusal(damaged)).toMatchObject({ code: "corrupt" });
  });
});

describe("unpackTarGz: bounds", () => {
  it("files: counts every entry, kept or not", async () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ path: `package/f${i}.txt`, content: `${i}` }));
    expect((await unpackTarGz(await tgz(items), { bounds: { files: 12 } })).size).toBe(12);
    const error = await refusal(items, { files: 11 });
    expect(error).toMatchObject({ code: "bound", bound: "files", limit: 11, seen: 12 });
    expect(error.message).toContain("bound files=11 exceeded");
    await expect(unpackTarGz(await tgz(items), { bounds: { files: 11 }, keep: () => false })).rejects.toMatchObject({
      bound: "files",
    });
  });

  it("fileBytes: refused from the header, before the content is read", async () => {
    const error = await refusal([{ path: "package/big.js", content: "x".repeat(5000) }], { fileBytes: 4096 });
    expect(error).toMatchObject({ code: "bound", bound: "fileBytes", limit: 4096, seen: 5000 });
  });

  it("unpackedBytes: a gzip bomb stops soon after the bound, far from its full size", async () => {
    const size = 48 * 1024 * 1024;
    const bomb = await gzipZeros(size);
    expect(bomb.length).toBeLessThan(size / 500);
    const limit = 1024 * 1024;
    const error = await refusal(bomb, { unpackedBytes: limit });
    expect(error).toMatchObject({ code: "bound", bound: "unpackedBytes", limit });
    expect(error.seen).toBeGreaterThan(limit);
    expect(error.seen).toBeLessThan(limit + 1024 * 1024);
  });

  it("unpackedBytes counts the whole tar stream, headers and padding included", async () => {
    const bytes = tar([{ path: "package/a", content: "x" }]);
    expect((await unpackTarGz(await gzip(bytes), { bounds: { unpackedBytes: bytes.length } })).size).toBe(1);
    expect(await refusal(await gzip(bytes), { unpackedBytes: bytes.length - 1 })).toMatchObject({
      bound: "unpackedBytes",
    });
  });
});
