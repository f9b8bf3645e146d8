"""The references' algorithms, re-derived in Python from their source, run on the native tree-sitter
core through its C API (ctypes), with the input encoded as the references encode it.

Not the port: nothing here reads src/. Each function re-derives one reference function:

- ``sanitize_output``: repoqa 0.1.2, ``repoqa/compute_score.py`` ``sanitize_output`` (strip, the fenced
  block regex with DOTALL | MULTILINE, the first capture of ``FUNCTION_QUERY[lang]`` per block, the
  node sliced out of ``bytes(block, "utf8")`` and decoded, the bare ``except: pass``, else the first block).
- ``remove_comments``: repoqa 0.1.2, ``repoqa/compute_score.py`` ``remove_comments`` (captures of every
  ``COMMENT_QUERY[lang]`` query, stable sort on ``start_byte`` descending, byte splices).
- ``FUNCTION_QUERY`` / ``COMMENT_QUERY``: repoqa 0.1.2, ``repoqa/utility.py``.
- ``function_similarity``: repoqa 0.1.2, ``repoqa/metric.py`` ``compute_function_similarity`` (NLTK's
  ``sentence_bleu`` with ``SmoothingFunction().method4`` on ``re.split(r"\\s+", s.strip())``).
- ``needle_similarity``: repoqa 0.1.2, ``repoqa/compute_score.py`` ``needle_evaluator`` for one needle
  (sanitize; in the comment-free modes remove comments from answer and needle; similarity).
- ``remove_comments_and_docstrings``: codebleu 0.7.1, ``codebleu/parser/utils.py`` (Python through
  ``tokenize.generate_tokens``, every other language through one regex).
- ``syntax_match``: codebleu 0.7.1, ``codebleu/syntax_match.py`` ``corpus_syntax_match`` for one pair
  (``.strip()`` as ``codebleu/codebleu.py`` does, comment removal under ``try``, ``get_all_sub_trees``:
  ``str(node)`` of the root and of every node with children, reference subtrees found among the
  candidate's).
- ``dataflow_match``: codebleu 0.7.1, ``codebleu/dataflow_match.py`` ``corpus_dataflow_match`` for one pair
  with the ``DFG_*`` functions of ``codebleu/parser/DFG.py``, in reference_dataflow.py beside this file
  (``names_order``: ``"first"``, the port's named deviation from Python's string-hash set order, or ``"set"``).

The parse is py-tree-sitter's: ``parser.parse(bytes(code, "utf8"))``, the C core reading UTF-8
(``ts_parser_parse_string_encoding`` with ``TSInputEncodingUTF8``). ``--encoding utf16`` parses
UTF-16LE instead, which is what web-tree-sitter (and the Node binding) hand the core: with it the
same algorithms run on the service's trees, so any difference left is the port's. The core counts
error-recovery costs in bytes (``ERROR_COST_PER_SKIPPED_CHAR * size.bytes``), so the two encodings
can recover differently from the same broken code.

The C API comes from the Node binding ``tree-sitter`` 0.25.1's shared object (it exports the core's
``ts_*`` functions) and each grammar package's native build (``tree_sitter_<lang>``). No PyPI.

Protocol: the first line of stdin is the configuration (JSON: ``runtime``, the binding's path;
``grammars``, ``{lang: [path, symbol]}``; ``encoding``; ``keep_comment_breaks``, the one named
deviation for newer grammars, see ``Core``; ``names_order``, see reference_dataflow.py); every further line a job
(``{"op": ..., "lang": ..., ...}``); one JSON line out per job.
"""

import ctypes
import json
import re
import sys
import tokenize
from io import StringIO

from reference_dataflow import dataflow_match

# ----------------------------------------------------------------- repoqa 0.1.2, repoqa/utility.py

FUNCTION_QUERY = {
    "python": "(function_definition name: (_)) @fdef",
    "java": "(method_declaration name: (_)) @fdef",
    "typescript": "(function_declaration name: (_)) @fdef",
    "rust": "(function_item name: (_)) @fdef",
    "cpp": "(function_definition declarator: (function_declarator declarator: (identifier))) @fdef",
    "go": "(function_declaration name: (_)) @fdef",
}

COMMENT_QUERY = {
    "python": ["(block (expression_statement (string) @docstring))", "(comment) @comment"],
    "java": ["(line_comment) @comment", "(block_comment) @comment"],
    "cpp": ["(comment) @comment"],
    "rust": ["(line_comment) @comment", "(block_comment) @comment"],
    "typescript": ["(comment) @comment"],
    "go": ["(comment) @comment"],
}

