import { doctor, type DoctorReport } from '../../../src/index.js';

/** What `swarm doctor` found about a project, through the API. */
export interface DoctorFindings {
  report: DoctorReport;
  /** The baseline check in a provisioned worktree (null when doctor could not reach it). */
  baseline: NonNullable<DoctorReport['project']>['baseline'];
  /** Each problem as doctor prints it, `<problem>: <fix>` (after `✗`); any problem fails doctor (exit 1). */
  problems: string[];
  /** The progress lines doctor reported (what the CLI prints on stderr while it works). */
  progress: string[];
}

export const doctorFindings = async (cwd: string): Promise<DoctorFindings> => {
  const progress: string[] = [];
  const report = await doctor({ cwd, progress: (line) => progress.push(line) });
  return {
    report,
    baseline: report.project?.baseline ?? null,
    problems: (report.project?.problems ?? []).map((p) => `${p.problem}: ${p.fix}`),
    progress,
  };
};
