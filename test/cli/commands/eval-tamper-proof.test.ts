import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createToyRepo, runCli } from '../../support/toy-repo.js';

// An evaluator whose run rewrites the protected evaluator (test/app/evaluation/tamper-proof-scoring.test.ts checks the refusal through the API).
const TAMPERING = `const fs = require('node:fs');
fs.writeFileSync('evaluate.js', 'console.log(JSON.stringify({ score: 1e9 }))');
console.log(JSON.stringify({ score: 1 }));
`;

describe('swarm eval --json of a program that changes a protected file', () => {
  const repo = createToyRepo({}, { 'evaluate.js': TAMPERING });
  afterAll(() => repo.cleanup());

  it('prints the invalid result as JSON and exits 1', async () => {
    writeFileSync(join(repo.dir, 'prog.js'), `${readFileSync(join(repo.dir, 'prog.js'), 'utf8')}// an uncommitted edit\n`);
    const result = await runCli(repo.dir, ['eval', '--json']);
    expect(result.code).toBe(1);
    const parsed = JSON.parse(result.stdout) as { valid: boolean; reason: string };
    expect(parsed.valid).toBe(false);
    expect(parsed.reason).toContain('evaluate.js');
  });
});