# ------------------------------------------------------------------- the C API, through ctypes


class TSNode(ctypes.Structure):
    _fields_ = [("context", ctypes.c_uint32 * 4), ("id", ctypes.c_void_p), ("tree", ctypes.c_void_p)]


class TSPoint(ctypes.Structure):
    _fields_ = [("row", ctypes.c_uint32), ("column", ctypes.c_uint32)]


class TSTreeCursor(ctypes.Structure):
    _fields_ = [("tree", ctypes.c_void_p), ("id", ctypes.c_void_p), ("context", ctypes.c_uint32 * 3)]


class TSQueryCapture(ctypes.Structure):
    _fields_ = [("node", TSNode), ("index", ctypes.c_uint32)]


class TSQueryMatch(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint32),
        ("pattern_index", ctypes.c_uint16),
        ("capture_count", ctypes.c_uint16),
        ("captures", ctypes.POINTER(TSQueryCapture)),
    ]


UTF8, UTF16LE = 0, 1
ENCODINGS = {"utf8": (UTF8, "utf-8"), "utf16": (UTF16LE, "utf-16-le")}


class Core:
    """The handful of C functions py-tree-sitter's Parser, Node and Query wrap here."""

    def __init__(self, runtime_path, grammars, encoding, keep_comment_breaks=False):
        rt = ctypes.CDLL(runtime_path, mode=ctypes.RTLD_LOCAL | 1)  # RTLD_LAZY: the N-API imports stay unresolved
        self.rt = rt
        self.libc = ctypes.CDLL(None)
        sig = {
            "ts_parser_new": (ctypes.c_void_p, []),
            "ts_parser_set_language": (ctypes.c_bool, [ctypes.c_void_p, ctypes.c_void_p]),
            "ts_parser_parse_string_encoding": (
                ctypes.c_void_p,
                [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32, ctypes.c_int],
            ),
            "ts_tree_delete": (None, [ctypes.c_void_p]),
            "ts_tree_root_node": (TSNode, [ctypes.c_void_p]),
            "ts_node_string": (ctypes.c_void_p, [TSNode]),
            "ts_node_child_count": (ctypes.c_uint32, [TSNode]),
            "ts_node_child": (TSNode, [TSNode, ctypes.c_uint32]),
            "ts_node_start_byte": (ctypes.c_uint32, [TSNode]),
            "ts_node_end_byte": (ctypes.c_uint32, [TSNode]),
            "ts_node_start_point": (TSPoint, [TSNode]),
            "ts_node_end_point": (TSPoint, [TSNode]),
            "ts_node_type": (ctypes.c_char_p, [TSNode]),
            "ts_node_has_error": (ctypes.c_bool, [TSNode]),
            "ts_node_is_null": (ctypes.c_bool, [TSNode]),
            "ts_node_child_by_field_name": (TSNode, [TSNode, ctypes.c_char_p, ctypes.c_uint32]),
            "ts_tree_cursor_new": (TSTreeCursor, [TSNode]),
            "ts_tree_cursor_delete": (None, [ctypes.POINTER(TSTreeCursor)]),
            "ts_tree_cursor_current_node": (TSNode, [ctypes.POINTER(TSTreeCursor)]),
            "ts_tree_cursor_current_field_name": (ctypes.c_char_p, [ctypes.POINTER(TSTreeCursor)]),
            "ts_tree_cursor_goto_first_child": (ctypes.c_bool, [ctypes.POINTER(TSTreeCursor)]),
            "ts_tree_cursor_goto_next_sibling": (ctypes.c_bool, [ctypes.POINTER(TSTreeCursor)]),
            "ts_tree_cursor_goto_parent": (ctypes.c_bool, [ctypes.POINTER(TSTreeCursor)]),
            "ts_query_new": (
                ctypes.c_void_p,
                [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32, ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_int)],
            ),
            "ts_query_cursor_new": (ctypes.c_void_p, []),
            "ts_query_cursor_delete": (None, [ctypes.c_void_p]),
            "ts_query_cursor_exec": (None, [ctypes.c_void_p, ctypes.c_void_p, TSNode]),
            "ts_query_cursor_next_capture": (
                ctypes.c_bool,
                [ctypes.c_void_p, ctypes.POINTER(TSQueryMatch), ctypes.POINTER(ctypes.c_uint32)],
            ),
        }
        for name, (res, args) in sig.items():
            fn = getattr(rt, name)
            fn.restype = res
            fn.argtypes = args
        self.libc.free.argtypes = [ctypes.c_void_p]
        self.encoding, self.codec = ENCODINGS[encoding]
        self.newline = "\n".encode(self.codec)
        self.newline_width = len(self.newline)
        # needlework's named grammar deviation (docs/fidelity.md, "Grammars"): tree-sitter-rust 0.24's
        # line comments own their line break, the references' grammar's did not; the break stays.
        self.keep_comment_breaks = keep_comment_breaks
        self.parsers = {}
        self.languages = {}
        self.queries = {}
        for lang, (path, symbol) in grammars.items():
            fn = getattr(ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL | 1), symbol)
            fn.restype = ctypes.c_void_p
            self.languages[lang] = fn()
            parser = rt.ts_parser_new()
            assert rt.ts_parser_set_language(parser, self.languages[lang]), lang
            self.parsers[lang] = parser

    def encode(self, text):
        """``bytes(text, "utf8")`` (raises on lone surrogates, as the references' encode does)."""
        return text.encode(self.codec)

    def decode(self, data):
        return data.decode(self.codec)

    def parse(self, lang, data):
        return Tree(self, self.rt.ts_parser_parse_string_encoding(self.parsers[lang], None, data, len(data), self.encoding))

    def query(self, lang, source):
        key = (lang, source)
        if key not in self.queries:
            raw = source.encode()
            offset, kind = ctypes.c_uint32(), ctypes.c_int()
            q = self.rt.ts_query_new(self.languages[lang], raw, len(raw), ctypes.byref(offset), ctypes.byref(kind))
            if not q:
                raise ValueError(f"bad query for {lang} at {offset.value}: {source}")
            self.queries[key] = q
        return self.queries[key]

    def captures(self, query, node):
        """py-tree-sitter 0.21's ``Query.captures``: (start_byte, end_byte) per capture, in the core's order."""
        return [(self.rt.ts_node_start_byte(n), self.rt.ts_node_end_byte(n)) for n in self.captured_nodes(query, node)]

    def captured_nodes(self, query, node):
        """The captured nodes, in the core's order."""
        cursor = self.rt.ts_query_cursor_new()
        try:
            self.rt.ts_query_cursor_exec(cursor, query, node)
            match, index, out = TSQueryMatch(), ctypes.c_uint32(), []
            while self.rt.ts_query_cursor_next_capture(cursor, ctypes.byref(match), ctypes.byref(index)):
                out.append(TSNode.from_buffer_copy(match.captures[index.value].node))
            return out
        finally:
            self.rt.ts_query_cursor_delete(cursor)

    def node_type(self, node):
        return self.rt.ts_node_type(node).decode("utf-8")

    def field(self, node, name):
        """``child_by_field_name``, or None."""
        raw = name.encode()
        child = self.rt.ts_node_child_by_field_name(node, raw, len(raw))
        return None if self.rt.ts_node_is_null(child) else child

    def sexp(self, node):
        """``str(node)``: ``ts_node_string``."""
        ptr = self.rt.ts_node_string(node)
        try:
            return ctypes.string_at(ptr).decode("utf-8")
        finally:
            self.libc.free(ptr)

    def children(self, node):
        """``node.children``: every child, named or not."""
        return [self.rt.ts_node_child(node, i) for i in range(self.rt.ts_node_child_count(node))]


