"""A four-stage data pipeline: load, preprocess, model, postprocess.

Each stage picks one of five implementations; only one combination works. Printing the
configuration is all the program does: evaluator.py judges it. Run: python3 initial_program.py
"""

import json

# EVOLVE-BLOCK-START
# Every stage uses exactly one of its options:
# loader: ['csv_reader', 'json_reader', 'parquet_reader', 'sql_reader', 'stream_reader']
# preprocess: ['standardize', 'normalize', 'minmax_scale', 'robust_scale', 'no_scaling']
# model: ['linear_model', 'decision_tree', 'random_forest', 'nearest_neighbors', 'gradient_boosting']
# postprocess: ['identity', 'clip_outliers', 'round_values', 'smooth', 'calibrate']
LOADER = 'csv_reader'
PREPROCESS = 'standardize'
MODEL = 'linear_model'
POSTPROCESS = 'identity'
# EVOLVE-BLOCK-END


def pipeline():
    """The configured stages, in order."""
    return {"loader": LOADER, "preprocess": PREPROCESS, "model": MODEL, "postprocess": POSTPROCESS}


if __name__ == "__main__":
    print(json.dumps(pipeline()))
