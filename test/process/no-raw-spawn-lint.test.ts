import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const restrictedImports = async (code: string, filePath: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
};

describe('the lint rule that keeps child processes in src/process', () => {
  it.each([
    "import { spawn } from 'node:child_process';",
    "import { execFile } from 'child_process';",
    "import { execa } from 'execa';",
  ])('rejects `%s` outside src/process', async (line) => {
    const messages = await restrictedImports(`${line}\nexport const unused = 1;\n`, 'src/app/steer/new-thing.ts');
    expect(messages).toEqual([expect.stringContaining('src/process')]);
  });

  it('allows them inside src/process', async () => {
    expect(await restrictedImports("import { execa } from 'execa';\nexport const run = execa;\n", 'src/process/new-thing.ts')).toEqual([]);
  });
});