class Tree:
    def __init__(self, core, ptr):
        self.core, self.ptr = core, ptr

    def __enter__(self):
        return self.core.rt.ts_tree_root_node(self.ptr)

    def __exit__(self, *exc):
        self.core.rt.ts_tree_delete(self.ptr)


# ------------------------------------------------------------- repoqa 0.1.2, repoqa/compute_score.py

FENCED_BLOCK = r"^```(?:\w+)?\s*\n(.*?)(?=^```)```"


def sanitize_output(core, model_output, lang):
    model_output = model_output.strip()
    code_blocks = re.findall(FENCED_BLOCK, model_output, re.DOTALL | re.MULTILINE)
    fn_query = core.query(lang, FUNCTION_QUERY[lang])
    if not code_blocks:
        return model_output
    processed_blocks = []
    for block in code_blocks:
        processed_blocks.append(block)
        try:
            block_bytes = core.encode(block)
            with core.parse(lang, block_bytes) as root:
                for start, end in core.captures(fn_query, root):
                    return core.decode(block_bytes[start:end])
        except Exception:  # the reference's bare `except: pass`
            pass
    return processed_blocks[0]


def remove_comments(core, source_code, lang):
    source_bytes = core.encode(source_code)
    capture_list = []
    with core.parse(lang, source_bytes) as root:
        for query_str in COMMENT_QUERY[lang]:
            capture_list += core.captures(core.query(lang, query_str), root)
    if core.keep_comment_breaks:
        capture_list = [(start, end - core.newline_width if source_bytes[start:end].endswith(core.newline) else end) for start, end in capture_list]
    capture_list.sort(key=lambda cap: cap[0], reverse=True)
    for start, end in capture_list:
        source_bytes = source_bytes[:start] + source_bytes[end:]
    return core.decode(source_bytes)


