// What the client's tarball must do wherever it is installed (Node 20, a browser bundle): the same
// calls, the same answers. Copied beside the install, so "@needlework/client" is the tarball's.
import { Needlework, placePrefill, scoreRequest } from "@needlework/client";

export async function check(baseUrl, benchmark, dataset, answer) {
  const nw = new Needlework({ baseUrl });
  const units = [];
  for await (const u of nw.allUnits(benchmark, dataset, { limit: 2, max: 3 })) units.push(u.unit);
  const prompt = await nw.prompt(benchmark, dataset, units[0]);
  const verdict = await nw.score(scoreRequest(prompt, answer));
  const exported = [];
  for await (const line of nw.export(benchmark, dataset, { prefill: "user", limit: 2, max: 3 })) exported.push(line);
  return {
    units,
    verdict: { passed: verdict.passed, score: verdict.score },
    exported: exported.map((l) => ({ unit: l.unit, roles: l.messages.map((m) => m.role) })),
    placed: placePrefill(prompt.messages, "user").map((m) => m.role),
  };
}
