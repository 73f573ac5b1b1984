import { isAbsolute, normalize, relative } from 'node:path';
import { evaluatorScript, missingPaths } from '../../core/evaluation/missing-path.js';
import { ignoredRoot, pathStatus } from '../../workspace/path-status.js';
import { isInside } from '../../workspace/worktrees.js';
import { detectProjectKind } from '../setup/detect-project.js';

/** One thing that stops a run, and what to do about it. */
export interface Problem {
  problem: string;
  fix: string;
}

/** Ignored folders that a setup command makes rather than a link shares. */
const BUILT = /^(\.?venv|env|node_modules|\.tox|target|dist|build|out|__pypackages__|\.next)\/$/;

/** Examples of a setup that builds `folder`, in the project's own ecosystem: what `swarm init` would propose, else the folder's usual tool. */
const setupExamples = (root: string, folder: string): string => {
  const proposed = detectProjectKind(root).setup;
  if (proposed.length > 0) return `\`${proposed.join(' && ')}\``;
  const name = folder.replace(/\/$/, '');
  if (/^(\.?venv|env|__pypackages__|\.tox)$/.test(name)) return `\`python3 -m venv ${name} && ${name}/bin/python -m pip install -r requirements.txt\`, or \`-e .\` with the test runner`;
  if (name === 'node_modules' || name === '.next') return '`npm install --no-audit --no-fund` (`npm ci` where git tracks package-lock.json)';
  if (name === 'target') return '`cargo build --release --offline`';
  return 'the command that builds it in your checkout';
};

const relativePath = (path: string, root: string, worktree: string): string | null => {
  if (!isAbsolute(path)) return normalize(path).replace(/^\.\//, '');
  if (isInside(worktree, path)) return relative(worktree, path);
  if (isInside(root, path) && !isInside(`${root}/.swarm`, path)) return relative(root, path);
  return null;
};

/**
 * Why an evaluation that failed in a fresh worktree would succeed in the checkout: a path its
 * error output says is missing that the checkout has, but git ignores (it needs
 * workspace.link, .worktreeinclude or workspace.setup) or does not track (it needs a commit).
 * Null when the output names no such path.
 */
export const explainEvaluationFailure = async (input: { root: string; worktree: string; command: string; stderr: string }): Promise<Problem | null> => {
  const script = evaluatorScript(input.command) ?? 'the evaluator';
  for (const path of missingPaths(input.stderr)) {
    const rel = relativePath(path, input.root, input.worktree);
    if (rel === null || rel === '' || rel.startsWith('..')) continue;
    const status = await pathStatus(input.root, rel);
    if (status === 'ignored') {
      const folder = await ignoredRoot(input.root, rel);
      const program = (input.command.trim().split(/\s+/)[0] ?? '').replace(/^\.\//, '');
      const opened = rel === script || rel === program ? `the evaluator command runs ${rel}` : `${script} opened ${rel}`;
      if (BUILT.test(folder)) {
        return {
          problem: `${opened}, which your checkout has but git ignores (${folder} is built, not committed)`,
          fix: `add a workspace.setup command that builds ${folder} in each worktree (for this project: ${setupExamples(input.root, folder)}), or add \`${folder}\` to workspace.link if it holds no code of the project (swarm refuses to link one that does)`,
        };
      }
      return { problem: `${opened}, which your checkout has but git ignores`, fix: `add \`${folder}\` to workspace.link or .worktreeinclude` };
    }
    if (status === 'absent' && /^(node_modules|\.?venv)\//.test(rel)) {
      const folder = `${rel.split('/')[0] ?? rel}/`;
      return {
        problem: `${script} needs ${rel}, which no worktree has (${folder} is installed, not committed)`,
        fix: `add a workspace.setup command that installs it in each worktree (for this project: ${setupExamples(input.root, folder)})`,
      };
    }
    if (status === 'untracked') {
      return { problem: `${script === rel ? 'the evaluator' : script} needs ${rel}, which your checkout has but git does not track, so no worktree has it`, fix: `commit it: git add ${rel} && git commit -m "add ${rel}"` };
    }
  }
  return null;
};
