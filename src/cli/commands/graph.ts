import { InvalidArgumentError, type Command } from 'commander';
import { SwarmError } from '../../core/domain/errors.js';
import { GRAPH_FORMATS, isGraphFormat, type GraphFormat } from '../../core/views/graph-formats.js';
import { graph } from '../../index.js';
import { writeResult } from '../output-file.js';

const parseFormat = (value: string): GraphFormat => {
  if (!isGraphFormat(value)) throw new InvalidArgumentError(`expected one of ${GRAPH_FORMATS.join(', ')}, got "${value}"`);
  return value;
};

export const registerGraph = (program: Command): void => {
  program
    .command('graph')
    .description('export the evolution tree: attempts with score and role, parent/merge/informed-by edges, best lineage marked')
    .option('-f, --format <format>', `one of ${GRAPH_FORMATS.join(', ')} (svg, png and html are drawn pictures with a legend)`, parseFormat, 'json')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--run <id>', 'a run other than the latest')
    .option('--edges <kinds>', 'edge kinds to draw, any of parent,merge,informed (default: all; pictures leave informed out past 20 attempts)')
    .action(async (flags: { format: GraphFormat; output?: string; run?: string; edges?: string }) => {
      if (flags.format === 'png' && !flags.output && process.stdout.isTTY) {
        throw new SwarmError('USAGE', 'swarm graph --format png writes binary data; give a file with -o tree.png or redirect stdout');
      }
      const { parseEdgeKinds } = await import('../../core/views/edge-kinds.js');
      const edges = flags.edges === undefined ? {} : { edges: parseEdgeKinds(flags.edges) };
      const result = await graph({ cwd: process.cwd(), format: flags.format, ...(flags.run ? { runId: flags.run } : {}), ...edges });
      if (result.hidden.includes('informed_by')) process.stderr.write('swarm: informed-by edges left out past 20 attempts; --edges parent,merge,informed draws them\n');
      await writeResult(result.output, flags.output);
    });
};
