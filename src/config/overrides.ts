/** Settings the CLI may override with flags; validated by the same schema as the file. */
export interface ConfigOverrides {
  agent?: string;
  model?: string;
  attempts?: number;
  waves?: number;
  wallClock?: string;
  agents?: number;
  evaluations?: number;
  seed?: number;
  policy?: string;
  baseUrl?: string;
  mode?: string;
  costUsd?: number;
}

const TARGETS: Record<keyof ConfigOverrides, { section: string; key: string; flag: string }> = {
  agent: { section: 'agent', key: 'backend', flag: '--agent' },
  model: { section: 'agent', key: 'model', flag: '--model' },
  attempts: { section: 'budget', key: 'attempts', flag: '--attempts' },
  waves: { section: 'budget', key: 'waves', flag: '--waves' },
  wallClock: { section: 'budget', key: 'wallClock', flag: '--wall-clock' },
  agents: { section: 'concurrency', key: 'agents', flag: '--agents' },
  evaluations: { section: 'concurrency', key: 'evaluations', flag: '--evaluations' },
  seed: { section: 'shepherd', key: 'seed', flag: '--seed' },
  policy: { section: 'shepherd', key: 'policy', flag: '--policy' },
  baseUrl: { section: 'agent', key: 'baseUrl', flag: '--base-url' },
  mode: { section: 'agent', key: 'mode', flag: '--mode' },
  costUsd: { section: 'budget', key: 'costUsd', flag: '--cost-usd' },
};

/** The flag that sets an override, e.g. `--attempts` for `attempts`. */
export const overrideFlag = (name: keyof ConfigOverrides): string => TARGETS[name].flag;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isOverrideName = (name: string): name is keyof ConfigOverrides => Object.hasOwn(TARGETS, name);

export interface OverriddenInput {
  raw: unknown;
  /** Dot-path of each overridden key -> the flag that set it, for messages. */
  flags: Map<string, string>;
}

/**
 * Writes the overrides into a copy of the file's content. Content that is not an object is left
 * alone: validation reports it anyway.
 */
export const applyOverrides = (raw: unknown, overrides: ConfigOverrides = {}): OverriddenInput => {
  const flags = new Map<string, string>();
  if (!isRecord(raw)) return { raw, flags };
  const copy: Record<string, unknown> = { ...raw };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined || !isOverrideName(name)) continue;
    const target = TARGETS[name];
    const section = copy[target.section] ?? {};
    if (!isRecord(section)) continue;
    copy[target.section] = { ...section, [target.key]: value };
    flags.set(`${target.section}.${target.key}`, target.flag);
  }
  return { raw: copy, flags };
};

/** Rewrites `agent.backend: ...` as `agent.backend (from --agent): ...` for overridden keys. */
export const labelOverriddenProblems = (problems: readonly string[], flags: ReadonlyMap<string, string>): string[] =>
  problems.map((line) => {
    for (const [path, flag] of flags) {
      if (line.startsWith(`${path}: `)) return `${path} (from ${flag})${line.slice(path.length)}`;
    }
    return line;
  });
