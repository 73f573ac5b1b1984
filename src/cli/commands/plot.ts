import { InvalidArgumentError, type Command } from 'commander';
import { SwarmError } from '../../core/domain/errors.js';
import { plot, type PlotFormat } from '../../index.js';
import { writeResult } from '../output-file.js';

const parseFormat = (value: string): PlotFormat => {
  if (value !== 'svg' && value !== 'png') throw new InvalidArgumentError(`expected svg or png, got "${value}"`);
  return value;
};

export const registerPlot = (program: Command): void => {
  program
    .command('plot')
    .description('plot the score over attempts (points by role, best so far, baseline), and cost and tokens over time when reported; with --x and --y, the attempts over two metrics and the Pareto front')
    .option('-f, --format <format>', 'svg or png', parseFormat, 'svg')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--run <id>', 'a run other than the latest')
    .option('--x <metric>', 'with --y: plot the attempts over two metrics, the Pareto front marked')
    .option('--y <metric>', 'with --x: the metric of the vertical axis')
    .action(async (flags: { format: PlotFormat; output?: string; run?: string; x?: string; y?: string }) => {
      if ((flags.x === undefined) !== (flags.y === undefined)) throw new SwarmError('USAGE', 'swarm plot draws two metrics only together: give both --x and --y (e.g. --x score --y cost)');
      if (flags.format === 'png' && !flags.output && process.stdout.isTTY) {
        throw new SwarmError('USAGE', 'swarm plot --format png writes binary data; give a file with -o plot.png or redirect stdout');
      }
      await writeResult(await plot({ cwd: process.cwd(), format: flags.format, ...(flags.run ? { runId: flags.run } : {}), ...(flags.x !== undefined && flags.y !== undefined ? { axes: { x: flags.x, y: flags.y } } : {}) }), flags.output);
    });
};
