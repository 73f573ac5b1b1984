import { z } from 'zod';
import type { Db } from './open-database.js';
import { prepared } from './prepared.js';
import type { AgentJobReads, AgentJobRecord } from '../core/ports/agent-launcher.js';

const agentJob = z.object({ jobId: z.string(), node: z.string().nullable(), pendingMs: z.number().nullable(), state: z.string(), retries: z.number() });
const agentJobRow = z.object({ agent_job_json: z.string().nullable() });

/** The batch job each attempt's agent ran as (attempts.agent_job_json), written while it runs. */
export class AgentJobQueries implements AgentJobReads {
  constructor(private readonly db: Db) {}

  set(attemptId: string, job: AgentJobRecord): void {
    prepared(this.db, 'UPDATE attempts SET agent_job_json = ? WHERE id = ?').run(JSON.stringify(agentJob.parse(job)), attemptId);
  }

  get(attemptId: string): AgentJobRecord | null {
    const row = prepared(this.db, 'SELECT agent_job_json FROM attempts WHERE id = ?').get(attemptId);
    if (row === undefined) return null;
    const text = agentJobRow.parse(row).agent_job_json;
    if (text === null) return null;
    const parsed = agentJob.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  }
}
