/**
 * cli/lib/benchmark-choice.ts: which benchmark `npm run eval -- --dataset <id>` runs without
 * --benchmark, and the usage errors that list the choices or the ready datasets, over listings shaped
 * as `GET /v1/benchmarks` and `GET /v1/datasets` answer them (the same calls against a real instance:
 * eval.test.ts and the docs test).
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../cli/lib/args";
import {
  chooseBenchmark,
  type BenchmarkListing,
  type DatasetBuilder,
  type InstanceListings,
} from "../../cli/lib/benchmark-choice";

const SUITE = ["lexical-recall", "cruxeval-o", "semtrace", "sensitivity-semtrace", "sensitivity-cruxeval-o"];

const benchmark = (id: string, kind: string, datasets: string[]): BenchmarkListing => ({
  id,
  title: `The ${id} benchmark`,
  dataset_kind: kind,
  datasets,
});

/** An instance with a RepoQA demo, a suite whose units exist only for `suiteUnits`, and a LongCodeU demo. */
function listings(suiteUnits: string[] = SUITE): InstanceListings & { asked: string[] } {
  const asked: string[] = [];
  return {
    url: "http://127.0.0.1:9000",
    benchmarks: [
      benchmark("repoqa-snf", "repoqa-snf", ["demo", "mine"]),
      ...SUITE.map((id) => benchmark(id, "semtrace-suite", ["semtrace-demo"])),
      benchmark("longcodeu", "longcodeu", ["longcodeu-demo"]),
    ],
    datasets: [
      { id: "demo", benchmark: "repoqa-snf", status: "ready" },
      { id: "mine", benchmark: "repoqa-snf", status: "ready" },
      { id: "half", benchmark: "repoqa-snf", status: "importing" },
      { id: "semtrace-demo", benchmark: "semtrace-suite", status: "ready" },
      { id: "longcodeu-demo", benchmark: "longcodeu", status: "ready" },
    ],
    asked,
    async hasUnits(b, d) {
      asked.push(`${b}/${d}`);
      return suiteUnits.includes(b);
    },
  };
}

const BUILDERS: DatasetBuilder[] = [
  {
    kind: "repoqa-snf",
    commands: ["npm run dataset -- build <repo dir> --id <id>  # from your repositories"],
    demos: ["demo"],
  },
  {
    kind: "semtrace-suite",
    commands: ["npm run semtrace -- build --id <id>  # the paper's grid"],
    demos: ["semtrace-demo"],
  },
  { kind: "longcodeu", commands: ["npm run longcodeu -- build --id <id> --repo <dir>"], demos: ["longcodeu-demo"] },
];

/** The UsageError `promise` rejects with (fails when it resolves or rejects otherwise). */
async function usageError(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    (v) => new Error(`resolved with ${String(v)}`),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UsageError);
  return (err as Error).message;
}

