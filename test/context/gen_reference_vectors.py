"""Writes reference-vectors.json: the RepoQA reference's make_code_context (repoqa 0.1.2,
search_needle_function.py, Apache-2.0; ported verbatim below) on random small repositories, with
a fake tokenizer (a dummy-prefix token plus one per whitespace-separated word), so that
test/context/reference.test.ts can compare needlework's builder with it string for string.

Run: python3 test/context/gen_reference_vectors.py   (standard library only)
The byte offsets are real UTF-8 offsets into files with non-ASCII text; Python slices the str
with them as code-point indices, exactly the reference's behaviour.
"""
import json
import os
import random

COMMENT_PREFIX = {"python": "#", "cpp": "//", "java": "//", "typescript": "//", "rust": "//", "go": "//"}


class FakeTokenizer:
    def tokenize(self, text):
        return [] if text == "" else ["_"] + text.split()


def _backward_tokenizable_lines(lines, tokenizer, max_tokens):
    text = ""
    ntokens = 0
    is_break = False
    for line in reversed(lines):
        new_ntokens = len(tokenizer.tokenize(line + "\n"))
        if ntokens + new_ntokens > max_tokens:
            is_break = True
            break
        text = line + "\n" + text
        ntokens += new_ntokens
    return text, ntokens, is_break


def _forward_tokenizable_lines(lines, tokenizer, max_tokens):
    text = ""
    ntokens = 0
    is_break = False
    for line in lines:
        new_ntokens = len(tokenizer.tokenize(line + "\n"))
        if ntokens + new_ntokens > max_tokens:
            is_break = True
            break
        text += line + "\n"
        ntokens += new_ntokens
    if is_break:
        text = text + "...\n"
        ntokens += len(tokenizer.tokenize("...\n"))
    return text, ntokens, is_break


def make_code_context(needle, file_content_list, position_ratio, code_context_size, language, tokenizer):
    needle_file_idx, needle_file_content = [(i, c) for i, (f, c) in enumerate(file_content_list) if f == needle["path"]][0]
    needle_code = needle_file_content[needle["start_byte"] : needle["end_byte"]]
    ntoken_needle = len(tokenizer.tokenize(needle_code))
    prefix_size = int(code_context_size * position_ratio - ntoken_needle / 2)
    suffix_size = code_context_size - ntoken_needle - prefix_size
    code_prefix, ntokens, is_break = _backward_tokenizable_lines(
        [COMMENT_PREFIX[language] + " Path: " + needle["path"]] + needle_file_content[: needle["start_byte"]].split("\n"),
        tokenizer, prefix_size)
    prefix_size -= ntokens
    index = needle_file_idx - 1
    while not is_break and prefix_size > 0 and index >= 0:
        path, content = file_content_list[index]
        prefix, ntokens, is_break = _forward_tokenizable_lines(
            [COMMENT_PREFIX[language] + " Path: " + path] + content.split("\n"), tokenizer, prefix_size)
        code_prefix = prefix + code_prefix
        prefix_size -= ntokens
        index -= 1
    code_suffix, ntokens, is_break = _forward_tokenizable_lines(
        needle_file_content[needle["end_byte"] :].split("\n"), tokenizer, suffix_size)
    suffix_size -= ntokens
    index = needle_file_idx + 1
    while not is_break and suffix_size > 0 and index < len(file_content_list):
        path, content = file_content_list[index]
        suffix, ntokens, is_break = _forward_tokenizable_lines(
            [COMMENT_PREFIX[language] + " Path: " + path] + content.split("\n"), tokenizer, suffix_size)
        code_suffix += suffix
        suffix_size -= ntokens
        index += 1
    code_context = code_prefix + needle_code + code_suffix
    needle_token_start = len(tokenizer.tokenize(code_prefix))
    needle_token_end = needle_token_start + len(tokenizer.tokenize(needle_code))
    code_context_ntokens = needle_token_end + len(tokenizer.tokenize(code_suffix))
    return {"code_context": code_context, "needle_token_start": needle_token_start,
            "needle_token_end": needle_token_end, "code_context_ntokens": code_context_ntokens}


WORDS = ["x", "y", "return", "if", "é", "世界", "😀", "f(a,", "b)", "=", "  ", "é😀"]


def gen_file(rng):
    lines = []
    for _ in range(rng.randint(0, 7)):
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
        lines.append(" " * rng.choice([0, 0, 4]) + words)
    return "\n".join(lines) + rng.choice(["", "\n"])


def main():
    rng = random.Random(20240420)
    cases = []
    for _ in range(80):
        files = [[f"d/f{i}.py", gen_file(rng)] for i in range(rng.randint(1, 4))]
        k = rng.randrange(len(files))
        raw = files[k][1].encode("utf-8")
        start = rng.randint(0, len(raw))
        end = rng.randint(start, min(len(raw), start + 40))
        needle = {"name": "n", "path": files[k][0], "start_byte": start, "end_byte": end}
        size = rng.randint(1, 80)
        ratio = rng.choice([0.0, 1.0, 0.05, 0.95, 0.5, rng.randint(0, 20) / 20])
        language = rng.choice(["python", "go"])
        out = make_code_context(needle, files, ratio, size, language, FakeTokenizer())
        cases.append({"language": language, "files": files, "needle": needle, "size": size, "ratio": ratio, "expected": out})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference-vectors.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"generator": "test/context/gen_reference_vectors.py", "tokenizer": "1 + len(text.split()), 0 for empty text",
                   "cases": cases}, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
