import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A user's repository built in a temp dir, as a new user would bring it. */
export interface ProjectRepo {
  dir: string;
  git: (...args: string[]) => string;
  write: (files: Record<string, string>) => void;
  /** Writes `.swarmrc.json` (merged over the base config) and commits it. */
  configure: (config: Record<string, unknown>) => void;
  sh: (command: string) => string;
  cleanup: () => void;
}

const ENV = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_')));

export const makeProject = (files: Record<string, string>, baseConfig: Record<string, unknown>): ProjectRepo => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'swarm-project-')));
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'protocol.file.allow=always', ...args], { cwd: dir, encoding: 'utf8', env: ENV });
  const write = (more: Record<string, string>): void => {
    for (const [name, text] of Object.entries(more)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
  };
  const configure = (config: Record<string, unknown>): void => {
    write({ '.swarmrc.json': JSON.stringify({ ...baseConfig, ...config }, null, 2) });
    git('add', '-A');
    git('commit', '-q', '-m', 'configure swarm');
  };
  const sh = (command: string): string => execFileSync('/bin/sh', ['-c', command], { cwd: dir, encoding: 'utf8', env: ENV });
  write({ ...files, '.swarmrc.json': JSON.stringify(baseConfig, null, 2) });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'baseline');
  return { dir, git, write, configure, sh, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};

/** Small and quick: three attempts of the offline local agent, one at a time. */
export const RUN_SETTINGS = {
  budget: { attempts: 3 },
  concurrency: { agents: 1, evaluations: 1 },
  shepherd: { initialExplorers: 2, waveSize: 2 },
};

/** A program the local agent can mutate: one constant inside an EVOLVE-BLOCK. */
export const PY_PROGRAM = `# EVOLVE-BLOCK-START
SCALE = 1.0
# EVOLVE-BLOCK-END


def score(points):
    return -sum((x * SCALE - y) ** 2 for x, y in points)
`;
