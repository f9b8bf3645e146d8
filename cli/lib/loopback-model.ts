/**
 * A loopback OpenAI-compatible chat endpoint whose behaviour is chosen by the model name: the test
 * double at the network edge for runs (tests) and the "instant local model" of `npm run bench`.
 *
 * Model names (each may carry a suffix after ":" to keep its state apart from other tests):
 * - `instant`: answers at once with a fixed Python function.
 * - `slow-<ms>`: the same after <ms> milliseconds (abandoned requests are noticed).
 * - `hang`: never answers (until the client gives up).
 * - `flaky429`: each distinct prompt first gets a 429 with `Retry-After: 0`, then an answer.
 * - `flaky500`: each distinct prompt first gets two 500s, then an answer.
 * - `down`: always 503.
 * - `overflow`: a 400 saying the maximum context length is exceeded.
 * - `keyed`: requires `Authorization: Bearer <expectedKey>`; a wrong key gets a 401 that echoes it,
 *   as some providers do, so tests see that it never reaches anything stored.
 * - `reject`: always that 401, echoing whatever key it was sent.
 * - `book`: answers from `opts.book` by the sha256 of the request's messages (`JSON.stringify`, as a
 *   run's prompt_sha256 and the export's): a test chooses right and wrong answers per prompt; a
 *   prompt not in the book gets `BOOK_MISS` (and counts in `bookMisses`).
 * `GET /__stats` reports requests per model and the most calls in flight at once.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const INSTANT_ANSWER = "```python\ndef answer(values):\n    return sorted(values)\n```";
/** What model `costly` answers: 64 KB of `(` in a fence, over the scoring budget (docs/limits.md, "CPU budgets"). */
export const COSTLY_ANSWER = "```python\n" + "(".repeat(65_000) + "\n```";
/** What model `book` answers to a prompt its book lacks. */
export const BOOK_MISS = "(no answer in the book for this prompt)";

export interface LoopbackModel {
  url: string;
  server: Server;
  close(): Promise<void>;
}

interface Stats {
  requests: Record<string, number>;
  inFlight: Record<string, number>;
  maxInFlight: Record<string, number>;
  authorization: Record<string, string[]>;
  bodies: Record<string, unknown[]>;
  bookMisses: number;
}

export async function startLoopbackModel(
  opts: { expectedKey?: string; port?: number; book?: ReadonlyMap<string, string> } = {},
): Promise<LoopbackModel> {
  const stats: Stats = { requests: {}, inFlight: {}, maxInFlight: {}, authorization: {}, bodies: {}, bookMisses: 0 };
  const seen = new Map<string, number>();
  const server = createServer(async (req: IncomingMessage, res) => {
    if (req.method === "GET" && req.url?.startsWith("/__stats")) {
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify(stats));
    }
    let raw = "";
    for await (const chunk of req) raw += chunk;
    let body: { model?: string; messages?: unknown[] };
    try {
      body = JSON.parse(raw);
    } catch {
      res.statusCode = 400;
      return res.end("bad json");
    }
    const model = String(body.model ?? "");
    const kind = model.split(":")[0];
    stats.requests[model] = (stats.requests[model] ?? 0) + 1;
    stats.inFlight[model] = (stats.inFlight[model] ?? 0) + 1;
    stats.maxInFlight[model] = Math.max(stats.maxInFlight[model] ?? 0, stats.inFlight[model]);
    (stats.authorization[model] ??= []).push(req.headers.authorization ?? "");
    const promptSha256 = createHash("sha256").update(JSON.stringify(body.messages)).digest("hex");
    (stats.bodies[model] ??= []).push({
      ...body,
      messages: undefined,
      message_count: body.messages?.length,
      prompt_sha256: promptSha256,
    });
    let closed = false;
    res.on("close", () => (closed = true));
    const done = () => (stats.inFlight[model] -= 1);
    const promptKey = `${model}:${promptSha256}`;
    const nth = (seen.get(promptKey) ?? 0) + 1;
    seen.set(promptKey, nth);
    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      done();
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify({ error: { message, type: "test", code: status } }));
    };
    // Code is about 3-4 characters per Llama token; 4 keeps usage at or under needlework's estimate.
    const promptTokens = Math.ceil(JSON.stringify(body.messages ?? []).length / 4);
    const fromBook = () => {
      const found = opts.book?.get(promptSha256);
      if (found === undefined) stats.bookMisses += 1;
      return found ?? BOOK_MISS;
    };
    const answer = () => {
      done();
      if (closed) return;
      const content = kind === "costly" ? COSTLY_ANSWER : kind === "book" ? fromBook() : INSTANT_ANSWER;
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          id: `cmpl-${nth}`,
          object: "chat.completion",
          created: 0,
          model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: promptTokens, completion_tokens: 17, total_tokens: promptTokens + 17 },
        }),
      );
    };
    if (kind === "instant" || kind === "costly" || kind === "book") return answer();
    if (kind.startsWith("slow-")) return void setTimeout(answer, Number(kind.slice(5)));
    if (kind === "hang") return void res.on("close", done);
    if (kind === "flaky429" && nth === 1) return fail(429, "slow down", { "retry-after": "0" });
    if (kind === "flaky429") return answer();
    if (kind === "flaky500" && nth <= 2) return fail(500, "internal");
    if (kind === "flaky500") return answer();
    if (kind === "down") return fail(503, "service unavailable");
    if (kind === "overflow")
      return fail(
        400,
        "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
      );
    if (kind === "reject")
      return fail(401, `Incorrect API key provided: ${(req.headers.authorization ?? "").replace(/^Bearer /, "")}`);
    if (kind === "keyed") {
      const given = req.headers.authorization ?? "";
      if (given !== `Bearer ${opts.expectedKey}`)
        return fail(401, `Incorrect API key provided: ${given.replace(/^Bearer /, "")}`);
      return answer();
    }
    return fail(404, `unknown test model ${model}`);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return { url, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
