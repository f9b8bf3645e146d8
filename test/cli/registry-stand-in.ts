/**
 * A package registry stand-in for the dataset builders' tests: node:http on 127.0.0.1 (port 0)
 * serving npm packuments and PyPI project documents with archives built in the test, good or hostile
 * (test/sources/archive-builder.ts), and whatever other route a test sets.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256hex, sri512, type TarItem, tgz } from "../sources/archive-builder";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface StandInVersion {
  version: string;
  time: string;
  /** Files under the archive's top folder, tar items (hostile ones too), or the archive's raw bytes. */
  archive: Record<string, string> | TarItem[] | Uint8Array;
}

export interface RegistryStandIn {
  /** Ends in "/". */
  base: string;
  routes: Map<string, Handler>;
  /** Publishes an npm package: its packument (npmjs.org's `created`/`modified` unless `restamped`), its tarballs. */
  publishNpm(name: string, versions: StandInVersion[], options?: { restamped?: boolean }): Promise<void>;
  /** Publishes a PyPI project from a recorded project document: one sdist per version, the rest kept. */
  publishPypi(name: string, recorded: Record<string, unknown>, versions: StandInVersion[]): Promise<void>;
  close(): Promise<void>;
}

export const serveBytes =
  (bytes: Uint8Array, status = 200): Handler =>
  (_, res) => {
    res.writeHead(status, { "content-type": "application/octet-stream", "content-length": bytes.length });
    res.end(bytes);
  };
const serveJson = (body: unknown): Handler => serveBytes(new TextEncoder().encode(JSON.stringify(body)));

async function archiveOf(top: string, archive: StandInVersion["archive"]): Promise<Uint8Array> {
  if (archive instanceof Uint8Array) return archive;
  const items = Array.isArray(archive)
    ? archive
    : Object.entries(archive).map(([path, content]) => ({ path: `${top}/${path}`, content }));
  return tgz(items);
}

export async function startRegistry(): Promise<RegistryStandIn> {
  const routes = new Map<string, Handler>();
  const server: Server = createServer((req, res) => {
    const handler = routes.get(req.url ?? "");
    if (handler) return handler(req, res);
    res.writeHead(404, { "content-type": "application/json" });
    res.end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    base,
    routes,
    async publishNpm(name, versions, options = {}) {
      const escaped = name.replace("/", "%2f");
      const time: Record<string, string> = options.restamped
        ? {}
        : { created: versions[0].time, modified: versions.at(-1)!.time };
      const manifests: Record<string, unknown> = {};
      for (const v of versions) {
        const bytes = await archiveOf("package", v.archive);
        const path = `/${escaped}/-/${name.split("/").pop()}-${v.version}.tgz`;
        routes.set(path, serveBytes(bytes));
        manifests[v.version] = {
          name,
          version: v.version,
          dist: { tarball: `${base}${path.slice(1)}`, integrity: await sri512(bytes) },
        };
        time[v.version] = v.time;
      }
      const latest = versions.at(-1)!.version;
      routes.set(`/${escaped}`, serveJson({ _id: name, name, "dist-tags": { latest }, versions: manifests, time }));
    },
    async publishPypi(name, recorded, versions) {
      const doc = structuredClone(recorded) as { releases: Record<string, unknown[]>; info?: { name?: string } };
      const template = Object.values(doc.releases)
        .flat()
        .find((f) => (f as { packagetype?: string }).packagetype === "sdist") as Record<string, unknown>;
      doc.releases = {};
      if (doc.info) doc.info.name = name;
      for (const v of versions) {
        const bytes = await archiveOf(`${name}-${v.version}`, v.archive);
        const file = `${name}-${v.version}.tar.gz`;
        routes.set(`/packages/${file}`, serveBytes(bytes));
        doc.releases[v.version] = [
          {
            ...template,
            filename: file,
            url: `${base}packages/${file}`,
            upload_time: v.time.replace(/Z$/, "").slice(0, 19),
            upload_time_iso_8601: v.time,
            digests: { sha256: await sha256hex(bytes) },
            yanked: false,
          },
        ];
      }
      routes.set(`/pypi/${name}/json`, serveJson(doc));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
