import type { AttemptRow } from '../core/views/report.js';
import { formatScore } from '../core/domain/score.js';

/** What a graph node shows under its role: the score when scored, otherwise the status. */
export const nodeOutcome = (node: AttemptRow): string => {
  if (node.status === 'scored') return formatScore(node.score);
  if (node.status === 'running') return `running (${node.phase})`;
  return node.status;
};

/** Audit flags as drawn in a node: `[no-change, reused:a3]`, or nothing. */
export const nodeFlags = (node: AttemptRow): string | null => (node.flags.length > 0 ? `[${node.flags.join(', ')}]` : null);

/** Lines of a node's label: id, role, outcome, and audit flags when there are any. */
export const nodeLabelLines = (node: AttemptRow): string[] => {
  const flags = nodeFlags(node);
  return flags === null ? [node.id, node.role, nodeOutcome(node)] : [node.id, node.role, nodeOutcome(node), flags];
};

/** True for attempts that produced nothing usable: drawn greyed out. */
export const isDeadEnd = (node: AttemptRow): boolean =>
  node.status === 'failed' || node.status === 'invalid' || node.status === 'interrupted';

/** A one-line tooltip: hypothesis (or failure reason), shortened. */
export const nodeTooltip = (node: AttemptRow, maxChars = 300): string => {
  const text = [node.hypothesis, isDeadEnd(node) ? node.reason : null]
    .filter((part): part is string => part !== null && part.trim() !== '')
    .join(' — ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
};
