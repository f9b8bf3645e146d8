/**
 * Dating a dataset's targets by their source (docs/contamination.md): the shapes every builder
 * shares (a target, its birth, the part's provenance) and a registry package read version by version
 * for the series rule. Family-neutral and free of `node:*`: the builders run it in Node and in the
 * Worker. The rules themselves are src/lib/born; the registries src/lib/sources.
 */
export * from "./dating";
export * from "./package-source";
