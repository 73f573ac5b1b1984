import { describe, expect, it } from 'vitest';
import { runProcess } from '../../src/process/run-process.js';

describe('runProcess through the spawner process', () => {
  it('gives the same result as a direct start: exit code, outputs, stdin, environment, own group', async () => {
    const script = 'read line; printf "%s|%s|%s\\n" "$line" "$ONLY" "$(ps -o pgid= -p $$ | tr -d " ")"; printf "warn\\n" >&2; exit 3';
    const options = { env: { ONLY: 'yes', PATH: process.env.PATH ?? '' }, extendEnv: false, input: 'hello\n', isolation: 'group', keepFinalNewline: true } as const;
    const via = await runProcess('sh', ['-c', script], { ...options, spawner: true });
    const direct = await runProcess('sh', ['-c', script], options);
    expect(via.exitCode).toBe(3);
    expect(via.stderr).toBe('warn\n');
    const [line, only, pgid] = via.stdout.trim().split('|');
    expect([line, only]).toEqual(['hello', 'yes']);
    // Its own process group (a terminal Ctrl-C does not reach it), as a direct start gives.
    expect(Number(pgid)).not.toBe(process.pid);
    expect(direct.stdout.split('|').slice(0, 2)).toEqual(['hello', 'yes']);
    expect({ exitCode: via.exitCode, stderr: via.stderr, startError: via.startError }).toEqual({ exitCode: direct.exitCode, stderr: direct.stderr, startError: direct.startError });
  });

  it('reports a command that cannot start as a start error, not a throw, and serves calls in parallel', async () => {
    const missing = await runProcess('no-such-command-swarm', [], { spawner: true });
    expect(missing.exitCode).toBeNull();
    expect(missing.startError).toContain('ENOENT');
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => runProcess('sh', ['-c', `echo ${i}`], { spawner: true })));
    expect(many.map((r) => r.stdout)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('returns raw bytes when asked', async () => {
    const bytes = await runProcess('printf', ['\\377\\000x'], { spawner: true, bytes: true });
    expect([...bytes.stdout]).toEqual([255, 0, 120]);
  });
});
