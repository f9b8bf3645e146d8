/**
 * The Worker isolate's own memory, read over the V8 inspector that `wrangler dev --inspector-port`
 * opens: `Runtime.getHeapUsage` every `intervalMs`. Process RSS (scripts/bench-refresh.mts samples it
 * too) is the whole workerd, local D1 and R2 included, and keeps what V8 freed; this is what the
 * isolate holds:
 *
 * - `used`: the JS heap's used bytes, garbage not yet collected included (an upper bound on what is
 *   live at that moment);
 * - `backing`: ArrayBuffer backing stores (archives, decoded bytes, WebAssembly memory);
 * - `embedder`: the runtime's own objects on the heap.
 *
 * A deployed Worker's 128 MB is for the isolate's heap and its WebAssembly memory, so `used +
 * backing` is the figure to set beside it.
 */
import WebSocket from "ws";

export interface HeapSample {
  at: number;
  used: number;
  total: number;
  backing: number;
  embedder: number;
}

export interface HeapSampler {
  samples: HeapSample[];
  stop(): Promise<HeapSample[]>;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

/** Connects to the inspector on `port` (its first target: the Worker) and samples until `stop()`. */
export async function sampleIsolateHeap(port: number, intervalMs = 200): Promise<HeapSampler> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!targets[0]) throw new Error(`the inspector on port ${port} lists no target`);
  // `ws`, not Node's own WebSocket, whose handshake wrangler's inspector proxy refuses.
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let id = 0;
  // Every call settles: with the answer, or undefined for an error answer or a closed socket
  // (workerd gone), so neither the loop nor stop() can wait forever.
  const pending = new Map<number, (result: HeapUsage | undefined) => void>();
  let open = true;
  ws.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: HeapUsage };
    if (message.id === undefined) return;
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  ws.on("close", () => {
    open = false;
    for (const settle of pending.values()) settle(undefined);
    pending.clear();
  });
  const usage = () =>
    new Promise<HeapUsage | undefined>((resolve) => {
      if (!open) return resolve(undefined);
      const my = ++id;
      pending.set(my, resolve);
      ws.send(JSON.stringify({ id: my, method: "Runtime.getHeapUsage" }));
    });
  const samples: HeapSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running && open) {
      const u = await usage();
      if (u)
        samples.push({
          at: Date.now(),
          used: u.usedSize,
          total: u.totalSize,
          backing: u.backingStorageSize ?? 0,
          embedder: u.embedderHeapUsedSize ?? 0,
        });
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
      ws.close();
      return samples;
    },
  };
}
