import { expect } from 'vitest';
import type { RecordedRequest } from '../support/fake-llm/http-server.js';
import { assistantTurns, requestText, type FakeReply, type FakeScript } from '../support/fake-llm/scripted-reply.js';
import { runCli } from '../support/toy-repo.js';
import { statusSchema } from './shepherd-script.js';

/** The attempt a request is for: the last "You are <role> aN" (a forked optimizer carries its parent's too). */
const lastAttemptIn = (text: string): string | null => [...text.matchAll(/You are (?:explorer|optimizer) (a\d+)/g)].at(-1)?.[1] ?? null;

/**
 * The model the driver's API agents (anthropic or openai backend) talk to: a second fake server on
 * loopback, apart from the one playing the Shepherd. The two explorers set `a` to 2 or 2.5
 * (scores -10 and -9.25, in the order their first requests arrive), the merge sets `b` to -1 on
 * top of its first parent's `a` (-1 or -0.25), the optimizer keeps its parent's program. Each
 * explorer and the merge score themselves with run_eval before finishing, so the driver's
 * evaluator child processes run as well.
 */
export const driverAgentScript = (): FakeScript => {
  const explorerEdits = ['const a = 2.0;', 'const a = 2.5;'];
  let started = 0;
  const editOf = new Map<string, Record<string, string>>();
  return (request: RecordedRequest): FakeReply => {
    const text = requestText(request);
    const attempt = lastAttemptIn(text) ?? 'unknown';
    if (/You are optimizer/.test(text)) return { kind: 'message', text: `kept the parent program\nHYPOTHESIS: ${attempt} found nothing better` };
    const turn = assistantTurns(request);
    if (turn === 0 && !editOf.has(attempt)) {
      const n = started++;
      const replace = explorerEdits[n];
      editOf.set(attempt, replace === undefined
        ? { path: 'prog.js', search: 'const b = 2.0;', replace: 'const b = -1.0;' }
        : { path: 'prog.js', search: 'const a = 1.0;', replace });
    }
    const replies: FakeReply[] = [
      { kind: 'message', toolCalls: [{ name: 'edit_file', input: editOf.get(attempt) ?? {} }] },
      { kind: 'message', toolCalls: [{ name: 'run_eval', input: {} }] },
      { kind: 'message', toolCalls: [{ name: 'finish', input: { summary: `${attempt} edited prog.js`, hypothesis: `${attempt}: move one constant` } }] },
    ];
    return replies[Math.min(turn, 2)] ?? { kind: 'message', text: 'done' };
  };
};

/**
 * The attempts the Shepherd spawned were worked by the driver's API agents against the second
 * fake model: each one's first request reached it over loopback, and the scores are those its
 * edits give (a sandboxed driver could not start, nor reach the model: no scores at all).
 */
export const assertDriverAgentsWorked = async (repo: string, requests: RecordedRequest[]): Promise<void> => {
  const status = statusSchema.parse(JSON.parse((await runCli(repo, ['status', '--json'])).stdout));
  const searchers = status.attempts.filter((a) => a.role !== 'baseline');
  const served = new Set(requests.map((r) => lastAttemptIn(requestText(r))).filter((id) => id !== null));
  expect([...served].sort()).toEqual(searchers.map((a) => a.id).sort());
  const [first, second, merge, optimizer] = searchers;
  expect([first?.score ?? 0, second?.score ?? 0].sort((x, y) => x - y)).toEqual([-10, -9.25]);
  const firstParentScore = status.attempts.find((a) => a.id === merge?.parents[0])?.score ?? Number.NaN;
  expect(merge?.score).toBe(firstParentScore + 9);
  expect(optimizer?.parents).toEqual([merge?.id]);
  expect(optimizer?.score).toBe(merge?.score);
};
