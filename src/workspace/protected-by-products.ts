/**
 * Files an evaluation makes as a side effect of running the project's own tools, wherever the
 * project's `.gitignore` stands on them: Python bytecode and tool caches, coverage data, a
 * package manager's cache. Below a protected path and absent from the reference, they are not
 * tampering (running pytest on protected tests writes `tests/__pycache__`); the guard removes
 * them before each stage instead, so no program or agent can plant a forged `.pyc` for the next.
 */
const BY_PRODUCT = new RegExp([
  String.raw`(^|/)(__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.hypothesis|\.nyc_output|htmlcov)(/|$)`,
  String.raw`\.py[co]$`,
  String.raw`(^|/)\.coverage(\.[^/]*)?$`,
  String.raw`(^|/)coverage/`,
  String.raw`(^|/)node_modules/\.cache(/|$)`,
].join('|'));

/** Whether `path` (checkout-relative, forward slashes) is an evaluation by-product. */
export const isEvaluationByProduct = (path: string): boolean => BY_PRODUCT.test(path);
