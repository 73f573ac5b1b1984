import { mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../src/agents/api-loop/tool-context.js';
import { runTool } from '../../../src/agents/api-loop/tools.js';
import { createTempWorktree, type TempWorktree } from '../local/temp-worktree.js';

describe('agent loop tools', () => {
  let tmp: TempWorktree;
  let ctx: ToolContext;
  const call = (name: string, input: unknown, raw?: string) => runTool(ctx, { id: 't1', name, arguments: raw ?? JSON.stringify(input) });

  beforeEach(async () => {
    tmp = await createTempWorktree();
    await tmp.write('src/prog.js', 'const a = 1;\nconst b = 1;\n');
    await writeFile(join(tmp.root, 'secret.txt'), 'outside');
    ctx = {
      root: await realpath(tmp.worktree),
      env: {},
      signal: new AbortController().signal,
      commandTimeoutMs: 5000,
      evalTimeoutMs: 5000,
      outputChars: 400,
      logDir: tmp.logDir,
      evalArgv: undefined,
    };
  });
  afterEach(() => tmp.cleanup());

  it('reads, lists, writes and edits inside the worktree', async () => {
    expect(await call('read_file', { path: 'src/prog.js' })).toMatchObject({ isError: false, content: 'const a = 1;\nconst b = 1;\n' });
    expect((await call('list_files', {})).content.split('\n')).toEqual(['src/', 'src/prog.js']);
    expect(await call('write_file', { path: 'new/dir/x.txt', content: 'hi' })).toMatchObject({ isError: false });
    expect(await readFile(join(tmp.worktree, 'new/dir/x.txt'), 'utf8')).toBe('hi');
    expect(await call('edit_file', { path: 'src/prog.js', search: 'const a = 1;', replace: 'const a = 2;' })).toMatchObject({ isError: false });
    expect(await readFile(join(tmp.worktree, 'src/prog.js'), 'utf8')).toBe('const a = 2;\nconst b = 1;\n');
  });

  it('refuses edits whose search text is missing or ambiguous, leaving the file unchanged', async () => {
    const missing = await call('edit_file', { path: 'src/prog.js', search: 'const c', replace: 'x' });
    expect(missing.isError).toBe(true);
    expect(missing.content).toMatch(/not found/);
    const twice = await call('edit_file', { path: 'src/prog.js', search: ' = 1;', replace: ' = 3;' });
    expect(twice.isError).toBe(true);
    expect(twice.content).toMatch(/found 2 times/);
    expect(await readFile(join(tmp.worktree, 'src/prog.js'), 'utf8')).toBe('const a = 1;\nconst b = 1;\n');
  });

  it('confines every path: .., absolute paths outside, and symlinks leaving the worktree', async () => {
    await symlink(tmp.root, join(tmp.worktree, 'escape'));
    await symlink(join(tmp.root, 'secret.txt'), join(tmp.worktree, 'secret-link'));
    // A dangling link: writing through it would create its target outside the worktree.
    await symlink(join(tmp.root, 'pwned.txt'), join(tmp.worktree, 'dangling'));
    await symlink(join(tmp.root, 'nowhere', 'deeper.txt'), join(tmp.worktree, 'dangling-deep'));
    const attempts = [
      await call('write_file', { path: 'dangling', content: 'ESCAPED' }),
      await call('write_file', { path: 'dangling-deep', content: 'ESCAPED' }),
      await call('read_file', { path: '../secret.txt' }),
      await call('read_file', { path: join(tmp.root, 'secret.txt') }),
      await call('read_file', { path: 'secret-link' }),
      await call('read_file', { path: 'escape/secret.txt' }),
      await call('write_file', { path: 'escape/new.txt', content: 'x' }),
      await call('write_file', { path: 'src/../../evil.txt', content: 'x' }),
      await call('list_files', { path: 'escape' }),
      await call('edit_file', { path: 'secret-link', search: 'outside', replace: 'changed' }),
    ];
    for (const result of attempts) {
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/outside the worktree/);
    }
    expect(await readFile(join(tmp.root, 'secret.txt'), 'utf8')).toBe('outside');
    await expect(readFile(join(tmp.root, 'new.txt'), 'utf8')).rejects.toThrow();
    await expect(readFile(join(tmp.root, 'evil.txt'), 'utf8')).rejects.toThrow();
    await expect(readFile(join(tmp.root, 'pwned.txt'), 'utf8')).rejects.toThrow();
    // An absolute path inside the worktree is fine.
    expect(await call('read_file', { path: join(ctx.root, 'src/prog.js') })).toMatchObject({ isError: false });
  });

  it('runs commands in the worktree, truncates long output with a marker and kills on timeout', async () => {
    const pwd = await call('run_command', { command: 'pwd' });
    expect(pwd.content).toContain(ctx.root);
    expect(pwd.content).toMatch(/^exit code 0/);
    const long = await call('run_command', { command: `node -e "process.stdout.write('x'.repeat(5000))"` });
    expect(long.content).toMatch(/output truncated/);
    expect(long.content.length).toBeLessThan(600);
    ctx = { ...ctx, commandTimeoutMs: 300 };
    const slow = await call('run_command', { command: 'sleep 30' });
    expect(slow.isError).toBe(true);
    expect(slow.content).toMatch(/timed out after 300 ms/);
    const failing = await call('run_command', { command: 'exit 3' });
    expect(failing).toMatchObject({ isError: true });
    expect(failing.content).toMatch(/exit code 3/);
  });

  it('runs commands with the allow-listed environment: PATH and what swarm set, no credential of its own', async () => {
    const canaries = { GITHUB_TOKEN: 'canary-tool-github', AWS_SECRET_ACCESS_KEY: 'canary-tool-aws', DATABASE_URL: 'canary-tool-db' };
    Object.assign(process.env, canaries);
    try {
      ctx = { ...ctx, outputChars: 20_000, env: { SWARM_ATTEMPT_ID: 'a7', EVAL_DATA_DIR: 'from-passEnv' } };
      const env = await call('run_command', { command: 'env' });
      expect(env.content).toMatch(/^exit code 0/);
      expect(env.content).toContain('SWARM_ATTEMPT_ID=a7');
      expect(env.content).toContain('EVAL_DATA_DIR=from-passEnv');
      expect(env.content).toMatch(/\nPATH=/);
      for (const value of Object.values(canaries)) expect(env.content).not.toContain(value);
    } finally {
      for (const name of Object.keys(canaries)) delete process.env[name];
    }
  });

  it('turns malformed JSON, invalid input and unknown tools into tool errors', async () => {
    expect((await call('read_file', null, '{"path": ')).content).toMatch(/not valid JSON/);
    expect((await call('read_file', { file: 'x' })).content).toMatch(/invalid arguments for read_file/);
    expect((await call('delete_everything', {})).content).toMatch(/unknown tool/);
    expect((await call('run_eval', {})).content).toMatch(/not available/);
    const finish = await call('finish', { summary: 's', hypothesis: 'h' });
    expect(finish.finish).toEqual({ summary: 's', hypothesis: 'h' });
  });

  it('reports a missing file and a non-directory as errors', async () => {
    await mkdir(join(tmp.worktree, 'empty'));
    expect((await call('read_file', { path: 'nope.txt' })).isError).toBe(true);
    expect((await call('list_files', { path: 'src/prog.js' })).content).toMatch(/not a directory/);
    expect((await call('list_files', { path: 'empty' })).content).toBe('(empty)');
  });
});

