import type { Command } from 'commander';
import type { BackendCheck, DoctorReport } from '../../app/setup/doctor.js';
import { printJson } from '../options.js';

const mark = (ok: boolean | null): string => (ok === null ? '--' : ok ? 'ok' : 'no');

/** Four facts per backend, each on its own line: binary (version), authentication, probe, price. */
const renderBackend = (b: BackendCheck, probed: boolean, configured: boolean): string[] => {
  const binary = b.binary === null
    ? b.backend === 'command' ? `no  agent.command.argv is not configured` : `--  built into swarm`
    : `${mark(b.binary.path !== null && b.binary.version !== null)}  ${b.binary.path === null ? `${b.binary.name} not found` : `${b.binary.version ?? 'no answer to --version'} at ${b.binary.path}`}`;
  const notSent = b.backend === 'local' ? 'no model to ask' : b.backend === 'command' ? 'not sent (it would run the agent)' : !b.auth.ok ? 'not sent (cannot authenticate)' : probed ? 'not sent' : 'not sent (swarm doctor --probe sends one tiny request)';
  return [
    `  ${mark(b.ok)}  ${b.backend}${configured ? ' (configured)' : ''}`,
    `      binary  ${binary}`,
    `      auth    ${mark(b.auth.ok)}  ${b.auth.detail}`,
    `      probe   ${b.probe === null ? `--  ${notSent}` : `${mark(b.probe.ok)}  ${b.probe.detail}`}`,
    `      price   ${mark(b.price.ok)}  ${b.price.detail}`,
  ];
};

const render = (report: DoctorReport, probed: boolean): string => {
  const lines = [`node ${report.node}`, `git ${report.git ?? 'NOT FOUND (swarm needs git)'}`, `config: ${report.config}`, '', 'backends:'];
  for (const b of report.backends) lines.push(...renderBackend(b, probed, b.backend === report.configured));
  if (report.shepherdPrice !== null) lines.push('', `shepherd model price  ${mark(report.shepherdPrice.ok)}  ${report.shepherdPrice.detail}`);
  lines.push('', `key variables set: ${report.keys.filter((k) => k.present).map((k) => k.name).join(', ') || 'none'} (values never shown)`);
  return lines.join('\n');
};

export const registerDoctor = (program: Command): void => {
  program
    .command('doctor')
    .description('check each agent backend: binary found (version), can authenticate (a key or a login present, never shown), and with --probe one tiny request answered')
    .option('--probe', 'send one tiny request through every backend that can authenticate')
    .option('--json', 'print the report as JSON')
    .action(async (flags: { json?: boolean; probe?: boolean }) => {
      const { runDoctor } = await import('../../app/setup/doctor.js');
      const report = await runDoctor({ cwd: process.cwd(), probe: flags.probe ?? false });
      if (flags.json) printJson(report);
      else process.stdout.write(`${render(report, flags.probe ?? false)}\n`);
      // The configured backend decides: a doctor that finds it unusable says so in its exit code.
      process.exitCode = report.backends.find((b) => b.backend === report.configured)?.ok === false ? 1 : 0;
    });
};
