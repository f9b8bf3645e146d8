/**
 * The UTF-8 cases: broken code on which the native core recovers differently when it reads UTF-8
 * (as the references' py-tree-sitter hands it code) than when it reads UTF-16 (as web-tree-sitter
 * does). Values: the references' (repoqa 0.1.2, codebleu 0.7.1), recomputed by the Python oracle reading
 * UTF-8, and the service's, recomputed by the same oracle reading UTF-16
 * (test/cli/reference-parity.test.ts); test/code/encoding-cases.test.ts checks the Worker
 * (docs/fidelity.md#input-encoding).
 */
export const ISSUE_CPP_REFERENCE =
  "move_only_function&\noperator=(_Fn&& __f)\nnoexcept(is_nothrow_constructible_v<move_only_function, _Fn>)\n{\n  move_only_function(std::forward<_Fn>(__f)).swap(*this);\n  return *this;\n}";
export const ISSUE_CPP_CANDIDATE =
  "move_only_function&\nnoexcept(is_nothrow_constructible_v<move_only_function, _Fn>)\noperator=(_Fn&& __f)\n{\n  return *this;\n  move_only_function(std::forward<_Fn>(__f)).swap(*this);\n}";
export const ISSUE_PY_ANSWER =
  '```python\ndef callable_or_raise(obj):\n    if not \n        raise TypeError(f"Object {obj!r} is not \n    return \n```';
export const ISSUE_PY_REFERENCE_TEXT =
  'def callable_or_raise(obj):\n    if not \n        raise TypeError(f"Object {obj!r} is not \n    return \n';
export const ISSUE_GO_ANSWER =
  '```go\nfunc tmuxFloatingPaneInfo() (int, int, bool) {\n\t\treturn 0, 0, false\n\t// unknown command name, so check the output instead.\n\t// The right approach for such bindings is \'run-shell -b\', which does\n\tif width < 3 || height < 3 {\n\tif _, err := fmt.Sscanf(string(out), "%d %d", &width, &height); err != nil {\n\tif err != nil || !strings.Contains(string(out), "new-pane") {\n\tout, err := exec.Command("tmux", "display-message", "-p", "-t", target,\n\t\treturn 0, 0, false\n\tif target == "" {\n\t// process is killed externally. A popup is unaffected; its input is\n\tvar width, height int\n\t// TMUX_PANE is not set when fzf is not started from within a pane\n\t//   https://github.com/tmux/tmux/issues/5384\n\t// tmux versions before 3.7 exit normally with empty output for an\n\t// (e.g. \'bind-key 0 run-shell "fzf --popup"\'). Do not use a floating\n\t}\n\t// not suspend key processing, as discussed in:\n\t\treturn 0, 0, false\n\treturn width, height, true\n\t// handled at the client overlay level, bypassing the suspended path.\n\t// A single invocation for both checks. Cannot rely on the exit status;\n\t\treturn 0, 0, false\n\t// pane there; a blocking run-shell suspends key processing for the\n\t// never receive a key and the client would appear frozen until the\n\t// The window is too small to fit a floating pane of the minimum size\n\t}\n\t}\n\t}\n\t// client until the command exits, so fzf in a floating pane would\n\ttarget := os.Getenv("TMUX_PANE")\n\t\t"#{window_width} #{window_height}", ";", "list-commands", "new-pane").Output()\n}\n```';
/** The needle: fzf's `tmuxFloatingPaneInfo` (src/tmux.go), the function the answer shuffles. */
export const ISSUE_GO_NEEDLE = [
  "func tmuxFloatingPaneInfo() (int, int, bool) {",
  "\t// TMUX_PANE is not set when fzf is not started from within a pane",
  "\t// (e.g. 'bind-key 0 run-shell \"fzf --popup\"'). Do not use a floating",
  "\t// pane there; a blocking run-shell suspends key processing for the",
  "\t// client until the command exits, so fzf in a floating pane would",
  "\t// never receive a key and the client would appear frozen until the",
  "\t// process is killed externally. A popup is unaffected; its input is",
  "\t// handled at the client overlay level, bypassing the suspended path.",
  "\t// The right approach for such bindings is 'run-shell -b', which does",
  "\t// not suspend key processing, as discussed in:",
  "\t//   https://github.com/tmux/tmux/issues/5384",
  '\ttarget := os.Getenv("TMUX_PANE")',
  '\tif target == "" {',
  "\t\treturn 0, 0, false",
  "\t}",
  "\t// A single invocation for both checks. Cannot rely on the exit status;",
  "\t// tmux versions before 3.7 exit normally with empty output for an",
  "\t// unknown command name, so check the output instead.",
  '\tout, err := exec.Command("tmux", "display-message", "-p", "-t", target,',
  '\t\t"#{window_width} #{window_height}", ";", "list-commands", "new-pane").Output()',
  '\tif err != nil || !strings.Contains(string(out), "new-pane") {',
  "\t\treturn 0, 0, false",
  "\t}",
  "\tvar width, height int",
  '\tif _, err := fmt.Sscanf(string(out), "%d %d", &width, &height); err != nil {',
  "\t\treturn 0, 0, false",
  "\t}",
  "\t// The window is too small to fit a floating pane of the minimum size",
  "\tif width < 3 || height < 3 {",
  "\t\treturn 0, 0, false",
  "\t}",
  "\treturn width, height, true",
  "}",
].join("\n");

/** CodeBLEU syntax match of the C++ pair: [matched, total] reading UTF-8 (codebleu 0.7.1) and UTF-16. */
export const ISSUE_CPP_SYNTAX_UTF8: [number, number] = [19, 29];
export const ISSUE_CPP_SYNTAX_UTF16: [number, number] = [17, 29];
/** Similarity of the Go answer to its needle (no comment removal), to 4 places. */
export const ISSUE_GO_SIMILARITY_UTF8 = "0.8296";
export const ISSUE_GO_SIMILARITY_UTF16 = "0.7577";
