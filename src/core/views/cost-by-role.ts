/** What one role's attempts spent, in dollars. */
export interface RoleCost {
  role: string;
  costUsd: number;
}

/**
 * What each role's attempts spent, in the order the roles first spent anything; roles that spent
 * nothing are left out. The one computation behind `status`, `report` and the dashboard.
 */
export const costByRole = (attempts: ReadonlyArray<{ role: string; costUsd: number }>): RoleCost[] => {
  const byRole = new Map<string, number>();
  for (const row of attempts) if (row.costUsd > 0) byRole.set(row.role, (byRole.get(row.role) ?? 0) + row.costUsd);
  return [...byRole].map(([role, costUsd]) => ({ role, costUsd }));
};
