"""codebleu 0.7.1's data-flow match, re-derived in Python from its source, on the native core (ctypes).

Not the port: nothing here reads src/. Imported by reference_oracle.py, which owns the ``Core``.

- ``dataflow_match``: ``codebleu/dataflow_match.py`` ``corpus_dataflow_match`` for one pair (after the
  ``.strip()`` and comment removal reference_oracle.py's ``codebleu_pair`` does: ``get_data_flow`` of both,
  ``normalize_dataflow``, each reference flow matched against the candidate's at most once): (matched, total).
- ``get_data_flow``: the parse of ``bytes(code, "utf8")``, ``tree_to_token_index``, ``index_to_code_token``
  (rows and byte columns slicing the Python string's lines, as the reference does), the per-language
  ``DFG_*`` function under ``try``, the flows that take part in some edge, merged per token.
- ``dfg_python``, ``dfg_c_like``: ``codebleu/parser/DFG.py`` ``DFG_python`` and ``DFG_java`` / ``DFG_csharp``
  (C++, as the reference maps it) / ``DFG_go`` / ``DFG_rust``; the four C-like functions differ only in
  the node types and the few twists each ``CLIKE`` entry names.

``Node`` gives the DFG functions py-tree-sitter's view of a ``TSNode``: ``type``, ``children`` (named or not),
``start_point`` / ``end_point`` (row, byte column), ``child_by_field_name`` (the core's
``ts_node_child_by_field_name``, not a cursor walk).

Python's ``list(set(names))`` orders names by the per-process string hash, so the reference is not
deterministic wherever it merges parent names; the port keeps first-occurrence order (its named
deviation). ``names_order="first"`` does the same here; ``"set"`` keeps the literal ``list(set(...))``.
"""

class Node:
    __slots__ = ("core", "raw", "type", "start_point", "end_point", "_children")

    def __init__(self, core, raw):
        rt = core.rt
        self.core, self.raw = core, raw
        self.type = core.node_type(raw)
        s, e = rt.ts_node_start_point(raw), rt.ts_node_end_point(raw)
        self.start_point, self.end_point = (s.row, s.column), (e.row, e.column)
        self._children = None

    @property
    def children(self):
        if self._children is None:
            self._children = [Node(self.core, c) for c in self.core.children(self.raw)]
        return self._children

    def child_by_field_name(self, name):
        raw = self.core.field(self.raw, name)
        return None if raw is None else Node(self.core, raw)


# ------------------------------------------------------------------ codebleu/parser/utils.py


def _is_token(node):
    return (len(node.children) == 0 or node.type in ["string_literal", "string", "character_literal"]) and node.type != "comment"


def tree_to_token_index(node):
    if _is_token(node):
        return [(node.start_point, node.end_point)]
    out = []
    for child in node.children:
        out += tree_to_token_index(child)
    return out


def tree_to_variable_index(node, index_to_code):
    if _is_token(node):
        index = (node.start_point, node.end_point)
        _, code = index_to_code[index]
        return [index] if node.type != code else []
    out = []
    for child in node.children:
        out += tree_to_variable_index(child, index_to_code)
    return out


def index_to_code_token(index, code):
    (r0, c0), (r1, c1) = index
    if r0 == r1:
        return code[r0][c0:c1]
    s = code[r0][c0:]
    for i in range(r0 + 1, r1):
        s += code[i]
    return s + code[r1][:c1]


# ------------------------------------------------------------------ codebleu/parser/DFG.py, shared parts


