import { FINDINGS_FILE } from './findings.js';

/** The project's findings.md relative to the repository root (`packages/a/findings.md` in a project folder). */
export const findingsPathIn = (subdir: string): string => (subdir === '' ? FINDINGS_FILE : `${subdir}/${FINDINGS_FILE}`);

/**
 * The merged parents' findings kept beside the project's findings.md after a merge conflict
 * (resolve-conflicts' side files: `findings.from-a7.md`), as a git pathspec pattern.
 */
export const findingsSidePatternIn = (subdir: string): string => findingsPathIn(subdir).replace(/\.md$/, '.from-*.md');

/**
 * Paths (from the repository root, as git pathspecs) that are swarm's, not the program's: the
 * project's findings.md, the findings of merged parents kept beside it, and swarm's folders.
 */
export const swarmOwnPathsIn = (subdir: string): string[] => [...new Set([findingsPathIn(subdir), findingsSidePatternIn(subdir), '.swarm', subdir === '' ? '.swarm' : `${subdir}/.swarm`])];
