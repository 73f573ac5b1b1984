import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDir } from './temp-dirs.mjs';
import { runCli } from './proc.mjs';

const frameName = (frame) => {
  const file = frame.url.includes('/dist/') ? frame.url.slice(frame.url.indexOf('/dist/') + 6) : '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
};

/**
 * Phases of a read command, each sample counted once in the first that holds it: garbage
 * collection (the leaf), then the innermost named step on its stack, then module loading.
 */
const PHASES = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['print the output', (f) => f.functionName === 'printJson' || f.functionName === 'writeResult'],
  ['read attempt rows', (f) => f.functionName === 'listReportRows'],
  ['read the kept report texts (status --json)', (f) => f.functionName === 'attemptsJson' || f.functionName === 'wavesJson'],
  ['sum the attempts (status --json)', (f) => f.functionName === 'groups'],
  ['read edges', (f) => f.functionName === 'listReportEdges'],
  ['count evaluations', (f) => f.functionName === 'countRunEvaluations'],
  ['open the store', (f) => f.functionName === 'openRunStore'],
  ['build the report or graph (rest)', (f) => f.functionName === 'getStatus' || f.functionName === 'exportGraph' || f.functionName === 'statusJsonParts'],
  ['load, compile and evaluate modules', (f) => f.url.startsWith('node:internal/modules/')],
];
const OTHER_PHASE = 'node start-up, commander, rest';

/**
 * Where the time of one `swarm <args>` goes: runs it under `node --cpu-prof` and returns the total,
 * garbage-collection time, the phases above, and the project functions (dist/) with the most
 * inclusive time.
 */
export const profileCli = async (args, { cwd, top = 8, entry }) => {
  const dir = makeTempDir('cpu-prof');
  try {
    await runCli(args, { cwd, entry, nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir], stdoutFile: join(dir, 'stdout.txt') });
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) return null;
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map();
    for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
    const selfUs = new Map();
    profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const inclusive = new Map();
    let totalUs = 0;
    let gcUs = 0;
    const phaseUs = new Map();
    for (const [id, us] of selfUs) {
      totalUs += us;
      const phase = PHASES.find(([, test]) => {
        for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) if (test(nodes.get(cur).callFrame)) return true;
        return false;
      })?.[0] ?? OTHER_PHASE;
      phaseUs.set(phase, (phaseUs.get(phase) ?? 0) + us);
      if (nodes.get(id)?.callFrame.functionName === '(garbage collector)') gcUs += us;
      const seen = new Set();
      for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
        const frame = nodes.get(cur)?.callFrame;
        if (!frame || !frame.url.includes('/dist/')) continue;
        const name = frameName(frame);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + us);
      }
    }
    const hot = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => ({ name, ms: us / 1000 }));
    const phases = [...phaseUs].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000 }));
    return { totalMs: totalUs / 1000, gcMs: gcUs / 1000, phases, hot };
  } finally {
    removeTempDir(dir);
  }
};
