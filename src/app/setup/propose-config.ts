import { completeConfigFile, completeConfigFileIfValid } from '../../config/index.js';

/** What `swarm init` proposes for a project's `.swarmrc.json`. */
export interface ConfigProposal {
  evaluatorCommand: string;
  evaluatorFile: string;
  solutionFiles: string[];
  /** workspace.setup: commands that prepare a fresh worktree. */
  setup: string[];
  /** workspace.link: ignored paths the evaluator or the program read. */
  link: string[];
}

/**
 * The text of `.swarmrc.json`: every key spelled out, the evaluator protected, the solution files
 * named. The `workspace` proposal is written as keys where this swarm's schema has that section,
 * else as a comment (the file is JSON with comments) for the user to apply.
 */
export const renderConfigText = (proposal: ConfigProposal): { text: string; workspace: 'keys' | 'comment' | 'none' } => {
  const base = {
    task: { prompt: 'prompt.md', solutionFiles: proposal.solutionFiles },
    objective: { metric: 'score', direction: 'maximize' as const },
    evaluator: { command: proposal.evaluatorCommand, protect: [proposal.evaluatorFile] },
  };
  const workspace = {
    ...(proposal.setup.length > 0 ? { setup: proposal.setup } : {}),
    ...(proposal.link.length > 0 ? { link: proposal.link } : {}),
  };
  if (Object.keys(workspace).length === 0) return { text: `${JSON.stringify(completeConfigFile(base), null, 2)}\n`, workspace: 'none' };
  const withKeys = completeConfigFileIfValid({ ...base, workspace });
  if (withKeys !== null) return { text: `${JSON.stringify(withKeys, null, 2)}\n`, workspace: 'keys' };
  const json = JSON.stringify(completeConfigFile(base), null, 2);
  const hint = [
    '  // swarm init proposes, for worktrees that have what your checkout has (this swarm has no',
    '  // "workspace" section yet: prepare each worktree yourself, or update swarm and add it):',
    `  //   "workspace": ${JSON.stringify(workspace)}`,
  ].join('\n');
  return { text: `{\n${hint}\n${json.slice(2)}\n`, workspace: 'comment' };
};
