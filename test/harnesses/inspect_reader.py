"""inspect_ai's log reader rules, ported to Python's standard library (PyPI, so inspect_ai, ijson and
pydantic, cannot be installed here). Read from inspect_ai's source (UKGovernmentBEIS/inspect_ai):

- src/inspect_ai/log/_file.py: `list_eval_logs` keeps a `.json` file only when `is_log_file` takes
  its name (`log_file_pattern`: it starts with the creation time, `2026-12-07T14-52-51...`), then
  `log_file_info` parses task, task id and suffix out of the name (`_filename_parts`,
  `_try_parse_filename`: `<time>_<task>_<id>[-<suffix>]`, a 4th part is the id when there is a model);
- src/inspect_ai/log/_recorders/json.py: `read_eval_log(path, header_only=True)` (what the listing
  and `inspect view` read a directory's logs with) is `_read_header_streaming`: a first pass for
  `version` and whether `results` and `error` are objects, up to `samples`; then each top-level
  field is built from its value with its model (`EvalSpec(**v)`, `EvalPlan(**v)`, ...), which a
  null cannot be. A newer reader (0.3.260 with pydantic) reads on past
  `stats` and fails on `"error": null` ("Unable to read log file") and `"log_updates": null`
  (TypeError): a null top-level field fails here whichever version reads it;
- src/inspect_ai/log/_log.py: the models' fields and their types (what pydantic would demand of
  them; an unknown field is ignored, as pydantic does by default).

Usage: python3 inspect_reader.py LOG_DIR   prints JSON: {"listing": [...], "headers": {...}, "errors": {...}}
"""

import json
import os
import re
import sys
from datetime import datetime

LOG_SCHEMA_VERSION = 2
EVAL_STATUS = ("started", "success", "cancelled", "error")
LOG_FILE_PATTERN = r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}.*$"
TIMESTAMP_PREFIX = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}")


class ReadError(Exception):
    pass


# ---- the listing (_file.py) -------------------------------------------------------------------


def is_log_file(file, extensions):
    name = file.replace("\\", "/").split("/")[-1]
    if name.endswith(".eval"):
        return True
    return re.match(LOG_FILE_PATTERN, name) is not None and any(name.endswith(s) for s in extensions)


def try_parse_filename(parts):
    if len(parts) < 2 or not TIMESTAMP_PREFIX.match(parts[0]):
        return None, None, None
    if len(parts) == 2:
        return parts[1], "", None
    last = 3 if len(parts) > 3 else 2
    part3 = parts[last].split("-")
    return parts[1], part3[0], part3[1] if len(part3) > 1 else None


def list_eval_logs(log_dir):
    files = []
    for root, _dirs, names in os.walk(log_dir):  # recursive=True, the default
        files.extend(os.path.join(root, n) for n in names)
    listing = []
    for f in sorted(files, key=os.path.getmtime, reverse=True):
        if not is_log_file(f, [".json", ".eval"]):
            continue
        parts = os.path.splitext(f)[0].split("/").pop().split("_")
        task, task_id, suffix = try_parse_filename(parts)
        listing.append({"name": f, "task": task, "task_id": task_id, "suffix": suffix, "parsed": task is not None})
    return listing


# ---- the models (_log.py), as pydantic would take the JSON --------------------------------------


def need(cond, where):
    if not cond:
        raise ReadError(f"invalid {where}")


def is_str(v):
    return isinstance(v, str)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_bool(v):
    return isinstance(v, bool)


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def opt(check):
    return lambda v: v is None or check(v)


def utc_datetime_str(v):
    if not isinstance(v, str):
        return False
    try:
        return datetime.fromisoformat(v.replace("Z", "+00:00")).tzinfo is not None
    except ValueError:
        return False


def model(name, value, fields, required=()):
    """`Model(**value)`: a mapping whose listed fields have their types; required ones present."""
    if not isinstance(value, dict):
        # What `**None` raises in Python, and pydantic's model_validate as a ValueError.
        raise TypeError(f"{name}() argument after ** must be a mapping, not {type(value).__name__}")
    for key in required:
        need(key in value, f"{name}: {key} is required")
    for key, check in fields.items():
        if key in value:
            need(check(value[key]), f"{name}.{key}: {json.dumps(value[key])[:80]}")
    return value


def is_dict(v):
    return isinstance(v, dict)


def list_of(check):
    return lambda v: isinstance(v, list) and all(check(x) for x in v)


def dict_of(check):
    return lambda v: isinstance(v, dict) and all(is_str(k) and check(x) for k, x in v.items())


def model_usage(v):
    fields = {
        "input_tokens": is_int,
        "output_tokens": is_int,
        "total_tokens": is_int,
        "input_tokens_cache_write": opt(is_int),
        "input_tokens_cache_read": opt(is_int),
        "reasoning_tokens": opt(is_int),
        "total_cost": opt(is_num),
    }
    return bool(model("ModelUsage", v, fields, ("input_tokens", "output_tokens", "total_tokens")))


def eval_metric(v):
    fields = {"name": is_str, "value": is_num, "params": is_dict, "metadata": opt(is_dict)}
    return bool(model("EvalMetric", v, fields, ("name", "value")))


def eval_score(v):
    fields = {
        "name": is_str,
        "scorer": is_str,
        "reducer": opt(is_str),
        "scored_samples": opt(is_int),
        "unscored_samples": opt(is_int),
        "params": is_dict,
        "metrics": dict_of(eval_metric),
        "metadata": opt(is_dict),
    }
    return bool(model("EvalScore", v, fields, ("name", "scorer")))


