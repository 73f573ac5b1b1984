// The ports the core depends on, one module each under ports/; this file gathers them.
export type { AgentBackend, AgentLimit, AgentOutcome, AgentStatus, AgentTask, InspirationRef, ParentScore, SessionRef } from './agent-backend.js';
export type { AgentExit, AgentJobReads, AgentJobRecord, AgentLaunch, AgentLauncher } from './agent-launcher.js';
export type { ClusterRun, EvalJob, EvalOutcome, EvaluatorRunner, JobRecordKey } from './evaluator-runner.js';
export type { AttemptPatch, NewAttempt, NewRun, RunPatch, RunStore } from './run-store.js';
export type { DigestTally, FinishedCounts, HeldOutResult, NominationRecord, ReportReads, RunQueries, StatusDigestReads, StoreHandle } from './run-queries.js';
export type { ShepherdModel, ShepherdReply, ShepherdTurn } from './shepherd-model.js';
export type { CommitAllParams, DiffStat, PrepareAttemptParams, PreparedAttempt, Trailers, Workspace } from './workspace.js';
