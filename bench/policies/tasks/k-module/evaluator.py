"""OpenEvolve-style evaluator of the K-module task: evaluate(program_path) -> metrics.

Runs the program, reads the pipeline it prints, and reports only how many of its four stages use
the right implementation: combined_score = correct / 4, never which ones. The right configuration
derives from SECRET below (fixed for the task, the same for every run and every SWARM_SEED): for
each stage, the option at index sha256("<SECRET>:<stage>") mod 5. The secret was chosen so that
the initial program gets no stage right (combined_score 0).
"""

import hashlib
import json
import subprocess
import sys

SECRET = "swarm k-module 2026-12 c"
STAGES = (
    ("loader", ("csv_reader", "json_reader", "parquet_reader", "sql_reader", "stream_reader")),
    ("preprocess", ("standardize", "normalize", "minmax_scale", "robust_scale", "no_scaling")),
    ("model", ("linear_model", "decision_tree", "random_forest", "nearest_neighbors", "gradient_boosting")),
    ("postprocess", ("identity", "clip_outliers", "round_values", "smooth", "calibrate")),
)
PROGRAM_TIMEOUT_S = 20


def right_configuration():
    """The stage -> option map that scores 1.0."""
    chosen = {}
    for stage, options in STAGES:
        digest = hashlib.sha256(f"{SECRET}:{stage}".encode()).digest()
        chosen[stage] = options[int.from_bytes(digest[:8], "big") % len(options)]
    return chosen


def evaluate(program_path):
    try:
        run = subprocess.run([sys.executable, program_path], capture_output=True, text=True, timeout=PROGRAM_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"combined_score": 0.0, "valid": False, "error": f"the program took longer than {PROGRAM_TIMEOUT_S} s"}
    if run.returncode != 0:
        return {"combined_score": 0.0, "valid": False, "error": f"the program exited with {run.returncode}", "stderr": run.stderr[-1000:]}
    lines = run.stdout.strip().splitlines()
    try:
        configured = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        configured = None
    if not isinstance(configured, dict):
        return {"combined_score": 0.0, "valid": False, "error": "the program printed no JSON object of stages"}
    unknown = [stage for stage, options in STAGES if configured.get(stage) not in options]
    if unknown:
        return {"combined_score": 0.0, "valid": False, "error": f"stages without one of their declared options: {', '.join(unknown)}"}
    right = right_configuration()
    correct = sum(1 for stage, _ in STAGES if configured[stage] == right[stage])
    return {"combined_score": correct / len(STAGES)}


if __name__ == "__main__":
    print(json.dumps(evaluate(sys.argv[1] if len(sys.argv) > 1 else "initial_program.py")))
