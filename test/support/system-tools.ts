import { execFileSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { prepareBwrap } from '../../src/eval/bwrap-sandbox.js';

/** The system programs some suites need, beyond node and git. */
export type ToolId = 'bwrap' | 'chromium' | 'slurm' | 'poetry';

/** Which apt package names apply: Ubuntu ships Chromium under another name (a snap wrapper). */
export type Distro = 'debian' | 'ubuntu';

export interface SystemTool {
  id: ToolId;
  /** The suites that need it, as the skip line names them. */
  suites: string;
  /** Every program the suites need; each entry is satisfied by the first of its names found. */
  programs: ReadonlyArray<readonly string[]>;
  /** The apt packages that provide the programs, per distribution. */
  packages: Readonly<Record<Distro, readonly string[]>>;
  /** Said after the install command when apt-get could not provide the tool. */
  hint?: Partial<Record<Distro, string>>;
}

const same = (packages: readonly string[]): Record<Distro, readonly string[]> => ({ debian: packages, ubuntu: packages });

export const SYSTEM_TOOLS: readonly SystemTool[] = [
  { id: 'bwrap', suites: 'the bubblewrap sandbox tests (test/eval/bwrap-sandbox, test/app/evaluation/sandbox-e2e)', programs: [['bwrap']], packages: same(['bubblewrap']) },
  {
    id: 'chromium',
    suites: 'the browser tests (test/e2e/browser)',
    programs: [['chromium', 'chromium-browser']],
    // Fonts named, not left to Recommends (often off in container images): screenshots need text.
    packages: { debian: ['chromium', 'fonts-liberation'], ubuntu: ['chromium-browser', 'fonts-liberation'] },
    hint: { ubuntu: 'Ubuntu\'s chromium-browser is a snap and needs snapd; or set SWARM_TEST_CHROMIUM to a Chromium or Chrome binary' },
  },
  { id: 'slurm', suites: 'the Slurm runner tests (test/slurm)', programs: [['slurmctld'], ['slurmd'], ['sbatch'], ['munged']], packages: same(['slurmctld', 'slurmd', 'slurm-client', 'munge']) },
  { id: 'poetry', suites: 'the poetry environment test (test/app/workspace/python-envs-run-e2e)', programs: [['poetry']], packages: same(['python3-poetry']) },
];

/** The distribution from /etc/os-release text: Ubuntu and its derivatives, else Debian's names. */
export const distroOf = (osRelease: string): Distro => (/^(ID|ID_LIKE)=.*\bubuntu\b/m.test(osRelease) ? 'ubuntu' : 'debian');

/** This machine's distribution (Debian's package names where /etc/os-release is unreadable). */
export const readDistro = (): Distro => {
  try {
    return distroOf(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return 'debian';
  }
};

/** What the suites get: where each tool is usable, the program to run (null: skip the suite). */
export interface SystemToolsReady {
  bwrap: string | null;
  chromium: string | null;
  slurm: boolean;
}

export interface ToolVerdict {
  id: ToolId;
  /** The program found (the first of the tool's programs), or null when the suites cannot run. */
  program: string | null;
  /** The one line said about it: installed, skipped with the fix, or failed; null when it was simply there. */
  line: string | null;
  failed: boolean;
}

/** The machine as the set-up step sees it; tests pass a PATH without the tools. */
export interface SetupHost {
  path: string;
  ci: boolean;
  root: boolean;
  distro: Distro;
  /** Programs the user named (SWARM_TEST_CHROMIUM), used as found without looking on the PATH. */
  given: Partial<Record<ToolId, string>>;
  /** Installs Debian packages; the reason when it could not. */
  install: (packages: string[]) => string | null;
}

/** The first executable named `name` on `path`, or null. */
export const findProgram = (name: string, path: string): string | null => {
  for (const dir of path.split(delimiter).filter((entry) => entry !== '')) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
};

/** The first of a program's names found on `path`. */
const findAny = (names: readonly string[], path: string): string | null => {
  for (const name of names) {
    const found = findProgram(name, path);
    if (found !== null) return found;
  }
  return null;
};

const missingPrograms = (tool: SystemTool, path: string): string[] => tool.programs.filter((names) => findAny(names, path) === null).map((names) => names.join(' or '));

/**
 * `apt-get install` of the packages, non-interactive; the reason when it failed. The package
 * lists are refreshed once (a fresh image has none), before the first install.
 */
export const aptInstall = (path: string): ((packages: string[]) => string | null) => {
  let updated = false;
  return (packages) => {
    const env = { ...process.env, PATH: path, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      if (!updated) execFileSync('apt-get', ['update', '-qq'], { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
      updated = true;
      execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 900_000 });
      return null;
    } catch (error) {
      const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr).trim().split('\n').slice(-2).join(' ') : '';
      return stderr || (error instanceof Error ? error.message : String(error));
    }
  };
};

/**
 * Makes each system tool ready, or says in one line why its suites cannot run. As root with
 * apt-get on the PATH, a missing package is installed; otherwise the suites are skipped with the
 * package and the command that installs it, and under CI a missing tool fails the run.
 */
export const prepareSystemTools = async (host: SetupHost): Promise<ToolVerdict[]> => {
  const verdicts: ToolVerdict[] = [];
  for (const tool of SYSTEM_TOOLS) verdicts.push(await prepareTool(tool, host));
  return verdicts;
};

const prepareTool = async (tool: SystemTool, host: SetupHost): Promise<ToolVerdict> => {
  const given = host.given[tool.id];
  if (given !== undefined && given !== '') return { id: tool.id, program: given, line: null, failed: false };
  const packages = [...tool.packages[host.distro]];
  const installCommand = `apt-get install -y ${packages.join(' ')}`;
  const hint = tool.hint?.[host.distro];
  const unusable = (why: string, fix: string): ToolVerdict => host.ci
    ? { id: tool.id, program: null, failed: true, line: `FAIL ${tool.suites}: ${why}; ${fix} (CI=true: a missing system tool fails the run)` }
    : { id: tool.id, program: null, failed: false, line: `skipping ${tool.suites}: ${why}; ${fix}` };
  let missing = missingPrograms(tool, host.path);
  let line: string | null = null;
  if (missing.length > 0) {
    const canInstall = host.root && findProgram('apt-get', host.path) !== null;
    if (!canInstall) {
      const who = host.root ? 'there is no apt-get here' : 'not root';
      return unusable(`${missing.join(', ')} not found (${who})`, `install ${packages.join(' ')}: sudo ${installCommand}`);
    }
    const failure = host.install(packages);
    missing = missingPrograms(tool, host.path);
    if (failure !== null || missing.length > 0) {
      const what = missing.join(', ') || tool.programs.map((names) => names.join(' or ')).join(', ');
      return unusable(`${installCommand} did not provide ${what}${failure === null ? '' : ` (${failure})`}`, `install ${packages.join(' ')} by hand${hint === undefined ? '' : ` (${hint})`}`);
    }
    line = `installed ${packages.join(' ')} for ${tool.suites}`;
  }
  const program = findAny(tool.programs[0] ?? [], host.path);
  if (program === null) return unusable(`${tool.programs[0]?.join(' or ') ?? tool.id} not found`, installCommand);
  if (tool.id === 'bwrap') {
    const reason = await prepareBwrap(program).then(() => null, (error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (reason !== null) return unusable(`bubblewrap cannot sandbox on this machine (${reason})`, 'allow user namespaces, or run the tests where they are allowed');
  }
  if (tool.id === 'slurm' && !host.root) {
    return unusable('the test cluster needs root to start its own munged, slurmctld and slurmd', 'run the tests as root (the cluster lives in /var/tmp/swarm-test-slurm, never /etc/slurm)');
  }
  return { id: tool.id, program, line, failed: false };
};

/** What the suites receive from the verdicts. */
export const readyTools = (verdicts: ToolVerdict[]): SystemToolsReady => {
  const program = (id: ToolId): string | null => verdicts.find((verdict) => verdict.id === id)?.program ?? null;
  return { bwrap: program('bwrap'), chromium: program('chromium'), slurm: program('slurm') !== null };
};

/** Prints each verdict's line; under CI, throws naming every tool that is missing. */
export const reportVerdicts = (verdicts: ToolVerdict[], log: (line: string) => void): void => {
  for (const verdict of verdicts) if (verdict.line !== null) log(`system tools: ${verdict.line}`);
  const failed = verdicts.filter((verdict) => verdict.failed);
  if (failed.length > 0) throw new Error(`system tools missing under CI:\n${failed.map((verdict) => verdict.line).join('\n')}`);
};

/** Whether this is a CI run, where a missing tool fails instead of skipping. */
export const isCi = (env: NodeJS.ProcessEnv): boolean => env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
