import { describe, expect, it } from 'vitest';
import { overridesJson, parseStoredOverrides, resumeOverrides } from '../../../src/app/run/run-overrides.js';

describe('resume overrides', () => {
  it('keeps the stored flags on a plain resume', () => {
    expect(resumeOverrides({ attempts: 40, agent: 'codex' }, {})).toEqual({ overrides: { attempts: 40, agent: 'codex' }, note: 'keeps --attempts 40 --agent codex' });
  });

  it('applies a flag given again with another value, and a new one, naming both', () => {
    const resumed = resumeOverrides({ attempts: 40, agent: 'codex' }, { attempts: 60, seed: 2, agent: 'codex' });
    expect(resumed.overrides).toEqual({ attempts: 60, agent: 'codex', seed: 2 });
    expect(resumed.note).toBe('keeps --agent codex; applies --attempts 60 (was 40), --seed 2 (new)');
  });

  it('has nothing to say for a run without flags resumed without flags', () => {
    expect(resumeOverrides({}, {})).toEqual({ overrides: {}, note: null });
  });

  it('stores only the keys set and reads back only known keys of the right type', () => {
    expect(overridesJson({ attempts: 5, model: undefined })).toBe('{"attempts":5}');
    expect(parseStoredOverrides('{"attempts":5,"model":"m"}')).toEqual({ attempts: 5, model: 'm' });
    expect(parseStoredOverrides('{"attempts":"five"}')).toEqual({});
    expect(parseStoredOverrides('not json')).toEqual({});
  });
});
