/**
 * How many needles of the demo dataset each `needle_offsets` choice affects: builds the demo
 * release as `npm start` does (src/benchmarks/repoqa/node/demo.ts) and cuts every needle from its
 * file both ways. `reference` reads the UTF-8 byte offsets as code-point indices (repoqa's
 * `make_code_context`): a needle after non-ASCII text is shifted, and may start or end inside a
 * token; `characters` cuts exactly the function.
 *
 *   npx tsx scripts/repoqa-needle-offsets.mts
 */
import "../cli/lib/tree-sitter-node.ts";
import { buildDemoRelease } from "../src/benchmarks/repoqa/node/demo.ts";
import { codePointIndex, utf8ByteIndex } from "../src/benchmarks/repoqa/dataset/context.ts";

const release = await buildDemoRelease(() => {});
const word = /[\p{L}\p{N}_$]/u;
let total = 0;
let shifted = 0;
let insideToken = 0;
for (const [language, repos] of Object.entries(release)) {
  for (const repo of repos ?? []) {
    for (const n of repo.needles) {
      total++;
      const text = repo.content[n.path];
      const cut = (index: (t: string, b: number) => number) =>
        [index(text, n.start_byte ?? 0), index(text, n.end_byte ?? 0)] as const;
      const [rs, re] = cut(codePointIndex);
      const [cs, ce] = cut(utf8ByteIndex);
      if (rs === cs && re === ce) continue;
      shifted++;
      const split = (i: number) => i > 0 && i < text.length && word.test(text[i - 1]) && word.test(text[i]);
      const inside = split(rs) || split(re);
      if (inside) insideToken++;
      console.log(
        `${language} ${repo.repo} ${n.name}: shifted by ${rs - cs} at the start, ${re - ce} at the end${inside ? " (cut inside a token)" : ""}`,
      );
    }
  }
}
console.log(
  `demo: ${total} needles; needle_offsets=reference shifts ${shifted} (${insideToken} cut inside a token), needle_offsets=characters shifts none`,
);
