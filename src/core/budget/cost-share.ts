/**
 * An attempt's share of what is left of the run's dollar budget: the rest divided among the agent
 * slots that may spend it at once. Null without a dollar budget. Given to agents that can stop
 * themselves at a limit (Claude Code's `--max-budget-usd`), so running attempts cannot spend the
 * whole remainder several times over before the run's own check sees their cost.
 */
export const costShareUsd = (budgetUsd: number, spentUsd: number, agentSlots: number): number | null => {
  if (budgetUsd <= 0) return null;
  const left = Math.max(0, budgetUsd - spentUsd);
  return left / Math.max(1, agentSlots);
};
