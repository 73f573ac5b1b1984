#!/usr/bin/env python3
"""Runs an OpenEvolve-style evaluator as a swarm evaluator.

    python3 openevolve_adapter.py <evaluator.py> <program_path> [--stage N] [--no-seed]

imports <evaluator.py>, calls its `evaluate(program_path)` (with `--stage N`: its
`evaluate_stageN(program_path)`, as OpenEvolve's cascade does; a missing `evaluate_stage1` falls
back to `evaluate`, as in OpenEvolve) and prints the result as one JSON line (also written to
$SWARM_RESULT_FILE when set), then exits 0 whatever happened to the program:

  * a dict of metrics, or an object with `.metrics` (OpenEvolve's EvaluationResult), becomes
    {"metric": number, ...}; booleans other than `valid` become 1 / 0;
  * without a `combined_score`, `mean_of_metrics` is added: the mean of every numeric metric but
    `error`, which is OpenEvolve's fallback for thresholds and fitness;
  * `.artifacts` are passed on as text (`artifacts`); text under `feedback`, and the `stderr`,
    `traceback`, `error` and `error_message` artifacts or metrics, become `feedback` for the next agent;
  * a NaN or infinite metric, an evaluator that cannot be imported, has no such function, raises,
    or returns something else gives {"valid": false, "feedback": "<why>"}.

Before the call, Python's `random` and (when the evaluator imported it) `numpy.random` are seeded
with $SWARM_SEED, so an evaluator that does not seed itself is still deterministic for a seed;
`--no-seed` (or SWARM_OPENEVOLVE_SEED=0) leaves them alone. Evaluators that import
`openevolve.evaluation_result` work without OpenEvolve installed: a compatible `EvaluationResult`
is provided when the real package is missing.

In .swarmrc.json:  "evaluator": {"command": "python3 openevolve_adapter.py evaluator.py program.py"}
and an objective metric that the evaluator returns (`combined_score`, or `mean_of_metrics`).
`swarm init --from-openevolve <dir>` writes all of it, cascade stages included.
"""

import importlib.util
import json
import math
import os
import random
import sys
import traceback
import types
from dataclasses import dataclass, field

MAX_ARTIFACT_CHARS = 4000
MAX_FEEDBACK_CHARS = 2000
FEEDBACK_ARTIFACTS = ("feedback", "stderr", "traceback", "error", "error_message")
# No __pycache__ next to the evaluator or the program: it would be committed with the attempt.
sys.dont_write_bytecode = True


@dataclass
class EvaluationResult:
    """OpenEvolve's result type, for evaluators that import it without OpenEvolve installed."""

    metrics: dict
    artifacts: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, metrics):
        return cls(metrics=metrics)

    def to_dict(self):
        return self.metrics

    def has_artifacts(self):
        return bool(self.artifacts)

    def get_artifact_keys(self):
        return list(self.artifacts.keys())

    def get_artifact_size(self, key):
        value = self.artifacts.get(key)
        return 0 if value is None else len(value if isinstance(value, (str, bytes)) else str(value))

    def get_total_artifact_size(self):
        return sum(self.get_artifact_size(key) for key in self.artifacts)


def provide_evaluation_result():
    """Registers `openevolve.evaluation_result` unless the real OpenEvolve can be imported."""
    try:
        if importlib.util.find_spec("openevolve") is not None:
            return
    except (ImportError, ValueError):
        pass
    package = types.ModuleType("openevolve")
    package.__path__ = []
    module = types.ModuleType("openevolve.evaluation_result")
    module.EvaluationResult = EvaluationResult
    package.evaluation_result = module
    sys.modules["openevolve"] = package
    sys.modules["openevolve.evaluation_result"] = module


def emit(result):
    line = json.dumps(result)
    result_file = os.environ.get("SWARM_RESULT_FILE")
    if result_file:
        with open(result_file, "w", encoding="utf-8") as handle:
            handle.write(line + "\n")
    sys.stdout.flush()
    print(line)
    sys.exit(0)


def invalid(feedback, artifacts=None):
    report = {"valid": False, "feedback": feedback[:MAX_FEEDBACK_CHARS]}
    if artifacts:
        report["artifacts"] = artifacts
    emit(report)


def last_line_of_traceback():
    lines = traceback.format_exc().strip().splitlines()
    return lines[-1] if lines else "unknown error"


def load_evaluator(path):
    directory = os.path.dirname(os.path.abspath(path))
    if directory not in sys.path:
        sys.path.insert(0, directory)
    spec = importlib.util.spec_from_file_location("evaluation_module", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} is not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules["evaluation_module"] = module
    spec.loader.exec_module(module)
    return module