class Flow:
    """The pieces every DFG_* function repeats, with the name-set order as configured."""

    def __init__(self, names_order):
        self.names_order = names_order

    def names(self, xs):
        return list(dict.fromkeys(xs)) if self.names_order == "first" else list(set(xs))

    def leaf(self, node, index_to_code, states):
        idx, code = index_to_code[(node.start_point, node.end_point)]
        if node.type == code:
            return [], states
        if code in states:
            return [(code, idx, "comesFrom", [code], states[code].copy())], states
        if node.type == "identifier":
            states[code] = [idx]
        return [(code, idx, "comesFrom", [], [])], states

    def definition(self, fn, name, value, index_to_code, states):
        dfg = []
        if value is None:
            for index in tree_to_variable_index(name, index_to_code):
                idx, code = index_to_code[index]
                dfg.append((code, idx, "comesFrom", [], []))
                states[code] = [idx]
            return sorted(dfg, key=lambda x: x[1]), states
        # The reference reads both token lists before the call; they depend on neither states nor its result.
        temp, states = fn(value, index_to_code, states)
        dfg += temp
        self.pairwise(name, value, index_to_code, states, dfg, "comesFrom")
        return sorted(dfg, key=lambda x: x[1]), states

    def pairwise(self, left, right, index_to_code, states, dfg, relation="computedFrom"):
        """Each left token from each right token, one edge per pair (definitions, the C-like assignments)."""
        name_indexs = tree_to_variable_index(left, index_to_code)
        value_indexs = tree_to_variable_index(right, index_to_code)
        for i1 in name_indexs:
            idx1, code1 = index_to_code[i1]
            for i2 in value_indexs:
                idx2, code2 = index_to_code[i2]
                dfg.append((code1, idx1, relation, [code2], [idx2]))
            states[code1] = [idx1]

    def grouped(self, left, right, index_to_code, states, dfg):
        """Each left token computedFrom all right tokens in one edge (Python's assignments)."""
        right_tokens = tree_to_variable_index(right, index_to_code)
        for i1 in tree_to_variable_index(left, index_to_code):
            idx1, code1 = index_to_code[i1]
            dfg.append((code1, idx1, "computedFrom", [index_to_code[x][1] for x in right_tokens], [index_to_code[x][0] for x in right_tokens]))
            states[code1] = [idx1]

    def merge_loop(self, dfg):
        dic = {}
        for x in dfg:
            key = (x[0], x[1], x[2])
            if key not in dic:
                dic[key] = [x[3], x[4]]
            else:
                dic[key][0] = self.names(dic[key][0] + x[3])
                dic[key][1] = sorted(list(set(dic[key][1] + x[4])))
        dfg = [(x[0], x[1], x[2], y[0], y[1]) for x, y in sorted(dic.items(), key=lambda t: t[0][1])]
        return sorted(dfg, key=lambda x: x[1])

    def while_loop(self, fn, root, index_to_code, states):
        """A while loop: every child analysed twice, the edges merged."""
        dfg = []
        for _ in range(2):
            for child in root.children:
                temp, states = fn(child, index_to_code, states)
                dfg += temp
        return self.merge_loop(dfg), states

    @staticmethod
    def merge_states(others, extra=None):
        new_states = {}
        for dic in others:
            for key in dic:
                if key not in new_states:
                    new_states[key] = dic[key].copy()
                else:
                    new_states[key] += dic[key]
        if extra is not None:  # DFG_go: the states before the if, once more
            for key in extra:
                if key not in new_states:
                    new_states[key] = extra[key]
                else:
                    new_states[key] += extra[key]
        for key in new_states:
            new_states[key] = sorted(list(set(new_states[key])))
        return new_states

    def walk_children(self, fn, node, index_to_code, states, do_first=()):
        dfg = []
        for child in node.children:
            if child.type in do_first:
                temp, states = fn(child, index_to_code, states)
                dfg += temp
        for child in node.children:
            if child.type not in do_first:
                temp, states = fn(child, index_to_code, states)
                dfg += temp
        return sorted(dfg, key=lambda x: x[1]), states


# ------------------------------------------------------------------------------------ DFG_python


