/**
 * What one step costs, counted as it runs: outgoing requests (capped: a Worker invocation may make
 * only so many subrequests), the bytes they brought, and the bytes the step wrote to R2. CPU time and
 * memory are the host's to measure (`HostMeter`): Node can (the command), workerd cannot from inside.
 */
import { SourceError } from "../../lib/sources";

export interface StepCost {
  subrequests: number;
  fetchedBytes: number;
  storedBytes: number;
}

/** CPU and peak memory of a step, where the host can measure them. */
export interface HostMeter {
  start(): () => { cpuMs: number; peakMemoryBytes: number };
}

export class StepMeter implements StepCost {
  subrequests = 0;
  fetchedBytes = 0;
  storedBytes = 0;
  /** Every URL fetched, in order (for the step's record). */
  readonly urls: string[] = [];

  constructor(
    private readonly maxSubrequests: number,
    private readonly base: typeof fetch,
  ) {}

  /** The fetch a step's source reads go through: counted, and refused past the cap. */
  readonly fetch: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (this.subrequests >= this.maxSubrequests)
      throw new SourceError(
        "bound",
        `bound subrequests=${this.maxSubrequests} exceeded: a step may make at most ${this.maxSubrequests} requests (${url} would be one more); read fewer versions`,
      );
    this.subrequests++;
    this.urls.push(url);
    const response = await this.base(input, init);
    if (!response.body) return response;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, out) => {
          this.fetchedBytes += chunk.byteLength;
          out.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  /** The bucket a step writes through: puts counted by their size. */
  bucket(inner: R2Bucket): R2Bucket {
    const put: R2Bucket["put"] = async (key, value, options) => {
      this.storedBytes += sizeOf(value);
      return inner.put(key, value, options);
    };
    return new Proxy(inner, {
      // Bound to the real bucket: workerd refuses a binding's method called on another object.
      get: (target, prop) => {
        if (prop === "put") return put;
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }

  cost(): StepCost {
    return { subrequests: this.subrequests, fetchedBytes: this.fetchedBytes, storedBytes: this.storedBytes };
  }
}

function sizeOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "string") return new TextEncoder().encode(value).byteLength;
  if (value instanceof ArrayBuffer) return value.byteLength;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof Blob) return value.size;
  return 0;
}
