/**
 * The toy family for the conformance test files (test/conformance/), registered from test/setup.ts
 * before the Worker's modules load: the score route's schema, the OpenAPI document and the page's
 * list of benchmarks read the registry then. The other test files keep the real families only and
 * never load the toy.
 */
import { expect } from "vitest";

if (/[\\/]test[\\/]conformance[\\/]/.test(expect.getState().testPath ?? "")) await import("./toy-register");
