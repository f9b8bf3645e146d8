/**
 * The reference's file order: `topological_sort` of `repoqa/utility.py` (repoqa 0.1.2), a
 * depth-first post-order over the dependency dict in its insertion order (dependencies first).
 * Only nodes reachable from the keys appear; a neighbour that is not a key (the reference's data
 * has some) is still emitted, as the reference emits it.
 *
 * Order caveat: a JavaScript object lists integer-like keys ("10", "2") first, in numeric order,
 * whatever order they were inserted in. File paths with a suffix are never integer-like, so a
 * `Record` of paths keeps its order; for arbitrary node names pass a `Map` or `[node, deps]` pairs.
 * Duplicate pairs behave like a Python dict built from them: first position, last value.
 */
export type DependencyGraph =
  | Record<string, readonly string[]>
  | ReadonlyMap<string, readonly string[]>
  | readonly (readonly [string, readonly string[]])[];

export function topologicalSort(graph: DependencyGraph): string[] {
  const adjacency: ReadonlyMap<string, readonly string[]> =
    graph instanceof Map ? graph : new Map(Array.isArray(graph) ? graph : Object.entries(graph));
  const visited = new Set<string>();
  const order: string[] = [];
  // An explicit stack of (node, next neighbour index) replaces the reference's recursion, so a
  // chain of thousands of files cannot overflow; visiting order and output are identical.
  const stack: { node: string; next: number }[] = [];
  for (const start of adjacency.keys()) {
    if (visited.has(start)) continue;
    visited.add(start);
    stack.push({ node: start, next: 0 });
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const neighbours = adjacency.get(frame.node) ?? [];
      if (frame.next < neighbours.length) {
        const neighbour = neighbours[frame.next++];
        if (!visited.has(neighbour)) {
          visited.add(neighbour);
          stack.push({ node: neighbour, next: 0 });
        }
      } else {
        stack.pop();
        order.push(frame.node);
      }
    }
  }
  return order;
}
