import { describe, expect, it } from "vitest";
import {
  digestBytes,
  parseSri,
  sameIntegrity,
  toBase64,
  toHex,
  verifyIntegrity,
} from "../../src/lib/sources/integrity";
import { sha1hex, sha256hex, sri512 } from "./archive-builder";

const bytes = new TextEncoder().encode("the archive's bytes");

describe("parseSri", () => {
  it("picks the strongest hash of several and ignores options", async () => {
    const sri = await sri512(bytes);
    expect(parseSri(`sha1-AAAAAAAAAAAAAAAAAAAAAAAAAAA= ${sri}?opt=1`)).toEqual({
      algorithm: "sha512",
      digest: sri.slice("sha512-".length),
    });
    expect(parseSri("sha1-AAAAAAAAAAAAAAAAAAAAAAAAAAA=")?.algorithm).toBe("sha1");
  });

  it("returns undefined for algorithms it does not check", () => {
    expect(parseSri("md5-1B2M2Y8AsgTpgAmY7PhCfg==")).toBeUndefined();
    expect(parseSri("")).toBeUndefined();
  });
});

describe("digestBytes", () => {
  it("reads hex and base64 by length, and refuses other lengths", async () => {
    const hex = await sha256hex(bytes);
    const fromHex = digestBytes({ algorithm: "sha256", digest: hex });
    expect(fromHex && toHex(fromHex)).toBe(hex);
    const b64 = toBase64(fromHex!);
    expect(digestBytes({ algorithm: "sha256", digest: b64 })).toEqual(fromHex);
    expect(digestBytes({ algorithm: "sha256", digest: hex.slice(2) })).toBeUndefined();
    expect(digestBytes({ algorithm: "sha512", digest: hex })).toBeUndefined();
  });
});

describe("verifyIntegrity", () => {
  it("accepts the right hash in each registry's form", async () => {
    await verifyIntegrity(bytes, { algorithm: "sha512", digest: (await sri512(bytes)).slice(7) }, "x");
    await verifyIntegrity(bytes, { algorithm: "sha256", digest: await sha256hex(bytes) }, "x");
    await verifyIntegrity(bytes, { algorithm: "sha1", digest: (await sha1hex(bytes)).toUpperCase() }, "x");
  });

  it("refuses a mismatch, giving both digests in the registry's encoding", async () => {
    const other = new TextEncoder().encode("different bytes");
    const want = await sha256hex(other);
    await expect(
      verifyIntegrity(bytes, { algorithm: "sha256", digest: want }, "archive a.crate"),
    ).rejects.toMatchObject({
      code: "integrity",
      message: `integrity: archive a.crate: sha256 is ${await sha256hex(bytes)}, the registry says ${want}`,
    });
  });

  it("refuses a malformed digest instead of skipping the check", async () => {
    await expect(verifyIntegrity(bytes, { algorithm: "sha512", digest: "not-a-digest" }, "x")).rejects.toMatchObject({
      code: "integrity",
      message: expect.stringMatching(/malformed/),
    });
  });
});

describe("sameIntegrity", () => {
  it("compares hashes, not spellings", async () => {
    const hex = await sha256hex(bytes);
    const b64 = toBase64(digestBytes({ algorithm: "sha256", digest: hex })!);
    expect(sameIntegrity({ algorithm: "sha256", digest: hex }, { algorithm: "sha256", digest: b64 })).toBe(true);
    expect(sameIntegrity({ algorithm: "sha256", digest: hex }, { algorithm: "sha256", digest: "0".repeat(64) })).toBe(
      false,
    );
    expect(
      sameIntegrity({ algorithm: "sha256", digest: hex }, { algorithm: "sha1", digest: await sha1hex(bytes) }),
    ).toBe(false);
  });
});
