import { describe, expect, it } from 'vitest';
import { isIdentityAlive, processStartTime } from '../../src/process/process-identity.js';
import { parseProcStat, readProcStat } from '../../src/process/proc-stat.js';

describe('parseProcStat', () => {
  it('reads state, group and start time after a command name holding spaces and parentheses', () => {
    const line = '4242 (my (odd) name) S 1 4200 4200 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 1000 10';
    expect(parseProcStat(line)).toEqual({ name: 'my (odd) name', state: 'S', pgrp: 4200, startTime: 987654 });
  });

  it('rejects text that is no stat line', () => {
    expect(parseProcStat('')).toBeNull();
    expect(parseProcStat('4242 no parentheses S 1 2')).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('the running process', () => {
  it('is read from /proc, and a pid reused with another start time is not taken for it', async () => {
    const stat = await readProcStat(process.pid);
    expect(stat).toMatchObject({ state: expect.stringMatching(/^[RS]$/), pgrp: expect.any(Number) });
    const started = processStartTime(process.pid);
    expect(started).toBe(stat?.startTime);
    expect(isIdentityAlive({ pid: process.pid, started })).toBe(true);
    expect(isIdentityAlive({ pid: process.pid, started: (started ?? 0) + 1 })).toBe(false);
  });
});

describe.runIf(process.platform === 'linux')('procEnvironListHas', () => {
  it('finds one item of a comma-separated variable of a real process, not a mere substring', async () => {
    const { spawn } = await import('node:child_process');
    const { procEnvironListHas } = await import('../../src/process/proc-stat.js');
    const child = spawn('sleep', ['5'], { env: { PATH: process.env.PATH, SWARM_PROCESS_TREES: 'outer,abc123', OTHER: 'zzz9' } });
    try {
      const pid = String(child.pid);
      expect(procEnvironListHas(pid, 'SWARM_PROCESS_TREES', 'abc123')).toBe(true);
      expect(procEnvironListHas(pid, 'SWARM_PROCESS_TREES', 'outer')).toBe(true);
      expect(procEnvironListHas(pid, 'SWARM_PROCESS_TREES', 'abc12')).toBe(false);
      expect(procEnvironListHas(pid, 'SWARM_PROCESS_TREES', 'zzz9')).toBe(false);
      expect(procEnvironListHas('999999999', 'SWARM_PROCESS_TREES', 'abc123')).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
