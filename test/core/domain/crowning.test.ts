import { describe, expect, it } from 'vitest';
import { crownable, crownableSql } from '../../../src/core/domain/crowning.js';

describe('crownable', () => {
  it('refuses comments-only, within-noise and near-duplicate attempts, and nothing else', () => {
    expect(crownable(['comments-only'])).toBe(false);
    expect(crownable(['within-noise'])).toBe(false);
    expect(crownable(['near-duplicate:a3'])).toBe(false);
    expect(crownable(['reused:a2', 'output-unchanged'])).toBe(true);
    expect(crownable([])).toBe(true);
    expect(crownable(undefined)).toBe(true);
  });

  it('writes the same rule as SQL', () => {
    expect(crownableSql('a.flags_json')).toBe(`a.flags_json NOT LIKE '%"comments-only"%' AND a.flags_json NOT LIKE '%"within-noise"%' AND a.flags_json NOT LIKE '%"near-duplicate:%'`);
  });
});
