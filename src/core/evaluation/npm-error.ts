/** `npm error …` (npm 10) and `npm ERR! …` (npm 6 to 9). */
const NPM_LINE = /^npm (?:error|ERR!)(?: (.*))?$/;

/** What npm prints around a reason: its code, the log's place, its own help. */
const META = /^(?:code|errno|syscall|path|signal|A complete log of this run|Run "npm help|Log files were not written|You can rerun the command)\b/;

/**
 * npm's reason for failing, from its `npm error` lines: the paragraphs between its error code and
 * the usage text it appends (`npm ci` with no lock file, a lock file out of sync, a 404), joined;
 * for a failed lifecycle script, the script's command. Null when the output has no npm error.
 */
export const npmErrorReason = (lines: readonly string[]): string | null => {
  const bodies = lines.flatMap((line) => {
    const match = NPM_LINE.exec(line.trim());
    return match === null ? [] : [(match[1] ?? '').trim()];
  });
  if (bodies.length === 0) return null;
  const paragraphs: string[][] = [[]];
  for (const body of bodies) {
    if (body === '') paragraphs.push([]);
    else paragraphs.at(-1)?.push(body);
  }
  const filled = paragraphs.filter((p) => p.length > 0);
  const usage = filled.findIndex((p) => /^Usage:/.test(p[0] ?? ''));
  // The one-line description of the command stands right before its usage text.
  const kept = usage < 0 ? filled : filled.slice(0, Math.max(0, usage - 1));
  const reasons = kept.map((p) => p.filter((line) => !META.test(line) && !/^command (?:failed|sh -c|\/)/.test(line))).filter((p) => p.length > 0);
  if (reasons.length > 0) return reasons.map((p) => p.join(' ')).join(' ');
  const command = bodies.find((body) => /^command (?!failed$)/.test(body))?.replace(/^command /, '');
  const code = /^code (\S+)/.exec(bodies.find((body) => body.startsWith('code ')) ?? '')?.[1];
  if (command === undefined && usage >= 0) return 'it printed its usage text; its reason, before that, was cut off (see the full log)';
  if (command === undefined) return code === undefined ? null : `npm failed with code ${code}`;
  return `\`${command}\` failed${code === undefined ? '' : ` with code ${code}`}`;
};
