// Types of report.mjs for the TypeScript tests that import it.
export interface BenchRun {
  task: string;
  policy: string;
  seed: number;
  best: number | null;
  direction?: 'maximize' | 'minimize';
  success?: boolean;
  evaluationsToSuccess?: number | null;
  attemptsToSuccess?: number | null;
  evaluations: number;
  attempts: number;
  agentSeconds: number;
  lineagesAlive: number;
  error?: string;
}
export interface BenchGoal {
  beatGreedy?: { wins: number; reach: number; greedyAtMost: number };
  solve?: { solved: number };
}
export interface BenchTask {
  name: string;
  evaluations: number;
  success: number | null;
  variant?: string;
  goal?: BenchGoal;
}
export interface SummaryRow {
  policy: string;
  seeds: number[];
  runs: number;
  medianBest: number | null;
  interval: [number, number] | null;
  vsGreedy: { wins: number; ties: number; losses: number } | null;
  successes: number;
  medianEvaluationsToSuccess: number | null;
  medianAttemptsToSuccess: number | null;
  bests: number[];
}
export const SEED_GROUPS: { name: string; label: string; from: number; to: number }[];
export function summarizeGroup(runs: BenchRun[], policies: string[]): SummaryRow[];
export function goalVerdict(goal: BenchGoal | undefined, rows: SummaryRow[]): string | null;
export function renderGroup(task: BenchTask, group: (typeof SEED_GROUPS)[number], runs: BenchRun[], policies: string[]): string;
export function renderTables(tasks: BenchTask[], runs: BenchRun[], policies: string[]): string;
