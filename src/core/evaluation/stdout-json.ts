import { parseJsonObject } from './lenient-json.js';

/**
 * The JSON object a program printed on stdout, read the one way swarm reads every such output
 * (evaluators, `swarm eval --json`, command agents): the whole output when it is one object; else
 * the last line that is an object (log lines after it are tolerated, a later object line replaces
 * an earlier one); else a pretty-printed object that ends the output, starting at a bare `{` line.
 * Bare NaN / Infinity tokens are read as markers (see {@link parseJsonObject}). Null when none.
 */
export const readStdoutJson = (text: string): Record<string, unknown> | null => {
  const whole = parseJsonObject(text);
  if (whole.ok) return whole.value;
  const lines = text.split(/\r?\n/);
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = (lines[i] ?? '').trim();
    if (!line.startsWith('{')) continue;
    const parsed = parseJsonObject(line);
    if (parsed.ok) return parsed.value;
  }
  const start = lines.map((line) => line.trimEnd()).lastIndexOf('{');
  if (start === -1) return null;
  const parsed = parseJsonObject(lines.slice(start).join('\n'));
  return parsed.ok ? parsed.value : null;
};
