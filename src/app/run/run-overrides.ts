import { overrideFlag, type ConfigOverrides } from '../../config-assembly/index.js';
import { definedEntries, overridesJson, parseStoredOverrides, type OverrideName } from '../../config/stored-overrides.js';

export { overridesJson, parseStoredOverrides };

const flagText = (name: OverrideName, value: string | number): string => `${overrideFlag(name)} ${String(value)}`;

export interface ResumedOverrides {
  /** The run's stored flags with the ones given now on top. */
  overrides: ConfigOverrides;
  /** What the resumed run keeps and what changes, for its "resuming" line; null when it has no flags and none are new. */
  note: string | null;
}

/**
 * A resumed run keeps the flags it was started with; a flag given again with another value wins and
 * is stored for the next resume.
 */
export const resumeOverrides = (stored: ConfigOverrides, given: ConfigOverrides): ResumedOverrides => {
  const storedEntries = new Map(definedEntries(stored));
  const merged: ConfigOverrides = { ...Object.fromEntries(storedEntries), ...Object.fromEntries(definedEntries(given)) };
  const changes = definedEntries(given).filter(([name, value]) => storedEntries.get(name) !== value);
  const changedNames = new Set(changes.map(([name]) => name));
  const changed = changes.map(([name, value]) => {
    const before = storedEntries.get(name);
    return `${flagText(name, value)} (${before === undefined ? 'new' : `was ${String(before)}`})`;
  });
  const kept = [...storedEntries].filter(([name]) => !changedNames.has(name)).map(([name, value]) => flagText(name, value));
  const parts = [
    ...(kept.length > 0 ? [`keeps ${kept.join(' ')}`] : []),
    ...(changed.length > 0 ? [`applies ${changed.join(', ')}`] : []),
  ];
  return { overrides: merged, note: parts.length === 0 ? null : parts.join('; ') };
};
