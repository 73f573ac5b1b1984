import { describe, expect, it } from 'vitest';
import { agentJobEnv, agentJobScript, agentSbatchArgs } from '../../../src/agents/placement/agent-job-script.js';

const settings = { partition: null, gpus: 1, gres: null, cpus: 1, memory: null, timeMs: null, extraArgs: [], passEnv: [], pollMs: 1000, retries: 1 };

describe('agent job environment', () => {
  it('passes the base names, the CLIs\' prefixes, agent.slurm.passEnv and the backend\'s own variables, by name only', () => {
    const driver = { PATH: '/bin', HOME: '/home/u', ANTHROPIC_API_KEY: 'sk', OPENAI_BASE_URL: 'http://x', AWS_SECRET: 'no', HF_TOKEN: 'hf', WANDB_KEY: 'w', CUDA_VISIBLE_DEVICES: '3', SLURM_CONF: '/etc/slurm.conf' };
    const env = agentJobEnv(driver, { SWARM_ATTEMPT_ID: 'a2', PATH: '/shim:/bin' }, ['HF_TOKEN', 'WANDB_*']);
    expect(Object.keys(env).sort()).toEqual(['ANTHROPIC_API_KEY', 'HF_TOKEN', 'HOME', 'OPENAI_BASE_URL', 'PATH', 'SWARM_ATTEMPT_ID', 'WANDB_KEY']);
    expect(env.PATH).toBe('/shim:/bin');
    expect(env).not.toHaveProperty('AWS_SECRET');
    expect(env).not.toHaveProperty('CUDA_VISIBLE_DEVICES');
  });
});

describe('agent job script', () => {
  it('enters the worktree and runs the quoted command line with stdin from a file or closed', () => {
    const script = agentJobScript({ cwd: '/shared/wt/a 2', file: '/usr/bin/claude', args: ['-p', "it's $HOME"], stdinFile: null });
    expect(script).toContain("cd '/shared/wt/a 2' || exit 97");
    expect(script).toContain("exec '/usr/bin/claude' '-p' 'it'\\''s $HOME' < '/dev/null'");
    expect(agentJobScript({ cwd: '/w', file: 'x', args: [], stdinFile: '/w/.swarm/agent-job/stdin.txt' })).toContain("< '/w/.swarm/agent-job/stdin.txt'");
  });

  it('asks for agent.slurm\'s resources and a time limit a minute above agent.timeout unless agent.slurm.time is set', () => {
    const job = { name: 'swarm-r1-a2-agent', timeoutMs: 20 * 60_000, stdout: '/o', stderr: '/e', cwd: '/w', script: '/s' };
    expect(agentSbatchArgs(settings, job)).toEqual(['--parsable', '--no-requeue', '--job-name=swarm-r1-a2-agent', '--time=21', '--output=/o', '--error=/e', '--chdir=/w', '--export=ALL', '--gpus=1', '--cpus-per-task=1', '/s']);
    expect(agentSbatchArgs({ ...settings, timeMs: 2 * 3_600_000, gpus: 0, memory: '32G', partition: 'gpu', extraArgs: ['--qos=agents'] }, job))
      .toEqual(expect.arrayContaining(['--time=120', '--partition=gpu', '--mem=32G', '--qos=agents']));
  });
});
