import { FINDINGS_FILE } from './findings.js';

/** The project's findings.md relative to the repository root (`packages/a/findings.md` in a project folder). */
export const findingsPathIn = (subdir: string): string => (subdir === '' ? FINDINGS_FILE : `${subdir}/${FINDINGS_FILE}`);

/** Paths (from the repository root) that are swarm's, not the program's: the project's findings.md and swarm's folders. */
export const swarmOwnPathsIn = (subdir: string): string[] => [...new Set([findingsPathIn(subdir), '.swarm', subdir === '' ? '.swarm' : `${subdir}/.swarm`])];
