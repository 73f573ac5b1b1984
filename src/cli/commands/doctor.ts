import type { Command } from 'commander';
import type { DoctorReport } from '../../app/doctor.js';
import { printJson } from '../options.js';

const render = (report: DoctorReport): string => {
  const lines = [`node ${report.node}`, `git ${report.git ?? 'NOT FOUND (swarm needs git)'}`, `config: ${report.config}`, '', 'backends:'];
  const width = Math.max(...report.backends.map((b) => b.backend.length));
  for (const b of report.backends) {
    const detail = b.path === null ? b.note : `${b.version ?? '?'} at ${b.path}${b.ok ? '' : ` (${b.note})`}`;
    lines.push(`  ${b.ok ? 'ok  ' : 'no  '}${b.backend.padEnd(width)}  ${detail}`);
  }
  lines.push('', `keys set: ${report.keys.filter((k) => k.present).map((k) => k.name).join(', ') || 'none'}`);
  return lines.join('\n');
};

export const registerDoctor = (program: Command): void => {
  program
    .command('doctor')
    .description('check the agent backends: CLI binaries and versions, API key variables present (never their values), git and node')
    .option('--json', 'print the report as JSON')
    .action(async (flags: { json?: boolean }) => {
      const { runDoctor } = await import('../../app/doctor.js');
      const report = await runDoctor({ cwd: process.cwd() });
      if (flags.json) printJson(report);
      else process.stdout.write(`${render(report)}\n`);
    });
};
