/**
 * The refresh tests' registry at the network edge: recorded packuments and tarballs made in the test
 * from small synthetic packages with dated versions (test/curate/memory-registry.ts), served through
 * the global fetch the Worker's code calls, plus a source that is down, a hostile one and an oversized
 * one. Every URL asked is kept, so a test can say what was fetched and how often.
 */
import { vi } from "vitest";
import { MemoryRegistry, NPM } from "../curate/memory-registry";
import { tsFile } from "../curate/synthetic-code";
import { FRESH_PY, FRESH_TS } from "../curate/window-packages";

/** Bytes gzip cannot shrink, so an archive holding them is as large as they are. */
function noise(bytes: number): string {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(bytes, i + 65536)));
  return Array.from(out, (b) => String.fromCharCode(33 + (b % 90))).join("");
}

const TIMES = { created: "2025-12-01T00:00:00.000Z", modified: "2026-03-01T00:00:00.000Z" };

export class RefreshRegistry {
  readonly memory = new MemoryRegistry();
  /** URLs whose next request fails as a dropped connection would (then they answer again). */
  readonly dropOnce = new Set<string>();

  /** The global fetch the Worker calls: the registry's host is served here, everything else passes. */
  fetchFor(original: typeof fetch): typeof fetch {
    return async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith(NPM)) return original(input, init);
      if (this.dropOnce.delete(url)) {
        this.memory.asked.push(url);
        throw new TypeError("Network connection lost.");
      }
      if (url === `${NPM}down-pkg`) {
        this.memory.asked.push(url);
        return new Response("unavailable", { status: 503 });
      }
      return this.memory.fetch(input, init);
    };
  }

  asked(fragment: string): number {
    return this.memory.asked.filter((u) => u.includes(fragment)).length;
  }

  /** Creates the registry and routes the global fetch through it, until `vi.unstubAllGlobals()`. */
  static async stubbed(): Promise<RefreshRegistry> {
    const r = await RefreshRegistry.create();
    vi.stubGlobal("fetch", r.fetchFor(globalThis.fetch));
    return r;
  }

  static async create(): Promise<RefreshRegistry> {
    const r = new RefreshRegistry();
    await r.memory.npm("fresh-ts", FRESH_TS, TIMES);
    await r.memory.npm("fresh-py", FRESH_PY, TIMES);
    await r.memory.npm(
      "evil",
      [
        {
          version: "1.0.0",
          time: "2026-02-03T00:00:00.000Z",
          files: [
            { path: "package/src/a.ts", content: tsFile("e", 0) },
            { path: "package/src/link.ts", type: "2", linkpath: "/etc/passwd" },
          ],
        },
      ],
      TIMES,
    );
    await r.memory.npm(
      "huge",
      [
        {
          version: "1.0.0",
          time: "2026-02-03T00:00:00.000Z",
          files: { "src/a.ts": tsFile("h", 0), "blob.txt": noise(200_000) },
        },
      ],
      TIMES,
    );
    return r;
  }
}

export { NPM };
