import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CONFIG_FILE_NAME } from '../../config-assembly/index.js';
import { SwarmError } from '../../core/domain/errors.js';
import { ignoredPaths, trackedFiles } from '../../workspace/ignored-paths.js';
import { insideRepository } from '../../workspace/init-repository.js';
import { builtBySetup, detectProject, type EvaluatorLanguage, type ProjectKind } from './detect-project.js';
import { detectTests } from './detect-tests.js';
import { SCORE_STDERR } from '../../core/evaluation/noise-margin.js';
import { findProgram, pathsNamedIn, programExists } from './find-program.js';
import { renderConfigText } from './propose-config.js';
import { planTestGated, testGatedEvaluatorText, testGatedPrompt, type GoalFlag, type TestGatedPlan } from './test-gated-evaluator.js';
import { writeSchemaCopy } from '../project/schema-copy.js';
import { packageRoot } from '../project/package-root.js';

export type { EvaluatorLanguage } from './detect-project.js';

const TEMPLATES: Record<EvaluatorLanguage, { source: string; target: string }> = {
  python: { source: 'template_evaluate.py', target: 'evaluate.py' },
  node: { source: 'template-evaluate.mjs', target: 'evaluate.mjs' },
};

const PROMPT = `# Task

Describe what the program in this repository should do better, and any rules an agent must follow.

- The evaluator (\`{{evaluator}}\`) prints a JSON object; the swarm maximizes its \`score\`.
- {{program}}
- Do not modify the evaluator.
`;

export interface InitOptions {
  /** The project folder (absolute): a git repository or a folder inside one. */
  dir: string;
  /** The evaluator template; default: the one that fits the detected project. */
  evaluator?: EvaluatorLanguage;
  /** The file of the user's code the evaluator runs (absolute, or relative to `dir`); default: detected. */
  program?: string;
  /** The goal named by a flag (`--speed`, `--metric`): a test-gated evaluator that measures it. */
  goal?: GoalFlag;
  force?: boolean;
}

/** What the evaluator init wrote gates on and measures (null for the program template). */
export interface TestGatedSummary {
  tests: { command: string; reason: string } | null;
  score: { command: string; reason: string; metric: string; direction: 'minimize' | 'maximize'; spreadKey: string };
  /** The test and benchmark files protected with the evaluator. */
  protectedTests: string[];
}

export interface InitResult {
  written: string[];
  skipped: string[];
  kind: ProjectKind;
  /** The files that told the project kind. */
  evidence: string[];
  /** The program the evaluator runs (relative to dir), or null when none was found or given. */
  program: string | null;
  programReason: string;
  evaluatorCommand: string;
  solutionFiles: string[];
  setup: string[];
  link: string[];
  /** What the checkout itself lacks for the evaluator command, or null. */
  checkoutHint: string | null;
  /** Whether the config got workspace keys (workspace.setup / workspace.link), or none (nothing to propose). */
  workspace: 'keys' | 'none';
  /** The test-gated evaluator's plan, or null when the evaluator runs a program (the template). */
  testGated: TestGatedSummary | null;
}

const summarize = (plan: TestGatedPlan): TestGatedSummary => ({
  tests: plan.tests === null ? null : { command: plan.tests.argv.join(' '), reason: plan.tests.reason },
  score: { command: plan.goal.argv.join(' '), reason: plan.goal.reason, metric: plan.goal.metric, direction: plan.goal.direction, spreadKey: SCORE_STDERR },
  protectedTests: plan.protect,
});

/** A fresh `.venv` of the setup has no pytest; the test gate needs it (unless a setup line installs it already). */
const withPytest = (setup: string[], plan: TestGatedPlan): string[] =>
  plan.tests?.argv.includes('pytest') === true && setup.includes('python3 -m venv .venv') && !setup.some((command) => /\bpip install\b.*\spytest\b|\[(test|tests|testing|dev)\]/.test(command))
    ? [...setup, '.venv/bin/python -m pip install --quiet pytest'] : setup;

const toPosix = (path: string): string => path.split(sep).join('/');

/** The `--program` a user gave, relative to the project folder; a usage error when it is not a file there. */
const givenProgram = (dir: string, program: string): string => {
  const absolute = isAbsolute(program) ? program : resolve(dir, program);
  const rel = relative(dir, absolute);
  if (rel.startsWith('..') || isAbsolute(rel) || !programExists(dir, rel)) {
    throw new SwarmError('USAGE', `--program ${program} is not a file in ${dir}; name the file of your code the evaluator should run`);
  }
  return toPosix(rel);
};

/** The argv the Node template runs: the whole program's command, or the file with its interpreter. */
const nodeTemplateArgv = (program: string | null, runCommand: string[] | null, python: string): string[] => {
  if (runCommand !== null) return runCommand;
  if (program === null) return ['node', 'program.js'];
  const ext = extname(program);
  if (ext === '.py') return [...python.split(' '), program];
  if (['.js', '.mjs', '.cjs'].includes(ext)) return ['node', program];
  return [`./${program}`];
};

const evaluatorText = (language: EvaluatorLanguage, program: string | null, runCommand: string[] | null, python: string): string => {
  const template = readFileSync(join(packageRoot(), 'evaluators', TEMPLATES[language].source), 'utf8');
  if (language === 'node') return template.replace(/^const PROGRAM = .*$/m, `const PROGRAM = ${JSON.stringify(nodeTemplateArgv(program, runCommand, python))};`);
  return template
    .replace(/^PROGRAM = .*$/m, `PROGRAM = ${JSON.stringify(program ?? 'program.py')}`)
    .replace(/^COMMAND = .*$/m, `COMMAND = ${runCommand === null ? 'None' : JSON.stringify(runCommand)}`);
};

