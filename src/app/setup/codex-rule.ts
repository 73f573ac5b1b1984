import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SkillScope } from './skill-scope.js';

/** The file name of swarm's Codex rule, beside the user's own rules (removed by `swarm skills uninstall`). */
export const CODEX_RULE_FILE = 'swarm.rules';

/**
 * Lets Codex run `swarm …` commands outside its sandbox without asking: `swarm spawn` starts a
 * driver process and its agents reach a model over the network, which Codex's default
 * workspace-write sandbox refuses (EPERM). It allows nothing else; the match/not_match examples
 * are checked by Codex when it loads the rule (`codex execpolicy check --rules <file> swarm status`).
 */
export const CODEX_RULE = `# Written by \`swarm skills install --codex\`; \`swarm skills uninstall --codex\` removes it.
# Lets Codex run swarm's own commands outside its sandbox without asking: \`swarm spawn\` starts a
# driver process and its agents reach a model over the network, which the sandbox refuses.
prefix_rule(
    pattern = ["swarm"],
    decision = "allow",
    justification = "swarm starts attempt drivers and reaches model servers, which the sandbox refuses",
    match = ["swarm spawn --baseline --role explorer --json", "swarm wait --all --timeout 100s --json", "swarm status --json"],
    not_match = ["swarmctl run", "npx swarm status", "sh -c swarm"],
)
`;

/**
 * Where Codex loads rules: \`rules/\` beside each active config layer. Project rules
 * (\`<repo>/.codex/rules\`) load only once the project is trusted; the user layer is
 * \`$CODEX_HOME/rules\` (default \`~/.codex/rules\`).
 */
export const codexRulesFolder = (scope: SkillScope, projectDir: string, env: Record<string, string | undefined>): string => {
  if (scope === 'project') return join(projectDir, '.codex', 'rules');
  return join(env.CODEX_HOME ? resolve(env.CODEX_HOME) : join(env.HOME ?? homedir(), '.codex'), 'rules');
};
