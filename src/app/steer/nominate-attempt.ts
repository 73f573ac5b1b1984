import { SwarmError } from '../../core/domain/errors.js';
import { countNominations, recordNomination } from '../../store/nominations.js';
import { openRunStore } from '../project/open-project.js';

/**
 * `swarm nominate <attempt> --reason "..."`: records a judgement (GitSwarm's nominations) that
 * status shows apart from the best score. From inside an attempt, the nominating attempt is noted.
 */
export const nominateAttempt = async (options: { cwd: string; attemptId: string; reason: string; by: string | null }): Promise<{ attempt: string; run: string; nominations: number }> => {
  const reason = options.reason.trim();
  if (reason === '') throw new SwarmError('USAGE', `--reason is empty; say why ${options.attemptId} deserves it, e.g. --reason "best held-out score"`);
  const store = await openRunStore(options.cwd);
  try {
    const attempt = store.getAttempt(options.attemptId);
    if (!attempt) throw new SwarmError('NOT_FOUND', `no attempt ${options.attemptId}; list them with \`swarm status --all\``);
    if (options.by === attempt.id) throw new SwarmError('USAGE', `attempt ${attempt.id} cannot nominate itself`);
    recordNomination(store, { runId: attempt.runId, attemptId: attempt.id, reason, by: options.by });
    return { attempt: attempt.id, run: attempt.runId, nominations: countNominations(store, attempt.id) };
  } finally {
    store.close();
  }
};
