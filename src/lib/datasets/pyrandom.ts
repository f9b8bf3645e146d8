/**
 * Python's `random` module, as far as needlework's dataset builders need it: `random.seed(n)` for
 * an integer seed, `random.sample(population, k)`, and the integer draws `getrandbits`,
 * `randrange`, `randint`, `choice` and `shuffle` (CPython 3.11, MT19937, `_randbelow` via
 * `getrandbits`). With it a recorded seed gives the same needles (or sampled functions) here as
 * the same calls give in Python, so a dataset built by needlework can be re-derived with the
 * reference's own tooling. Integers are JavaScript numbers, so every argument and result must be a
 * safe integer (|n| < 2^53); CPython's ValueError/IndexError become RangeError with its message.
 */
export class PyRandom {
  // Int32 words: V8 keeps them small integers (a Uint32Array word above 2^31 reads as a heap double).
  private readonly mt = new Int32Array(624);
  private index = 625;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError("seed must be a safe integer");
    // random.seed(int): init_by_array over the 32-bit words of abs(seed), least significant first.
    let rest = Math.abs(seed);
    const key: number[] = [];
    do {
      key.push(rest % 2 ** 32);
      rest = Math.floor(rest / 2 ** 32);
    } while (rest > 0);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = 624;
  }

  private initByArray(key: number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** Regenerates the 624 words of state (MT19937's twist), in three loops so no index wraps by modulo. */
  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    for (; kk < 227; kk++) {
      const y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
      mt[kk] = mt[kk + 397] ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    for (; kk < 623; kk++) {
      const y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
      mt[kk] = mt[kk - 227] ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    }
    const y = (mt[623] & 0x80000000) | (mt[0] & 0x7fffffff);
    mt[623] = mt[396] ^ (y >>> 1) ^ (-(y & 1) & 0x9908b0df);
    this.index = 0;
  }

  /** One 32-bit output of MT19937 (genrand_uint32). */
  nextUint32(): number {
    if (this.index >= 624) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /**
   * `out.length` successive `random._randbelow(n)` draws into `out`, for 0 < n < 2^32: the same
   * stream as calling {@link randbelow} that many times (one output's top bit_length(n) bits,
   * redrawn while ≥ n), without a call and an argument check per draw. Resampling is the hot loop
   * of a bootstrap (millions of draws per request).
   */
  fillRandbelow(n: number, out: Uint32Array): void {
    if (!Number.isInteger(n) || n <= 0 || n >= 2 ** 32)
      throw new RangeError("fillRandbelow: n must be an integer in [1, 2^32)");
    const shift = 32 - bitLength(n);
    const mt = this.mt;
    let index = this.index;
    for (let i = 0; i < out.length; ) {
      if (index >= 624) {
        this.twist();
        index = 0;
      }
      let y = mt[index++];
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      y ^= y >>> 18;
      const r = (y >>> 0) >>> shift;
      // Branch-free rejection: about 4 in 10 outputs are redrawn, too often to predict.
      out[i] = r;
      i += r < n ? 1 : 0;
    }
    this.index = index;
  }

  /**
   * `random.getrandbits(k)` for 0 <= k <= 53. Up to 32 bits CPython keeps the top k bits of one
   * output; above that it fills 32-bit words least significant first, the last word keeping its top
   * bits.
   */
  getrandbits(k: number): number {
    if (!Number.isInteger(k) || k < 0 || k > 53) throw new RangeError("getrandbits: k must be an integer in [0, 53]");
    if (k === 0) return 0;
    if (k <= 32) return this.nextUint32() >>> (32 - k);
    const low = this.nextUint32();
    const high = this.nextUint32() >>> (64 - k);
    return high * 2 ** 32 + low;
  }

  /** `random._randbelow(n)` (the getrandbits variant), for 0 < n < 2^53. */
  randbelow(n: number): number {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError("randbelow: n must be a positive safe integer");
    const k = bitLength(n);
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /**
   * `random.randrange(stop)` / `random.randrange(start, stop[, step])` for integer arguments (the
   * CPython 3.11 code path: one `_randbelow` over the number of values in the range).
   */
  randrange(start: number, stop?: number, step = 1): number {
    for (const v of [start, stop ?? 0, step]) {
      if (!Number.isSafeInteger(v)) throw new RangeError("randrange: arguments must be safe integers");
    }
    if (stop === undefined) {
      if (step !== 1) throw new RangeError("Missing a non-None stop argument");
      if (start > 0) return this.randbelow(start);
      throw new RangeError("empty range for randrange()");
    }
    const width = stop - start;
    if (!Number.isSafeInteger(width)) throw new RangeError("randrange: range too wide");
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
    }
    let n: number;
    if (step > 0) n = Math.floor((width + step - 1) / step);
    else if (step < 0) n = Math.floor((width + step + 1) / step);
    else throw new RangeError("zero step for randrange()");
    if (n <= 0) throw new RangeError("empty range for randrange()");
    return start + step * this.randbelow(n);
  }

  /** `random.randint(a, b)`: `randrange(a, b + 1)`, both ends included. */
  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  /** `random.choice(seq)`: one `_randbelow(len(seq))`. */
  choice<T>(seq: readonly T[]): T {
    if (seq.length === 0) throw new RangeError("Cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)];
  }

  /** `random.shuffle(x)`: in place, Fisher-Yates from the end, `_randbelow(i + 1)` for i = len-1 .. 1. */
  shuffle<T>(x: T[]): void {
    for (let i = x.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const t = x[i];
      x[i] = x[j];
      x[j] = t;
    }
  }

  /** `random.sample(population, k)`: k distinct items in selection order. */
  sample<T>(population: readonly T[], k: number): T[] {
    const n = population.length;
    if (k < 0 || k > n) throw new RangeError("Sample larger than population or is negative");
    const result: T[] = new Array(k);
    let setsize = 21;
    if (k > 5) setsize += 4 ** Math.ceil(Math.log(k * 3) / Math.log(4));
    if (n <= setsize) {
      const pool = population.slice();
      for (let i = 0; i < k; i++) {
        const j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      const selected = new Set<number>();
      for (let i = 0; i < k; i++) {
        let j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  }
}

/** Python's `int.bit_length()` for a positive safe integer. */
function bitLength(n: number): number {
  if (n < 2 ** 32) return 32 - Math.clz32(n);
  return 32 + bitLength(Math.floor(n / 2 ** 32));
}
