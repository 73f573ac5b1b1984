#!/usr/bin/env python3
"""Runs an OpenEvolve-style evaluator as a swarm evaluator.

    python3 openevolve_adapter.py <evaluator.py> <program_path>

imports <evaluator.py>, calls its `evaluate(program_path)` and prints the result as one JSON line
(also written to $SWARM_RESULT_FILE when set), then exits 0 whatever happened to the program:

  * a dict of metrics, or an object with `.metrics` (OpenEvolve's EvaluationResult), becomes
    {"metric": number, ...}; booleans other than `valid` become 1 / 0; text under `feedback` or
    `error` becomes `feedback`; string `.artifacts` are passed on as `artifacts`;
  * a NaN or infinite metric, an evaluator that cannot be imported, has no `evaluate`, raises, or
    returns something else gives {"valid": false, "feedback": "<why>"}.

In .swarmrc.json:  "evaluator": {"command": "python3 openevolve_adapter.py evaluator.py program.py"}
and an objective metric that the evaluator returns (often `combined_score`).
"""

import importlib.util
import json
import math
import os
import sys
import traceback

MAX_ARTIFACT_CHARS = 4000
# No __pycache__ next to the evaluator or the program: it would be committed with the attempt.
sys.dont_write_bytecode = True


def emit(result):
    line = json.dumps(result)
    result_file = os.environ.get("SWARM_RESULT_FILE")
    if result_file:
        with open(result_file, "w", encoding="utf-8") as handle:
            handle.write(line + "\n")
    sys.stdout.flush()
    print(line)
    sys.exit(0)


def invalid(feedback):
    emit({"valid": False, "feedback": feedback})


def last_line_of_traceback():
    lines = traceback.format_exc().strip().splitlines()
    return lines[-1] if lines else "unknown error"


def load_evaluator(path):
    directory = os.path.dirname(os.path.abspath(path))
    if directory not in sys.path:
        sys.path.insert(0, directory)
    spec = importlib.util.spec_from_file_location("swarm_openevolve_evaluator", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def to_report(returned):
    metrics = getattr(returned, "metrics", returned)
    if not isinstance(metrics, dict):
        invalid(f"evaluate() returned {type(returned).__name__}; expected a dict of metrics or an object with .metrics")
    report = {}
    not_finite = []
    feedback = None
    for key, value in metrics.items():
        key = str(key)
        if isinstance(value, bool):
            report[key] = value if key == "valid" else (1 if value else 0)
        elif isinstance(value, (int, float)):
            if math.isfinite(value):
                report[key] = value
            else:
                not_finite.append(f"{key} is {value}")
        elif isinstance(value, str) and key in ("feedback", "error") and feedback is None:
            feedback = value
    artifacts = getattr(returned, "artifacts", None)
    if isinstance(artifacts, dict):
        texts = {str(k): v[:MAX_ARTIFACT_CHARS] for k, v in artifacts.items() if isinstance(v, str)}
        if texts:
            report["artifacts"] = texts
            if feedback is None and isinstance(texts.get("feedback"), str):
                feedback = texts["feedback"]
    if not_finite:
        report["valid"] = False
        feedback = "; ".join([f"evaluate() returned non-finite metrics: {', '.join(not_finite)}"] + ([feedback] if feedback else []))
    if feedback is not None:
        report["feedback"] = feedback
    return report


def main(argv):
    if len(argv) != 3:
        print("usage: python3 openevolve_adapter.py <evaluator.py> <program_path>", file=sys.stderr)
        sys.exit(2)
    evaluator_path, program_path = argv[1], argv[2]
    try:
        module = load_evaluator(evaluator_path)
    except BaseException:  # noqa: BLE001 - a broken evaluator file is reported, not raised
        invalid(f"could not import evaluator {evaluator_path}: {last_line_of_traceback()}")
    evaluate = getattr(module, "evaluate", None)
    if not callable(evaluate):
        invalid(f"{evaluator_path} defines no evaluate(program_path) function")
    try:
        returned = evaluate(program_path)
    except BaseException:  # noqa: BLE001 - SystemExit from an evaluator is a failed evaluation too
        invalid(f"evaluate({program_path!r}) raised {last_line_of_traceback()}")
    emit(to_report(returned))


if __name__ == "__main__":
    main(sys.argv)
