/**
 * cli/lib/api.ts, the commands' client (the client package's Needlework): a request written to a connection the server has closed
 * (a kept-alive socket whose close went unseen while a demo build blocked the event loop) is sent
 * again once, on a new connection; any other failure, and a second one, is the caller's.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, api } from "../../cli/lib/api";

let server: Server | undefined;
afterEach(() => server?.close());

/** A server whose first `drops` requests lose their connection before any answer. */
async function dropping(drops: number): Promise<{ url: string; seen: () => number }> {
  let seen = 0;
  server = createServer((req, res) => {
    seen++;
    if (seen <= drops) return req.socket.destroy();
    res
      .writeHead(req.url === "/missing" ? 404 : 200, { "content-type": "application/json" })
      .end(JSON.stringify({ ok: true, method: req.method }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen: () => seen };
}

describe("the API client", () => {
  it("sends a request whose connection was lost before an answer once more", async () => {
    const s = await dropping(1);
    expect(await api(s.url, "t").request("POST", "/v1/datasets/x/suite", { a: 1 }, { auth: true })).toEqual({
      ok: true,
      method: "POST",
    });
    expect(s.seen()).toBe(2);
  });

  it("gives up on the second lost connection", async () => {
    const s = await dropping(2);
    await expect(api(s.url, "t").request("GET", "/v1/health")).rejects.toThrow(/fetch failed/);
    expect(s.seen()).toBe(2);
  });

  it("never repeats a request that got an answer", async () => {
    const s = await dropping(0);
    await expect(api(s.url, "t").request("GET", "/missing")).rejects.toBeInstanceOf(ApiError);
    expect(s.seen()).toBe(1);
  });
});