# ------------------------------------------------------------------- repoqa 0.1.2, repoqa/metric.py


def function_similarity(candidate_function, reference_function):
    from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

    candidate_tokens = re.split(r"\s+", candidate_function.strip())
    reference_tokens = re.split(r"\s+", reference_function.strip())
    return sentence_bleu([reference_tokens], candidate_tokens, smoothing_function=SmoothingFunction().method4)


def needle_similarity(core, answer, needle, lang, ignore_comments):
    """``needle_evaluator`` for one needle: the answer's similarity to it, with what was compared.
    With ``ignore_comments`` both sides go through ``remove_comments`` first (the comment-free modes)."""
    sanitized = sanitize_output(core, answer, lang)
    cleaned = remove_comments(core, sanitized, lang) if ignore_comments else sanitized
    reference = remove_comments(core, needle, lang) if ignore_comments else needle
    return {"sanitized": sanitized, "cleaned": cleaned, "similarity": function_similarity(cleaned, reference)}


# ----------------------------------------------------------- codebleu 0.7.1, codebleu/parser/utils.py

C_LIKE_COMMENTS = re.compile(r'//.*?$|/\*.*?\*/|\'(?:\\.|[^\\\'])*\'|"(?:\\.|[^\\"])*"', re.DOTALL | re.MULTILINE)


def _keep_nonblank(text):
    return "\n".join(line for line in text.split("\n") if line.strip() != "")


def remove_comments_and_docstrings(source, lang):
    if lang == "python":
        out = ""
        prev_type = tokenize.INDENT
        last_line, last_col = -1, 0
        for tok in tokenize.generate_tokens(StringIO(source).readline):
            kind, text = tok[0], tok[1]
            (start_line, start_col), (end_line, end_col) = tok[2], tok[3]
            if start_line > last_line:
                last_col = 0
            if start_col > last_col:
                out += " " * (start_col - last_col)
            if kind == tokenize.COMMENT:
                pass
            elif kind == tokenize.STRING:
                # dropped as a docstring after an INDENT or a NEWLINE, or in column 0
                if prev_type != tokenize.INDENT and prev_type != tokenize.NEWLINE and start_col > 0:
                    out += text
            else:
                out += text
            prev_type = kind
            last_col, last_line = end_col, end_line
        return _keep_nonblank(out)
    if lang == "ruby":
        return source
    return _keep_nonblank(C_LIKE_COMMENTS.sub(lambda m: " " if m.group(0).startswith("/") else m.group(0), source))


# --------------------------------------------------------- codebleu 0.7.1, codebleu/syntax_match.py


def get_all_sub_trees(core, root):
    stack, out = [root], []
    while stack:
        node = stack.pop()
        out.append(core.sexp(node))
        for child in core.children(node):
            if core.rt.ts_node_child_count(child) != 0:
                stack.append(child)
    return out


def subtrees_of(core, code, lang):
    with core.parse(lang, core.encode(code)) as root:
        return get_all_sub_trees(core, root)


def codebleu_pair(reference, candidate, lang):
    """What ``corpus_syntax_match`` and ``corpus_dataflow_match`` parse of one pair: ``.strip()`` as
    ``calc_codebleu`` does, then comment removal under ``try``, candidate first."""
    reference, candidate = reference.strip(), candidate.strip()
    try:
        candidate = remove_comments_and_docstrings(candidate, lang)
    except Exception:
        pass
    try:
        reference = remove_comments_and_docstrings(reference, lang)
    except Exception:
        pass
    return reference, candidate


def syntax_match(core, reference, candidate, lang):
    """One pair as ``calc_codebleu`` hands it to ``corpus_syntax_match``: (matched, total)."""
    reference, candidate = codebleu_pair(reference, candidate, lang)
    cand_sexps = subtrees_of(core, candidate, lang)
    ref_sexps = subtrees_of(core, reference, lang)
    return [sum(1 for s in ref_sexps if s in cand_sexps), len(ref_sexps)]


