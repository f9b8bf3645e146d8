/**
 * Token counting as the references do it: `len(tokenizer.tokenize(text))` with the
 * `codellama/CodeLlama-7b-Instruct-hf` Hugging Face tokenizer (Llama-2 vocabulary, no special tokens).
 *
 * How HF's `tokenize` maps onto llama-tokenizer-js (`encode(text, false, true)`):
 * - the SentencePiece dummy prefix: HF's normalizer prepends "▁" and turns every " " into "▁";
 *   `encode(..., add_preceding_space = true)` does the same ("\n" -> ["▁", "<0x0A>"] = 2 tokens,
 *   "  x" -> ["▁▁", "x"] = 2). Both read the same vocabulary and merge list (llama-tokenizer-js
 *   converts HF's tokenizer.json), with byte fallback for characters outside the vocabulary.
 * - `tokenize("")` is `[]` in HF (the prepend normalizer skips empty text); `encode("")` is `[]` too.
 * - special tokens: HF matches the added tokens `<s>`, `</s>`, `<unk>` in the raw text, counts each
 *   as one token and normalizes the pieces between them separately, so every non-empty piece gets
 *   its own "▁" (the Llama `legacy=True` behaviour: "Hello <s>." -> [15043, 29871, 1, 869]).
 *   llama-tokenizer-js does not know added tokens, so {@link codeLlamaTokenizer} splits on them first.
 *   CodeLlama's infilling tokens ("▁<PRE>", "▁<SUF>", "▁<MID>", "▁<EOT>") are not split out: they
 *   contain "▁" (U+2581), which source code practically never does.
 * - Llama's vocabulary has no piece containing "\n" and no merge involves the <0x0A> byte token,
 *   so counts are additive over line breaks (`count` encodes line by line; the context builder's
 *   padding relies on it too).
 *
 * llama-tokenizer-js is one 676 KB module whose evaluation decodes the vocabulary and 61k merges
 * (about 75 ms): it is imported lazily, on the first `ready()`, so Worker start-up does not pay it.
 */

export interface Tokenizer {
  readonly name: string;
  readonly version: string;
  /** `len(tokenize(text))`. Synchronous and pure; for lazily loaded tokenizers, only after `ready()`. */
  count(text: string): number;
  /** Loads what `count` needs (idempotent). A tokenizer without `ready` can count at once. */
  ready?(): Promise<void>;
}

interface LlamaEncoder {
  encode(prompt: string, addBos?: boolean, addPrecedingSpace?: boolean): number[];
}

/** Added (special) tokens of the Llama-2 tokenizer that HF recognises inside ordinary text. */
const SPECIAL = /<s>|<\/s>|<unk>/g;

let encoder: LlamaEncoder | undefined;
let loading: Promise<void> | undefined;

/**
 * Tokens of text containing no special token, as HF counts it (dummy "▁" first). No merge involves
 * "\n" (it is the byte token <0x0A>), so lines are encoded one by one and only the first gets the
 * dummy prefix: the same count as one `encode` of the whole text, and faster on long texts (the
 * priority-queue BPE is superlinear).
 */
function countPlain(enc: LlamaEncoder, text: string): number {
  let total = 0;
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? text.length : nl + 1;
    total += enc.encode(text.slice(at, end), false, at === 0).length;
    at = end;
  }
  return total;
}

function countWith(enc: LlamaEncoder, text: string): number {
  if (!text.includes("<")) return countPlain(enc, text);
  let total = 0;
  let last = 0;
  for (const m of text.matchAll(SPECIAL)) {
    total += countPlain(enc, text.slice(last, m.index)) + 1;
    last = m.index + m[0].length;
  }
  return total + countPlain(enc, text.slice(last));
}

export const codeLlamaTokenizer: Tokenizer = {
  name: "codellama/CodeLlama-7b-Instruct-hf (Llama-2 vocabulary via llama-tokenizer-js)",
  version: "1.2.2",
  count(text: string): number {
    if (!encoder) throw new Error("codeLlamaTokenizer: await codeLlamaTokenizer.ready() before count()");
    return countWith(encoder, text);
  },
  ready(): Promise<void> {
    loading ??= import("llama-tokenizer-js").then(
      (mod) => {
        encoder = mod.default;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    );
    return loading;
  },
};

/** The CodeLlama tokenizer, loaded and ready to count. */
export async function loadCodeLlamaTokenizer(): Promise<Tokenizer> {
  await codeLlamaTokenizer.ready!();
  return codeLlamaTokenizer;
}
