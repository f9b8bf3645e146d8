/**
 * The toy family's dataset format: word lists, each with the position of the word to recall. A
 * dataset is one JSON object (its manifest) in R2 and one `datasets` row in D1, through the shared
 * dataset store (src/lib/datasets/), as a real family's import stores its own.
 */
/** The toy benchmark's id. */
export const TOY_BENCHMARK = "toy-recall";
export const TOY_DATASET_KIND = "toy";
export const TOY_FORMAT = "toy/words@1";

/** One task: recall `words[index]`. Its id is `<language>::toy::<name>`, as every family's task ids are. */
export interface ToyItem {
  id: string;
  language: string;
  words: string[];
  index: number;
}

/** A toy dataset as imported and as stored (its manifest). */
export interface ToyDataset {
  format: typeof TOY_FORMAT;
  items: ToyItem[];
}

/** A small toy dataset of `n` Python items (markReady records a dataset's language as python). */
export function toyDataset(n = 4): ToyDataset {
  const words = ["needle", "thread", "thimble", "bobbin", "spindle", "loom", "shuttle", "warp"];
  return {
    format: TOY_FORMAT,
    items: Array.from({ length: n }, (_, i) => ({
      id: `python::toy::item${i}`,
      language: "python",
      words: words.slice(i % 3, (i % 3) + 5),
      index: (i * 3) % 5,
    })),
  };
}
