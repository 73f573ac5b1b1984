import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');

/** The lines of a bash script that do something: no comments, no blank lines. */
const commands = (script: string): string[] => script.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));

/** What a script may do besides the README's commands: strict mode, its folder, printing, CI=true. */
const HOUSEKEEPING = [/^set -euo pipefail$/, /^cd "\$\(dirname "\$0"\)\/\.\."$/, /^echo /, /^export CI=true$/, /^node -e "const r = require\('\.\/test-results\.json'\)/];

describe('.ci/run', () => {
  it('runs the README\'s install and test commands and nothing else that sets the machine up', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm ci && npm run example');
    expect(readme).toMatch(/```sh\nnpm test\n```/);
    const rest = commands(read('.ci/run')).filter((line) => !HOUSEKEEPING.some((pattern) => pattern.test(line)));
    expect(rest).toEqual(['npm ci --no-audit --no-fund', 'npm test']);
  });
});
