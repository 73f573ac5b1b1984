import type { Command } from 'commander';
import { formatScore } from '../../core/domain/score.js';
import { doctor, findAgentBackend, type AgentBackendDescriptor, type BackendCheck, type DoctorReport } from '../../index.js';
import { printJson } from '../options.js';

const mark = (ok: boolean | null): string => (ok === null ? '--' : ok ? 'ok' : 'no');

/** Four facts per backend, each on its own line: binary (version), authentication, probe, price. */
const renderBackend = (b: BackendCheck, descriptor: AgentBackendDescriptor, probed: boolean, label: string): string[] => {
  // No binary: built in (no install hint), or the setting naming it is empty (the auth line says which).
  const binary = b.binary === null
    ? descriptor.installHint !== null ? `no  ${b.auth.detail}` : `--  built into swarm`
    : `${mark(b.binary.path !== null && b.binary.version !== null)}  ${b.binary.path === null ? `${b.binary.name} not found` : `${b.binary.version ?? 'no answer to --version'} at ${b.binary.path}`}`;
  const notSent = descriptor.capabilities.offline ? 'no model to ask' : descriptor.probe === null ? 'not sent (it would run the agent)' : !b.auth.ok ? 'not sent (cannot authenticate)' : probed ? 'not sent' : 'not sent (swarm doctor --probe sends one tiny request)';
  return [
    `  ${mark(b.ok)}  ${label}`,
    `      binary  ${binary}`,
    `      auth    ${mark(b.auth.ok)}  ${b.auth.detail}`,
    `      probe   ${b.probe === null ? `--  ${notSent}` : `${mark(b.probe.ok)}  ${b.probe.detail}`}`,
    `      price   ${mark(b.price.ok)}  ${b.price.detail}`,
    ...b.writes.map((w) => `      writes  ${mark(w.ok)}  ${w.detail}`),
  ];
};

const renderProject = (project: NonNullable<DoctorReport['project']>): string[] => {
  const lines = ['', `project ${project.root}:`];
  const b = project.baseline;
  if (b !== null) {
    if (b.provisioned !== null) lines.push(`  worktree  ${b.provisioned}`);
    lines.push(b.ok ? `  baseline  ok  scores ${formatScore(b.score)} in a fresh worktree of ${b.commit?.slice(0, 10) ?? 'HEAD'}, as an attempt will` : `  baseline  no  ${b.reason ?? 'does not score'}`);
  }
  for (const w of project.warnings) lines.push(`  warning: ${w.problem}; ${w.fix}`);
  if (project.problems.length === 0) {
    lines.push('  no problems found');
    return lines;
  }
  // The last lines: one per problem, each with its fix.
  lines.push('', `${project.problems.length === 1 ? 'a problem stops' : `${project.problems.length} problems stop`} a run:`);
  for (const p of project.problems) lines.push(`  ✗ ${p.problem}: ${p.fix}`);
  return lines;
};

/** The descriptors of the backends the report names (each one the registry has: the report checked it). */
const descriptorsOf = async (report: DoctorReport): Promise<Map<string, AgentBackendDescriptor>> => {
  const names = [...new Set([...report.backends, ...report.pool].map((b) => b.backend))];
  const found = await Promise.all(names.map(async (name) => [name, await findAgentBackend(name)] as const));
  return new Map(found.flatMap(([name, descriptor]) => (descriptor === null ? [] : [[name, descriptor] as const])));
};

const render = (report: DoctorReport, descriptors: Map<string, AgentBackendDescriptor>, probed: boolean): string => {
  const descriptorOf = (name: string): AgentBackendDescriptor => {
    const descriptor = descriptors.get(name);
    if (descriptor === undefined) throw new Error(`doctor reported backend ${name}, which the registry lacks`);
    return descriptor;
  };
  const lines = [`node ${report.node}`, `git ${report.git ?? 'NOT FOUND (swarm needs git)'}`, `config: ${report.config}`, '', 'backends:'];
  for (const b of report.backends) lines.push(...renderBackend(b, descriptorOf(b.backend), probed, `${b.backend}${b.backend === report.configured && report.pool.length === 0 ? ' (configured)' : ''}`));
  if (report.pool.length > 0) {
    lines.push('', 'agent.pool (the run needs every entry):');
    for (const entry of report.pool) lines.push(...renderBackend(entry, descriptorOf(entry.backend), probed, `${entry.name} (${entry.backend})`));
  }
  if (report.shepherdPrice !== null) lines.push('', `shepherd model price  ${mark(report.shepherdPrice.ok)}  ${report.shepherdPrice.detail}`);
  lines.push('', `key variables set: ${report.keys.filter((k) => k.present).map((k) => k.name).join(', ') || 'none'} (values never shown)`);
  if (report.project !== null) lines.push(...renderProject(report.project));
  return lines.join('\n');
};

export const registerDoctor = (program: Command): void => {
  program
    .command('doctor')
    .description('check each agent backend (binary, authentication, with --probe one tiny request) and the project: config problems, uncommitted evaluator, program or config, and the committed baseline evaluated in a provisioned worktree exactly as an attempt will be; exit 1 with the fix when a run would fail')
    .option('--probe', 'send one tiny request through every backend that can authenticate')
    .option('--no-baseline', 'skip the evaluation of the baseline')
    .option('--json', 'print the report as JSON')
    .action(async (flags: { json?: boolean; probe?: boolean; baseline?: boolean }) => {
      const report = await doctor({ cwd: process.cwd(), probe: flags.probe ?? false, baseline: flags.baseline ?? true, progress: (line) => process.stderr.write(`${line}\n`) });
      if (flags.json) printJson(report);
      else process.stdout.write(`${render(report, await descriptorsOf(report), flags.probe ?? false)}\n`);
      // The configured backend (or, with a pool, every entry) decides: a doctor that finds one unusable says so in its exit code.
      const backendFails = report.pool.length > 0 ? report.pool.some((entry) => !entry.ok) : report.backends.find((b) => b.backend === report.configured)?.ok === false;
      process.exitCode = backendFails || (report.project?.problems.length ?? 0) > 0 ? 1 : 0;
    });
};
