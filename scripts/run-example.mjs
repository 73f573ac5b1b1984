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
console.error(`\nexplore further: cd ${dir} && node ${cli} graph --format mermaid`);
process.exit(run.status ?? 1);
