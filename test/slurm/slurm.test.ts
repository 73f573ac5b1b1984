import { benchQuickCases } from './bench-quick-cases.js';
import { slurmRecoveryCases } from './recovery-cases.js';
import { slurmAgentApiCases } from './agent-api-cases.js';
import { slurmAgentCases } from './agent-cases.js';
import { slurmAgentCliCases } from './agent-cli-cases.js';
import { slurmReviewCases } from './review-cases.js';
import { slurmRunCases } from './run-cases.js';
import { slurmRunnerCases } from './runner-cases.js';
import { slurmSlotsCases } from './slots-cases.js';

// Every test that uses the one-node test cluster lives in this file: vitest runs files in
// parallel, and two files sharing the cluster's two GPUs would see each other's jobs.
slurmRunnerCases();
slurmRunCases();
slurmReviewCases();
slurmRecoveryCases();
slurmSlotsCases();
slurmAgentCases();
slurmAgentCliCases();
slurmAgentApiCases();
benchQuickCases();
