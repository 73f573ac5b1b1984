import type { InitResult } from '../../app/setup/init-project.js';

const KIND: Record<InitResult['kind'], string> = { python: 'a Python project', node: 'a Node project', rust: 'a Rust project', go: 'a Go project', unknown: 'no known project files' };

/** What `swarm init` did and proposes, in lines for the terminal. */
export const renderInit = (result: InitResult, skills: readonly string[]): string => {
  const lines: string[] = [];
  for (const file of [...result.written, ...skills]) lines.push(`wrote ${file}`);
  for (const file of result.skipped) lines.push(`kept ${file} (exists; --force overwrites)`);
  lines.push(`found ${KIND[result.kind]}${result.evidence.length > 0 ? ` (${result.evidence.join(', ')})` : ''}`);
  lines.push(result.program === null
    ? `program: none found (${result.programReason}); pass --program <file> so the evaluator runs your code`
    : `program: ${result.program} (${result.programReason}); the evaluator runs it, task.solutionFiles names it`);
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
