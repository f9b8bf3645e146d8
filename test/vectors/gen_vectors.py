"""Generate golden test vectors for needlework's port of RepoQA's Python scoring.

Run from the repository root with Debian's Python, which has NLTK 3.8 from the
``python3-nltk`` package (the pyenv ``python3`` on PATH has no NLTK)::

    /usr/bin/python3 test/vectors/gen_vectors.py

It writes, next to this script:

* ``bleu-nltk.json``        -- (reference, candidate, score) triples scored with
                               RepoQA 0.1.2's ``compute_function_similarity``
                               (NLTK ``sentence_bleu`` + Chen & Cherry method4).
* ``whitespace-python.json`` -- Python's ``\\s`` / ``str.strip`` whitespace set and
                               tokenisation cases for ``re.split(r"\\s+", s.strip())``.
* ``sanitize-regex.json``    -- model outputs run through RepoQA's
                               ``sanitize_regex_part`` fenced-block regex.

The BLEU pairs are built from REAL functions found on the build machine:

* Python standard library sources in /usr/lib/python3.11 (cut out with ``ast``),
* C examples shipped by Debian under /usr/share/doc and /usr/include/X11/Xtrans,
* C++ from the libstdc++ 12 headers and a numpy test-data generator,
* Go from git's contrib/persistent-https (/usr/share/doc/git),
* Rust core/alloc sources, recovered from the rustdoc HTML "src" pages of the
  rustup stable toolchain documentation (tags stripped, entities unescaped),
* JavaScript from hono and drizzle-orm, TypeScript from zod and
  @jridgewell/trace-mapping, all in /work/main/node_modules.

C-family functions are cut out with a small indentation-aware brace matcher
(header line + matching ``}`` at the same indentation); it is heuristic but
only needs to yield realistic text -- the score is computed on whatever text
it yields.  Candidates are derived from those functions with the kinds of
edits real model answers show (re-indentation, dropped comments, truncation,
renames, extra surrounding code, ...) plus hand-made edge cases for the
tokeniser and the smoothing code.

The output is deterministic: every random choice comes from
``random.Random(SEED)``, sources are listed explicitly, nothing iterates over a
set, and floats are written with ``repr``.  Running the script twice gives
byte-identical files.  A missing source file is a hard error rather than a
silent change of the vectors.
"""

import ast
import html
import json
import math
import platform
import random
import re
import sys
import textwrap
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import nltk
from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

SEED = 20240607
OUT_DIR = Path(__file__).resolve().parent
GENERATOR = "test/vectors/gen_vectors.py"
NODE_MODULES = OUT_DIR.parent.parent / "node_modules"
RUSTDOC_SRC = Path(
    "/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/src"
)


# --------------------------------------------------------------------------
# RepoQA 0.1.2 reference code (repoqa/metric.py, repoqa/compute_score.py).
# Copied verbatim except that "\s+" is written as the equivalent raw string
# r"\s+" to avoid the invalid-escape DeprecationWarning.
# --------------------------------------------------------------------------


def compute_function_similarity(candidate_function: str, reference_function: str) -> float:
    candidate_tokens = [item for item in re.split(r"\s+", candidate_function.strip())]
    reference_tokens = [item for item in re.split(r"\s+", reference_function.strip())]
    chencherry = SmoothingFunction()
    return sentence_bleu(
        [reference_tokens], candidate_tokens, smoothing_function=chencherry.method4
    )


SANITIZE_PATTERN = r"^```(?:\w+)?\s*\n(.*?)(?=^```)```"


def sanitize_regex_part(model_output):
    model_output = model_output.strip()
    return re.findall(SANITIZE_PATTERN, model_output, re.DOTALL | re.MULTILINE)


# --------------------------------------------------------------------------
# Whitespace sets
# --------------------------------------------------------------------------

# Authoritative: every code point matched by Python's re \s (== str.isspace()).
PY_WHITESPACE = [c for c in range(0x110000) if re.fullmatch(r"\s", chr(c))]
PY_WS_CHARS = [chr(c) for c in PY_WHITESPACE]
# Whitespace for Python but not for JavaScript's \s / String.prototype.trim.
PY_ONLY_WS = ["\x1c", "\x1d", "\x1e", "\x1f", "\x85"]
# Whitespace for JavaScript but not for Python.
JS_ONLY_WS = ["\ufeff"]
# Format / zero-width characters that are whitespace for neither.
NOT_WS = ["\u200b", "\u180e", "\u2060", "\u00ad", "\u200c", "\u200d"]


# --------------------------------------------------------------------------
# Real-code sources
# --------------------------------------------------------------------------


@dataclass
class Function:
    lang: str
    path: str  # where it came from (for debugging only, not written out)
    lines: list  # all lines of the source file
    start: int  # first line index of the function
    end: int  # one past the last line index

    @property
    def text(self):
        return "\n".join(self.lines[self.start : self.end])


