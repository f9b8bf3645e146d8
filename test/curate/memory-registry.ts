/**
 * An npm registry and a PyPI in memory, as a `fetch` function: what the dataset builders' registry
 * path is handed in a Worker (registries, bounds and fetch as parameters), for tests in workerd.
 */
import { sha256hex, sri512, type TarItem, tgz } from "../sources/archive-builder";

export interface MemoryVersion {
  version: string;
  time: string;
  /** Files under the archive's top folder, or tar items (hostile ones too). */
  files: Record<string, string> | TarItem[];
}

export const NPM = "https://npm.test/";
export const PYPI = "https://pypi.test/";

export class MemoryRegistry {
  private readonly routes = new Map<string, Uint8Array>();
  /** URLs asked for, in order. */
  readonly asked: string[] = [];

  readonly fetch: typeof fetch = async (input) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    this.asked.push(url);
    const body = this.routes.get(url);
    return body ? new Response(body) : new Response("not found", { status: 404 });
  };

  private json(url: string, doc: unknown): void {
    this.routes.set(url, new TextEncoder().encode(JSON.stringify(doc)));
  }

  private async archive(top: string, files: MemoryVersion["files"]): Promise<Uint8Array> {
    const items = Array.isArray(files)
      ? files
      : Object.entries(files).map(([path, content]) => ({ path: `${top}/${path}`, content }));
    return tgz(items);
  }

  async npm(name: string, versions: MemoryVersion[], time: Record<string, string> = {}): Promise<void> {
    const manifests: Record<string, unknown> = {};
    const times: Record<string, string> = { ...time };
    for (const v of versions) {
      const bytes = await this.archive("package", v.files);
      const url = `${NPM}${name}/-/${name}-${v.version}.tgz`;
      this.routes.set(url, bytes);
      manifests[v.version] = { name, version: v.version, dist: { tarball: url, integrity: await sri512(bytes) } };
      times[v.version] = v.time;
    }
    this.json(`${NPM}${name}`, {
      name,
      "dist-tags": { latest: versions.at(-1)!.version },
      versions: manifests,
      time: times,
    });
  }

  async pypi(name: string, versions: MemoryVersion[]): Promise<void> {
    const releases: Record<string, unknown[]> = {};
    for (const v of versions) {
      const bytes = await this.archive(`${name}-${v.version}`, v.files);
      const url = `${PYPI}packages/${name}-${v.version}.tar.gz`;
      this.routes.set(url, bytes);
      releases[v.version] = [
        {
          packagetype: "sdist",
          filename: `${name}-${v.version}.tar.gz`,
          url,
          upload_time_iso_8601: v.time,
          digests: { sha256: await sha256hex(bytes) },
        },
      ];
    }
    this.json(`${PYPI}pypi/${name}/json`, { info: { name }, releases });
  }
}
