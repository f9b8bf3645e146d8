"""lm-eval's reading of a task directory, ported to Python's standard library and PyYAML (PyPI, so
lm_eval and HF datasets, cannot be installed here). Read from lm-eval's source
(EleutherAI/lm-evaluation-harness):

- lm_eval/utils.py `load_yaml_config`: the YAML with a `!function` constructor that imports
  `<module>.py` beside the YAML and takes `<function>` from it;
- lm_eval/api/task.py: `TaskConfig(**config)` (a dataclass: a key it has no field for is a
  TypeError), `ALL_OUTPUT_TYPES`, `metric_list` entries (`metric`, `aggregation`, `higher_is_better`),
  `generation_kwargs` (`until` a list), then per document `doc_to_text` (a string for
  `generate_until`) and `process_results(doc, [generation])` (a dict of the metrics' values);
- `dataset_path: json` with `dataset_kwargs.data_files`: HF datasets' JSON builder, which reads a
  JSON Lines file with pyarrow: every line an object, and each column of one type over all lines
  (null goes with any type, integers with floats; objects merge their keys).

Usage: python3 lm_eval_reader.py TASK.yaml [OUTPUTS.json]   prints JSON: {"docs", "texts", "results"}
(OUTPUTS.json: {unit: generation}, scored through process_results, which calls NEEDLEWORK_URL).
"""

import importlib.util
import json
import os
import sys

import yaml

TASK_CONFIG_FIELDS = {
    "task", "task_alias", "tag", "custom_dataset", "dataset_path", "dataset_name", "dataset_kwargs",
    "training_split", "validation_split", "test_split", "fewshot_split", "process_docs", "doc_to_text",
    "doc_to_target", "doc_to_image", "doc_to_audio", "unsafe_code", "doc_to_choice", "process_results",
    "use_prompt", "description", "target_delimiter", "fewshot_delimiter", "fewshot_config", "num_fewshot",
    "metric_list", "output_type", "generation_kwargs", "repeats", "filter_list", "should_decontaminate",
    "doc_to_decontamination_query", "gen_prefix", "metadata",
}  # fmt: skip
ALL_OUTPUT_TYPES = ("loglikelihood", "multiple_choice", "loglikelihood_rolling", "generate_until")
AGGREGATIONS = ("mean", "median", "perplexity", "weighted_perplexity", "bits_per_byte", "bypass")


def import_function(loader, node):
    function_name = loader.construct_scalar(node)
    yaml_path = os.path.dirname(loader.name)
    module_name, function_name = function_name.split(".")
    module_path = os.path.join(yaml_path, f"{module_name}.py")
    spec = importlib.util.spec_from_file_location(module_name, module_path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, function_name)


def load_yaml_config(yaml_path):
    loader = yaml.FullLoader
    loader.add_constructor("!function", import_function)
    with open(yaml_path, "rb") as f:
        return yaml.load(f, Loader=loader)


def arrow_type(value):
    """The pyarrow type a JSON value infers to, as a comparable shape (None: null)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        item = None
        for v in value:
            item = unify(item, arrow_type(v), "list item")
        return ("list", item)
    fields = {k: arrow_type(v) for k, v in value.items()}
    return ("struct", fields)


def unify(a, b, where):
    if a is None:
        return b
    if b is None:
        return a
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == "list":
        return ("list", unify(a[1], b[1], where))
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0] == "struct":
        keys = {**a[1], **b[1]}
        return ("struct", {k: unify(a[1].get(k), b[1].get(k), f"{where}.{k}") for k in keys})
    if a != b:
        raise TypeError(f"JSON column {where}: {a} on one line, {b} on another (pyarrow cannot read it)")
    return a


def read_json_lines(path):
    docs, columns = [], {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            doc = json.loads(line)
            if not isinstance(doc, dict):
                raise TypeError(f"{path}:{n}: not a JSON object")
            for key, value in doc.items():
                columns[key] = unify(columns.get(key), arrow_type(value), key)
            docs.append(doc)
    # Every row gets every column (a missing key is null), as the Arrow table has them.
    return [{k: d.get(k) for k in columns} for d in docs]


def main(yaml_path, outputs_path=None):
    config = load_yaml_config(yaml_path)
    unknown = set(config) - TASK_CONFIG_FIELDS
    if unknown:
        raise TypeError(f"TaskConfig.__init__() got unexpected keyword arguments {sorted(unknown)}")
    if config.get("output_type", "generate_until") not in ALL_OUTPUT_TYPES:
        raise ValueError(f"output_type {config['output_type']!r}")
    gen = config.get("generation_kwargs") or {}
    if not isinstance(gen.get("until", []), list):
        raise TypeError("generation_kwargs.until is not a list")
    metrics = []
    for entry in config.get("metric_list") or []:
        if not isinstance(entry.get("metric"), str):
            raise ValueError(f"metric_list entry without a metric: {entry}")
        if entry.get("aggregation", "mean") not in AGGREGATIONS:
            raise ValueError(f"unknown aggregation {entry['aggregation']!r}")
        if not isinstance(entry.get("higher_is_better", True), bool):
            raise TypeError("higher_is_better is not a bool")
        metrics.append(entry["metric"])
    if config.get("dataset_path") != "json":
        raise ValueError("this reader ports the json dataset builder only")
    split = config["test_split"]
    data_file = config["dataset_kwargs"]["data_files"][split]
    docs = read_json_lines(os.path.join(os.path.dirname(yaml_path), data_file))
    texts = {}
    for doc in docs:
        text = config["doc_to_text"](doc)
        if not isinstance(text, str):
            raise TypeError(f"doc_to_text gave {type(text).__name__} for {doc.get('unit')}")
        texts[doc["unit"]] = text
    results = {}
    if outputs_path:
        with open(outputs_path, encoding="utf-8") as f:
            outputs = json.load(f)
        for doc in docs:
            if doc["unit"] not in outputs:
                continue
            got = config["process_results"](doc, [outputs[doc["unit"]]])
            if sorted(got) != sorted(metrics) or not all(isinstance(v, (int, float)) for v in got.values()):
                raise ValueError(f"process_results gave {got} for metrics {metrics}")
            results[doc["unit"]] = got
    print(json.dumps({"docs": len(docs), "texts": texts, "results": results}))


if __name__ == "__main__":
    main(*sys.argv[1:])
