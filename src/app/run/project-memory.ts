import { open, rename, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { formatProjectDigest, DIGEST_RUNS, type DigestIdea, type RunDigest } from '../../core/memory/project-digest.js';
import { creditWithheld } from '../../core/domain/population.js';
import type { RunRecord } from '../../store/records.js';
import type { RunQueries } from '../../core/ports/index.js';

/** Most bytes of `.swarm/memory.md` offered to a Shepherd or an explorer. */
export const MEMORY_BYTES = 8192;

const runDigest = (store: RunQueries, run: RunRecord): RunDigest => {
  const rows = store.listAttemptRows(run.id);
  const baseline = rows.find((r) => r.role === 'baseline' && r.status === 'scored')?.score ?? null;
  const sign = run.objective.direction === 'maximize' ? 1 : -1;
  const ideas: DigestIdea[] = rows
    .filter((r) => r.role !== 'baseline' && r.status !== 'running' && r.status !== 'interrupted')
    .map((r) => ({
      id: r.id,
      hypothesis: r.hypothesis ?? r.summary ?? `${r.role} attempt`,
      score: r.status === 'scored' ? r.score : null,
      gain: r.status === 'scored' && r.score !== null && baseline !== null ? sign * (r.score - baseline) : null,
      outcome: r.flags.find((f) => creditWithheld({ flags: [f] })) ?? r.status,
    }));
  const worked = ideas.filter((i) => i.gain !== null && i.gain > 0 && i.outcome === 'scored').sort((a, b) => (b.gain ?? 0) - (a.gain ?? 0));
  const bestId = store.bestAttemptIds(run.id, run.objective.direction, 1)[0];
  const best = bestId === undefined ? null : rows.find((r) => r.id === bestId);
  return {
    id: run.id,
    createdAt: run.createdAt,
    status: run.status,
    stopReason: run.stopReason,
    metric: run.objective.metric,
    direction: run.objective.direction,
    baseline,
    best: best?.score != null ? { id: best.id, score: best.score } : null,
    counts: { scored: rows.filter((r) => r.role !== 'baseline' && r.status === 'scored').length, invalid: rows.filter((r) => r.status === 'invalid').length, failed: rows.filter((r) => r.status === 'failed').length },
    worked,
    didNot: ideas.filter((i) => !worked.includes(i)).reverse(),
    importedFrom: store.imports.list(run.id).map((i) => `${i.fromRun}/${i.fromAttempt}`),
  };
};

/** Rewrites `.swarm/memory.md` from the store (the newest runs), atomically: a reader never sees half a file. */
export const writeProjectMemory = async (store: RunQueries, file: string): Promise<void> => {
  const runs = store.listRuns().sort((a, b) => b.createdAt - a.createdAt).slice(0, DIGEST_RUNS);
  const text = formatProjectDigest(runs.map((run) => runDigest(store, run)));
  await writeFile(`${file}.tmp`, text);
  await rename(`${file}.tmp`, file);
};

/**
 * The memory an earlier run left (shepherd.memory), read before this run writes its own: at most
 * MEMORY_BYTES, without following a link; null when there is none.
 */
export const readProjectMemory = async (file: string): Promise<string | null> => {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(MEMORY_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MEMORY_BYTES, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8').trim();
    return text === '' ? null : text;
  } finally {
    await handle.close();
  }
};