def plan_step(v):
    return bool(model("EvalPlanStep", v, {"solver": is_str, "params": is_dict, "params_passed": is_dict}, ("solver",)))


def eval_spec(v):
    dataset = {"name": opt(is_str), "location": opt(is_str), "samples": opt(is_int), "shuffled": opt(is_bool)}
    fields = {
        "eval_set_id": opt(is_str),
        "eval_id": is_str,
        "run_id": is_str,
        "created": utc_datetime_str,
        "task": is_str,
        "task_id": is_str,
        "task_version": lambda x: is_int(x) or is_str(x),
        "task_file": opt(is_str),
        "task_display_name": opt(is_str),
        "task_registry_name": opt(is_str),
        "task_attribs": is_dict,
        "task_args": is_dict,
        "task_args_passed": is_dict,
        "solver": opt(is_str),
        "solver_args": opt(is_dict),
        "solver_args_passed": opt(is_dict),
        "tags": opt(list_of(is_str)),
        "dataset": lambda x: bool(model("EvalDataset", x, dataset)),
        "model": is_str,
        "model_generate_config": is_dict,
        "model_base_url": opt(is_str),
        "model_args": is_dict,
        "config": is_dict,
        "packages": dict_of(is_str),
        "metadata": opt(is_dict),
        "scorers": opt(list_of(is_dict)),
    }
    return model("EvalSpec", v, fields, ("created", "task", "dataset", "model", "config"))


def eval_plan(v):
    fields = {"name": is_str, "steps": list_of(plan_step), "finish": opt(plan_step), "config": is_dict}
    return model("EvalPlan", v, fields)


def eval_results(v):
    fields = {
        "total_samples": is_int,
        "completed_samples": is_int,
        "early_stopping": opt(is_dict),
        "scores": list_of(eval_score),
        "metadata": opt(is_dict),
    }
    return model("EvalResults", v, fields)


def eval_stats(v):
    when = lambda x: x == "" or utc_datetime_str(x)  # noqa: E731
    fields = {
        "started_at": when,
        "completed_at": when,
        "model_usage": dict_of(model_usage),
        "role_usage": dict_of(model_usage),
    }
    return model("EvalStats", v, fields)


def eval_error(v):
    return model("EvalError", v, {"message": is_str, "traceback": is_str, "traceback_ansi": is_str}, ("message",))


def log_updates(v):
    # `[LogUpdate(**u) for u in v]`: None is not iterable.
    return [model("LogUpdate", u, {"edits": list_of(is_dict)}) for u in v]


# ---- the header-only read (_recorders/json.py) --------------------------------------------------

BUILD = {
    "eval": eval_spec,
    "plan": eval_plan,
    "results": eval_results,
    "stats": eval_stats,
    "error": eval_error,
    "log_updates": log_updates,
}


def read_header(path):
    """`read_eval_log(path, header_only=True)`: the top-level fields before `samples`, in file order."""
    with open(path, "rb") as f:
        pairs = json.load(f, object_pairs_hook=Pairs)  # keeps the file's key order
    top = []
    for key, value in pairs:
        if key == "samples":
            break  # the reader stops here: samples can be very large
        top.append((key, unwrap(value)))
    found = dict(top)
    version = found.get("version")
    if not is_int(version):
        raise ReadError("Unable to read version of log format.")
    if version > LOG_SCHEMA_VERSION:
        raise ReadError(f"Unable to read version {version} of log format.")
    status = None
    header = {}
    for key, value in top:
        if key == "status":
            if value not in EVAL_STATUS:
                raise AssertionError(f"status {value!r}")
            status = value
        elif key == "invalidated":
            need(is_bool(value), "invalidated")
        elif key in ("tags",):
            need(list_of(is_str)(value), key)
        elif key == "metadata":
            need(is_dict(value), key)
        elif key in BUILD:
            try:
                header[key] = BUILD[key](value)
            except ReadError as e:
                raise ReadError(f"Unable to read log file: {path} ({e})") from e
    for key in ("eval", "plan", "stats"):
        if key not in header:
            raise AssertionError(f"Must encounter a '{key}'")
    if status is None:
        raise AssertionError("Must encounter a 'status'")
    return {"status": status, **{k: v for k, v in header.items() if k in ("eval", "results")}}


class Pairs(list):
    """A JSON object as its (key, value) pairs in file order."""


def unwrap(value):
    """The pairs json.load kept for key order, back to plain objects."""
    if isinstance(value, Pairs):
        return {k: unwrap(v) for k, v in value}
    if isinstance(value, list):
        return [unwrap(v) for v in value]
    return value


def main(log_dir):
    listing = list_eval_logs(log_dir)
    headers, errors = {}, {}
    for entry in listing:
        try:
            h = read_header(entry["name"])
            headers[entry["name"]] = {
                "status": h["status"],
                "task": h["eval"]["task"],
                "task_id": h["eval"]["task_id"],
                "run_id": h["eval"]["run_id"],
                "results": h.get("results"),
            }
        except Exception as e:  # what the listing's header read would log and skip
            errors[entry["name"]] = f"{type(e).__name__}: {e}"
    print(json.dumps({"listing": listing, "headers": headers, "errors": errors}))


if __name__ == "__main__":
    main(sys.argv[1])