PYTHON_FILES = [
    "/usr/lib/python3.11/textwrap.py",
    "/usr/lib/python3.11/difflib.py",
    "/usr/lib/python3.11/shlex.py",
    "/usr/lib/python3.11/statistics.py",
    "/usr/lib/python3.11/fractions.py",
    "/usr/lib/python3.11/ipaddress.py",
    "/usr/lib/python3.11/json/decoder.py",
    "/usr/lib/python3.11/json/encoder.py",
    "/usr/lib/python3.11/urllib/parse.py",
    "/usr/lib/python3.11/configparser.py",
    "/usr/lib/python3.11/pprint.py",
    "/usr/lib/python3.11/calendar.py",
]
C_FILES = [
    "/usr/share/doc/zlib1g-dev/examples/zpipe.c",
    "/usr/share/doc/zlib1g-dev/examples/gun.c",
    "/usr/share/doc/zlib1g-dev/examples/gzappend.c",
    "/usr/share/doc/zlib1g-dev/examples/gzjoin.c",
    "/usr/share/doc/zlib1g-dev/examples/zran.c",
    "/usr/share/doc/zlib1g-dev/examples/enough.c",
    "/usr/share/doc/nettle-dev/examples/io.c",
    "/usr/share/doc/nettle-dev/examples/rsa-keygen.c",
    "/usr/share/doc/nettle-dev/examples/base64enc.c",
    "/usr/share/doc/libstemmer0d/examples/stemwords.c",
    "/usr/include/X11/Xtrans/Xtransutil.c",
]
CPP_FILES = [
    "/usr/include/c++/12/bits/stl_algo.h",
    "/usr/include/c++/12/bits/stl_heap.h",
    "/usr/include/c++/12/bits/basic_string.tcc",
    "/usr/include/c++/12/bits/hashtable.h",
    "/usr/lib/python3/dist-packages/numpy/core/tests/data/generate_umath_validation_data.cpp",
]
GO_FILES = [
    "/usr/share/doc/git/contrib/persistent-https/client.go",
    "/usr/share/doc/git/contrib/persistent-https/main.go",
    "/usr/share/doc/git/contrib/persistent-https/proxy.go",
    "/usr/share/doc/git/contrib/persistent-https/socket.go",
]
RUST_FILES = [  # rustdoc "src" pages, relative to RUSTDOC_SRC
    "core/str/validations.rs.html",
    "core/char/methods.rs.html",
    "core/option.rs.html",
    "alloc/string.rs.html",
    "alloc/collections/vec_deque/mod.rs.html",
]
JS_FILES = [  # relative to node_modules
    "hono/dist/utils/url.js",
    "hono/dist/utils/cookie.js",
    "hono/dist/utils/body.js",
    "hono/dist/router/trie-router/node.js",
    "hono/dist/context.js",
    "drizzle-orm/sql/sql.js",
    "drizzle-orm/utils.js",
]
TS_FILES = [  # relative to node_modules
    "zod/src/v4/core/util.ts",
    "zod/src/v4/core/to-json-schema.ts",
    "zod/src/v4/core/errors.ts",
    "zod/src/v4/classic/schemas.ts",
    "@vitest/mocker/node_modules/@jridgewell/trace-mapping/src/trace-mapping.ts",
    "@vitest/mocker/node_modules/@jridgewell/trace-mapping/src/binary-search.ts",
]


def read_text(path):
    path = Path(path)
    if not path.is_file():
        sys.exit(f"gen_vectors: missing source file {path}")
    # newline="" keeps any \r exactly as it is on disk.
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def read_rustdoc_source(path):
    """Recover the original .rs text from a rustdoc ``src/**/*.rs.html`` page."""
    page = read_text(path)
    match = re.search(r'<pre class="rust"><code>(.*?)</code></pre>', page, re.DOTALL)
    if match is None:
        sys.exit(f"gen_vectors: no source listing in {path}")
    body = re.sub(r"<a href=#\d+ id=\d+ data-nosnippet>\d+</a>", "", match.group(1))
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def node_version(package):
    return json.loads(read_text(NODE_MODULES / package / "package.json"))["version"]


