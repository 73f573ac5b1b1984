import { z } from 'zod';
import { positiveDurationSchema } from './schema-primitives.js';

/**
 * The files whose content decides whether a prepared environment can be reused: the lock files,
 * and the manifests that list dependencies where no lock file pins them (a changed dependency
 * list must rebuild, not reuse a stale environment).
 */
export const DEFAULT_SETUP_KEY = ['uv.lock', 'poetry.lock', 'requirements*.txt', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'Cargo.lock', 'go.sum', 'pyproject.toml', 'setup.py', 'setup.cfg', 'package.json'];

/** The `workspace` section: how every worktree (the baseline's and doctor's included) is provisioned. */
export const workspaceSchema = z.strictObject({
  dir: z.string().min(1).nullable().default(null)
    .describe('Folder (absolute, or relative to the project folder) under which this project\'s worktrees and the `swarm` shim agents call live, in <dir>/<project>-<hash>/: put it on storage every cluster node sees at the same path when agent.runner or evaluator.runner is "slurm" (swarm doctor checks it with a one-second job). null = .swarm/worktrees in the repository.'),
  include: z.array(z.string().min(1)).default([])
    .describe('Extra gitignore-syntax patterns (relative to the project folder), added to those of .worktreeinclude: ignored files of the checkout that match are copied into every worktree (copy-on-write where the filesystem allows), never over a tracked file.'),
  link: z.array(z.string().min(1)).default([])
    .describe('Ignored paths of the checkout (datasets, weights, caches) shared into every worktree as symlinks to the checkout\'s copy; read-only under the bwrap sandbox, and without it an evaluation that changes a file\'s size or mtime below one is invalid.'),
  setup: z.array(z.string().min(1)).default([])
    .describe('Shell commands run in every new worktree before the agent starts (e.g. "uv sync --frozen", "npm ci --prefer-offline"), with SWARM_REPO_ROOT and the evaluator\'s environment; logged in .swarm/logs/<attempt>/setup.log. A failing command is an infrastructure failure.'),
  setupTimeout: positiveDurationSchema.prefault('10m').describe('Timeout of each workspace.setup command.'),
  setupKey: z.array(z.string().min(1)).default(DEFAULT_SETUP_KEY)
    .describe('Globs (picomatch syntax, relative to the repository root) of the files whose content keys a prepared environment: while they and workspace.setup are unchanged, what setup made is copied from the cache instead of running setup again.'),
  pool: z.boolean().default(true)
    .describe('Reuse attempts\' worktrees: a finished attempt\'s worktree is parked and the next attempt switches it to its own branch, so git writes only the files that differ and untracked files are cleaned, except provisioned ones no agent changed (those it changed are restored). false: a new worktree per attempt.'),
  sparse: z.array(z.string().min(1)).default([])
    .describe('Sparse-checkout patterns (gitignore syntax, git\'s non-cone mode, relative to the repository root) for every attempt\'s worktree, e.g. ["/src/", "/evaluate.py"]: only matching files are written. Empty: full checkouts. Sets extensions.worktreeConfig in the repository\'s config.'),
  submodules: z.boolean().default(true)
    .describe('Check out submodules in every worktree at the commit its tree records, cloned from the main repository\'s module store (no network).'),
}).transform(({ setupTimeout, ...workspace }) => ({ ...workspace, setupTimeoutMs: setupTimeout }));

export type WorkspaceConfig = z.output<typeof workspaceSchema>;
