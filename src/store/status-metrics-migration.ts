import { ATTEMPT_REPORT_COLUMNS, ATTEMPT_REPORT_JSON, rewriteAttempt } from './status-report-migration.js';

/** A scored attempt's metrics as JSON (its stored object; `{}` when none or not an object). */
const METRICS = `CASE WHEN json_valid(a.metrics_json) AND json_type(a.metrics_json) = 'object' THEN json(a.metrics_json) ELSE json('{}') END`;

/**
 * The 13th migration (issue 39): `status --json` gives every scored attempt its metrics (the
 * values its Pareto front is built from), as the full report does (store/report-rows.ts, the key
 * `metrics` after `durationMs`, scored attempts only). The report view of the 12th migration is
 * replaced by one whose JSON text carries them; its triggers name the view, not its text, and one
 * more keeps the text when only the metrics change; the kept texts are rebuilt once. Like every
 * migration, what this builds never changes.
 */
export const STATUS_METRICS_MIGRATION = `
  DROP VIEW attempt_report_rows;
  CREATE VIEW attempt_report_rows AS SELECT ${ATTEMPT_REPORT_COLUMNS}
    CASE WHEN a.status = 'scored' THEN json_set(${ATTEMPT_REPORT_JSON}, '$.metrics', ${METRICS}) ELSE ${ATTEMPT_REPORT_JSON} END AS json
    FROM attempts a;
  CREATE TRIGGER attempt_report_metrics_update AFTER UPDATE OF metrics_json ON attempts BEGIN${rewriteAttempt('NEW.id')}
  END;
  DELETE FROM attempt_report_json;
  INSERT INTO attempt_report_json (run_id, seq, running, json) SELECT run_id, seq, status = 'running', json FROM attempt_report_rows;
  `;
