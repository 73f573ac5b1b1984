import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliResult } from '../../support/toy-repo.js';
import { SENTINEL_SECRET, attack, hostileSetup, readRun, type HostileSetup } from './hostile-repo.js';

/** The run ended on its own (0, or 1 for a run whose attempts all failed), with its summary and no crash. */
const endedNormally = (run: CliResult): void => {
  expect([0, 1], run.stderr).toContain(run.code);
  expect(run.stdout).toMatch(/run r1 finished/);
  expect(run.stderr).not.toMatch(/a bug|unexpected error/i);
};

/** Every file under `dir`, read as text: what the run kept (logs, artifacts, the database). */
const textsUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'));

/**
 * Attacks an agent (a `command` agent: any program, with the user's rights) makes on the driver
 * from its worktree, against the built CLI with default settings. Each leaves the user's checkout
 * and a sentinel directory byte-identical, and the run ends normally (a hang fails the test by
 * its timeout).
 */
describe('a hostile agent cannot make swarm act outside its worktree', () => {
  let setup: HostileSetup | null = null;
  afterEach(() => {
    setup?.cleanup();
    setup = null;
  });

  it('a .swarm replaced by a link to the user\'s checkout: nothing deleted there, the attempt invalid with escaping-symlink', async () => {
    setup = hostileSetup('mv .swarm .swarm.moved\nln -s ../../.. .swarm');
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    expect(existsSync(join(setup.repo.dir, 'data.csv'))).toBe(true);
    const { attempts, events } = readRun(setup);
    expect(attempts.map((a) => [a.status, a.flags])).toEqual([['invalid', ['escaping-symlink']]]);
    expect(attempts[0]?.reason).toContain('.swarm -> ../../..');
    expect(events.some((e) => e.type === 'attempt.refused-path')).toBe(true);
  }, 120_000);

  it('a .swarm replaced by a link to another directory: nothing there deleted or renamed', async () => {
    setup = hostileSetup('rm -rf .swarm\nln -s "$SENTINEL" .swarm');
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    expect(readRun(setup).attempts.map((a) => a.flags)).toEqual([['escaping-symlink']]);
  }, 120_000);

  it('artifacts and findings.md linked outside: nothing read from or written through the links', async () => {
    setup = hostileSetup(
      'ln -s "$SENTINEL" out\nln -s "$SENTINEL/secret.txt" result.txt\nrm -f findings.md\nln -s "$SENTINEL/notes.md" findings.md\n"$SWARM_BIN" eval --json > "$SEEN/eval.json"',
      { evaluator: { artifacts: ['out/**', 'result.txt', '*.md'] } },
    );
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    // The agent's own evaluation ran (collecting artifacts) and the secret reached no log, artifact or row.
    expect(JSON.parse(readFileSync(join(setup.seen, 'eval.json'), 'utf8'))).toMatchObject({ evaluatedBy: 'driver' });
    expect(textsUnder(join(setup.repo.dir, '.swarm')).filter((text) => text.includes(SENTINEL_SECRET))).toEqual([]);
    expect(readRun(setup).attempts.map((a) => [a.status, a.flags])).toEqual([['invalid', ['escaping-symlink']]]);
  }, 120_000);

  it('a FIFO planted at a hand-off request\'s final path: answered, and the run ends', async () => {
    setup = hostileSetup('mkfifo .swarm/eval/req-00000000000000f1.json\n"$SWARM_BIN" eval --json > "$SEEN/eval.json"\necho "// x" >> prog.js');
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    expect(JSON.parse(readFileSync(join(setup.seen, 'eval.json'), 'utf8'))).toMatchObject({ evaluatedBy: 'driver', recorded: true });
    const { events } = readRun(setup);
    expect(events.filter((e) => e.type === 'attempt.self-eval-failed').map((e) => JSON.parse(e.data_json))).toContainEqual({ reason: 'the request is not a regular file', source: 'driver' });
  }, 120_000);

  it('the hand-off folder swapped for a link to a directory of requests while swarm eval waits: nothing taken from there', async () => {
    setup = hostileSetup(
      [
        '"$SWARM_BIN" eval --json > "$SEEN/eval.json" &',
        'i=0',
        'while [ $i -lt 40 ]; do',
        '  mv .swarm/eval .swarm/eval.x && ln -s "$SENTINEL" .swarm/eval',
        '  sleep 0.05',
        '  rm .swarm/eval && mv .swarm/eval.x .swarm/eval',
        '  i=$((i+1))',
        'done',
        'wait',
      ].join('\n'),
    );
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
  }, 120_000);

  it('a 1 GB request (sparse): refused by its size, unread', async () => {
    setup = hostileSetup(
      [
        'truncate -s 1G .swarm/eval/req-00000000000000b1.tmp',
        'mv .swarm/eval/req-00000000000000b1.tmp .swarm/eval/req-00000000000000b1.json',
        'while [ ! -e .swarm/eval/res-00000000000000b1.json ]; do sleep 0.05; done',
        'cp .swarm/eval/res-00000000000000b1.json "$SEEN/response.json"',
        'rm .swarm/eval/res-00000000000000b1.json',
      ].join('\n'),
    );
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    expect(JSON.parse(readFileSync(join(setup.seen, 'response.json'), 'utf8'))).toEqual({ version: 1, ok: false, error: 'the request is larger than 4096 bytes' });
  }, 120_000);

  it('the worktree\'s .git pointed at the main repository through ../..: swarm commits to the attempt branch, not the user\'s', async () => {
    setup = hostileSetup('printf "ref: refs/heads/main\\n" > "$(sed -n "s/^gitdir: //p" .git)/HEAD"\nprintf "gitdir: ../../../.git\\n" > .git\necho "// tuned" >> prog.js');
    const main = setup.repo.git('rev-parse', 'main');
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    expect(setup.repo.git('rev-parse', 'main')).toBe(main);
    expect(setup.repo.git('log', '-1', '--format=%s', 'swarm/r1/a2')).toMatch(/^a2: /);
    const { attempts, events } = readRun(setup);
    expect(attempts.map((a) => a.status)).toEqual(['scored']);
    const restored = events.filter((e) => e.type === 'attempt.refused-path').map((e) => e.data_json).join();
    expect(restored).toContain('/.git and HEAD of');
  }, 120_000);

  it('the worktree deleted mid-attempt and replaced by a link to another directory: the attempt fails, nothing there touched', async () => {
    setup = hostileSetup('W="$PWD"\ncd ..\nrm -rf "$W"\nln -s "$SENTINEL" "$W"');
    const { run, checkout, sentinel } = await attack(setup);
    endedNormally(run);
    expect(checkout[1]).toBe(checkout[0]);
    expect(sentinel[1]).toBe(sentinel[0]);
    const { attempts } = readRun(setup);
    expect(attempts.map((a) => [a.status, a.reason])).toEqual([['failed', expect.stringContaining('is gone or not a directory')]]);
    expect(readdirSync(join(setup.repo.dir, '.swarm', 'worktrees'))).toEqual([]);
  }, 120_000);
});
