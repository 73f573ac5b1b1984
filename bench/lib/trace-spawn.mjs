// Diagnostic preload (`node --import`): logs every child process the CLI spawns as a JSON line in
// $BENCH_TRACE_FILE: start/end (epoch ms), argv, and whether a git child wrote any output (simple-git
// waits 50 ms after a child that wrote nothing). Used only for the diagnostic run, never for figures.
import childProcess from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { performance } from 'node:perf_hooks';

const file = process.env.BENCH_TRACE_FILE;
const original = childProcess.spawn;
const epoch = () => performance.timeOrigin + performance.now();

childProcess.spawn = function tracedSpawn(command, args, ...rest) {
  const start = epoch();
  const child = original.call(this, command, args, ...rest);
  const argv = [command, ...(Array.isArray(args) ? args : [])].map(String);
  const isGit = command === 'git';
  let output = false;
  if (isGit) {
    const seen = () => {
      output = true;
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
  }
  child.once('exit', () => {
    const line = { start, end: epoch(), git: isGit, output, argv: argv.join(' ').slice(0, 300) };
    if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
  return child;
};
syncBuiltinESMExports();
