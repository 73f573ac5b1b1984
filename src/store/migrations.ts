import { STATUS_REPORT_MIGRATION } from './status-report-migration.js';
import { STATUS_METRICS_MIGRATION } from './status-metrics-migration.js';
import { STATUS_BLOCKS_MIGRATION } from './status-blocks-migration.js';

/** Versioned schema migrations; `PRAGMA user_version` records how many have been applied. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    status TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    metric TEXT NOT NULL,
    direction TEXT NOT NULL,
    base_commit TEXT NOT NULL,
    base_branch TEXT,
    config_json TEXT NOT NULL,
    attempt_budget INTEGER NOT NULL,
    stop_reason TEXT,
    owner_pid INTEGER,
    created_at INTEGER NOT NULL,
    finished_at INTEGER
  );
  CREATE TABLE waves (
    run_id TEXT NOT NULL REFERENCES runs(id),
    number INTEGER NOT NULL,
    policy TEXT NOT NULL,
    rationale TEXT NOT NULL DEFAULT '',
    started_at INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (run_id, number)
  );
  CREATE TABLE attempts (
    id TEXT PRIMARY KEY,
    seq INTEGER NOT NULL UNIQUE,
    run_id TEXT NOT NULL REFERENCES runs(id),
    wave INTEGER NOT NULL,
    role TEXT NOT NULL,
    operator TEXT NOT NULL,
    backend TEXT NOT NULL,
    status TEXT NOT NULL,
    phase TEXT NOT NULL,
    branch TEXT NOT NULL,
    seed INTEGER NOT NULL,
    context TEXT,
    prompt TEXT,
    base_commit TEXT,
    head_commit TEXT,
    tip_commit TEXT,
    worktree TEXT,
    log_dir TEXT NOT NULL,
    hypothesis TEXT,
    summary TEXT,
    error TEXT,
    score REAL,
    valid INTEGER,
    reason TEXT,
    metrics_json TEXT,
    session_json TEXT,
    transcript_path TEXT,
    input_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd REAL NOT NULL DEFAULT 0,
    diff_files INTEGER,
    diff_insertions INTEGER,
    diff_deletions INTEGER,
    flags_json TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    started_at INTEGER,
    finished_at INTEGER
  );
  CREATE INDEX attempts_run ON attempts(run_id, seq);
  CREATE TABLE edges (
    run_id TEXT NOT NULL REFERENCES runs(id),
    from_id TEXT NOT NULL,
    to_id TEXT NOT NULL REFERENCES attempts(id),
    kind TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (from_id, to_id, kind)
  );
  CREATE INDEX edges_run ON edges(run_id);
  CREATE TABLE evaluations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    kind TEXT NOT NULL,
    stage TEXT NOT NULL,
    seed INTEGER NOT NULL,
    commit_sha TEXT,
    valid INTEGER NOT NULL,
    score REAL,
    metrics_json TEXT NOT NULL,
    reason TEXT,
    feedback TEXT,
    instances_json TEXT,
    artifacts_json TEXT,
    exit_code INTEGER,
    signal TEXT,
    timed_out INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    stdout_tail TEXT NOT NULL,
    stderr_tail TEXT NOT NULL,
    job_id TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX evaluations_attempt ON evaluations(attempt_id);
  CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id TEXT NOT NULL,
    attempt_id TEXT,
    type TEXT NOT NULL,
    data_json TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX events_run ON events(run_id, id);
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    backend TEXT NOT NULL,
    ref TEXT NOT NULL,
    parent_session_id TEXT,
    messages_json TEXT,
    cumulative_cost_usd REAL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX sessions_attempt ON sessions(attempt_id);
  `,
  // The driver's start time beside its pid (clock ticks since boot, /proc/<pid>/stat field 22):
  // a pid reused by another process after the driver died must not make the run look alive.
  `ALTER TABLE runs ADD COLUMN owner_started INTEGER;`,
  // Where a cluster runner ran an evaluation: node, pending time, Slurm state, resubmissions.
  `ALTER TABLE evaluations ADD COLUMN cluster_json TEXT;`,
  // The flags `swarm run` was started with, so a plain `swarm run` resuming the run keeps them.
  `
  ALTER TABLE runs ADD COLUMN overrides_json TEXT NOT NULL DEFAULT '{}';
  `,
  // Evaluations of one kind (held-out results in \`swarm status\`) without reading every evaluation of the run.
  `CREATE INDEX evaluations_kind ON evaluations(kind, attempt_id);`,
  // Reads a driver repeats for every attempt, each found through an index instead of a scan of the
  // run (a run's cost per attempt must not grow with its size): events of a type (limit waits,
  // the LLM Shepherd's usage) and of an attempt, the waves still open, the attempts still running,
  // the edges into new attempts, the best scored attempts (the best so far, an agent's inspirations) without sorting them all.
  `
  CREATE INDEX events_type ON events(run_id, type, id);
  CREATE INDEX events_attempt ON events(attempt_id, type);
  CREATE INDEX waves_open ON waves(run_id, number) WHERE finished_at IS NULL;
  CREATE INDEX attempts_running ON attempts(run_id, wave) WHERE status = 'running';
  CREATE INDEX attempts_best ON attempts(run_id, score, seq) WHERE status = 'scored' AND score IS NOT NULL;
  CREATE INDEX edges_to ON edges(to_id, kind, position);
  `,
  // Where and which way each attempt's code differs from the baseline (core/code-signature.ts),
  // written by the audit step: the policies' niches when no evaluator metric names them.
  `ALTER TABLE attempts ADD COLUMN code_signature_json TEXT;`,
  // The Pareto front of a run's feasible attempts over objective.metrics (issue 32): kept
  // incrementally by the record step, read by the policies, status, graph, report and plot.
  `
  CREATE TABLE pareto_front (
    run_id TEXT NOT NULL REFERENCES runs(id),
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    PRIMARY KEY (run_id, attempt_id)
  );
  `,
  // Where an imported attempt (swarm run --new --from) came from: an edge across runs, apart from
  // \`edges\`, whose rows are the physical parents and declared sources inside one run.
  `
  CREATE TABLE imports (
    run_id TEXT NOT NULL REFERENCES runs(id),
    attempt_id TEXT NOT NULL REFERENCES attempts(id),
    from_run TEXT NOT NULL,
    from_attempt TEXT NOT NULL,
    from_score REAL,
    PRIMARY KEY (run_id, attempt_id)
  );
  `,
  // Evolving explorer instructions (shepherd.metaPrompts, issue 32): the run's variants, and the
  // variant each explorer was given (apart from attempts, so their row mapping is untouched).
  `
  CREATE TABLE instruction_variants (
    run_id TEXT NOT NULL REFERENCES runs(id),
    id TEXT NOT NULL,
    parent TEXT,
    text TEXT NOT NULL,
    origin TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    retired_at INTEGER,
    PRIMARY KEY (run_id, id)
  );
  CREATE TABLE attempt_instructions (
    attempt_id TEXT PRIMARY KEY REFERENCES attempts(id),
    run_id TEXT NOT NULL REFERENCES runs(id),
    variant_id TEXT NOT NULL
  );
  CREATE INDEX attempt_instructions_run ON attempt_instructions(run_id);
  `,
  // The batch job of an attempt's agent (agent.runner "slurm", issue 30): job id, node, pending
  // time, Slurm state and resubmissions, as evaluations.cluster_json holds them for evaluations.
  `ALTER TABLE attempts ADD COLUMN agent_job_json TEXT;`,
  STATUS_REPORT_MIGRATION,
  STATUS_METRICS_MIGRATION,
  STATUS_BLOCKS_MIGRATION,
];
