import { SwarmError } from '../domain/errors.js';

/** What `swarm prune --keep` keeps: the best attempt, the top N by score, and attempts by id. */
export interface KeepSpec {
  top: number;
  ids: string[];
}

/** Parses `best`, `top:10`, `a7,a9` or a comma list mixing them (`best,a12`). */
export const parseKeepSpec = (text: string): KeepSpec => {
  const spec: KeepSpec = { top: 0, ids: [] };
  for (const item of text.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const top = /^top:(\d+)$/.exec(item);
    if (item === 'best') spec.top = Math.max(spec.top, 1);
    else if (top?.[1] !== undefined && Number(top[1]) > 0) spec.top = Math.max(spec.top, Number(top[1]));
    else if (/^a\d+$/.test(item)) spec.ids.push(item);
    else throw new SwarmError('USAGE', `--keep: "${item}" is not best, top:<N> (N >= 1) or an attempt id like a7; e.g. --keep best,a12`);
  }
  if (spec.top === 0 && spec.ids.length === 0) throw new SwarmError('USAGE', '--keep needs at least one of best, top:<N> or attempt ids');
  return spec;
};

/** The attempts a prune removes: every one neither kept nor still running. */
export const attemptsToPrune = <T extends { id: string; status: string }>(attempts: readonly T[], kept: ReadonlySet<string>): T[] =>
  attempts.filter((attempt) => !kept.has(attempt.id) && attempt.status !== 'running');
