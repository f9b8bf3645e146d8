import { describe, expect, it } from "vitest";
import { topologicalSort } from "../../src/benchmarks/repoqa/curate/topo";

/** The reference's recursive `topological_sort`, transcribed, to compare against on random graphs. */
function recursiveReference(graph: Map<string, string[]>): string[] {
  const stack: string[] = [];
  const visited = new Set<string>();
  const dfs = (node: string) => {
    visited.add(node);
    for (const neighbour of graph.get(node) ?? []) if (!visited.has(neighbour)) dfs(neighbour);
    stack.push(node);
  };
  for (const node of graph.keys()) if (!visited.has(node)) dfs(node);
  return stack;
}

describe("topologicalSort: the reference's depth-first post-order", () => {
  it("puts dependencies first and follows the keys' insertion order", () => {
    const graph = { "d.py": ["a.py"], "a.py": ["b.py", "c.py"], "b.py": ["c.py"], "c.py": [], "e.py": [] };
    expect(topologicalSort(graph)).toEqual(["c.py", "b.py", "a.py", "d.py", "e.py"]);
  });

  it("emits a neighbour that is not a key, once", () => {
    expect(topologicalSort({ "a.java": ["", "b.java"], "b.java": [""] })).toEqual(["", "b.java", "a.java"]);
  });

  it("terminates on cycles and self-loops, each node once", () => {
    expect(topologicalSort({ a: ["b"], b: ["c"], c: ["a", "c"], d: ["d", "b"] })).toEqual(["c", "b", "a", "d"]);
  });

  it("accepts a Map or [node, deps] pairs, keeping integer-like names in their order", () => {
    const pairs: [string, string[]][] = [
      ["2", ["10"]],
      ["10", []],
      ["1", []],
    ];
    expect(topologicalSort(pairs)).toEqual(["10", "2", "1"]);
    expect(topologicalSort(new Map(pairs))).toEqual(["10", "2", "1"]);
    // The documented caveat: a plain object lists integer-like keys numerically.
    expect(topologicalSort({ "2": ["10"], "10": [], "1": [] })).toEqual(["1", "10", "2"]);
  });

  it("treats duplicate pairs like a Python dict: first position, last value", () => {
    expect(
      topologicalSort([
        ["a", ["b"]],
        ["b", []],
        ["a", ["c"]],
        ["c", []],
      ]),
    ).toEqual(["c", "a", "b"]);
  });

  it("survives a chain of 100,000 files without overflowing the stack", () => {
    const n = 100_000;
    const chain: [string, string[]][] = Array.from({ length: n }, (_, i) => [
      `f${i}.py`,
      i + 1 < n ? [`f${i + 1}.py`] : [],
    ]);
    const order = topologicalSort(chain);
    expect(order).toHaveLength(n);
    expect(order[0]).toBe(`f${n - 1}.py`);
    expect(order[n - 1]).toBe("f0.py");
  });

  it("agrees with the recursive reference on random graphs", () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const graph = new Map<string, string[]>();
      const size = 1 + Math.floor(random() * 30);
      for (let i = 0; i < size; i++) {
        const node = `n${Math.floor(random() * size)}`;
        const degree = Math.floor(random() * 4);
        graph.set(
          node,
          Array.from({ length: degree }, () => `n${Math.floor(random() * (size + 3))}`),
        );
      }
      expect(topologicalSort(graph)).toEqual(recursiveReference(graph));
    }
  });
});
