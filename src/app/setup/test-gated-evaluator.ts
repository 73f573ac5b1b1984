import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FoundCommand, ScoreParse, TestsFound } from './detect-tests.js';
import { packageRoot } from '../project/package-root.js';

/** What the test-gated evaluator measures, and why. */
export interface MeasuredGoal extends FoundCommand {
  parse: ScoreParse;
  metric: string;
  direction: 'minimize' | 'maximize';
}

/** The evaluator init writes when the goal is "better while the tests pass". */
export interface TestGatedPlan {
  /** The validity gate, or null when the project has none (a goal given by flag). */
  tests: FoundCommand | null;
  goal: MeasuredGoal;
  /** Test and benchmark files, protected beside the evaluator. */
  protect: string[];
}

/** A goal named by a flag: the speed of a command, or a metric a command prints. */
export type GoalFlag = { speed: string } | { metric: string; direction: 'minimize' | 'maximize' };

export const REPEATS = 5;

const shell = (command: string): string[] => ['sh', '-c', command];

/**
 * The test-gated evaluator's plan: the project's tests gate; the score is the goal a flag names,
 * else the project's benchmark, else the tests' own wall time (minimized). Null when there is
 * neither a test suite nor a goal flag.
 */
export const planTestGated = (found: TestsFound | null, flag: GoalFlag | null): TestGatedPlan | null => {
  if (found === null && flag === null) return null;
  const tests = found?.tests ?? null;
  const protect = found?.protect ?? [];
  if (flag !== null && 'speed' in flag) {
    return { tests, protect, goal: { argv: shell(flag.speed), reason: 'given with --speed', parse: 'wall-time', metric: 'seconds', direction: 'minimize' } };
  }
  if (flag !== null) {
    return { tests, protect, goal: { argv: shell(flag.metric), reason: 'given with --metric: the last number it prints', parse: 'last-number', metric: 'score', direction: flag.direction } };
  }
  if (found === null) return null;
  if (found.bench !== null) return { tests, protect, goal: { ...found.bench, reason: `the project's benchmark (${found.bench.reason})`, direction: 'minimize' } };
  const timed = found.tests.timedArgv;
  const reason = `no benchmark found: the test suite's own wall time${timed === undefined ? '' : ', without its hooks'}`;
  return { tests, protect, goal: { argv: timed ?? found.tests.argv, reason, parse: 'wall-time', metric: 'seconds', direction: 'minimize' } };
};

/** The evaluator file: the template with the plan's commands in its marked constants. */
export const testGatedEvaluatorText = (plan: TestGatedPlan): string => {
  const template = readFileSync(join(packageRoot(), 'evaluators', 'template-tests-evaluate.mjs'), 'utf8');
  const score = { argv: plan.goal.argv, parse: plan.goal.parse, metric: plan.goal.metric };
  return template
    .replace(/^const TESTS = .*$/m, `const TESTS = ${plan.tests === null ? 'null' : JSON.stringify(plan.tests.argv)};`)
    .replace(/^const SCORE = .*$/m, `const SCORE = ${JSON.stringify(score).replace(/"(argv|parse|metric)":/g, '$1: ')};`)
    .replace(/^const REPEATS = .*$/m, `const REPEATS = ${REPEATS};`);
};

/** prompt.md for a test-gated evaluator. */
export const testGatedPrompt = (plan: TestGatedPlan, evaluatorFile: string): string => {
  const better = plan.goal.direction === 'minimize' ? 'lower' : 'higher';
  return [
    '# Task',
    '',
    plan.goal.metric === 'seconds'
      ? 'Make this project faster without changing what it does. Describe here what matters most and any rules an agent must follow.'
      : 'Improve this project\'s measured result without changing what it does. Describe here what matters most and any rules an agent must follow.',
    '',
    ...(plan.tests === null ? [] : [`- The evaluator (\`${evaluatorFile}\`) first runs the project's tests (\`${plan.tests.argv.join(' ')}\`): every test must pass, else the attempt is invalid and the failing tests are reported.`]),
    `- It then runs \`${plan.goal.argv.join(' ')}\` ${REPEATS} times; the swarm wants a ${better} \`${plan.goal.metric}\` (the median of the runs).`,
    '- Do not modify the evaluator, the tests or the benchmarks: they are protected, and an attempt that changes one is invalid.',
    '',
  ].join('\n');
};
