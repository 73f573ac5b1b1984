import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: fileURLToPath(new URL('../../eslint.config.js', import.meta.url)) });

/** The purity messages the project's lint config reports for `source` placed at `filePath`. */
const purityViolations = async (source: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${source}\nexport const used = [x];\n`, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
};

describe('the core purity lint rule', () => {
  it.each([
    ["import { x } from '../../store/records.js';", 'src/core/policies/probe.ts'],
    ["import { x } from '../store/records.js';", 'src/core/probe.ts'],
    ["import type { x } from '../../../app/run/run-context.js';", 'src/core/policies/deep/probe.ts'],
    ["import { x } from '../../workspace/index.js';", 'src/core/limits/probe.ts'],
    ["import { x } from 'node:fs';", 'src/core/policies/probe.ts'],
    ["import x from 'fs';", 'src/core/policies/probe.ts'],
    ["import { x } from 'fs/promises';", 'src/core/policies/probe.ts'],
    ["import x from 'child_process';", 'src/core/probe.ts'],
    ["import { x } from 'execa';", 'src/core/policies/probe.ts'],
  ])('reports %s in %s', async (source, filePath) => {
    const messages = await purityViolations(source, filePath);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('src/core stays pure');
  });

  it('lets core import core and zod, and other folders import the store', async () => {
    expect(await purityViolations("import { x } from '../score.js';", 'src/core/policies/probe.ts')).toEqual([]);
    expect(await purityViolations("import { x } from './policies/greedy.js';", 'src/core/probe.ts')).toEqual([]);
    // A core folder named like a builtin is still core.
    expect(await purityViolations("import { x } from './domain/events.js';", 'src/core/probe.ts')).toEqual([]);
    expect(await purityViolations("import { z as x } from 'zod';", 'src/core/policies/probe.ts')).toEqual([]);
    expect(await purityViolations("import { x } from '../../store/records.js';", 'src/app/run/probe.ts')).toEqual([]);
  });
});