/**
 * Ignored paths (each the shortest ignored ancestor, e.g. `data` for `data/points.csv`) that the
 * evaluator or the program names, and the checkout's `.venv` when the evaluator runs its python.
 */
const proposeLinks = async (dir: string, texts: string[], linkVenv: boolean): Promise<string[]> => {
  const named = [...pathsNamedIn(dir, texts), ...(linkVenv ? ['.venv'] : [])];
  const ancestry = (path: string): string[] => path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
  const ignored = new Set(await ignoredPaths(dir, [...new Set(named.flatMap(ancestry))]));
  const links = named.flatMap((path) => ancestry(path).find((candidate) => ignored.has(candidate)) ?? []);
  return [...new Set(links)].sort();
};

/**
 * `swarm init`: in a git repository (or a folder of one), detects the project kind and writes a
 * config that protects the evaluator it writes, names the solution files and proposes how a
 * worktree is prepared, a prompt, and an evaluator that runs the user's program. Never
 * overwrites without `force`; also writes the schema copy the config's `$schema` names.
 */
export const initProject = async (options: InitOptions): Promise<InitResult> => {
  const { dir } = options;
  if (!existsSync(dir)) throw new SwarmError('USAGE', `${dir} does not exist; create it or pass an existing directory`);
  if (!(await insideRepository(dir))) {
    throw new SwarmError('USAGE', `${dir} is not inside a git repository; run \`git init\` there and commit your program, then \`swarm init\` again`);
  }
  const tracked = await trackedFiles(dir);
  // With git's tracked files, so a lock file the repository ignores proposes no frozen install,
  // and provisioning's scan of the checkout's .venv, so an editable install is never linked.
  const detected = await detectProject(dir, tracked);
  const choice = options.program !== undefined
    ? { program: givenProgram(dir, options.program), reason: 'given with --program' }
    : findProgram(dir, detected.kind, tracked);
  // A program the user marked, named or asked a template for keeps today's evaluator; otherwise
  // the project's own tests gate and a measured command scores.
  if (options.goal !== undefined && (options.program !== undefined || options.evaluator !== undefined)) {
    throw new SwarmError('USAGE', '--speed/--metric write the test-gated evaluator, --program/--evaluator the "run my program" one; give one of them');
  }
  const wantsProgram = options.goal === undefined && (options.program !== undefined || options.evaluator !== undefined || choice.marked === true);
  const plan = wantsProgram ? null : planTestGated(detectTests(dir, tracked, detected.python.split(' ')), options.goal ?? null);
  const language = plan !== null ? 'node' : options.evaluator ?? detected.language;
  const target = TEMPLATES[language].target;
  const evaluatorPath = join(dir, target);
  const keepEvaluator = existsSync(evaluatorPath) && options.force !== true;
  const fresh = plan !== null ? testGatedEvaluatorText(plan) : evaluatorText(language, choice.program, detected.runCommand, detected.python);
  const evaluator = keepEvaluator ? readFileSync(evaluatorPath, 'utf8') : fresh;
  const program = plan !== null ? null : choice.program;
  const programSource = program === null ? '' : readFileSync(join(dir, program), 'utf8');
  const runsPython = plan !== null ? detected.kind === 'python' : language === 'python';
  const setup = plan === null ? detected.setup : withPytest(detected.setup, plan);
  // What setup builds in each worktree (a .venv, node_modules) is not also linked from the checkout.
  const built = builtBySetup(setup);
  const link = (await proposeLinks(dir, [evaluator, programSource], runsPython && detected.linkVenv)).filter((path) => !built.includes(path));
  const evaluatorCommand = language === 'python' ? `${detected.python} ${target}` : `node ${target}`;
  const solutionFiles = program !== null ? [program] : detected.solutionGlobs;
  const config = renderConfigText({
    evaluatorCommand, evaluatorFile: target, solutionFiles, setup, link,
    ...(plan !== null ? { protect: plan.protect, objective: { metric: plan.goal.metric, direction: plan.goal.direction } } : {}),
  });
  const programLine = program === null
    ? 'Mark the code that agents may evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments.'
    : `The program is \`${program}\`; the code between EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments is what agents should evolve first.`;
  const prompt = plan !== null ? testGatedPrompt(plan, target) : PROMPT.replace('{{evaluator}}', target).replace('{{program}}', programLine);
  const files: Array<{ path: string; text: string }> = [
    { path: join(dir, CONFIG_FILE_NAME), text: config.text },
    { path: join(dir, 'prompt.md'), text: prompt },
    { path: evaluatorPath, text: evaluator },
  ];
  const written: string[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (existsSync(file.path) && options.force !== true) {
      skipped.push(file.path);
      continue;
    }
    await writeFile(file.path, file.text);
    written.push(file.path);
  }
  written.push(...await writeSchemaCopy(dir));
  return {
    written, skipped, kind: detected.kind, evidence: detected.evidence, program, programReason: choice.reason,
    evaluatorCommand, solutionFiles, setup, link, workspace: config.workspace, checkoutHint: runsPython ? detected.checkoutHint : null,
    testGated: plan === null ? null : summarize(plan),
  };
};
