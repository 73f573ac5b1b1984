/**
 * The environment an evaluated program (and an API agent's run_command) inherits from swarm:
 * what a program needs to find its tools, locale, temp dir and GPUs, nothing else. Credentials
 * and the rest of swarm's environment stay out; `evaluator.env` sets more, `evaluator.passEnv`
 * lets named variables through.
 */
const ALLOWED_NAMES = new Set([
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TZ', 'TERM', 'TMPDIR',
  // GPU selection and the CUDA runtime's libraries.
  'CUDA_VISIBLE_DEVICES', 'CUDA_DEVICE_ORDER', 'NVIDIA_VISIBLE_DEVICES', 'NVIDIA_DRIVER_CAPABILITIES',
  'HIP_VISIBLE_DEVICES', 'ROCR_VISIBLE_DEVICES', 'GPU_DEVICE_ORDINAL', 'LD_LIBRARY_PATH',
]);

const ALLOWED_PREFIXES = ['SWARM_', 'LC_'];

/** Whether swarm passes its variable `name` on to evaluators and agent tools. */
export const isAllowedEnvName = (name: string, passEnv: readonly string[] = []): boolean =>
  ALLOWED_NAMES.has(name) || ALLOWED_PREFIXES.some((prefix) => name.startsWith(prefix)) || passEnv.includes(name);

/** The allowed part of `env` (unset values dropped). */
export const allowedEnv = (env: Record<string, string | undefined>, passEnv: readonly string[] = []): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && isAllowedEnvName(entry[0], passEnv)),
  );

/** The variables `passEnv` names that are set in `env`. */
export const passedEnv = (env: Record<string, string | undefined>, passEnv: readonly string[]): Record<string, string> =>
  Object.fromEntries(passEnv.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])));
