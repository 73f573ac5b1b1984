import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { doctor, type DoctorReport } from '../../../src/index.js';
import { withEnv } from '../../support/api-run.js';
import { mountTmpfs } from '../../support/tmpfs.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/**
 * `swarm doctor` on a project whose worktrees live (workspace.dir) on a small tmpfs (root only):
 * read-only, it is a problem of the project and the API backends' write check fails; with little
 * room, a warning; the API backends' write check passes on a writable one.
 */
const tmpfs = mountTmpfs('swarm-doctor-disk', '20m');
const mountPoint = tmpfs.dir;

const NO_KEYS = { ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };

describe.skipIf(!tmpfs.mounted)('swarm doctor: where the worktrees live', () => {
  let repo: ToyRepo | undefined;
  afterEach(() => {
    tmpfs.remount('rw');
    repo?.cleanup();
    repo = undefined;
  });
  afterAll(() => tmpfs.unmount());

  const diagnose = async (): Promise<DoctorReport & { project: NonNullable<DoctorReport['project']> }> => {
    const toy = createToyRepo({ agent: { backend: 'anthropic' }, workspace: { dir: mountPoint } });
    repo = toy;
    const report = await withEnv(NO_KEYS, () => doctor({ cwd: toy.dir, baseline: false }));
    if (report.project === null) throw new Error('doctor found no project in the toy repository');
    return { ...report, project: report.project };
  };

  it('a small disk: a warning with its free space; the tool loop writes there', async () => {
    const found = await diagnose();
    expect(found.project.warnings.map((w) => w.problem)).toContainEqual(expect.stringMatching(new RegExp(`^only \\d+\\.\\d MiB free where the worktrees live \\(${mountPoint}.*\\): once it is full the agents' edits fail \\(ENOSPC\\)`)));
    expect(found.project.problems.filter((p) => p.problem.includes('worktrees live'))).toEqual([]);
    const anthropic = found.backends.find((b) => b.backend === 'anthropic');
    expect(anthropic?.writes).toEqual([expect.objectContaining({ ok: true, detail: expect.stringMatching(/^a file written through the tool loop's own write path and removed/) })]);
  }, 60_000);

  it('a read-only disk: a problem of the project, and the API backends\' write check fails', async () => {
    tmpfs.remount('ro');
    const found = await diagnose();
    expect(found.project.problems.map((p) => p.problem)).toContainEqual(`the folder where the worktrees live, ${mountPoint}, is on a read-only file system (EROFS): no agent could write its worktree`);
    for (const name of ['anthropic', 'openai']) {
      const backend = found.backends.find((b) => b.backend === name);
      expect(backend?.ok).toBe(false);
      expect(backend?.writes[0]?.detail).toMatch(new RegExp(`^cannot create a directory where the worktrees live \\(${mountPoint}/.*\\): the file system of ${mountPoint} is read-only \\(EROFS\\)`));
    }
  }, 60_000);
});