def seed_randomness(enabled):
    """Seeds the generators an unseeded evaluator draws from; its own seeding still wins."""
    seed_text = os.environ.get("SWARM_SEED", "")
    if not enabled or not seed_text.isdigit():
        return
    seed = int(seed_text)
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(seed % (2**32))


def as_text(value):
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="replace")
    elif not isinstance(value, str):
        value = json.dumps(value) if isinstance(value, (dict, list)) else str(value)
    return value[:MAX_ARTIFACT_CHARS]


def feedback_from(metrics_text, artifacts):
    """Text for the next agent: the evaluator's feedback first, then its error reports."""
    parts = []
    for key in FEEDBACK_ARTIFACTS:
        for source in (metrics_text, artifacts):
            value = source.get(key)
            if isinstance(value, str) and value.strip() and value.strip() not in parts:
                parts.append(value.strip() if key == "feedback" else f"{key}: {value.strip()}")
    return "\n".join(parts)[:MAX_FEEDBACK_CHARS] if parts else None


def to_report(returned, function_name):
    metrics = getattr(returned, "metrics", returned)
    if not isinstance(metrics, dict):
        invalid(f"{function_name}() returned {type(returned).__name__}; expected a dict of metrics or an object with .metrics")
    report = {}
    not_finite = []
    metrics_text = {}
    for key, value in metrics.items():
        key = str(key)
        if isinstance(value, bool):
            report[key] = value if key == "valid" else (1 if value else 0)
        elif isinstance(value, (int, float)):
            if math.isfinite(value):
                report[key] = value
            else:
                not_finite.append(f"{key} is {value}")
        elif isinstance(value, str):
            metrics_text[key] = value
    if "combined_score" not in report:
        numbers = [v for k, v in report.items() if k not in ("error", "valid")]
        if numbers:
            report["mean_of_metrics"] = sum(numbers) / len(numbers)
    raw_artifacts = getattr(returned, "artifacts", None)
    artifacts = {str(k): as_text(v) for k, v in raw_artifacts.items()} if isinstance(raw_artifacts, dict) else {}
    if artifacts:
        report["artifacts"] = artifacts
    feedback = feedback_from(metrics_text, artifacts)
    if not_finite:
        report["valid"] = False
        feedback = "; ".join([f"{function_name}() returned non-finite metrics: {', '.join(not_finite)}"] + ([feedback] if feedback else []))
    if feedback is not None:
        report["feedback"] = feedback
    return report


def parse_args(argv):
    positional = []
    stage = None
    seed = os.environ.get("SWARM_OPENEVOLVE_SEED", "1") != "0"
    args = iter(argv[1:])
    for arg in args:
        if arg == "--stage":
            value = next(args, "")
            if not value.isdigit() or int(value) < 1:
                usage(f"--stage needs a stage number (1, 2, 3), got {value!r}")
            stage = int(value)
        elif arg == "--no-seed":
            seed = False
        else:
            positional.append(arg)
    if len(positional) != 2:
        usage("expected the evaluator file and the program path")
    return positional[0], positional[1], stage, seed


def usage(problem):
    print(f"openevolve_adapter.py: {problem}", file=sys.stderr)
    print("usage: python3 openevolve_adapter.py <evaluator.py> <program_path> [--stage N] [--no-seed]", file=sys.stderr)
    sys.exit(2)


def main(argv):
    evaluator_path, program_path, stage, seed = parse_args(argv)
    provide_evaluation_result()
    try:
        module = load_evaluator(evaluator_path)
    except BaseException:  # noqa: BLE001 - a broken evaluator file is reported, not raised
        invalid(f"could not import evaluator {evaluator_path}: {last_line_of_traceback()}", {"traceback": as_text(traceback.format_exc())})
    name = "evaluate" if stage is None else f"evaluate_stage{stage}"
    function = getattr(module, name, None)
    if function is None and stage == 1:
        name, function = "evaluate", getattr(module, "evaluate", None)
    if not callable(function):
        invalid(f"{evaluator_path} defines no {name}(program_path) function")
    seed_randomness(seed)
    try:
        returned = function(program_path)
    except BaseException:  # noqa: BLE001 - SystemExit from an evaluator is a failed evaluation too
        details = traceback.format_exc()
        invalid(f"{name}({program_path!r}) raised {last_line_of_traceback()}\n{details[-1500:]}", {"traceback": as_text(details)})
    emit(to_report(returned, name))


if __name__ == "__main__":
    main(sys.argv)
