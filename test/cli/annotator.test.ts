import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { annotatorFromSpec } from "../../cli/lib/annotator";
import { annotate } from "../../src/benchmarks/repoqa/curate/annotate";

/** A loopback OpenAI-compatible chat endpoint that answers from a script and records requests. */
const requests: { path: string; auth?: string; body: any }[] = [];
let replies: string[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  const body = JSON.parse(raw);
  requests.push({ path: req.url!, auth: req.headers.authorization, body });
  const content = replies.shift() ?? "";
  res.setHeader("content-type", "application/json");
  res.end(
    JSON.stringify({
      id: "x",
      object: "chat.completion",
      created: 0,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    }),
  );
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => server.close());

const good =
  "<desc_start>\n1. **Purpose**: Sums numbers.\n2. **Input**: A list.\n3. **Output**: A total.\n4. **Procedure**: Adds them.\n<desc_end>";

describe("annotate through an OpenAI-compatible model (AI SDK)", () => {
  it("sends the paper's prompt at temperature 0.2 with the key from the environment", async () => {
    process.env.NEEDLEWORK_ANNOTATOR_API_KEY = "sk-test-annotator";
    replies = [`Sure!\n${good}\nDone.`];
    const annotator = annotatorFromSpec(`openai-compatible:gpt-test@${base}`);
    const result = await annotate(annotator.generate, "total_of", "def total_of(xs):\n    return sum(xs)");
    expect(result).toEqual({
      description: good.slice("<desc_start>".length, -"<desc_end>".length),
      flags: [],
      attempts: 1,
    });
    const [request] = requests.splice(0);
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.auth).toBe("Bearer sk-test-annotator");
    expect(request.body).toMatchObject({ model: "gpt-test", temperature: 0.2, max_tokens: 2048 });
    expect(request.body.messages).toHaveLength(1);
    expect(request.body.messages[0].content).toContain(
      'describe the purpose, input, output, and procedure of "total_of"',
    );
    expect(request.body.messages[0].content).toContain("DO NOT reveal function names (total_of)");
  });

  it("regenerates a description that names the function, then flags it", async () => {
    replies = [good.replace("Sums numbers", "total_of sums numbers"), good.replace("Sums", "Adds up")];
    const annotator = annotatorFromSpec(`openai-compatible:gpt-test@${base}`);
    const second = await annotate(annotator.generate, "total_of", "def total_of(xs): ...");
    expect(second).toMatchObject({ flags: [], attempts: 2 });
    replies = Array(3).fill(good.replace("Sums numbers", "total_of sums numbers"));
    const flagged = await annotate(annotator.generate, "total_of", "def total_of(xs): ...");
    expect(flagged).toMatchObject({ flags: ["mentions_name"], attempts: 3 });
    requests.splice(0);
  });

  it("rejects a malformed annotator spec", () => {
    expect(() => annotatorFromSpec("gpt-4@nowhere")).toThrow(/openai-compatible:<model>@<base url>/);
  });
});
