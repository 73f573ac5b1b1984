#!/usr/bin/env node
// Copies an example into a fresh git repository and runs the swarm on it, offline.
// Usage: npm run example [-- <name> [target-dir] [swarm run flags...]]
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const examples = readdirSync(join(root, 'examples'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const [name = 'circle-packing', target, ...flags] = process.argv.slice(2);
if (!examples.includes(name)) {
  console.error(`unknown example "${name}"; choose one of: ${examples.join(', ')}`);
  process.exit(2);
}
const dir = target && !target.startsWith('-') ? resolve(target) : mkdtempSync(join(tmpdir(), `swarm-${name}-`));
if (target && target.startsWith('-')) flags.unshift(target);
if (existsSync(join(dir, '.git'))) {
  console.error(`${dir} is already a git repository; pick an empty directory`);
  process.exit(2);
}
cpSync(join(root, 'examples', name), dir, { recursive: true });
const git = (...args) => execFileSync('git', ['-c', 'user.name=swarm example', '-c', 'user.email=example@swarm.local', ...args], { cwd: dir, stdio: 'ignore' });
git('init', '-q', '-b', 'main');
git('add', '-A');
git('commit', '-q', '-m', `baseline: ${name} example`);
console.error(`example ${name} copied to ${dir}`);
const cli = join(root, 'dist', 'cli', 'main.js');
const run = spawnSync(process.execPath, [cli, 'run', ...flags], { cwd: dir, stdio: 'inherit' });
spawnSync(process.execPath, [cli, 'status'], { cwd: dir, stdio: 'inherit' });

// The pictures go under .swarm/ (git ignores it there), drawn by swarm itself.
const pictures = [
  ['the evolution tree', ['graph', '--format', 'png', '-o', join(dir, '.swarm', 'tree.png')], join(dir, '.swarm', 'tree.png')],
  ['the score plot', ['plot', '--format', 'png', '-o', join(dir, '.swarm', 'plot.png')], join(dir, '.swarm', 'plot.png')],
  ['the report (open it in a browser)', ['report', '-o', join(dir, '.swarm', 'report.html')], join(dir, '.swarm', 'report.html')],
];
console.error('');
for (const [what, args, file] of pictures) {
  const drawn = spawnSync(process.execPath, [cli, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  console.error(drawn.status === 0 ? `${what}: ${file}` : `${what}: not written (swarm ${args[0]} exited with ${drawn.status})`);
}
console.error(`\nexplore further: cd ${dir} && node ${cli} status --watch, show <attempt> --diff, graph --format svg`);
process.exit(run.status ?? 1);
