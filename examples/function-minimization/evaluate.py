"""Evaluator of the function-minimization task (do not edit: swarm protects this file).

Two ways to use it:
  * as a swarm evaluator command: `python3 evaluate.py` in the checkout. It imports ./search.py,
    runs search(seed) on several seeded trials and prints one JSON object as the LAST line of
    stdout (also written to $SWARM_RESULT_FILE when set). It always exits 0.
  * OpenEvolve-style: `evaluate(program_path) -> dict` (see evaluators/openevolve_adapter.py).

Metrics:
  value        mean f(x, y) over the trials (lower is better; the minimum is F_MIN)
  distance     mean distance of the returned points to the global minimum
  reliability  fraction of trials that end within 0.5 of the global minimum
  score        0.5 * value_score + 0.2 * distance_score + 0.3 * reliability, in [0, 1] (maximize)
               value_score = 1 / (1 + (value - F_MIN)),  distance_score = 1 / (1 + distance)
  evaluations  mean number of calls of f per trial
Budget: each trial may call f at most EVALUATION_BUDGET times (the evaluator counts the calls by
replacing the program's f); a search that needs more is invalid. The game is to spend the calls well.
Environment: SWARM_SEED (base seed, default 0), SWARM_STAGE ("quick" runs 3 trials instead of 10),
SWARM_RESULT_FILE (optional path for the JSON).
"""

import importlib.util
import json
import math
import os
import signal
import sys
import threading
import time

# Found numerically (2001 x 2001 grid, then pattern search to 1e-12).
X_MIN, Y_MIN = -1.704083, 0.677508
F_MIN = -1.5186858
TRIALS = 10
QUICK_TRIALS = 3
TIME_LIMIT_S = 10.0
EVALUATION_BUDGET = 400
NEAR = 0.5


def f(x, y):
    return math.sin(x) * math.cos(y) + math.sin(x * y) + (x * x + y * y) / 20


class TimeLimit(BaseException):
    pass


class BudgetSpent(BaseException):
    """A BaseException, so that a search's own `except Exception` cannot swallow it."""


def _invalid(feedback):
    return {"score": 0.0, "combined_score": 0.0, "valid": False, "feedback": feedback}


def _load(program_path):
    # No __pycache__ in the checkout: it would end up committed with the attempt.
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("swarm_search_program", program_path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {program_path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_trials(module, seeds, deadline):
    """Runs search(seed) for every seed with a counting f; returns the points and the call counts."""
    points, counts = [], []
    for seed in seeds:
        calls = [0]

        def counted_f(x, y):
            calls[0] += 1
            if calls[0] > EVALUATION_BUDGET:
                raise BudgetSpent(seed)
            return f(x, y)

        module.f = counted_f
        points.append(module.search(seed))
        counts.append(calls[0])
        if time.monotonic() > deadline:
            raise TimeLimit()
    return points, counts


def _with_alarm(action, seconds):
    """Interrupts a runaway search with SIGALRM where possible (main thread on Unix)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        return action()

    def on_alarm(_signum, _frame):
        raise TimeLimit()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return action()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _check_point(point, trial):
    if not isinstance(point, (tuple, list)) or len(point) != 2:
        return f"search({trial}) returned {point!r}, expected a pair (x, y)"
    try:
        x, y = float(point[0]), float(point[1])
    except (TypeError, ValueError):
        return f"search({trial}) returned non-numbers {point!r}"
    if not (math.isfinite(x) and math.isfinite(y)):
        return f"search({trial}) returned a non-finite point ({x}, {y})"
    if not (-5 <= x <= 5 and -5 <= y <= 5):
        return f"search({trial}) returned ({x:.4f}, {y:.4f}), outside the square [-5, 5]^2"
    return None


def evaluate(program_path):
    """Scores the search program at program_path; returns a dict of metrics (never raises)."""
    base_seed = int(os.environ.get("SWARM_SEED", "0") or 0)
    trials = QUICK_TRIALS if os.environ.get("SWARM_STAGE") == "quick" else TRIALS
    seeds = [base_seed * 1000 + k for k in range(trials)]
    try:
        module = _load(program_path)
    except Exception as error:  # noqa: BLE001 - any import failure is the program's fault
        return _invalid(f"could not import {os.path.basename(program_path)}: {type(error).__name__}: {error}")
    if not callable(getattr(module, "search", None)):
        return _invalid(f"{os.path.basename(program_path)} does not define search(seed) -> (x, y)")
    started = time.monotonic()
    try:
        points, counts = _with_alarm(lambda: _run_trials(module, seeds, started + TIME_LIMIT_S), TIME_LIMIT_S)
    except BudgetSpent as spent:
        return _invalid(
            f"search({spent.args[0]}) called f more than {EVALUATION_BUDGET} times; "
            f"each trial may evaluate f at most {EVALUATION_BUDGET} times (e.g. lower RESTARTS x ITERATIONS)"
        )
    except TimeLimit:
        return _invalid(f"the {trials} trials took longer than {TIME_LIMIT_S:.0f} s; make the search cheaper")
    except Exception as error:  # noqa: BLE001
        return _invalid(f"search raised {type(error).__name__}: {error}")
    for seed, point in zip(seeds, points):
        problem = _check_point(point, seed)
        if problem:
            return _invalid(problem)
    values = [f(float(x), float(y)) for x, y in points]
    distances = [math.hypot(float(x) - X_MIN, float(y) - Y_MIN) for x, y in points]
    value = sum(values) / len(values)
    distance = sum(distances) / len(distances)
    reliability = sum(1 for d in distances if d <= NEAR) / len(distances)
    value_score = 1 / (1 + max(0.0, value - F_MIN))
    distance_score = 1 / (1 + distance)
    score = 0.5 * value_score + 0.2 * distance_score + 0.3 * reliability
    return {
        "score": score,
        "combined_score": score,
        "value": value,
        "distance": distance,
        "reliability": reliability,
        "evaluations": sum(counts) / len(counts),
        "trials": trials,
        "seconds": time.monotonic() - started,
        "valid": True,
    }


def main():
    result = evaluate(os.path.join(os.getcwd(), "search.py"))
    line = json.dumps(result)
    if os.environ.get("SWARM_RESULT_FILE"):
        with open(os.environ["SWARM_RESULT_FILE"], "w", encoding="utf-8") as handle:
            handle.write(line + "\n")
    print(line)
    sys.exit(0)


if __name__ == "__main__":
    main()
