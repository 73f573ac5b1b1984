"""Finds the minimum of f(x, y) = sin(x)cos(y) + sin(xy) + (x^2 + y^2)/20 on [-5, 5]^2.

search(seed) -> (x, y) is called by evaluate.py with several seeds; it must be deterministic for a
seed, stay inside the square, call f at most 400 times per search (the evaluator counts), and
return within the evaluator's time limit.
Run it alone with: python3 search.py
"""

import math
import random

LOW, HIGH = -5.0, 5.0

# EVOLVE-BLOCK-START
RESTARTS = 2  # independent random starting points
ITERATIONS = 40  # local moves from each start
STEP_SIZE = 2.0  # spread of the first moves
COOLING = 0.9  # the spread is multiplied by this after every move
ACCEPT_WORSE = 0.3  # chance of accepting a worse point (escapes local minima)
# EVOLVE-BLOCK-END


def f(x, y):
    return math.sin(x) * math.cos(y) + math.sin(x * y) + (x * x + y * y) / 20


def clip(value):
    return min(HIGH, max(LOW, value))


def search(seed):
    """Random restarts, each followed by a cooling random walk; returns the best point seen."""
    rng = random.Random(seed)
    best_x, best_y = rng.uniform(LOW, HIGH), rng.uniform(LOW, HIGH)
    best_value = f(best_x, best_y)
    for _ in range(max(1, int(RESTARTS))):
        x, y = rng.uniform(LOW, HIGH), rng.uniform(LOW, HIGH)
        value = f(x, y)
        step = STEP_SIZE
        for _ in range(max(1, int(ITERATIONS))):
            nx, ny = clip(x + rng.gauss(0, step)), clip(y + rng.gauss(0, step))
            candidate = f(nx, ny)
            if candidate < value or rng.random() < ACCEPT_WORSE:
                x, y, value = nx, ny, candidate
            if value < best_value:
                best_x, best_y, best_value = x, y, value
            step *= COOLING
    return best_x, best_y


if __name__ == "__main__":
    x, y = search(0)
    print(f"x = {x:.4f}, y = {y:.4f}, f = {f(x, y):.4f}")