describe('agent loop tools: writes the file system refuses', () => {
  let tmp: TempWorktree;
  let ctx: ToolContext;

  beforeEach(async () => {
    tmp = await createTempWorktree();
    await tmp.write('src/prog.js', 'const a = 1;\n');
    ctx = { root: await realpath(tmp.worktree), env: {}, signal: new AbortController().signal, commandTimeoutMs: 5000, evalTimeoutMs: 5000, outputChars: 400, logDir: tmp.logDir, evalArgv: undefined };
  });
  afterEach(() => tmp.cleanup());

  it('marks a write the file system refused as a failed write, with the error code, and a model\'s mistake not', async () => {
    // Running as root, EACCES cannot be staged: a directory where the file should be fails the write the same way.
    const refused = await runTool(ctx, { id: 't1', name: 'write_file', arguments: JSON.stringify({ path: 'src', content: 'x' }) });
    expect(refused).toMatchObject({ isError: true, writeFailure: expect.stringMatching(/^cannot write src: EISDIR/) as unknown });
    const mistaken = await runTool(ctx, { id: 't2', name: 'edit_file', arguments: JSON.stringify({ path: 'src/prog.js', search: 'nope', replace: 'x' }) });
    expect(mistaken.isError).toBe(true);
    expect(mistaken.writeFailure).toBeUndefined();
  });
});
