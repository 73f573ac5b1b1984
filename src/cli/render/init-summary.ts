import type { InitResult } from '../../index.js';

const KIND: Record<InitResult['kind'], string> = { python: 'a Python project', node: 'a Node project', rust: 'a Rust project', go: 'a Go project', unknown: 'no known project files' };

const testGatedLines = (plan: NonNullable<InitResult['testGated']>): string[] => [
  plan.tests === null
    ? 'tests: none found; the evaluator only measures'
    : `tests: \`${plan.tests.command}\` (${plan.tests.reason}); they must pass, else the attempt is invalid with the failing tests as feedback`,
  `score: ${plan.score.metric} (${plan.score.direction}) = median of repeated runs of \`${plan.score.command}\` (${plan.score.reason}); its spread is reported as ${plan.score.spreadKey}`,
  ...(plan.protectedTests.length > 0 ? [`protected with the evaluator: ${plan.protectedTests.join(', ')}`] : []),
  'to change the goal: `swarm init --force --speed "<command>"` (its wall time), `--metric "<command>"` (the last number it prints), or `--program <file>` (run your program); or edit TESTS and SCORE in the evaluator',
];

/** What `swarm init` did and proposes, in lines for the terminal. */
export const renderInit = (result: InitResult, skills: readonly string[]): string => {
  const lines: string[] = [];
  for (const file of [...result.written, ...skills]) lines.push(`wrote ${file}`);
  for (const file of result.skipped) lines.push(`kept ${file} (exists; --force overwrites)`);
  lines.push(`found ${KIND[result.kind]}${result.evidence.length > 0 ? ` (${result.evidence.join(', ')})` : ''}`);
  if (result.testGated !== null) lines.push(...testGatedLines(result.testGated));
  else {
    lines.push(result.program === null
      ? `program: none found (${result.programReason}); pass --program <file> so the evaluator runs your code`
      : `program: ${result.program} (${result.programReason}); the evaluator runs it, task.solutionFiles names it`);
  }
  lines.push(`evaluator: \`${result.evaluatorCommand}\`, listed in evaluator.protect`);
  if (result.setup.length > 0 || result.link.length > 0) {
    const proposal = [
      ...(result.setup.length > 0 ? [`workspace.setup ${result.setup.map((c) => `\`${c}\``).join(', ')}`] : []),
      ...(result.link.length > 0 ? [`workspace.link ${result.link.join(', ')} (ignored, read by the evaluator or the program)`] : []),
    ].join('; ');
    lines.push(`worktrees: ${proposal}`);
  }
  if (result.checkoutHint !== null) lines.push(`note: ${result.checkoutHint}`);
  lines.push('next: read the evaluator and prompt.md, commit them with .swarmrc.json, check with `swarm doctor`, then `swarm run`');
  return `${lines.join('\n')}\n`;
};
