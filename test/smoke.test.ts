import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { extractFunctions } from "../src/code";

describe("smoke", () => {
  it("health", async () => {
    const res = await SELF.fetch("http://x/v1/health");
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.datasets).toBe(0);
  });
  it("tree-sitter in workerd", async () => {
    const fns = await extractFunctions("python", "def f(a):\n    return a\n");
    expect(fns.map((f) => f.name)).toEqual(["f"]);
  });
});
