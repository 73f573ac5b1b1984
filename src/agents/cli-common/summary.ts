const MAX_SUMMARY = 200;

/**
 * A one-line summary of an agent's final message: its first meaningful line that is not the
 * `HYPOTHESIS:` line, shortened to 200 characters.
 */
export const summarize = (text: string): string => {
  const lines = text.split('\n').map((line) => line.trim().replace(/^#+\s*/, ''));
  const first = lines.find((line) => line !== '' && !/^HYPOTHESIS:/i.test(line)) ?? lines.find((line) => line !== '') ?? '';
  return first.length > MAX_SUMMARY ? `${first.slice(0, MAX_SUMMARY - 1)}…` : first;
};