def extract_python(path):
    text = read_text(path)
    lines = text.split("\n")
    nodes = [
        node
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    nodes.sort(key=lambda node: node.lineno)
    return [Function("python", path, lines, n.lineno - 1, n.end_lineno) for n in nodes]


C_NOT_FUNCTION = re.compile(
    r"^\s*(struct|class|union|enum|namespace|typedef|extern|if|else|for|while|do|switch|case)\b"
)
BRACE_HEADERS = {
    "go": re.compile(r"^func\b"),
    "rust": re.compile(
        r"^\s*(pub(\([^)]*\))?\s+)?((const|async|unsafe|default|extern\s+\"[^\"]*\")\s+)*fn\s+\w+"
    ),
    "js": re.compile(
        r"^\s*(export\s+)?(default\s+)?(async\s+)?function\b"
        r"|^\s*(export\s+)?(const|let|var)\s+[\w$]+\s*=\s*(async\s+)?(\([^)]*\)|[\w$]+)\s*=>\s*\{$"
        r"|^\s+(static\s+)?(async\s+)?((get|set)\s+)?\*?#?[\w$]+\s*\([^;]*\)\s*\{$"
    ),
    "ts": re.compile(
        r"^\s*(export\s+)?(default\s+)?(async\s+)?function\b"
        r"|^\s*(export\s+)?(const|let)\s+[\w$]+(\s*:[^=]+)?\s*=\s*(async\s+)?"
        r"\(.*\)(\s*:\s*[^=]+)?\s*=>\s*\{$"
        r"|^\s+((public|private|protected|static|async|override)\s+)*"
        r"[\w$]+\s*(<.*>)?\(.*\)(\s*:\s*.+)?\s*\{$"
    ),
}
CONTROL_WORDS = re.compile(r"^\s*(if|for|while|switch|catch|return|else|do|with)\b")


def extract_braced(lang, path, text):
    """Cut functions out of C-family source by matching indentation of braces.

    Two layouts are recognised:
    * C/C++ (GNU and K&R style): a line holding only ``{``; the header is the
      run of non-blank lines above it, back to a ``;``, ``}``, comment or
      preprocessor line.
    * Go/Rust/JS/TS: a header line matching BRACE_HEADERS[lang] that ends
      (possibly a few lines later, for wrapped signatures) with ``{``.
    In both cases the body ends at the first line that is ``}`` (optionally
    followed by ``;`` or ``,``) at the same indentation as the opening line.
    """
    lines = text.split("\n")
    functions = []

    def indent_of(line):
        return line[: len(line) - len(line.lstrip())]

    def find_close(open_index, indent):
        closers = (indent + "}", indent + "};", indent + "},")
        for k in range(open_index + 1, len(lines)):
            if lines[k].rstrip() in closers:
                return k
        return None

    i = 0
    while i < len(lines):
        line = lines[i]
        start = open_index = None
        if lang in ("c", "cpp") and line.strip() == "{":
            j = i - 1
            while j >= 0:
                prev = lines[j].rstrip()
                stripped = prev.lstrip()
                if (
                    not stripped
                    or prev.endswith((";", "}", "*/", "{"))
                    or stripped.startswith(("//", "/*", "*", "#"))
                ):
                    break
                j -= 1
            header = "\n".join(lines[j + 1 : i])
            if (
                j + 1 < i
                and "(" in header
                and ")" in header
                and "=" not in header.replace("==", "")
                and not C_NOT_FUNCTION.match(lines[j + 1])
                and indent_of(lines[i - 1]) == indent_of(line)
            ):
                start, open_index = j + 1, i
        elif (
            lang in BRACE_HEADERS
            and BRACE_HEADERS[lang].match(line)
            and not CONTROL_WORDS.match(line)
        ):
            for k in range(i, min(i + 8, len(lines))):
                if lines[k].rstrip().endswith("{"):
                    if k == i or indent_of(lines[k]) == indent_of(line):
                        start, open_index = i, k
                    break
                if lines[k].rstrip().endswith(";"):
                    break
        if start is not None:
            close = find_close(open_index, indent_of(lines[open_index]))
            if close is not None:
                functions.append(Function(lang, path, lines, start, close + 1))
                i = close + 1
                continue
        i += 1
    return functions


def usable(fn):
    """Keep functions that look like a typical RepoQA needle."""
    text = fn.text
    return (
        150 <= len(text) <= 2000
        and fn.end - fn.start >= 4
        and len(text.split()) >= 12
        and text.count("{") == text.count("}")
    )


def collect_functions():
    """Return ({lang: [Function]}, [source description])."""
    pools = {"python": [], "c": [], "cpp": [], "go": [], "rust": [], "js": [], "ts": []}
    for path in PYTHON_FILES:
        pools["python"] += extract_python(path)
    for lang, paths in (("c", C_FILES), ("cpp", CPP_FILES), ("go", GO_FILES)):
        for path in paths:
            pools[lang] += extract_braced(lang, path, read_text(path))
    for rel in RUST_FILES:
        path = RUSTDOC_SRC / rel
        pools["rust"] += extract_braced("rust", str(path), read_rustdoc_source(path))
    for lang, paths in (("js", JS_FILES), ("ts", TS_FILES)):
        for rel in paths:
            path = NODE_MODULES / rel
            pools[lang] += extract_braced(lang, str(path), read_text(path))
    for lang in pools:
        pools[lang] = [fn for fn in pools[lang] if usable(fn)]
        if not pools[lang]:
            sys.exit(f"gen_vectors: no usable {lang} functions found")

    def names(paths):
        return ", ".join(Path(p).name for p in paths)

    python_names = ", ".join(str(Path(p).relative_to("/usr/lib/python3.11")) for p in PYTHON_FILES)
    # rustdoc writes e.g. html/crates1.95.0.js next to html/src
    crates_js = min(p.name for p in RUSTDOC_SRC.parent.glob("crates*.js"))
    rust_version = crates_js[len("crates") : -len(".js")]
    sources = [
        f"Python {platform.python_version()} standard library in /usr/lib/python3.11 (ast): "
        f"{python_names}",
        "C (brace matcher): zlib, nettle, libstemmer examples from /usr/share/doc; "
        f"/usr/include/X11/Xtrans: {names(C_FILES)}",
        "C++ (brace matcher): libstdc++ 12 headers in /usr/include/c++/12/bits and numpy "
        f"test data: {names(CPP_FILES)}",
        "Go (brace matcher): git contrib/persistent-https in /usr/share/doc/git: "
        f"{names(GO_FILES)}",
        f"Rust (brace matcher): Rust {rust_version} core/alloc sources recovered from the rustup "
        f"toolchain's rustdoc src/*.rs.html pages: {', '.join(RUST_FILES)}",
        f"JavaScript (brace matcher): hono {node_version('hono')} dist, drizzle-orm "
        f"{node_version('drizzle-orm')}: {', '.join(JS_FILES)}",
        f"TypeScript (brace matcher): zod {node_version('zod')} src, @jridgewell/trace-mapping "
        f"{node_version('@vitest/mocker/node_modules/@jridgewell/trace-mapping')} src: "
        f"{', '.join(Path(p).name for p in TS_FILES)}",
    ]
    return pools, sources


# --------------------------------------------------------------------------
# Candidate transformations (each mimics something a model answer does)
# --------------------------------------------------------------------------

KEYWORDS = set(
    "False None True and as assert async await break class continue def del elif else "
    "except finally for from global if import in is lambda nonlocal not or pass raise "
    "return try while with yield self cls auto bool case char const default do double "
    "enum extern float goto int long register short signed sizeof static struct switch "
    "typedef union unsigned void volatile template typename inline this new delete "
    "func go chan map range var type package defer fn let mut pub impl use match loop "
    "where Self unsafe move ref function export await typeof instanceof null undefined "
    "true false string number any unknown never".split()
)


def reindent(text, rng):
    """Re-indent with a different unit (tabs / 2 spaces / 8 spaces), maybe dedented."""
    unit = rng.choice(["\t", "  ", "        "])
    if rng.random() < 0.5:
        text = textwrap.dedent(text)
    out = []
    for line in text.split("\n"):
        body = line.lstrip(" \t")
        width = len(line[: len(line) - len(body)].expandtabs(8))
        out.append(unit * (width // 4) + " " * (width % 4) + body)
    return "\n".join(out)


def strip_comments(fn):
    """Drop comments (and, for Python, the docstring) like a terse model would."""
    text = fn.text
    if fn.lang == "python":
        lines = text.split("\n")
        try:
            body = ast.parse(textwrap.dedent(text)).body[0].body
        except SyntaxError:  # e.g. a method with a multi-line string at column 0
            body = [None]
        if (
            isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            del lines[body[0].lineno - 1 : body[0].end_lineno]
        lines = [l for l in lines if not l.lstrip().startswith("#")]
        lines = [re.sub(r"\s+#[^'\"\n]*$", "", l) for l in lines]
        return "\n".join(lines)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    lines = [l for l in text.split("\n") if not l.lstrip().startswith("//")]
    lines = [re.sub(r"\s+//[^'\"\n]*$", "", l) for l in lines]
    # drop lines that only held a comment, keep the blank lines that were already there
    return "\n".join(l for l in lines if l.strip() or not l)


def rename_identifiers(text, rng, targets=None):
    """Rename up to three identifiers that occur at least twice."""
    counts = {}
    for name in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text):
        counts[name] = counts.get(name, 0) + 1
    names = [n for n in counts if counts[n] >= 2 and len(n) >= 3 and n not in KEYWORDS]
    if not names:
        return text
    chosen = rng.sample(names, min(3, len(names)))
    for index, old in enumerate(chosen):
        if targets:
            new = targets[index % len(targets)]
        else:
            new = rng.choice(["{}_", "new_{}", "{}2", "my{}", "tmp_{}"]).format(old)
        text = re.sub(r"\b" + re.escape(old) + r"\b", new, text)
    return text


def delete_lines(text, rng):
    lines = text.split("\n")
    victims = rng.sample(range(1, len(lines)), min(len(lines) - 1, rng.randint(1, 3)))
    return "\n".join(l for i, l in enumerate(lines) if i not in victims)


def duplicate_lines(text, rng):
    lines = text.split("\n")
    chosen = rng.sample(range(len(lines)), min(len(lines), rng.randint(1, 3)))
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if i in chosen:
            out.append(line)
    return "\n".join(out)


def with_surrounding(fn, rng, limit=6000):
    """The function plus neighbouring lines of its file, as if the model quoted too much."""
    before, after = rng.randint(3, 40), rng.randint(3, 40)
    while True:
        text = "\n".join(fn.lines[max(0, fn.start - before) : fn.end + after])
        if len(text) <= limit or (before <= 1 and after <= 1):
            return text
        before, after = before // 2, after // 2


def swap_whitespace(text, rng, chars, share):
    """Replace a share of the whitespace runs of ``text`` with characters from ``chars``."""
    parts = re.split(r"(\s+)", text)
    for i in range(1, len(parts), 2):
        if rng.random() < share:
            parts[i] = "".join(rng.choice(chars) for _ in range(rng.randint(1, 2)))
    return "".join(parts)


def ws_run(rng, chars, lo=1, hi=4):
    return "".join(rng.choice(chars) for _ in range(rng.randint(lo, hi)))


# --------------------------------------------------------------------------
# bleu-nltk.json
# --------------------------------------------------------------------------


def build_bleu_pairs(rng, pools):
    pairs = []

    def add(kind, reference, candidate):
        score = compute_function_similarity(candidate, reference)
        # NLTK returns the int 0 when no unigram matches; store every score as float.
        pairs.append(
            {"kind": kind, "reference": reference, "candidate": candidate, "score": float(score)}
        )

    per_lang = {"python": 9, "c": 5, "cpp": 5, "go": 4, "rust": 5, "js": 5, "ts": 5}
    refs = []
    for lang, count in per_lang.items():
        refs += rng.sample(pools[lang], count)
    every = [fn for lang in pools for fn in pools[lang]]

    # 1. Realistic model answers derived from each reference.
    for index, fn in enumerate(refs):
        ref = fn.text
        add("exact", ref, ref)
        add("reindent", ref, reindent(ref, rng))
        no_comments = strip_comments(fn)
        if no_comments != ref:
            add("no_comments", ref, no_comments)
        lines = ref.split("\n")
        add("truncate", ref, "\n".join(lines[: rng.randint(1, len(lines) - 1)]))
        add("rename", ref, rename_identifiers(ref, rng))
        if index % 2:
            add("delete_lines", ref, delete_lines(ref, rng))
        else:
            add("duplicate_lines", ref, duplicate_lines(ref, rng))
        same_lang = [f for f in pools[fn.lang] if f.text != ref]
        other = rng.choice(same_lang if index % 2 else every)
        add("other_function", ref, other.text)
        add("with_surrounding", ref, with_surrounding(fn, rng))

    # 2. Shuffles keep the length (brevity penalty exactly 1) but break n-grams.
    for fn in rng.sample(refs, 4):
        ref = fn.text
        lines = ref.split("\n")
        rng.shuffle(lines)
        add("shuffle_lines", ref, "\n".join(lines))
        tokens = ref.split()
        rng.shuffle(tokens)
        add("shuffle_tokens", ref, " ".join(tokens))

    # 3. Very short candidates: exercise hyp_len > 1 guard and smoothing with hyp < n.
    for fn in rng.sample(refs, 5):
        tokens = fn.text.split()
        for n in (1, 2, 3, 4):
            add(f"short_prefix_{n}", fn.text, " ".join(tokens[:n]))
    for fn in rng.sample(refs, 3):
        tokens = fn.text.split()
        for n in (1, 2, 3, 4):
            add(f"short_scattered_{n}", fn.text, " ".join(rng.sample(tokens, n)))
    fn = rng.choice(refs)
    absent = "Sorry, not found here.".split()
    for n in (1, 2, 3, 4):
        add(f"short_absent_{n}", fn.text, " ".join(absent[:n]))
    add("short_last_token", fn.text, fn.text.split()[-1])
    add("short_same_token_twice", fn.text, " ".join([fn.text.split()[0]] * 2))

    # 4. Very short references (1-4 tokens of real code).
    for fn in rng.sample(refs, 2):
        tokens = fn.text.split()
        for n in (1, 2, 3, 4):
            short = " ".join(tokens[:n])
            add(f"short_reference_{n}_exact", short, short)
            add(f"short_reference_{n}_long_candidate", short, fn.text)

    # Short candidates against a short (6-token) reference keep the brevity
    # penalty moderate, so the smoothed precisions dominate the score.
    for fn in rng.sample(refs, 3):
        tokens = fn.text.split()
        short = " ".join(tokens[:6])
        for n in (1, 2, 3, 4):
            add(f"short_candidate_6_token_reference_{n}", short, " ".join(tokens[:n]))
        add("short_candidate_6_token_reference_swapped", short, f"{tokens[1]} {tokens[0]}")

    # 5. Empty and whitespace-only texts (re.split gives [''] -- one empty token).
    fn = rng.choice(refs)
    add("empty_candidate", fn.text, "")
    add("whitespace_candidate", fn.text, " \n\t  \n")
    add("python_whitespace_only_candidate", fn.text, "".join(PY_WS_CHARS))
    add("bom_only_candidate", fn.text, "\ufeff")
    add("empty_reference", "", fn.text)
    add("empty_reference_short_candidate", "", "x")
    add("empty_both", "", "")
    add("empty_reference_whitespace_candidate", "", "  \t\n")
    add("whitespace_reference_empty_candidate", "\r\n\x85\u3000", "")
    add("bom_reference_empty_candidate", "\ufeff", "")
    add("empty_reference_bom_candidate", "", "\ufeff")
    add("bom_both", "\ufeff", " \ufeff\n")

    # 6. CRLF line endings.
    for fn in rng.sample(refs, 4):
        ref = fn.text
        crlf = ref.replace("\n", "\r\n")
        add("crlf_reference", crlf, ref)
        add("crlf_candidate", ref, crlf)
        crlf_lines = crlf.split("\r\n")
        add("crlf_both_truncated", crlf, "\r\n".join(crlf_lines[: max(2, len(crlf_lines) // 2)]))
    fn = rng.choice(refs)
    mixed = "".join(
        line + rng.choice(["\n", "\r\n", "\r"]) for line in fn.text.split("\n")
    )
    add("mixed_line_endings", fn.text, mixed)
    add("cr_only_line_endings", fn.text.replace("\n", "\r"), fn.text)

    # 7. Whitespace characters on which Python and JavaScript disagree.
    for fn in rng.sample(refs, 5):
        ref = fn.text
        add("ws_python_between", ref, swap_whitespace(ref, rng, PY_WS_CHARS, 0.3))
        add("ws_python_only_between", ref, swap_whitespace(ref, rng, PY_ONLY_WS, 0.3))
        prefix = ws_run(rng, PY_WS_CHARS) + rng.choice(PY_ONLY_WS)
        suffix = rng.choice(PY_ONLY_WS) + ws_run(rng, PY_WS_CHARS)
        add("ws_python_strip", ref, prefix + ref + suffix)
        odd_ref = swap_whitespace(ref, rng, PY_ONLY_WS + ["\u2028", "\u3000"], 0.4)
        add("ws_python_in_reference", odd_ref, ref)
        add("ws_bom_start", ref, "\ufeff" + ref)
        add("ws_bom_between", ref, swap_whitespace(ref, rng, JS_ONLY_WS, 0.2))
        add("ws_bom_end", ref, ref + "\n\ufeff")
        add("ws_not_whitespace_between", ref, swap_whitespace(ref, rng, NOT_WS, 0.2))
    fn = rng.choice(refs)
    add("ws_bom_reference_start", "\ufeff" + fn.text, fn.text)
    add("ws_bom_both_start", "\ufeff" + fn.text, "\ufeff" + fn.text)
    add("ws_each_python_char_between", fn.text, swap_whitespace(fn.text, rng, PY_WS_CHARS, 1.0))
    every_ws = "".join(PY_WS_CHARS)
    add("ws_strip_all_python_chars", fn.text, every_ws + fn.text + every_ws[::-1])

    # 8. Duplicate-heavy candidates exercise n-gram clipping.
    for fn in rng.sample(refs, 4):
        ref = fn.text
        lines = [l for l in ref.split("\n") if l.strip()]
        add("dup_line_repeated", ref, "\n".join([rng.choice(lines)] * 30))
        add("dup_whole_twice", ref, ref + "\n" + ref)
        tokens = ref.split()
        most_common = max(tokens, key=tokens.count)
        add("dup_top_token_repeated", ref, " ".join([most_common] * 60))

    # 9. Token-identity traps for a JS port: object-prototype keys and n-gram key joins.
    js = [f for f in refs if f.lang in ("js", "ts")]
    for fn in js[:3]:
        trapped = rename_identifiers(
            fn.text, rng, ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf"]
        )
        add("proto_keys_candidate", fn.text, trapped)
        add("proto_keys_both", trapped, rename_identifiers(trapped, rng))
    for sep in (",", "|", "\x00", "\u0001", ":"):
        add(
            "ngram_join_collision",
            f"return a{sep}b c;",
            f"return a b{sep}c;",
        )
        add(
            "ngram_join_collision_trigram",
            f"x = f(a{sep}b c d) + 1",
            f"x = f(a b{sep}c d) + 1",
        )

    # 10. Non-ASCII tokens (NFC vs NFD, astral characters).
    for fn in rng.sample(refs, 2):
        nfc = rename_identifiers(fn.text, rng, ["café", "naïve_värde", "变量", "x😀"])
        add("unicode_identifiers_exact", nfc, nfc)
        add("unicode_identifiers_nfd_candidate", nfc, unicodedata.normalize("NFD", nfc))

    # 11. Answers wrapped in prose or Markdown fences (sanitisation failed).
    for fn in rng.sample(refs, 3):
        ref = fn.text
        add("fenced_candidate", ref, f"```{fn.lang}\n{ref}\n```")
        add(
            "prose_around_candidate",
            ref,
            f"Here is the function you asked for:\n\n{ref}\n\n"
            "It is defined near the top of the file.",
        )
    add(
        "refusal",
        rng.choice(refs).text,
        "I'm sorry, but I could not find a function matching that description in the repository.",
    )
    return refs, pairs


# --------------------------------------------------------------------------
# whitespace-python.json
# --------------------------------------------------------------------------


def build_whitespace_cases():
    texts = []
    for ch in PY_WS_CHARS:  # every whitespace char at the start, between tokens and at the end
        texts.append(f"{ch}a{ch}b{ch}")
    for ch in JS_ONLY_WS + NOT_WS + ["\x00", "\x1b", "\x7f", "\u2800", "\u3164"]:
        texts.append(f"{ch}a{ch}b{ch}")
    texts += [
        "",
        " ",
        "\r\n",
        "".join(PY_WS_CHARS),
        "\ufeff",
        " \ufeff ",
        "\ufeff\ufeff a \ufeff",
        "def f(x):\r\n\treturn x\r\n",
        "  if (a) {\n\t\treturn b;\x0b}\x0c",
        "a\x1c\x1d\x1e\x1fb\x85c",
        "\x85\x85trailing and leading NEL\x85",
        "x" + "".join(PY_WS_CHARS) + "y",
        "😀\u3000𝒳\u2028𝟘",
        "tab\tseparated\tvalues",
        "multiple   spaces\n\n\nand\t\t\tnewlines",
        "no-whitespace-at-all",
        "\u00a0nbsp\u00a0edges\u00a0",
        "\u1680ogham\u1680space",
        "zero\u200bwidth\u200bspace",
        "mongolian\u180evowel\u180eseparator",
        "\u205f\u202fnarrow\u202fand\u205fmath",
        "line\u2028separator\u2029paragraph",
    ]
    cases = []
    for text in texts:
        stripped = text.strip()
        cases.append({"text": text, "stripped": stripped, "tokens": re.split(r"\s+", stripped)})
    return cases


# --------------------------------------------------------------------------
# sanitize-regex.json
# --------------------------------------------------------------------------

LONG_ANSWER = """Sure! Below is the function `parse_header` that I found in `src/http/headers.py`.
It splits the header line on the first colon and normalises the name.

```python
def parse_header(line: str) -> tuple[str, str]:
    \"\"\"Parse a single HTTP header line.\"\"\"
    name, _, value = line.partition(":")
    if not name or name != name.strip():
        raise ValueError(f"malformed header: {line!r}")
    return name.lower(), value.strip()
```

Notes:

1. The function raises `ValueError` for malformed input.
2. It is called from `read_headers` in the same module.

Let me know if you need anything else!
"""

SANITIZE_CASES = [
    ("no_fence", "def f():\n    return 1\n"),
    ("no_fence_prose", "The function you want is `f`, defined in utils.py."),
    ("empty_output", ""),
    ("whitespace_output", " \n\t\n "),
    ("plain_fence", "```\ndef f():\n    return 1\n```"),
    ("python", "```python\ndef f():\n    return 1\n```"),
    ("cpp", "```cpp\nint f() {\n    return 1;\n}\n```"),
    ("c_plus_plus_tag", "```c++\nint f() {\n    return 1;\n}\n```"),
    ("c_plus_plus_two_blocks", "```c++\nint a();\n```\nand\n```c++\nint b();\n```"),
    ("typescript", "```typescript\nfunction f(): number {\n  return 1;\n}\n```"),
    ("js", "```js\nconst f = () => 1;\n```"),
    ("rust", "```rust\nfn f() -> i32 {\n    1\n}\n```"),
    ("go", "```go\nfunc f() int {\n\treturn 1\n}\n```"),
    ("java", "```java\npublic int f() {\n    return 1;\n}\n```"),
    ("tag_with_digits", "```python3\nprint(1)\n```"),
    ("tag_only_digits", "```3\nprint(1)\n```"),
    ("tag_unicode_letter", "```ñ\nprint(1)\n```"),
    ("tag_hangul", "```파이썬\nprint(1)\n```"),
    ("tag_combining_mark", "```e\u0301\nprint(1)\n```"),
    ("tag_arabic_indic_digit", "```py\u0663\nprint(1)\n```"),
    ("tag_underscore", "```_\nprint(1)\n```"),
    ("tag_with_dash", "```objective-c\nint x;\n```"),
    ("tag_with_attributes", '```py title="a.py"\nprint(1)\n```'),
    ("tag_trailing_spaces", "```python   \nprint(1)\n```"),
    ("tag_trailing_formfeed", "```python\x0c\nprint(1)\n```"),
    ("open_line_tabs", "```\t\t\nprint(1)\n```"),
    ("code_on_fence_line", "```def f(): pass\n    return 1\n```"),
    ("keyword_as_tag", "```return\nfoo\n```"),
    ("leading_blank_lines_in_block", "```python\n\n\n    x = 1\n```"),
    ("indented_opening_fence", "Answer:\n  ```python\nx = 1\n```"),
    ("indented_opening_fence_stripped", "   ```python\nx = 1\n```"),
    ("list_item_fence", "1. The code:\n   ```python\n   def f():\n       pass\n   ```\n2. Done."),
    ("text_before_opening_fence", "Here: ```python\nx = 1\n```\nDone."),
    ("indented_closing_fence", "```python\nx = 1\n  ```"),
    ("indented_closing_then_real_close", "```python\nx = 1\n  ```\ny = 2\n```"),
    ("closing_fence_with_text", "```python\nx = 1\n```foo\nbar"),
    ("unclosed_fence", "```python\ndef f():\n    pass"),
    ("two_blocks", "```python\na = 1\n```\nThen:\n```python\nb = 2\n```"),
    ("three_blocks", "```\na\n```\n```js\nb\n```\ntext\n```rust\nc\n```"),
    ("empty_block", "```\n```"),
    ("empty_block_with_tag", "```python\n```"),
    ("quadruple_backticks", "````python\nx = 1\n````"),
    ("nested_fences", "````markdown\n```python\nx = 1\n```\n````"),
    ("fence_inside_code", '```python\ndoc = """\n```\nexample\n```\n"""\n```'),
    ("tilde_fence", "~~~python\nx = 1\n~~~"),
    ("crlf", "Sure!\r\n```python\r\ndef f():\r\n    pass\r\n```\r\n"),
    ("cr_before_opening_fence", "Intro text\r```python\nx = 1\n```"),
    ("cr_before_closing_fence", "```python\nx = 1\r```"),
    ("cr_only_line_endings", "```python\rx = 1\r```"),
    ("u2028_before_opening_fence", "Here is the code:\u2028```python\nx = 1\n```"),
    ("u2029_before_closing_fence", "```python\nx = 1\u2029```\nmore\n```"),
    ("nel_after_tag", "```python\x85\nx = 1\n```"),
    ("nel_before_opening_fence", "Code:\x85```python\nx = 1\n```"),
    ("bom_before_fence", "\ufeff```python\nx = 1\n```"),
    ("python_only_ws_around_output", "\x1c\x85\n```python\nx = 1\n```\n\x1f"),
    ("python_only_ws_touching_fences", "\x1c\x85```python\nx = 1\n```\x1f"),
    ("surrounding_whitespace", "\n\n   ```python\nx = 1\n```   \n\n"),
    ("fence_at_start_and_end", "```python\nx = 1\n```\nok\n```\ny = 2\n```"),
    ("long_answer", LONG_ANSWER),
]


def build_sanitize_cases():
    return [
        {
            "name": name,
            "output": output,
            "stripped": output.strip(),
            "blocks": sanitize_regex_part(output),
        }
        for name, output in SANITIZE_CASES
    ]


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def write_json(filename, header, list_key, items):
    """Write ``header`` plus a list with one JSON item per line (diff-friendly).

    ASCII-only (``\\uXXXX`` escapes): raw U+2028/U+2029 break the JSON-as-module import in the
    Workers test runner, and escapes keep the exotic whitespace visible in diffs.
    """
    dump = lambda value: json.dumps(value, ensure_ascii=True)
    fields = [f"{dump(k)}: {dump(v)}" for k, v in header.items()]
    body = ",\n".join(dump(item) for item in items)
    text = "{" + ", ".join(fields + [f"{dump(list_key)}: [\n{body}\n]"]) + "}\n"
    (OUT_DIR / filename).write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


def check_by_hand(pairs):
    """Re-derive a few scores from the BLEU formula to make sure the vectors mean what we think."""

    def of_kind(kind):
        return [p for p in pairs if p["kind"] == kind]

    close = lambda a, b: math.isclose(a, b, rel_tol=1e-12)
    # Exact copies of real functions (always >= 4 tokens) score exactly 1.0.
    assert all(p["score"] == 1.0 for p in of_kind("exact"))
    # A 1-token hypothesis is never smoothed (method4 needs hyp_len > 1): p1 = 1 and
    # the zero p2..p4 are dropped from the geometric mean, leaving the brevity
    # penalty exp(1 - r/1).
    for p in of_kind("short_prefix_1"):
        assert close(p["score"], math.exp(1 - len(p["reference"].split())))
    # Exact copies of 1..4-token references: 2 and 3 tokens get method4-smoothed
    # p3/p4 = 1 / (2**k * 5 / ln(hyp_len)); 1 and 4 tokens score 1.0.
    expected = {
        1: 1.0,
        2: math.exp(0.25 * (math.log(math.log(2) / 10) + math.log(math.log(2) / 20))),
        3: math.exp(0.25 * math.log(math.log(3) / 10)),
        4: 1.0,
    }
    for n, value in expected.items():
        assert all(close(p["score"], value) for p in of_kind(f"short_reference_{n}_exact"))
    # Empty texts tokenise to [''], so "" vs "" is a perfect 1-token match.
    assert of_kind("empty_both")[0]["score"] == 1.0
    assert of_kind("empty_candidate")[0]["score"] == 0.0
    # U+FEFF is not whitespace for Python: a leading BOM makes the first token differ.
    assert all(p["score"] < 1.0 for p in of_kind("ws_bom_start"))
    assert all(p["score"] == 1.0 for p in of_kind("ws_python_only_between"))


def main():
    # sanity: Python's re \s is exactly str.isspace() / what str.strip() removes
    assert PY_WHITESPACE == [c for c in range(0x110000) if chr(c).isspace()]

    rng = random.Random(SEED)
    pools, sources = collect_functions()
    refs, pairs = build_bleu_pairs(rng, pools)
    check_by_hand(pairs)
    sizes = {}
    sizes["bleu-nltk.json"] = write_json(
        "bleu-nltk.json",
        {
            "generator": GENERATOR,
            "nltk": nltk.__version__,
            "python": platform.python_version(),
            "sources": sources,
        },
        "pairs",
        pairs,
    )
    ws_cases = build_whitespace_cases()
    sizes["whitespace-python.json"] = write_json(
        "whitespace-python.json", {"whitespace_code_points": PY_WHITESPACE}, "cases", ws_cases
    )
    sanitize_cases = build_sanitize_cases()
    sizes["sanitize-regex.json"] = write_json(
        "sanitize-regex.json", {"pattern": SANITIZE_PATTERN}, "cases", sanitize_cases
    )

    # ---- summary ----
    print(f"nltk {nltk.__version__}, python {platform.python_version()}")
    print("function pools:", {lang: len(pool) for lang, pool in pools.items()})
    print("references by language:", {lang: sum(f.lang == lang for f in refs) for lang in pools})
    by_kind = {}
    for pair in pairs:
        by_kind.setdefault(pair["kind"], []).append(pair["score"])
    for kind, scores in by_kind.items():
        print(
            f"  {kind:42s} n={len(scores):3d} min={min(scores):.4g} "
            f"max={max(scores):.4g} mean={sum(scores) / len(scores):.4g}"
        )
    scores = [p["score"] for p in pairs]
    mean = sum(scores) / len(scores)
    print(f"pairs={len(pairs)} min={min(scores)} max={max(scores)} mean={mean:.4f}")
    print(f"whitespace cases={len(ws_cases)} code points={len(PY_WHITESPACE)}")
    print(f"sanitize cases={len(sanitize_cases)}")
    for name, size in sizes.items():
        print(f"{name}: {size} bytes")


if __name__ == "__main__":
    main()
