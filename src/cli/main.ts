#!/usr/bin/env node
import { readFileSync, writeSync } from 'node:fs';

/** swarm's version, from its package.json (two levels above this entry in src/ and in dist/). */
const version = (): string => {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const match = /"version"\s*:\s*"([^"]+)"/.exec(text);
  return match?.[1] ?? '0.0.0';
};

// `swarm --version` (alone) answers before commander and the command table load; everything else
// goes through the program (src/cli/program.ts), a chunk of the bundle loaded here. The entry
// imports nothing of ours statically: each module the loader resolves before the answer costs
// start-up time (--version within 1.2x of `node -e 0`), so even the failure line loads on failure.
const args = process.argv.slice(2);

/**
 * `status --json` of a long run answers from its own start-up path (status-json-entry.ts), unless
 * bin.cjs already tried it (its CommonJS copy) and left it to the full program.
 */
async function answeredStatusJson(argv: string[]): Promise<boolean> {
  if (argv[0] !== 'status' || !argv.includes('--json') || (globalThis as { swarmStatusJsonTried?: boolean }).swarmStatusJsonTried === true) return false;
  const { answerStatusJson } = await import('./status-json-entry.js');
  return answerStatusJson(argv);
}
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  try {
    writeSync(1, `${version()}\n`);
  } catch (error) {
    // A full disk or a closed pipe: one line, as every other command says it.
    const { ioFailureLine } = await import('./io-failure.js');
    process.stderr.write(`${ioFailureLine(error, '--version') ?? `swarm: cannot write the version: ${String(error)}`}\n`);
    process.exitCode = 1;
  }
} else if (!(await answeredStatusJson(args))) {
  const { main } = await import('./program.js');
  await main(version());
}
