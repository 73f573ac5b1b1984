import { join, relative } from 'node:path';
import picomatch from 'picomatch';
import type { SwarmConfig } from '../../config-assembly/index.js';
import { evaluatorScript } from '../../core/evaluation/missing-path.js';
import { repoGlobs, repoPath } from '../../workspace/locate-project.js';
import { pathStatus, uncommittedPaths } from '../../workspace/path-status.js';
import { matchProtected } from '../../workspace/protected-paths.js';
import type { Problem } from './explain-failure.js';

export interface ProjectCheck {
  /** What stops a run from working as the user expects. */
  problems: Problem[];
  /** What weakens it without stopping it (an unprotected evaluator). */
  warnings: Problem[];
}

/**
 * The files a run starts from that are not committed (every attempt starts from the last commit,
 * so an uncommitted evaluator, program or config is not what attempts get), and an evaluator an
 * agent may change because evaluator.protect does not name it.
 *
 * The config's paths are relative to the project folder (`subdir` of the repository, '' at its
 * root); git names paths relative to the repository root, so each is matched as git names it,
 * and the `git add` of a fix names it as seen from the project folder (where swarm is run).
 */
export const checkProject = async (root: string, config: SwarmConfig, configFile: string | null, subdir = ''): Promise<ProjectCheck> => {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const script = evaluatorScript(config.evaluator.command)?.replace(/^\.\//, '') ?? null;
  const scriptStatus = script === null ? 'absent' : await pathStatus(root, repoPath(subdir, script));
  const named = new Map<string, string>();
  if (configFile !== null) named.set(relative(root, configFile).split('\\').join('/'), 'the config');
  named.set(repoPath(subdir, config.task.prompt), 'the task prompt');
  if (script !== null && scriptStatus !== 'absent') named.set(repoPath(subdir, script), 'the evaluator');
  const isSolution = config.task.solutionFiles.length === 0 ? () => false : picomatch(repoGlobs(subdir, config.task.solutionFiles), { dot: true });
  const changed = await uncommittedPaths(root, [subdir === '' ? '.' : subdir]);
  const projectDir = join(root, subdir);
  for (const { path, untracked } of changed) {
    const role = named.get(path) ?? (isSolution(path) ? 'a solution file' : null);
    if (role === null) continue;
    const own = relative(projectDir, join(root, path)).split('\\').join('/');
    const where = subdir === '' ? '' : ` (in ${subdir})`;
    problems.push({
      problem: `${path} (${role}) ${untracked ? 'is not committed' : 'has uncommitted changes'}; every attempt starts from the last commit, so it ${untracked ? 'would be missing' : 'would be the committed version'}`,
      fix: `commit it${where}: git add ${own} && git commit -m "${untracked ? 'add' : 'update'} ${own}"`,
    });
  }
  // An evaluator command that builds its script first (`npm run build && node dist/main.js`) may run an ignored one.
  if (script !== null && scriptStatus === 'ignored' && !/&&|;|\|\|/.test(config.evaluator.command)) {
    problems.push({ problem: `the evaluator ${repoPath(subdir, script)} is ignored by git, so no worktree has it`, fix: `commit it (git add -f ${script}), or carry it with .worktreeinclude` });
  }
  if (script !== null && scriptStatus !== 'absent' && matchProtected([script], config.evaluator.protect).length === 0) {
    warnings.push({ problem: `the evaluator ${script} is not protected: an agent could change how it is scored`, fix: `add "${script}" to evaluator.protect` });
  }
  problems.push(...checkoutPathsIn(root, config));
  return { problems, warnings };
};

/**
 * The evaluator's command and environment must not name the checkout by its absolute path
 * (`PYTHONPATH=/home/me/proj/src`): every worktree's evaluation would import or read the
 * checkout's files, not the attempt's. `.swarm/` (swarm's own files) is fine.
 */
const checkoutPathsIn = (root: string, config: SwarmConfig): Problem[] => {
  const names = (text: string): boolean => text.split(/[\s:;=,"']+/).some((part) => (part === root || part.startsWith(`${root}/`)) && !part.startsWith(`${root}/.swarm`));
  const named = [
    ...(names(config.evaluator.command) ? ['evaluator.command'] : []),
    ...Object.entries(config.evaluator.env).filter(([, value]) => names(value)).map(([key]) => `evaluator.env.${key}`),
  ];
  return named.map((key) => ({
    problem: `${key} names your checkout (${root}) by its absolute path, so every attempt's evaluation would import or read the checkout's files, not the attempt's`,
    fix: 'use a path relative to the project folder (evaluations run in the attempt\'s copy of it), or $SWARM_WORKTREE',
  }));
};
