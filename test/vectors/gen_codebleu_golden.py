"""Generate golden vectors for needlework's CodeBLEU port (src/lib/metrics/codebleu).

Run from the repository root with Debian's Python 3.11, which has NLTK 3.8 (``python3-nltk``)::

    /usr/bin/python3 test/vectors/gen_codebleu_golden.py

The codebleu package itself cannot be installed here (no PyPI access), so this script checks the two
parts of it that are plain Python on top of libraries we do have:

* ``tokenize``: Python 3.11's ``tokenize.generate_tokens`` token streams, which the package's
  comment and docstring remover is built on (the package runs on Python <= 3.11 only).
* ``ngram``: the n-gram match is NLTK's ``corpus_bleu`` (vendored by the package) with
  ``SmoothingFunction().method1``, on ``str.split()`` tokens of stripped strings. Corpora mix several
  samples and several references so that the raw (unreduced) Fraction sums are exercised.

Inputs are the fixture repositories' Python files (test/fixtures/repoqa-mini) and hand-written
edge cases; nothing from /work/shared/data.
"""
import ast
import glob
import io
import json
import os
import random
import tokenize

from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

TOKENIZE_EDGE_CASES = [
    "", "\n", "   ", "x", "x\n", "  x = 1\n",
    "def f():\n    '''doc'''\n    return 1\n",
    "def f():\n\t'doc'\n\treturn 1",
    "x = (1,\n 2)\n", "x = (1,\n", "s = '''abc\n", "s = 'abc\n",
    "x = 1 + \\\n    2\n", "s = 'ab\\\ncd'\n", "s = 'ab\\\ncd\n",
    "if x:\n    y\n  z\n", "# only comment", "x = 1  # c\n# c2\n",
    "x = f'{a}' + rb'x' + Rb\"y\" + u'z'\n", "x = 1\r\ny = 2\r\n", "x = 1\ry = 2\n", "\f\nx = 1\n",
    "a = 0x1F + 0o7 + 0b1 + 1_000 + 1.5e-3j + .5\n", "x = $ ? !\n", "x = 'é' # ü\n", "café = 1\n",
    "x = a->b\n", "x ... y\n", "x := 1\n", "x @= y\n",
    "class A:\n    \"\"\"Doc\n    more\n    \"\"\"\n    def m(self):\n        return '''\n        x'''\n",
    "def f(a,\n      b):\n    return a\\\n+ b\n", "   \n\nx\n   ", "if a:\n    pass\n\n   \n",
    "x = '''a\n'''   \n", "x = \"a\\\"b\"\n", "s = 'abc\\\n", "x = ''' ''' + ''''\n'''\n", "1abc def\n",
    "x = 1 \\\n", "\tif x:\n\t\ty\n", " x\n", "x\n y\n", "async def f():\n    await g()\n",
    "print('a' 'b')\n", "x = [\n  # c\n  1,\n]\n", "\"\"\"module doc\"\"\"\nimport os\n",
    "def f():\n    x = 1\n    'not doc'\n    return x\n", "def f():\n    x = 1\n\n    'after blank'\n",
    "x = 1;'s'\n", "  'indented'\n", "x = \\\n'cont'\n", "x = ('a'\n     'b')\n", "λ = 2\nx² = 3\n",
    "x = \"abc\\\n  def\"\ny = 2\n",
]


def token_stream(source):
    tokens, error = [], None
    try:
        for t in tokenize.generate_tokens(io.StringIO(source).readline):
            tokens.append([tokenize.tok_name[t.type], t.string, t.start[0], t.start[1], t.end[0], t.end[1]])
    except tokenize.TokenError:
        error = "TokenError"
    except IndentationError:
        error = "IndentationError"
    return {"source": source, "tokens": tokens, "error": error}


def fixture_sources():
    files = sorted(glob.glob(os.path.join(ROOT, "test/fixtures/repoqa-mini/**/*.py"), recursive=True))
    return [(os.path.relpath(f, ROOT), open(f, encoding="utf-8").read()) for f in files]


def functions(sources):
    out = []
    for _, text in sources:
        lines = text.split("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append("\n".join(lines[node.lineno - 1 : node.end_lineno]))
    return out


def ngram_cases(funcs, rng):
    method1 = SmoothingFunction().method1
    cases = []
    hand = [
        ([["a b c d e f g h i j"]], ["a b c"]),
        ([["def foo ( x ) :\n    return x"]], ["def bar ( x ) :\n    return x"]),
        ([["the cat is on the mat", "there is a cat on the mat"]], ["the the the the the the the"]),
        ([["a a a a a a a a a a a a a", "a a a a a a a a a a a"]], ["a a a a a a a a a a a a"]),
        ([["x"]], [""]),
        ([["x y"], ["a b c d"]], ["x", "a b c d e"]),
        ([["p q r s t"], ["p q"]], ["p q r", "z"]),
    ]
    for refs, hyps in hand:
        cases.append({"references": refs, "predictions": hyps})
    for _ in range(60):
        size = rng.choice([1, 1, 2, 3, 5])
        refs, hyps = [], []
        for _ in range(size):
            base = rng.choice(funcs)
            alternatives = [base] + [rng.choice(funcs) for _ in range(rng.choice([0, 0, 1, 2]))]
            rng.shuffle(alternatives)
            # Candidates: the reference with lines dropped, another function, or a renamed copy.
            kind = rng.random()
            if kind < 0.4:
                lines = base.split("\n")
                keep = [l for l in lines if rng.random() > 0.3] or lines[:1]
                hyp = "\n".join(keep)
            elif kind < 0.7:
                hyp = rng.choice(funcs)
            else:
                hyp = base.replace("self", "this").replace("return", "yield")
            refs.append(alternatives)
            hyps.append(hyp)
        cases.append({"references": refs, "predictions": hyps})
    for case in cases:
        refs = [[r.strip().split() for r in alts] for alts in case["references"]]
        hyps = [h.strip().split() for h in case["predictions"]]
        case["ngram_match_score"] = corpus_bleu(refs, hyps, smoothing_function=method1)
    return cases


def main():
    rng = random.Random(20240611)
    sources = fixture_sources()
    tokenize_cases = [token_stream(s) for s in TOKENIZE_EDGE_CASES]
    tokenize_cases += [dict(token_stream(text), name=name) for name, text in sources]
    funcs = functions(sources)
    out = {
        "generator": "test/vectors/gen_codebleu_golden.py",
        "python": "3.11",
        "tokenize": tokenize_cases,
        "ngram": ngram_cases(funcs, rng),
    }
    path = os.path.join(HERE, "codebleu-golden.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
        f.write("\n")
    print(f"wrote {path}: {len(tokenize_cases)} token streams, {len(out['ngram'])} n-gram corpora")


if __name__ == "__main__":
    main()
