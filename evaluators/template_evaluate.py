"""swarm evaluator template (Python). `swarm init` copies it as evaluate.py; adapt the three
marked places, then check it with `python3 evaluate.py` and `swarm eval`.

The contract: swarm runs this command in the attempt's checkout and reads ONE JSON object of
numbers, printed as the LAST line of stdout (or written to $SWARM_RESULT_FILE). Optional keys:
  "valid": false     the program failed; the attempt is invalid
  "feedback": "..."  text shown to the next agent (say what failed and how to fix it)
Environment: SWARM_SEED (integer; use it for any randomness, so confirmations can re-seed),
SWARM_STAGE (cascade stage name, "main" by default), SWARM_RESULT_FILE, SWARM_WORKTREE.
Exit 0 even when the program is bad: an invalid program is a result, not an evaluator crash.
`swarm init` lists this file in .swarmrc.json's "evaluator.protect", so agents cannot edit it.

It also defines `evaluate(program_path) -> dict`, the OpenEvolve convention, so the same file
works with evaluators/openevolve_adapter.py and with OpenEvolve itself.
"""

import json
import math
import os
import subprocess
import sys
import time

# (1) How to run the program under evaluation: PROGRAM is the file of your code the agents evolve
#     (relative to this folder; `swarm init --program <file>` writes it); COMMAND, when set, is an
#     argv that runs the whole program instead (e.g. ["cargo", "run", "--release", "--quiet"]).
PROGRAM = "program.py"
COMMAND = None
TIMEOUT_S = 60


def program_argv(program_path):
    """The argv that runs the program: COMMAND, or the interpreter the file's extension names."""
    if COMMAND is not None:
        return list(COMMAND)
    if program_path.endswith(".py"):
        return [sys.executable, program_path]
    if program_path.endswith((".js", ".mjs", ".cjs")):
        return ["node", program_path]
    return [program_path]


def evaluate(program_path):
    """Runs the program and returns its metrics (never raises for a bad program)."""
    seed = int(os.environ.get("SWARM_SEED", "0") or 0)
    env = dict(os.environ, SWARM_SEED=str(seed))
    started = time.monotonic()
    try:
        run = subprocess.run(
            program_argv(program_path), capture_output=True, text=True, timeout=TIMEOUT_S, env=env
        )
    except FileNotFoundError as error:
        return {"valid": False, "feedback": f"cannot run {program_path}: {error}; set PROGRAM or COMMAND in evaluate.py"}
    except subprocess.TimeoutExpired:
        return {"valid": False, "feedback": f"{program_path} did not finish within {TIMEOUT_S} s"}
    seconds = time.monotonic() - started
    if run.returncode != 0:
        tail = "\n".join(run.stderr.strip().splitlines()[-5:])
        detail = f":\n{tail}" if tail else ""
        return {"valid": False, "feedback": f"{program_path} exited with code {run.returncode}{detail}"}

    # (2) Read what the program produced. Here: the last line of its stdout is a number.
    lines = run.stdout.strip().splitlines()
    try:
        value = float(lines[-1])
    except (IndexError, ValueError):
        return {"valid": False, "feedback": "expected a number on the last line of stdout"}
    if not math.isfinite(value):
        return {"valid": False, "feedback": f"the program printed {value}"}

    # (3) Compute the metrics. Name the primary one in .swarmrc.json ("objective": {"metric": "score"}).
    return {"score": value, "seconds": seconds}


def main():
    result = evaluate(os.path.join(os.getcwd(), PROGRAM))
    line = json.dumps(result)
    if os.environ.get("SWARM_RESULT_FILE"):
        with open(os.environ["SWARM_RESULT_FILE"], "w", encoding="utf-8") as handle:
            handle.write(line + "\n")
    print(line)
    sys.exit(0)


if __name__ == "__main__":
    main()
