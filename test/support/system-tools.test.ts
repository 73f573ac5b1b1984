import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { aptInstall, distroOf, findProgram, isCi, prepareSystemTools, readyTools, reportVerdicts, type SetupHost } from './system-tools.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A PATH with node, git and sh but none of bwrap, chromium, Slurm or apt-get. */
const barePath = (): string => {
  const bin = mkdtempSync(join(tmpdir(), 'swarm-bare-path-'));
  dirs.push(bin);
  for (const name of ['git', 'sh']) symlinkSync(execFileSync('/bin/sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim(), join(bin, name));
  symlinkSync(process.execPath, join(bin, 'node'));
  return bin;
};

const host = (fields: Partial<SetupHost>): SetupHost & { installed: string[][] } => {
  const installed: string[][] = [];
  return { path: barePath(), ci: false, root: false, distro: 'debian', given: {}, installed, install: (packages) => (installed.push(packages), 'not expected'), ...fields };
};

describe('the system tools set-up step (vitest.global-setup.ts)', () => {
  it('outside CI, skips each suite with one line naming the package and the command to install it', async () => {
    const machine = host({});
    const verdicts = await prepareSystemTools(machine);
    expect(verdicts.map((verdict) => [verdict.id, verdict.failed, verdict.program])).toEqual([['bwrap', false, null], ['chromium', false, null], ['slurm', false, null], ['poetry', false, null]]);
    const lines = verdicts.map((verdict) => verdict.line ?? '');
    expect(lines[0]).toMatch(/^skipping the bubblewrap sandbox tests .*: bwrap not found \(not root\); install bubblewrap: sudo apt-get install -y bubblewrap$/);
    expect(lines[1]).toBe('skipping the browser tests (test/e2e/browser): chromium or chromium-browser not found (not root); install chromium fonts-liberation: sudo apt-get install -y chromium fonts-liberation');
    expect(lines[2]).toMatch(/^skipping the Slurm runner tests .*apt-get install -y slurmctld slurmd slurm-client munge$/);
    expect(lines[3]).toMatch(/^skipping the poetry environment test .*: poetry not found \(not root\); install python3-poetry: sudo apt-get install -y python3-poetry$/);
    for (const line of lines) expect(line.split('\n')).toHaveLength(1);
    expect(machine.installed).toEqual([]);
    expect(readyTools(verdicts)).toEqual({ bwrap: null, chromium: null, slurm: false });
  });

  it('under CI=true, a missing tool fails the run, naming the package', async () => {
    const verdicts = await prepareSystemTools(host({ ci: true }));
    expect(verdicts.every((verdict) => verdict.failed)).toBe(true);
    expect(verdicts[0]?.line).toMatch(/^FAIL the bubblewrap sandbox tests .*apt-get install -y bubblewrap \(CI=true: a missing system tool fails the run\)$/);
    expect(verdicts[1]?.line).toMatch(/^FAIL the browser tests .*apt-get install -y chromium fonts-liberation/);
  });

  it('as root without apt-get, says there is no apt-get rather than trying', async () => {
    const machine = host({ root: true });
    const verdicts = await prepareSystemTools(machine);
    expect(verdicts[0]?.line).toMatch(/bwrap not found \(there is no apt-get here\)/);
    expect(machine.installed).toEqual([]);
  });

  it('as root with apt-get, installs the missing packages, and says so when they still do not appear', async () => {
    const path = barePath();
    symlinkSync('/bin/true', join(path, 'apt-get'));
    const machine = host({ path, root: true, install: (packages) => (machine.installed.push(packages), null) });
    const verdicts = await prepareSystemTools(machine);
    expect(machine.installed).toEqual([['bubblewrap'], ['chromium', 'fonts-liberation'], ['slurmctld', 'slurmd', 'slurm-client', 'munge'], ['python3-poetry']]);
    expect(verdicts[1]?.line).toBe('skipping the browser tests (test/e2e/browser): apt-get install -y chromium fonts-liberation did not provide chromium or chromium-browser; install chromium fonts-liberation by hand');
  });

  it('finds a program only where the PATH says, and CI only when CI is set to something true', () => {
    const path = barePath();
    expect(findProgram('node', path)).toBe(join(path, 'node'));
    expect(findProgram('bwrap', path)).toBeNull();
    expect([isCi({ CI: 'true' }), isCi({ CI: '1' }), isCi({ CI: 'false' }), isCi({ CI: '' }), isCi({})]).toEqual([true, true, false, false, false]);
  });

  it('on Ubuntu, installs chromium-browser (a snap wrapper) and says what to do when it gives no browser', async () => {
    const path = barePath();
    symlinkSync('/bin/true', join(path, 'apt-get'));
    const machine = host({ path, root: true, distro: 'ubuntu', install: (packages) => (machine.installed.push(packages), null) });
    const verdicts = await prepareSystemTools(machine);
    expect(machine.installed[1]).toEqual(['chromium-browser', 'fonts-liberation']);
    expect(verdicts[1]?.line).toMatch(/install chromium-browser fonts-liberation by hand \(Ubuntu's chromium-browser is a snap and needs snapd; or set SWARM_TEST_CHROMIUM to a Chromium or Chrome binary\)$/);
    expect([distroOf('ID=ubuntu\nVERSION_ID="24.04"\n'), distroOf('ID=linuxmint\nID_LIKE="ubuntu debian"\n'), distroOf('ID=debian\nVERSION_ID="12"\n'), distroOf('')]).toEqual(['ubuntu', 'ubuntu', 'debian', 'debian']);
  });

  it('takes a browser named by SWARM_TEST_CHROMIUM as found, also under CI', async () => {
    const verdicts = await prepareSystemTools(host({ ci: true, given: { chromium: '/opt/chrome/chrome' } }));
    expect(verdicts[1]).toEqual({ id: 'chromium', program: '/opt/chrome/chrome', line: null, failed: false });
    expect(verdicts[0]?.failed).toBe(true);
  });

  it('prints the lines outside CI and throws under CI naming every missing tool', async () => {
    const logged: string[] = [];
    reportVerdicts(await prepareSystemTools(host({})), (line) => logged.push(line));
    expect(logged).toHaveLength(4);
    expect(logged.every((line) => line.startsWith('system tools: skipping '))).toBe(true);
    const underCi = await prepareSystemTools(host({ ci: true }));
    expect(() => reportVerdicts(underCi, () => undefined)).toThrow(/^system tools missing under CI:\nFAIL the bubblewrap .*\nFAIL the browser .*\nFAIL the Slurm .*\nFAIL the poetry /);
  });

  it('runs apt-get non-interactively: the package lists refreshed once, then each install with -y', () => {
    const path = barePath();
    const calls = join(path, 'calls.log');
    writeFileSync(join(path, 'apt-get'), `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> '${calls}'\n[ "$1" = install ] && [ "$3" = -qq ] && [ "$4" = broken ] && { echo 'E: Unable to locate package broken' >&2; exit 100; }\nexit 0\n`);
    chmodSync(join(path, 'apt-get'), 0o755);
    const install = aptInstall(path);
    expect(install(['bubblewrap'])).toBeNull();
    expect(install(['chromium', 'fonts-liberation'])).toBeNull();
    expect(install(['broken'])).toBe('E: Unable to locate package broken');
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toEqual([
      'noninteractive update -qq',
      'noninteractive install -y -qq bubblewrap',
      'noninteractive install -y -qq chromium fonts-liberation',
      'noninteractive install -y -qq broken',
    ]);
  });
});
