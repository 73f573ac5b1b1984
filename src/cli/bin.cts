#!/usr/bin/env node
// The `swarm` command. CommonJS on purpose: Node 20 starts its ES module loader for an ESM entry,
// which alone made `swarm --version` ~15 % slower than `node -e 0` (issue 29 asks for 1.2x).
// `--version` alone is answered here; everything else loads the ESM entry (src/cli/main.ts).
import { readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  let line: string;
  try {
    // package.json is two levels above this file in dist/ (and in src/, for tests).
    const match = /"version"\s*:\s*"([^"]+)"/.exec(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    line = `${match?.[1] ?? '0.0.0'}\n`;
  } catch {
    line = '0.0.0\n';
  }
  try {
    writeSync(1, line);
  } catch (error) {
    // A full disk or a closed pipe: the ESM entry's one line (it loads only on this failure).
    void import('./io-failure.js').then(({ ioFailureLine }) => {
      process.stderr.write(`${ioFailureLine(error, '--version') ?? `swarm: cannot write the version: ${String(error)}`}\n`);
      process.exitCode = 1;
    });
  }
} else if (!answeredStatusJson()) {
  void import('./main.js');
}

/**
 * `swarm status --json` of a long run answers from a CommonJS bundle of its own start-up path
 * (status-json-entry.ts, issue 29) without the ESM loader; where it leaves the answer to the full
 * program, main.js does not try it again.
 */
function answeredStatusJson(): boolean {
  if (args[0] !== 'status' || !args.includes('--json')) return false;
  (globalThis as { swarmStatusJsonTried?: boolean }).swarmStatusJsonTried = true;
  let answer: (argv: readonly string[]) => boolean;
  try {
    // Built beside this file in dist/; absent when bin.cts runs from src/ (tests), where main answers.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS entry loading its CommonJS sibling, on purpose
    answer = (require('./status-json.cjs') as { answerStatusJson: typeof answer }).answerStatusJson;
  } catch {
    (globalThis as { swarmStatusJsonTried?: boolean }).swarmStatusJsonTried = false;
    return false;
  }
  return answer(args);
}
