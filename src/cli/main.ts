#!/usr/bin/env node
import { readFileSync, writeSync } from 'node:fs';
import { ioFailureLine } from './io-failure.js';

/** swarm's version, from its package.json (two levels above this entry in src/ and in dist/). */
const version = (): string => {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const match = /"version"\s*:\s*"([^"]+)"/.exec(text);
  return match?.[1] ?? '0.0.0';
};

// `swarm --version` (alone) answers before commander and the command table load; everything else
// goes through the program (src/cli/program.ts), a chunk of the bundle loaded here.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  try {
    writeSync(1, `${version()}\n`);
  } catch (error) {
    // A full disk or a closed pipe: one line, as every other command says it.
    process.stderr.write(`${ioFailureLine(error, '--version') ?? `swarm: cannot write the version: ${String(error)}`}\n`);
    process.exitCode = 1;
  }
} else {
  const { main } = await import('./program.js');
  await main(version());
}
