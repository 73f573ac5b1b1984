import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { status as getStatus, type StatusReport } from '../../../src/index.js';
import { runApi, type ApiRun } from '../../support/api-run.js';
import { createToyRepo, type ToyRepo } from '../../support/toy-repo.js';

/** Credentials of the kinds issue 12 found passed to evaluators, each with a unique canary value. */
const CANARIES: Record<string, string> = {
  AWS_ACCESS_KEY_ID: 'canary-aws-id-5b1e7c',
  AWS_SECRET_ACCESS_KEY: 'canary-aws-secret-9d2f4a',
  AZURE_OPENAI_API_KEY: 'canary-azure-3c8e1b',
  GEMINI_API_KEY: 'canary-gemini-7a4d2e',
  GOOGLE_API_KEY: 'canary-google-1f6b9c',
  GITHUB_TOKEN: 'canary-github-8e3a5d',
  MISTRAL_API_KEY: 'canary-mistral-2d7c4f',
  OPENROUTER_API_KEY: 'canary-openrouter-6b9e1a',
  ANTHROPIC_API_KEY: 'canary-anthropic-4e2b8d',
  OPENAI_API_KEY: 'canary-openai-0c5f3e',
  // Not secret-looking by name: only the allow-list keeps it out.
  DATABASE_URL: 'postgres://user:canary-db-pass-7c1d@db.internal/app',
};
/** Passed on on purpose (evaluator.passEnv): the evaluator sees it, the stored tails must not. */
const PASSED_SECRET = { HF_TOKEN: 'canary-hf-passed-3a9c7e' };
const PASSED_PLAIN = { EVAL_DATA_DIR: 'passed-data-dir-value' };

/** Prints its whole environment to stdout, stderr and the feedback, and writes it to two files. */
const LEAKY_EVALUATOR = `const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const env = JSON.stringify(process.env);
const out = JSON.parse(execFileSync(process.execPath, ['prog.js']).toString());
fs.writeFileSync('env.json', env);
fs.mkdirSync('out', { recursive: true });
fs.writeFileSync('out/env.json', env);
console.error(env);
console.log(env);
console.log('hf=' + process.env.HF_TOKEN);
console.log(JSON.stringify({ score: out.value, feedback: 'env ' + env }));
`;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** Every text value of every table of the database. */
const databaseText = (file: string): string[] => {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all().filter((name): name is string => typeof name === 'string');
    return tables.flatMap((table) =>
      db.prepare(`SELECT * FROM "${table}"`).raw().all().flatMap((row) => (Array.isArray(row) ? row.filter((v): v is string => typeof v === 'string') : [])),
    );
  } finally {
    db.close();
  }
};

describe('secrets in swarm\'s environment', () => {
  let repo: ToyRepo;
  let run: ApiRun;
  let status: StatusReport;

  beforeAll(async () => {
    repo = createToyRepo(
      { budget: { attempts: 4 }, evaluator: { passEnv: ['EVAL_DATA_DIR', 'HF_TOKEN'], artifacts: ['out/**'] } },
      { 'evaluate.js': LEAKY_EVALUATOR },
    );
    // In this process's environment while the run lasts, as in the environment of a `swarm run`.
    run = await runApi(repo.dir, {}, { ...CANARIES, ...PASSED_SECRET, ...PASSED_PLAIN });
    status = await getStatus({ cwd: repo.dir });
  }, 120_000);
  afterAll(() => repo.cleanup());

  it('never reach the evaluator, whose allow-listed environment still has PATH, SWARM_* and the passEnv names', () => {
    expect(run.result).toMatchObject({ status: 'finished', problem: null });
    const scored = status.attempts.filter((a) => a.status === 'scored');
    expect(scored.length).toBeGreaterThan(1);
    for (const attempt of scored) {
      const env = JSON.parse(readFileSync(join(repo.dir, '.swarm', 'logs', attempt.id, 'artifacts', 'out', 'env.json'), 'utf8')) as Record<string, string>;
      expect(env.SWARM_ATTEMPT_ID).toBe(attempt.id);
      expect(env.PATH).toBeTruthy();
      expect(env.EVAL_DATA_DIR).toBe(PASSED_PLAIN.EVAL_DATA_DIR);
      expect(env.HF_TOKEN).toBe(PASSED_SECRET.HF_TOKEN);
      for (const name of Object.keys(CANARIES)) expect(env[name], name).toBeUndefined();
    }
  });

  it('appear nowhere in swarm.db, not even the passed one the evaluator printed', () => {
    const dbFile = join(repo.dir, '.swarm', 'swarm.db');
    const text = databaseText(dbFile);
    expect(text.some((value) => value.includes(PASSED_PLAIN.EVAL_DATA_DIR))).toBe(true);
    expect(text.some((value) => value.includes('hf=[redacted]'))).toBe(true);
    for (const secret of [...Object.values(CANARIES), PASSED_SECRET.HF_TOKEN]) {
      expect(text.filter((value) => value.includes(secret)), secret).toEqual([]);
    }
    const raw = readdirSync(join(repo.dir, '.swarm')).filter((name) => name.startsWith('swarm.db')).map((name) => readFileSync(join(repo.dir, '.swarm', name)).toString('latin1'));
    for (const secret of [...Object.values(CANARIES), PASSED_SECRET.HF_TOKEN]) expect(raw.some((bytes) => bytes.includes(secret)), secret).toBe(false);
  });

  it('appear in no file under .swarm/logs', () => {
    const files = filesUnder(join(repo.dir, '.swarm', 'logs'));
    expect(files.some((file) => file.endsWith('swarm.log'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const secret of Object.values(CANARIES)) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
    }
  });

  it('appear in no commit of any branch', () => {
    const history = repo.git('log', '--all', '-p');
    expect(history).toContain('Swarm-Attempt: a2');
    for (const secret of [...Object.values(CANARIES), PASSED_SECRET.HF_TOKEN, PASSED_PLAIN.EVAL_DATA_DIR]) expect(history.includes(secret), secret).toBe(false);
  });
});
