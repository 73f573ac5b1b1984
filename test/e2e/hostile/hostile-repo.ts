import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { createToyRepo, runCli, type CliResult, type ToyRepo } from '../../support/toy-repo.js';

/**
 * A user's checkout, a sentinel directory beside it that no run has any business touching, and
 * a `command` agent that is a shell script attacking the driver from its worktree.
 */
export interface HostileSetup {
  repo: ToyRepo;
  /** A directory outside the repository the agent knows about (as `$SENTINEL`). */
  sentinel: string;
  /** Where the agent may leave what it saw (as `$SEEN`): outside both hashes. */
  seen: string;
  cleanup: () => void;
}

export const SENTINEL_SECRET = 'SENTINEL-SECRET-7f3a';

/** Every entry under `root` (paths, kinds, modes, contents, link targets), hashed; `skip` names top-level entries left out. */
export const hashTree = (root: string, skip: readonly string[] = []): string => {
  const hash = createHash('sha256');
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (rel === '' && skip.includes(name)) continue;
      const path = join(dir, name);
      const stat = lstatSync(path);
      hash.update(`${rel}${name}\0${stat.mode}\0`);
      if (stat.isSymbolicLink()) hash.update(`-> ${readlinkSync(path)}\0`);
      else if (stat.isDirectory()) walk(path, `${rel}${name}/`);
      else if (stat.isFile()) hash.update(readFileSync(path));
    }
  };
  walk(root, '');
  return hash.digest('hex');
};

/**
 * The user's side of the repository: every file but swarm's own `.swarm/` and git's database,
 * plus what of `.git` a user sees (HEAD, config, hooks, the main branch, the index's view).
 */
export const hashCheckout = (repo: ToyRepo): string => {
  const git = createHash('sha256');
  for (const file of ['HEAD', 'config']) git.update(readFileSync(join(repo.dir, '.git', file)));
  git.update(hashTree(join(repo.dir, '.git', 'hooks')));
  git.update(repo.git('rev-parse', 'refs/heads/main'));
  git.update(repo.git('status', '--porcelain', '--untracked-files=all'));
  return `${hashTree(repo.dir, ['.swarm', '.git'])}:${git.digest('hex')}`;
};

/** A toy repository whose one search attempt runs `script` (sh, in its worktree, with $SENTINEL and $SEEN set). */
export const hostileSetup = (script: string, config: Record<string, unknown> = {}): HostileSetup => {
  const outside = mkdtempSync(join(tmpdir(), 'swarm-hostile-'));
  const sentinel = join(outside, 'sentinel');
  const seen = join(outside, 'seen');
  mkdirSync(join(sentinel, 'eval'), { recursive: true });
  mkdirSync(seen);
  writeFileSync(join(sentinel, 'secret.txt'), `${SENTINEL_SECRET}\n`);
  writeFileSync(join(sentinel, 'notes.md'), '# notes of the user\n');
  writeFileSync(join(sentinel, '.gitignore'), 'keep\n');
  writeFileSync(join(sentinel, 'eval', 'data.csv'), 'x,y\n1,2\n');
  writeFileSync(join(sentinel, 'req-00000000000000cc.json'), JSON.stringify({ version: 1 }));
  const agent = join(outside, 'agent.sh');
  writeFileSync(agent, `#!/bin/sh\nSENTINEL='${sentinel}'\nSEEN='${seen}'\n${script}\necho "tried to break out"\n`);
  chmodSync(agent, 0o755);
  const repo = createToyRepo(
    {
      agent: { backend: 'command', timeout: '60s', command: { argv: [agent, '{prompt}'], output: 'text' } },
      budget: { attempts: 1 },
      concurrency: { agents: 1, evaluations: 1 },
      shepherd: { initialExplorers: 1, waveSize: 1, mergeEvery: 0 },
      ...config,
    },
    { '.gitignore': 'node_modules/\n', 'data.csv': 'x,y\n' },
  );
  return {
    repo,
    sentinel,
    seen,
    cleanup: () => {
      repo.cleanup();
      rmSync(outside, { recursive: true, force: true });
    },
  };
};

/** Runs `swarm run` as a user would and returns its result with both hashes before and after. */
export const attack = async (setup: HostileSetup): Promise<{ run: CliResult; checkout: [string, string]; sentinel: [string, string] }> => {
  const before = { checkout: hashCheckout(setup.repo), sentinel: hashTree(setup.sentinel) };
  const run = await runCli(setup.repo.dir, ['run']);
  return { run, checkout: [before.checkout, hashCheckout(setup.repo)], sentinel: [before.sentinel, hashTree(setup.sentinel)] };
};

const attemptRow = z.object({ id: z.string(), status: z.string(), reason: z.string().nullable(), flags_json: z.string() });
const eventRow = z.object({ type: z.string(), data_json: z.string() });

/** The search attempts of the run (the baseline left out) and its events, read from the database. */
export const readRun = (setup: { repo: ToyRepo }): {
  attempts: Array<z.infer<typeof attemptRow> & { flags: string[] }>;
  baseline: string;
  events: Array<z.infer<typeof eventRow>>;
} => {
  const db = new Database(join(setup.repo.dir, '.swarm', 'swarm.db'), { readonly: true });
  try {
    const baseline = z.object({ status: z.string() }).parse(db.prepare("SELECT status FROM attempts WHERE role = 'baseline'").get()).status;
    const attempts = z.array(attemptRow).parse(db.prepare("SELECT id, status, reason, flags_json FROM attempts WHERE role != 'baseline' ORDER BY created_at").all());
    return {
      attempts: attempts.map((a) => ({ ...a, flags: z.array(z.string()).parse(JSON.parse(a.flags_json)) })),
      baseline,
      events: z.array(eventRow).parse(db.prepare('SELECT type, data_json FROM events ORDER BY id').all()),
    };
  } finally {
    db.close();
  }
};
