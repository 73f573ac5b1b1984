import { join } from 'node:path';
import { writeCauseAt } from '../../agents/cli-common/unlanded-writes.js';
import { EDIT_FAILED, editFailureNoteIn } from '../../core/attempt/edit-failed.js';
import type { AttemptRecord } from '../../store/records.js';

const DISK_WORDS = /\b(?:ENOSPC|EDQUOT|EROFS)\b|no space left on device|disk quota exceeded|read-only file system/i;

/**
 * An attempt flagged edit-failed because the disk refused its agent's writes (ENOSPC, EDQUOT,
 * EROFS), while the file system of `.swarm` refuses too (read-only, or nearly no space: the
 * worktrees share the disk with the run's store, or both are full): the driver's own disk-full
 * stop (issue 41) wins over the breaker's count, so the run is interrupted and resumable at once
 * with the one line naming the file system, rather than failed after agent.maxConsecutiveFailures.
 * Returns the error to halt on (`code` and `path`, as the disk-full stop reads them), else null.
 */
export const sharedDiskRefusal = async (attempt: AttemptRecord, swarmDir: string): Promise<Error | null> => {
  if (!attempt.flags.includes(EDIT_FAILED) || attempt.error === null) return null;
  if (!DISK_WORDS.test(editFailureNoteIn(attempt.error))) return null;
  const cause = await writeCauseAt(join(swarmDir, 'swarm.db'));
  if (cause === null) return null;
  const code = cause.includes('(EROFS)') ? 'EROFS' : 'ENOSPC';
  return Object.assign(new Error(`${code}: ${attempt.id}'s agent could not write its worktree, and ${cause}`), { code, path: swarmDir });
};