def dfg_python(flow):
    def fn(root, index_to_code, states):
        states = states.copy()
        if _is_token(root):
            return flow.leaf(root, index_to_code, states)
        if root.type == "default_parameter":
            return flow.definition(fn, root.child_by_field_name("name"), root.child_by_field_name("value"), index_to_code, states)
        if root.type in ["assignment", "augmented_assignment", "for_in_clause"]:
            if root.type == "for_in_clause":
                right_nodes = [root.children[-1]]
                left_nodes = [root.child_by_field_name("left")]
            else:
                if root.child_by_field_name("right") is None:
                    return [], states
                left_nodes, right_nodes = sides(root)
            dfg = []
            for node in right_nodes:
                temp, states = fn(node, index_to_code, states)
                dfg += temp
            for left, right in zip(left_nodes, right_nodes):
                flow.grouped(left, right, index_to_code, states, dfg)
            return sorted(dfg, key=lambda x: x[1]), states
        if root.type == "if_statement":
            dfg, current, others, tag = [], states.copy(), [], False
            for child in root.children:
                if "else" in child.type:
                    tag = True
                if child.type not in ["elif_clause", "else_clause"]:
                    temp, current = fn(child, index_to_code, current)
                    dfg += temp
                else:
                    temp, branch = fn(child, index_to_code, states)
                    dfg += temp
                    others.append(branch)
            others.append(current)
            if not tag:
                others.append(states)
            return sorted(dfg, key=lambda x: x[1]), flow.merge_states(others)
        if root.type == "for_statement":
            dfg = []
            for _ in range(2):
                left_nodes, right_nodes = sides(root)
                for node in right_nodes:
                    temp, states = fn(node, index_to_code, states)
                    dfg += temp
                for left, right in zip(left_nodes, right_nodes):
                    flow.grouped(left, right, index_to_code, states, dfg)
                if root.children[-1].type == "block":
                    temp, states = fn(root.children[-1], index_to_code, states)
                    dfg += temp
            return flow.merge_loop(dfg), states
        if root.type == "while_statement":
            return flow.while_loop(fn, root, index_to_code, states)
        return flow.walk_children(fn, root, index_to_code, states, ["for_in_clause"])

    def sides(root):
        left = root.child_by_field_name("left")
        right = root.child_by_field_name("right")
        left_nodes = [x for x in left.children if x.type != ","]
        right_nodes = [x for x in right.children if x.type != ","]
        if len(right_nodes) != len(left_nodes):
            left_nodes, right_nodes = [left], [right]
        if len(left_nodes) == 0:
            left_nodes = [left]
        if len(right_nodes) == 0:
            right_nodes = [right]
        return left_nodes, right_nodes

    return fn


# ------------------------------------------------------------ DFG_java, DFG_csharp, DFG_go, DFG_rust


def _by_fields(node):
    return node.child_by_field_name("name"), node.child_by_field_name("value")


def _csharp_parts(node):
    return (node.children[0], node.children[1]) if len(node.children) == 2 else (node.children[0], None)


def _rust_parts(node):
    return (node.children[1], node.children[2]) if len(node.children) >= 3 else (node.children[1], None)


CLIKE = {
    "java": dict(assignment=["assignment_expression"], definition=["variable_declarator"], parts=_by_fields,
                 increment=["update_expression"], ifs=["if_statement", "else"], if_outer=False,
                 fors=["for_statement"], for_pass="local_variable_declaration",
                 enhanced=["enhanced_for_statement"], enhanced_fields=("name", "value"), whiles=["while_statement"]),
    "csharp": dict(assignment=["assignment_expression"], definition=["variable_declarator"], parts=_csharp_parts,
                   increment=["postfix_unary_expression"], ifs=["if_statement", "else"], if_outer=False,
                   fors=["for_statement"], for_pass="local_variable_declaration",
                   enhanced=["for_each_statement"], enhanced_fields=("left", "right"), whiles=["while_statement"]),
    "go": dict(assignment=["assignment_statement"], definition=["var_spec"], parts=_by_fields,
               increment=["inc_statement"], ifs=["if_statement", "else"], if_outer=True,
               fors=["for_statement"], for_pass="go", enhanced=[], enhanced_fields=None, whiles=[]),
    "rust": dict(assignment=["assignment_expression", "compound_assignment_expr", "let_expression"], definition=["function_item"],
                 parts=_rust_parts, increment=[], ifs=["if_expression", "if_let_expression", "match_expression", "else"], if_outer=False,
                 fors=["for_expression"], for_pass="local_variable_declaration",
                 enhanced=["for_each_statement"], enhanced_fields=("left", "right"),
                 whiles=["while_expression", "while_let_expression", "loop_expression"]),
}


