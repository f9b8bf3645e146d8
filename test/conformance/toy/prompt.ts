/** The toy family's prompt: the word list, then which word to answer with. */
import type { ChatMessage } from "../../../src/benchmarks/types";
import type { ToyItem } from "./dataset";

export const TOY_PROMPT_VERSION = "toy-prompt-1";

/** The messages a run sends for `item` (no prefill). */
export const toyPrompt = (item: ToyItem): ChatMessage[] => [
  { role: "system", content: "Answer with one word and nothing else." },
  { role: "user", content: `Words: ${item.words.join(" ")}\nWhich word is number ${item.index + 1}?` },
];
