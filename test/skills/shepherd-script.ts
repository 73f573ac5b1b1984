import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { z } from 'zod';
import { CLI, runCli } from '../support/toy-repo.js';

export const statusSchema = z.object({
  run: z.object({ id: z.string(), status: z.string() }),
  baseline: z.object({ id: z.string(), score: z.number().nullable() }).nullable(),
  best: z.object({ id: z.string() }).nullable(),
  attempts: z.array(z.object({ id: z.string(), role: z.string(), operator: z.string(), parents: z.array(z.string()), status: z.string(), score: z.number().nullable() })),
});

/** Every attempt id `swarm spawn --json` printed into the conversation so far, in order. */
const spawnedIds = (history: string): string[] => [...history.matchAll(/\\"id\\":\\"(a\d+)\\",\\"run\\"/g)].map((m) => m[1] ?? '');
const leaderOf = (history: string): string => /\\"best\\":\{\\"id\\":\\"(a\d+)\\"/.exec(history)?.[1] ?? 'none';

/**
 * The commands a fake model playing the Shepherd of the swarm-shepherd skill runs, one per turn
 * (the step is the number of tool results so far): two explorers from the baseline, wait, a merge
 * of both, wait, read status, an optimizer on the leader it read, wait.
 */
export const SHEPHERD_STEPS = (history: string): string[] => {
  const ids = spawnedIds(history);
  return [
    'swarm spawn --baseline --role explorer --json',
    'swarm spawn --baseline --role explorer --json',
    'swarm wait --all --timeout 100s --json',
    `swarm spawn --parents ${ids[0]},${ids[1]} --role explorer --json`,
    `swarm wait ${ids[2]} --json`,
    'swarm status --json',
    `swarm spawn --parent ${leaderOf(history)} --role optimizer --json`,
    `swarm wait ${ids[3]} --json`,
  ];
};

/** A `swarm` on PATH running the built CLI. */
export const writeSwarmOnPath = (bin: string): void => {
  writeFileSync(join(bin, 'swarm'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(bin, 'swarm'), 0o755);
};

/** The store holds the Shepherd's attempts with edges and scores as if `swarm run` had planned them. */
export const assertShepherdRun = async (repo: string): Promise<void> => {
  const status = statusSchema.parse(JSON.parse((await runCli(repo, ['status', '--json'])).stdout));
  const baseline = status.baseline?.id ?? '';
  const searchers = status.attempts.filter((a) => a.role !== 'baseline');
  expect(searchers.map((a) => [a.role, a.operator])).toEqual([['explorer', 'explore'], ['explorer', 'explore'], ['explorer', 'merge'], ['optimizer', 'deepen']]);
  const [first, second, merge, optimizer] = searchers;
  expect(first?.parents).toEqual([baseline]);
  expect(second?.parents).toEqual([baseline]);
  expect(merge?.parents).toEqual([first?.id, second?.id]);
  expect(searchers.every((a) => a.status === 'scored' && a.score !== null)).toBe(true);
  // The optimizer went to the leader the model read from status --json after the merge.
  const leaders = status.attempts.filter((a) => a.id !== optimizer?.id && a.status === 'scored').sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  expect(optimizer?.parents).toEqual([leaders[0]?.id]);
};

/** Waits until the spawn driver gave the run up, so the repository can go. */
export const waitForDriverExit = async (repo: string): Promise<void> => {
  for (let i = 0; i < 50; i++) {
    const status = await runCli(repo, ['status', '--json']);
    if (status.code !== 0 || statusSchema.parse(JSON.parse(status.stdout)).run.status !== 'running') return;
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** The first heading of the installed swarm-shepherd skill: in the history once the model read it. */
export const SKILL_HEADING = '# Shepherding a swarm search';

/**
 * What the Codex Shepherd runs before the verbs: it opens the installed skill (a plain read,
 * sandboxed), then a control showing the sandbox at work: a child process and a loopback
 * connection from inside it (both refused, EPERM, where Codex's sandbox applies).
 */
export const CODEX_FIRST_STEPS = (skillFile: string): string[] => [
  `cat ${skillFile}`,
  `node -e "const c = require('node:child_process').spawnSync('/bin/true'); console.log('spawn', c.error ? c.error.code : 'ok'); require('node:net').connect(9, '127.0.0.1').on('connect', () => { console.log('connect ok'); process.exit(0); }).on('error', (e) => console.log('connect', e.code))"`,
];

const callSchema = z.object({ type: z.literal('function_call'), call_id: z.string(), arguments: z.string() });
const outputSchema = z.object({ type: z.literal('function_call_output'), call_id: z.string(), output: z.string() });

/** Each command the Codex model ran and what came back, in order, from a Responses request's input. */
export const toolOutputs = (input: unknown[]): Array<{ cmd: string; output: string }> => {
  const results = new Map(input.flatMap((item) => {
    const parsed = outputSchema.safeParse(item);
    return parsed.success ? [[parsed.data.call_id, parsed.data.output] as const] : [];
  }));
  return input.flatMap((item) => {
    const call = callSchema.safeParse(item);
    if (!call.success) return [];
    const cmd = z.object({ cmd: z.string() }).safeParse(JSON.parse(call.data.arguments));
    return [{ cmd: cmd.success ? cmd.data.cmd : '', output: results.get(call.data.call_id) ?? '' }];
  });
};