def dfg_c_like(flow, spec):
    def fn(root, index_to_code, states):
        states = states.copy()
        if _is_token(root):
            return flow.leaf(root, index_to_code, states)
        if root.type in spec["definition"]:
            name, value = spec["parts"](root)
            return flow.definition(fn, name, value, index_to_code, states)
        if root.type in spec["assignment"]:
            left, right = root.child_by_field_name("left"), root.child_by_field_name("right")
            dfg = []
            temp, states = fn(right, index_to_code, states)
            dfg += temp
            flow.pairwise(left, right, index_to_code, states, dfg)
            return sorted(dfg, key=lambda x: x[1]), states
        if root.type in spec["increment"]:
            dfg = []
            flow.pairwise(root, root, index_to_code, states, dfg)
            return sorted(dfg, key=lambda x: x[1]), states
        if root.type in spec["ifs"]:
            dfg, current, others, flag, tag = [], states.copy(), [], False, "else" in root.type
            for child in root.children:
                if "else" in child.type:
                    tag = True
                if child.type not in spec["ifs"] and flag is False:
                    temp, current = fn(child, index_to_code, current)
                    dfg += temp
                else:
                    flag = True
                    temp, branch = fn(child, index_to_code, states)
                    dfg += temp
                    others.append(branch)
            others.append(current)
            if tag is False:
                others.append(states)
            return sorted(dfg, key=lambda x: x[1]), flow.merge_states(others, states if spec["if_outer"] else None)
        if root.type in spec["fors"]:
            dfg = []
            for child in root.children:
                temp, states = fn(child, index_to_code, states)
                dfg += temp
            flag = False
            for child in root.children:
                if flag:
                    temp, states = fn(child, index_to_code, states)
                    dfg += temp
                elif spec["for_pass"] == "go" and child.type == "for_clause":
                    update = child.child_by_field_name("update")
                    if update is not None:
                        temp, states = fn(update, index_to_code, states)
                        dfg += temp
                    flag = True
                elif child.type == spec["for_pass"]:
                    flag = True
            return flow.merge_loop(dfg), states
        if root.type in spec["enhanced"]:
            name = root.child_by_field_name(spec["enhanced_fields"][0])
            value = root.child_by_field_name(spec["enhanced_fields"][1])
            body = root.child_by_field_name("body")
            dfg = []
            for _ in range(2):
                temp, states = fn(value, index_to_code, states)
                dfg += temp
                flow.pairwise(name, value, index_to_code, states, dfg)
                temp, states = fn(body, index_to_code, states)
                dfg += temp
            return flow.merge_loop(dfg), states
        if root.type in spec["whiles"]:
            return flow.while_loop(fn, root, index_to_code, states)
        return flow.walk_children(fn, root, index_to_code, states)

    return fn


# ------------------------------------------------------------------ codebleu/dataflow_match.py

# The reference's dfg_function table, for the languages needlework scores (C++ through DFG_csharp).
DFG_OF = {"python": None, "java": "java", "cpp": "csharp", "go": "go", "rust": "rust"}


def dfg_function(lang, flow):
    return dfg_python(flow) if DFG_OF[lang] is None else dfg_c_like(flow, CLIKE[DFG_OF[lang]])


def get_data_flow(core, code, lang, flow):
    try:
        data = core.encode(code)
        with core.parse(lang, data) as raw_root:
            root = Node(core, raw_root)
            tokens_index = tree_to_token_index(root)
            lines = code.split("\n")
            code_tokens = [index_to_code_token(x, lines) for x in tokens_index]
            index_to_code = {}
            for idx, (index, text) in enumerate(zip(tokens_index, code_tokens)):
                index_to_code[index] = (idx, text)
            try:
                dfg, _ = dfg_function(lang, flow)(root, index_to_code, {})
            except Exception:
                dfg = []
        dfg = sorted(dfg, key=lambda x: x[1])
        indexs = set()
        for d in dfg:
            if len(d[-1]) != 0:
                indexs.add(d[1])
            for x in d[-1]:
                indexs.add(x)
        dfg = [d for d in dfg if d[1] in indexs]
    except Exception:
        dfg = []
    dic = {}
    for d in dfg:
        if d[1] not in dic:
            dic[d[1]] = d
        else:
            dic[d[1]] = (d[0], d[1], d[2], flow.names(dic[d[1]][3] + d[3]), list(set(dic[d[1]][4] + d[4])))
    return list(dic.values())


def normalize_dataflow(dataflow):
    var_dict, out = {}, []
    for name, _, relationship, parents, _ in dataflow:
        for p in parents:
            if p not in var_dict:
                var_dict[p] = "var_" + str(len(var_dict))
        if name not in var_dict:
            var_dict[name] = "var_" + str(len(var_dict))
        out.append((var_dict[name], relationship, [var_dict[x] for x in parents]))
    return out


def dataflow_match(core, reference, candidate, lang, names_order="first"):
    """One pair as ``corpus_dataflow_match`` compares it, given the stripped, comment-free strings
    (reference_oracle.py ``codebleu_pair``): (matched, total)."""
    flow = Flow(names_order)
    cand = normalize_dataflow(get_data_flow(core, candidate, lang, flow))
    ref = normalize_dataflow(get_data_flow(core, reference, lang, flow))
    matched = 0
    for item in ref:
        if item in cand:
            matched += 1
            cand.remove(item)
    return [matched, len(ref)]
