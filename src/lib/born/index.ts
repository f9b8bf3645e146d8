/**
 * Birth dates of benchmark code ("fresh code, fair scores"): when the code an answer must reproduce
 * first existed in that form, so a model can be scored only on code born after its training cutoff.
 * Pure and self-contained (no `node:*`, nothing else from src/): it runs in Node and in workerd.
 * The git rule's process side is cli/lib/born-git.ts; docs/contamination-rules.md explains the rules.
 */
export * from "./dates";
export * from "./git-history";
export * from "./normalise";
export * from "./rules";
export * from "./series";
