/** The command agents score their checkout with (the `.swarm/bin/swarm` shim is on their PATH). */
export const SELF_EVAL_COMMAND = 'swarm eval';

// A permission rule matches one simple command; anything with shell syntax is left out rather than
// allowed wholesale, and so is a comma (a list separator for `--allowedTools`).
const SHELL_SYNTAX = /[|&;<>()$`*?[\]{}\\\n"',]/;

/**
 * The commands an attempt needs to run for its self-evaluation: `swarm eval`, plus each evaluator
 * command (one per cascade stage) that the attempt's prompt names, when it is a simple command.
 */
export const selfEvalCommands = (prompt: string, evaluatorCommands: readonly string[]): string[] => {
  const named = evaluatorCommands.map((c) => c.trim()).filter((c) => c !== '' && !SHELL_SYNTAX.test(c) && prompt.includes(c));
  return [...new Set([SELF_EVAL_COMMAND, ...named])];
};
