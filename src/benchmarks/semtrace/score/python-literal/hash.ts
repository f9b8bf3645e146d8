/** Hashing (set elements, dict keys): equal keys exactly when Python's == says equal. */
import { position, type Token } from "../python-scan";
import { LiteralError, type PyValue } from "./value";

let nanCounter = 0;

function floatKey(x: number): string {
  // NaN is never equal to a separately written NaN: each gets its own key.
  if (Number.isNaN(x)) return `nan#${++nanCounter}`;
  // Integral floats share their key with the equal int (1.0 == 1 == True, -0.0 == 0).
  if (Number.isInteger(x)) return `i${BigInt(x)}`;
  return `f${x}`;
}

/**
 * A string equal for two hashable values exactly when they are `==` in Python (hash consistency
 * makes set membership and dict lookup reduce to equality). Throws for unhashable values.
 */
export function hashKey(v: PyValue): string {
  switch (v.type) {
    case "int":
      return `i${v.value}`;
    case "bool":
      return v.value ? "i1" : "i0";
    case "float":
      return floatKey(v.value);
    case "complex":
      // complex(x, 0) == x: the key of the real part.
      return v.imag === 0 ? floatKey(v.real) : `c${floatKey(v.real)},${floatKey(v.imag)}`;
    case "none":
      return "n";
    case "str":
      return `s${v.value}`;
    case "bytes":
      return `b${Array.from(v.value, (x) => x.toString(16).padStart(2, "0")).join("")}`;
    case "tuple":
      return `t${JSON.stringify(v.items.map(hashKey))}`;
    default:
      throw new LiteralError(`unhashable type: '${v.type}'`);
  }
}

/** Builds a set as CPython does: the first of equal elements stays. */
export class PySet {
  readonly items: PyValue[] = [];
  private readonly keys = new Set<string>();
  constructor(
    private readonly source: string,
    private readonly at: Token,
  ) {}
  add(v: PyValue): void {
    const key = keyIn(v, this.source, this.at);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.items.push(v);
  }
}

/** Builds a dict as CPython does: the first of equal keys stays (and its place), the last value wins. */
export class Dict {
  readonly entries: [PyValue, PyValue][] = [];
  private readonly index = new Map<string, number>();
  constructor(
    private readonly source: string,
    private readonly at: Token,
  ) {}
  put(k: PyValue, v: PyValue): void {
    const key = keyIn(k, this.source, this.at);
    const i = this.index.get(key);
    if (i !== undefined) this.entries[i][1] = v;
    else {
      this.index.set(key, this.entries.length);
      this.entries.push([k, v]);
    }
  }
}

function keyIn(v: PyValue, source: string, at: Token): string {
  try {
    return hashKey(v);
  } catch (e) {
    if (e instanceof LiteralError)
      throw new LiteralError(`${e.message} in the set or dict at ${position(source, at.start)}`);
    throw e;
  }
}
