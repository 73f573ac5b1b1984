import { completeConfigFile } from '../../config-assembly/index.js';

/** What `swarm init` proposes for a project's `.swarmrc.json`. */
export interface ConfigProposal {
  evaluatorCommand: string;
  evaluatorFile: string;
  solutionFiles: string[];
  /** workspace.setup: commands that prepare a fresh worktree. */
  setup: string[];
  /** workspace.link: ignored paths the evaluator or the program read. */
  link: string[];
  /** Further protected globs (the tests a test-gated evaluator runs). */
  protect?: string[];
  /** The objective; default: maximize `score`. */
  objective?: { metric: string; direction: 'minimize' | 'maximize' };
}

/**
 * The text of `.swarmrc.json`: every key spelled out, the evaluator protected, the solution files
 * named, and the `workspace` proposal (`workspace.setup`, `workspace.link`) as config keys.
 */
export const renderConfigText = (proposal: ConfigProposal): { text: string; workspace: 'keys' | 'none' } => {
  const base = {
    task: { prompt: 'prompt.md', solutionFiles: proposal.solutionFiles },
    objective: proposal.objective ?? { metric: 'score', direction: 'maximize' as const },
    evaluator: { command: proposal.evaluatorCommand, protect: [proposal.evaluatorFile, ...(proposal.protect ?? [])] },
  };
  const workspace = {
    ...(proposal.setup.length > 0 ? { setup: proposal.setup } : {}),
    ...(proposal.link.length > 0 ? { link: proposal.link } : {}),
  };
  if (Object.keys(workspace).length === 0) return { text: `${JSON.stringify(completeConfigFile(base), null, 2)}\n`, workspace: 'none' };
  return { text: `${JSON.stringify(completeConfigFile({ ...base, workspace }), null, 2)}\n`, workspace: 'keys' };
};
