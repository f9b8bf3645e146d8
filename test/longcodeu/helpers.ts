/** Helpers for LongCodeU tests: import the fixture release through the admin endpoint. */
import type { LongCodeURelease } from "../../src/benchmarks/longcodeu/dataset/index";
import { ADMIN, importOnce, post } from "../helpers";
import { fixtureRelease } from "./fixture";

/** POST /v1/datasets/{id}/longcodeu with the admin token. */
export const importRelease = (
  id: string,
  release: unknown = fixtureRelease(),
  headers: Record<string, string> = ADMIN,
) => post(`/v1/datasets/${id}/longcodeu`, release, headers);

/** Imports the fixture (or `release`) once per dataset id; resolves to the id. */
export function longcodeuDataset(id: string, release: () => LongCodeURelease = fixtureRelease): Promise<string> {
  return importOnce(id, async () => {
    const res = await importRelease(id, release());
    if (res.status !== 201) throw new Error(`longcodeu import: ${res.status} ${await res.text()}`);
  });
}

/** Every example of the fixture, by id. */
export function fixtureExamples() {
  return new Map(fixtureRelease().repos.flatMap((p) => p.examples.map((e) => [e.id, e] as const)));
}
