/**
 * A loopback OpenAI-compatible model for the family-lens browser test, answering from the prompt
 * alone, so the pages have curves and partial answers to show (the double sits at the network
 * edge, like cli/lib/loopback-model.ts):
 * - SemTrace output prediction: it computes `f(x)` from the target's assignment lines when the
 *   target sits in the first or last fifth of the context, and gets the first element wrong in
 *   between (lost in the middle: a U-shaped accuracy curve, partial scores in the middle);
 * - lexical recall: it copies the function between the two keys (position-independent);
 * - other output prediction (CRUXEval): `None`;
 * - LongCodeU CU_P: the context's top-level function names in order, every third one left out and
 *   one invented name added (partial recall and precision); other LongCodeU tasks: no answer.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** SemTrace's target: `def f(x):`, `arr = [0, ...]`, then `arr[i] = x ± y` lines. */
function semtrace(block: string, input: string): string | null {
  const at = block.indexOf("def f(x):\n    arr = [");
  if (at < 0) return null;
  const body = block.slice(at).split("\n\n")[0];
  const x = Number(input);
  const out: number[] = [];
  for (const m of body.matchAll(/arr\[(\d+)\] = x ([+-]) (\d+)/g))
    out[Number(m[1])] = m[2] === "+" ? x + Number(m[3]) : x - Number(m[3]);
  const where = at / block.length;
  if (where > 0.2 && where < 0.8) out[0] += 1;
  return `[${out.join(", ")}]`;
}

/** The function of a keyed block between the start and end keys, keys removed. */
function retrieve(prompt: string): string | null {
  const keys = /starting at key '([0-9a-f]{6})' and ending at key '([0-9a-f]{6})'/.exec(prompt);
  if (!keys) return null;
  const lines = prompt.split("\n");
  const from = lines.findIndex((l) => l.startsWith(`${keys[1]} `));
  const to = lines.findIndex((l) => l.startsWith(`${keys[2]} `));
  if (from < 0 || to < from) return null;
  return (
    "```python\n" +
    lines
      .slice(from, to + 1)
      .map((l) => l.slice(7))
      .join("\n") +
    "\n```"
  );
}

/** CU_P: the top-level functions of the context, every third left out, one invented. */
function functionNames(prompt: string): string {
  const names = [...prompt.matchAll(/^(?:async\s+)?def\s+([A-Za-z_]\w*)/gm)].map((m) => m[1]);
  const kept = names.filter((_, i) => i % 3 !== 2);
  return `Function_names = [${[...kept.slice(0, 1), "invented_helper", ...kept.slice(1)].join(", ")}]`;
}

export function lensAnswer(prompt: string): string {
  if (prompt.includes("extract their function names")) return functionNames(prompt);
  const retrieved = retrieve(prompt);
  if (retrieved) return retrieved;
  const assertion = /\[ASSERTION\]\nassert f\((.*)\) == \?\?/.exec(prompt);
  const functions = /\[FUNCTIONS\]\n([\s\S]*?)\n\[\/FUNCTIONS\]/.exec(prompt);
  if (assertion && functions) return ` ${semtrace(functions[1], assertion[1]) ?? "None"}\n\`\`\``;
  return "I could not find it.";
}

export interface LensModel {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startLensModel(): Promise<LensModel> {
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as { model?: string; messages?: { role: string; content: string }[] };
    const prompt = (body.messages ?? [])
      .filter((m) => m.role === "user")
      .map((m) => m.content)
      .join("\n");
    const content = lensAnswer(prompt);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: "lens",
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: {
          prompt_tokens: Math.ceil(prompt.length / 4),
          completion_tokens: Math.ceil(content.length / 4),
          total_tokens: Math.ceil((prompt.length + content.length) / 4),
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
