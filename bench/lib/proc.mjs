import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
/** The installed `swarm` (package.json `bin`): a CommonJS entry that answers --version itself. */
export const BIN = fileURLToPath(new URL('../../dist/cli/bin.cjs', import.meta.url));
const RSS_PRELOAD = fileURLToPath(new URL('./report-max-rss.mjs', import.meta.url));
const GNU_TIME = '/usr/bin/time';

/** True when /usr/bin/time is GNU time (it understands -v and -o). */
const hasGnuTime = (() => {
  let known;
  return () => {
    if (known === undefined) {
      known = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-v', '-o', '/dev/null', 'true'], { stdio: 'ignore' }).status === 0;
    }
    return known;
  };
})();

/**
 * Runs a command to its end. stdout goes to `stdoutFile` when given (large outputs), else it is
 * collected. wallMs runs from just before spawn to the child's exit.
 */
export const runProcess = (file, args, options = {}) =>
  new Promise((resolve, reject) => {
    const outFd = options.stdoutFile ? openSync(options.stdoutFile, 'w') : null;
    const started = performance.now();
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: { ...process.env, ...(options.env ?? {}) },
      stdio: ['ignore', outFd ?? 'pipe', 'pipe'],
    });
    let exited = null;
    const stdout = [];
    const stderr = [];
    child.stdout?.on('data', (chunk) => stdout.push(chunk));
    child.stderr?.on('data', (chunk) => stderr.push(chunk));
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : null;
    child.once('error', (error) => {
      if (timer) clearTimeout(timer);
      if (outFd !== null) closeSync(outFd);
      reject(error);
    });
    child.once('exit', () => {
      exited = performance.now();
    });
    child.once('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (outFd !== null) closeSync(outFd);
      resolve({
        code,
        signal,
        wallMs: (exited ?? performance.now()) - started,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });

/**
 * `node dist/cli/main.js <args>` (`options.entry`: another entry, e.g. BIN, the installed `swarm`);
 * throws with the child's stderr when it exits non-zero.
 */
export const runCli = async (args, options = {}) => {
  const result = await runProcess(process.execPath, [...(options.nodeArgs ?? []), options.entry ?? CLI, ...args], options);
  if (result.code !== 0 && !options.allowFailure) {
    throw new Error(`swarm ${args.join(' ')} exited with ${result.code ?? result.signal} in ${options.cwd}:\n${result.stderr.slice(-2000)}`);
  }
  return result;
};

/**
 * Runs the CLI once and reports its wall time, peak RSS (MiB) and CPU time (user + system, ms: less
 * moved by a busy machine than wall): through GNU `time -v` when present (CPU in 10 ms steps), else
 * through a preload that writes `process.resourceUsage()` at exit.
 */
export const runCliWithRss = async (args, options) => {
  const rssFile = join(options.scratchDir, `rss-${process.pid}-${Date.now()}.txt`);
  let result;
  let rssKiB;
  let cpuMs;
  if (hasGnuTime()) {
    result = await runProcess(GNU_TIME, ['-v', '-o', rssFile, process.execPath, options.entry ?? CLI, ...args], options);
    const text = readFileSync(rssFile, 'utf8');
    const field = (name) => Number(new RegExp(`${name}: ([\\d.]+)`).exec(text)?.[1] ?? Number.NaN);
    rssKiB = field('Maximum resident set size \\(kbytes\\)');
    cpuMs = (field('User time \\(seconds\\)') + field('System time \\(seconds\\)')) * 1000;
  } else {
    result = await runProcess(process.execPath, ['--import', RSS_PRELOAD, options.entry ?? CLI, ...args], { ...options, env: { ...options.env, BENCH_RSS_FILE: rssFile } });
    const usage = JSON.parse(readFileSync(rssFile, 'utf8'));
    rssKiB = usage.maxRSS;
    cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  }
  rmSync(rssFile, { force: true });
  if (result.code !== 0) throw new Error(`swarm ${args.join(' ')} exited with ${result.code ?? result.signal}:\n${result.stderr.slice(-2000)}`);
  return { ...result, rssMiB: rssKiB / 1024, cpuMs, rssSource: hasGnuTime() ? '/usr/bin/time -v' : 'process.resourceUsage()' };
};

/** Runs git synchronously in `cwd`; throws with its stderr on failure. */
export const git = (cwd, ...args) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${result.stderr}`);
  return result.stdout.trim();
};
