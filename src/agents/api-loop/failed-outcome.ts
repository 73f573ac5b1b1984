import type { AgentOutcome } from '../../core/ports/index.js';
import { zeroUsage } from '../../core/domain/types.js';

/** An API agent's attempt that ended before any model work counted: nothing spent, the reason kept. */
export const failedApiOutcome = (error: string): AgentOutcome => ({ status: 'failed', summary: '', hypothesis: null, usage: zeroUsage(), error });
