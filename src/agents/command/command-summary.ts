const MAX_SUMMARY = 200;

/** Lines that are not what the agent did: its `HYPOTHESIS:` line, separators, markdown rules. */
const isMeta = (line: string): boolean => /^HYPOTHESIS:/i.test(line) || /^[-=*_~`#\s]*$/.test(line);

/**
 * The summary of a `command` agent's text output, as documented: its last lines. The last
 * meaningful line names what it did (an agent that prints "prompt: 1766 chars" first and its
 * report last gets its report, not the first line); the shared summarizer of claude-code and
 * codex reads a final message from its first line instead. Shortened to 200 characters.
 */
export const summarizeCommandText = (text: string): string => {
  const lines = text.split('\n').map((line) => line.trim().replace(/^#+\s*/, ''));
  const last = [...lines].reverse().find((line) => line !== '' && !isMeta(line)) ?? [...lines].reverse().find((line) => line !== '') ?? '';
  return last.length > MAX_SUMMARY ? `${last.slice(0, MAX_SUMMARY - 1)}…` : last;
};