# ---------------------------------------- the trees, as test/cli/parser-parity.test.ts compares them
#
# Not a reference algorithm: what the service reads off a tree, read off the native core's tree so that
# the service's runtime (wasm) can be compared with the native core on the same input encoding.


def function_name(core, node):
    """As src/lib/code/functions.ts ``functionName``: the ``name`` field, else the nested declarators' identifier."""
    data = core.current_bytes
    text = lambda n: core.decode(data[core.rt.ts_node_start_byte(n) : core.rt.ts_node_end_byte(n)])
    named = core.field(node, "name")
    if named is not None:
        return text(named)
    declarator = core.field(node, "declarator")
    while declarator is not None:
        kind = core.node_type(declarator)
        if kind == "identifier" or kind.endswith("identifier"):
            return text(declarator)
        declarator = core.field(declarator, "declarator")
    return ""


def span(core, node):
    start, end = core.rt.ts_node_start_point(node), core.rt.ts_node_end_point(node)
    return [core.rt.ts_node_start_byte(node), core.rt.ts_node_end_byte(node), start.row, start.column, end.row, end.column]


def plain_tree(core, root):
    """Every node, named or not, by cursor: [type, field, start_row, start_column, end_row, end_column, children]."""
    cursor = core.rt.ts_tree_cursor_new(root)
    ref = ctypes.byref(cursor)

    def build(field):
        node = core.rt.ts_tree_cursor_current_node(ref)
        start, end = core.rt.ts_node_start_point(node), core.rt.ts_node_end_point(node)
        out = [core.node_type(node), field, start.row, start.column, end.row, end.column, []]
        if core.rt.ts_tree_cursor_goto_first_child(ref):
            while True:
                name = core.rt.ts_tree_cursor_current_field_name(ref)
                out[6].append(build(name.decode() if name else None))
                if not core.rt.ts_tree_cursor_goto_next_sibling(ref):
                    break
            core.rt.ts_tree_cursor_goto_parent(ref)
        return out

    try:
        return build(None)
    finally:
        core.rt.ts_tree_cursor_delete(ref)


def tree_facts(core, code, lang):
    """The whole tree's S-expression, the function query's captures and the comment queries' captures."""
    data = core.encode(code)
    core.current_bytes = data
    with core.parse(lang, data) as root:
        functions = [span(core, n) + [function_name(core, n)] for n in core.captured_nodes(core.query(lang, FUNCTION_QUERY[lang]), root)]
        comments = [span(core, n) + [core.node_type(n)] for q in COMMENT_QUERY[lang] for n in core.captured_nodes(core.query(lang, q), root)]
        return {"sexp": core.sexp(root), "has_error": core.rt.ts_node_has_error(root), "functions": functions, "comments": comments}


def codebleu_tree(core, code, lang):
    """What CodeBLEU takes from a parse: ``get_all_sub_trees`` and the tree its data-flow functions walk."""
    with core.parse(lang, core.encode(code)) as root:
        return {"subtrees": get_all_sub_trees(core, root), "plain": plain_tree(core, root)}


# ------------------------------------------------------------------------------------- the jobs


def run(core, job):
    op, lang = job["op"], job["lang"]
    if op == "sanitize":
        return {"text": sanitize_output(core, job["output"], lang)}
    if op == "remove_comments":
        return {"text": remove_comments(core, job["code"], lang)}
    if op == "needle":
        return needle_similarity(core, job["answer"], job["needle"], lang, job["ignore_comments"])
    if op == "syntax":
        return {"match": syntax_match(core, job["reference"], job["candidate"], lang)}
    if op == "dataflow":
        return {"match": dataflow_match(core, *codebleu_pair(job["reference"], job["candidate"], lang), lang, core.names_order)}
    if op == "sexp":
        with core.parse(lang, core.encode(job["code"])) as root:
            return {"sexp": core.sexp(root)}
    if op == "facts":
        return tree_facts(core, job["code"], lang)
    if op == "codebleu_tree":
        return codebleu_tree(core, job["code"], lang)
    raise ValueError(f"unknown op {op}")


def main():
    config = json.loads(sys.stdin.readline())
    core = Core(config["runtime"], config["grammars"], config.get("encoding", "utf8"), config.get("keep_comment_breaks", False))
    core.names_order = config.get("names_order", "first")
    for line in sys.stdin:
        job = json.loads(line)
        try:
            result = run(core, job)
        except Exception as err:  # reported, never hidden: the caller counts it as a difference
            result = {"error": f"{type(err).__name__}: {err}"}
        sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
