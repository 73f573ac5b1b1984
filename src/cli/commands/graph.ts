import { writeFile } from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import { GRAPH_FORMATS, isGraphFormat, type GraphFormat } from '../../export/index.js';

const parseFormat = (value: string): GraphFormat => {
  if (!isGraphFormat(value)) throw new InvalidArgumentError(`expected one of ${GRAPH_FORMATS.join(', ')}, got "${value}"`);
  return value;
};

export const registerGraph = (program: Command): void => {
  program
    .command('graph')
    .description('export the evolution tree: attempts with score and role, parent/merge/informed-by edges, best lineage marked')
    .option('-f, --format <format>', `one of ${GRAPH_FORMATS.join(', ')}`, parseFormat, 'json')
    .option('-o, --output <file>', 'write to a file instead of stdout')
    .option('--run <id>', 'a run other than the latest')
    .action(async (flags: { format: GraphFormat; output?: string; run?: string }) => {
      const { exportGraph } = await import('../../app/graph.js');
      const text = await exportGraph({ cwd: process.cwd(), format: flags.format, ...(flags.run ? { runId: flags.run } : {}) });
      if (flags.output) await writeFile(flags.output, text.endsWith('\n') ? text : `${text}\n`);
      else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    });
};