describe("chooseBenchmark", () => {
  it("takes the one benchmark that reads the dataset, asking nothing more", async () => {
    const l = listings();
    expect(await chooseBenchmark(l, "demo", undefined, BUILDERS)).toBe("repoqa-snf");
    expect(await chooseBenchmark(l, "longcodeu-demo", undefined, BUILDERS)).toBe("longcodeu");
    expect(l.asked).toEqual([]);
  });

  it("lists the benchmarks with units when several read the dataset", async () => {
    const l = listings();
    const message = await usageError(chooseBenchmark(l, "semtrace-demo", undefined, BUILDERS));
    expect(message.split("\n")[0]).toBe('dataset "semtrace-demo" is read by 5 benchmarks; pick one:');
    for (const id of SUITE) expect(message).toMatch(new RegExp(`^  --benchmark ${id} +The ${id} benchmark$`, "m"));
    expect(l.asked).toEqual(SUITE.map((id) => `${id}/semtrace-demo`));
  });

  it("leaves out, and names, the readers without units in the dataset (a suite built without CRUXEval)", async () => {
    const message = await usageError(
      chooseBenchmark(listings(["semtrace", "sensitivity-semtrace"]), "semtrace-demo", undefined, BUILDERS),
    );
    expect(message).toContain("is read by 2 benchmarks; pick one:\n  --benchmark semtrace ");
    expect(message).toContain("\n  --benchmark sensitivity-semtrace ");
    expect(message).not.toContain("--benchmark cruxeval-o");
    expect(message).toContain(
      '(lexical-recall, cruxeval-o, sensitivity-cruxeval-o read semtrace-suite datasets too, but "semtrace-demo" has no units for them)',
    );
  });

  it("takes the only reader with units", async () => {
    expect(await chooseBenchmark(listings(["semtrace"]), "semtrace-demo", undefined, BUILDERS)).toBe("semtrace");
  });

  it("keeps a given benchmark that reads the dataset", async () => {
    const l = listings();
    expect(await chooseBenchmark(l, "semtrace-demo", "cruxeval-o", BUILDERS)).toBe("cruxeval-o");
    expect(l.asked).toEqual([]); // the API says whether the dataset has its units
  });

  it("refuses an unknown benchmark, listing the instance's", async () => {
    const message = await usageError(chooseBenchmark(listings(), "demo", "repoqa", BUILDERS));
    expect(message).toBe(
      `no benchmark "repoqa" on http://127.0.0.1:9000: use one of repoqa-snf, ${SUITE.join(", ")}, longcodeu`,
    );
  });

  it("lists every ready dataset with its readers, and every way to make one, for a missing dataset", async () => {
    const lines = (await usageError(chooseBenchmark(listings(), "nope", undefined, BUILDERS))).split("\n");
    expect(lines[0]).toBe('no dataset "nope" on http://127.0.0.1:9000');
    expect(lines[1]).toBe("ready datasets:");
    expect(lines.slice(2, 6).map((l) => l.trim().split(/\s+/).slice(0, 2).join(" "))).toEqual([
      "--dataset demo",
      "--dataset mine",
      "--dataset semtrace-demo",
      "--dataset longcodeu-demo",
    ]);
    expect(lines[4]).toMatch(new RegExp(`read by ${SUITE.join(", ")}$`));
    expect(lines).not.toContainEqual(expect.stringContaining("half")); // not ready: nothing can run on it
    expect(lines[6]).toBe("make one with:");
    const hints = lines.slice(7);
    expect(hints.map((l) => l.trim().split("  ")[0])).toEqual([
      "npm run dataset -- build <repo dir> --id <id>",
      "npm run semtrace -- build --id <id>",
      "npm run longcodeu -- build --id <id> --repo <dir>",
      "npm start",
    ]);
    // The notes line up after the longest command.
    const at = hints.filter((l) => l.includes("#")).map((l) => l.indexOf("#"));
    expect(new Set(at).size).toBe(1);
    expect(hints.at(-1)).toContain(
      "# the demo datasets (demo, semtrace-demo, longcodeu-demo), when the local instance lacks them",
    );
  });

  it("with --benchmark, lists only the datasets it reads and the commands of its kind", async () => {
    const message = await usageError(chooseBenchmark(listings(), "nope", "longcodeu", BUILDERS));
    expect(message).toBe(
      [
        'no dataset "nope" on http://127.0.0.1:9000',
        "ready datasets longcodeu reads:",
        "  --dataset longcodeu-demo           read by longcodeu",
        "make one with:",
        "  npm run longcodeu -- build --id <id> --repo <dir>",
        "  npm start                                           # the demo datasets (longcodeu-demo), when the local instance lacks them",
      ].join("\n"),
    );
  });

  it("says when a dataset is of another kind, or still importing", async () => {
    const other = await usageError(chooseBenchmark(listings(), "demo", "semtrace", BUILDERS));
    expect(other.split("\n")[0]).toBe(
      'dataset "demo" is a repoqa-snf dataset, which semtrace does not read (it reads semtrace-suite datasets)',
    );
    expect(other).toContain("  --dataset semtrace-demo ");
    const importing = await usageError(chooseBenchmark(listings(), "half", undefined, BUILDERS));
    expect(importing.split("\n")[0]).toBe(
      'dataset "half" on http://127.0.0.1:9000 is not ready (importing): its import did not finish',
    );
  });

  it("says so when nothing is ready yet", async () => {
    const empty = {
      ...listings(),
      datasets: [],
      benchmarks: listings().benchmarks.map((b) => ({ ...b, datasets: [] })),
    };
    const message = await usageError(chooseBenchmark(empty, "demo", undefined, BUILDERS));
    expect(message.split("\n").slice(0, 3)).toEqual([
      'no dataset "demo" on http://127.0.0.1:9000',
      "no ready dataset yet",
      "make one with:",
    ]);
  });
});
