import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { currentProcessIdentity } from '../../src/process/process-identity.js';
import { parseJobComment, runJobPrefix, swarmJobComment, swarmJobName, thisJobOwner, type JobOwner } from '../../src/slurm/job-tag.js';
import { leftoverJobs, ownerAliveHere } from '../../src/slurm/leftover-jobs.js';
import { parseQueue, type QueuedJob } from '../../src/slurm/slurm-cli.js';

const dead: JobOwner = { host: hostname(), pid: 2 ** 22 + 11, started: 5 };
const comment = (root: string, owner = dead): string => swarmJobComment(root, owner);
const job = (id: string, name: string, text: string, state = 'RUNNING'): QueuedJob => ({ id, state, name, comment: text });

describe('Slurm job names and tags', () => {
  it('names every job of a run under one prefix, whatever its kind', () => {
    expect(swarmJobName('r3', 'a12', 'main')).toBe('swarm-r3-a12-main');
    expect(swarmJobName('r3', 'a12', 'agent').startsWith(runJobPrefix('r3'))).toBe(true);
    expect(swarmJobName('r31', 'a1', 'main').startsWith(runJobPrefix('r3'))).toBe(false);
    expect(swarmJobName(undefined, undefined, 'main')).toBe('swarm-eval-eval-main');
  });

  it('reads back the project and the owner it wrote, spaces in the path included', () => {
    const owner = thisJobOwner(currentProcessIdentity());
    expect(parseJobComment(swarmJobComment('/home/me/my project', owner))).toEqual({ root: '/home/me/my project', owner });
    expect(parseJobComment(swarmJobComment('/p', { host: 'gpu07', pid: 12, started: null }))).toEqual({ root: '/p', owner: { host: 'gpu07', pid: 12, started: null } });
    expect(parseJobComment('my own job')).toBeNull();
    expect(parseJobComment('swarm root=%E0%A4%A owner=h/1/2')).toBeNull();
    expect(parseJobComment('')).toBeNull();
  });

  it('parses squeue lines of id, state, name and comment; a header or garbage is no job', () => {
    const text = ['JOBID\tSTATE\tNAME\tCOMMENT', '812\tRUNNING\tswarm-r1-a2-main\tswarm root=%2Fp owner=h/1/2', '813_4\tPENDING\tarray\t(null)', 'garbage', ''].join('\n');
    expect(parseQueue(text)).toEqual([
      { id: '812', state: 'RUNNING', name: 'swarm-r1-a2-main', comment: 'swarm root=%2Fp owner=h/1/2' },
      { id: '813_4', state: 'PENDING', name: 'array', comment: '(null)' },
    ]);
  });
});

describe('leftoverJobs', () => {
  const root = '/home/me/project';
  const queue = [
    job('1', 'swarm-r1-a2-main', comment(root)),
    job('2', 'swarm-r1-a3-agent', comment(root), 'PENDING'),
    job('3', 'swarm-r1-a4-main', comment('/home/me/other')),
    job('4', 'swarm-r1-a5-main', 'my own job'),
    job('5', 'swarm-r2-a9-main', comment(root)),
    job('6', 'swarm-r1-a6-main', comment(root), 'COMPLETING'),
    job('7', 'swarm-r1-a7-main', comment(root, { ...currentProcessIdentity(), host: hostname() })),
    job('8', 'train', comment(root)),
  ];

  it('finds the live jobs of the given runs in this project whose submitting process is gone', () => {
    expect(leftoverJobs(queue, { root, runIds: ['r1'] }).map((j) => j.id)).toEqual(['1', '2']);
    expect(leftoverJobs(queue, { root, runIds: ['r1', 'r2'] }).map((j) => j.id)).toEqual(['1', '2', '5']);
    expect(leftoverJobs(queue, { root: '/home/me/other', runIds: ['r1'] }).map((j) => j.id)).toEqual(['3']);
    expect(leftoverJobs(queue, { root, runIds: [] })).toEqual([]);
  });

  it('leaves the jobs of a live process alone (a review of the same project), and takes one of another machine for gone', () => {
    expect(ownerAliveHere({ ...currentProcessIdentity(), host: hostname() })).toBe(true);
    expect(ownerAliveHere(dead)).toBe(false);
    expect(ownerAliveHere({ ...currentProcessIdentity(), host: `${hostname()}-elsewhere` })).toBe(false);
    expect(leftoverJobs(queue, { root, runIds: ['r1'], ownerAlive: () => true })).toEqual([]);
  });
});
