/**
 * Registers the toy family: the test suite's stand-in for the registry line a real family adds
 * (imported by ./setup.ts for the conformance test files only).
 */
import { registerFamily } from "../../src/benchmarks/registry";
import { toyFamily } from "./toy/index";

registerFamily(toyFamily);
