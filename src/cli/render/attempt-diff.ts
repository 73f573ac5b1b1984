import type { AttemptDiff } from '../../index.js';
import type { Paint } from './ansi.js';

// C0 controls other than tab and line feed, DEL and C1: an agent's file must not drive the terminal.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const lineStyle = (line: string): 'green' | 'red' | 'cyan' | 'bold' | null => {
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff --git')) return 'bold';
  if (line.startsWith('+')) return 'green';
  if (line.startsWith('-')) return 'red';
  if (line.startsWith('@@')) return 'cyan';
  return null;
};

/**
 * `swarm show <attempt> --diff`: a one-line header saying which commits and what is left out,
 * then the diff as git prints it (coloured on a terminal, control characters made visible).
 */
export const renderAttemptDiff = (diff: AttemptDiff, paint: Paint): string => {
  const short = (commit: string | null): string => (commit === null ? '—' : commit.slice(0, 12));
  const header = paint(`# attempt ${diff.id}: ${short(diff.baseCommit)}..${short(diff.headCommit)} (${diff.excluded.join(', ')} left out)`, 'dim');
  if (diff.diff === null) return `${header}\n${paint(`attempt ${diff.id} has no committed change to show`, 'dim')}\n`;
  if (diff.diff.trim() === '') return `${header}\n${paint('no change (apart from the files left out)', 'dim')}\n`;
  const body = diff.diff
    .replace(CONTROL, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => paint(line, lineStyle(line)));
  return `${header}\n${body.join('\n')}\n`;
};
