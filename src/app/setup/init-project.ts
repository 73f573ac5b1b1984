import { copyFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE_NAME, defaultConfigFile } from '../../config/index.js';
import { SwarmError } from '../../core/domain/errors.js';
import { writeSchemaCopy } from './schema-copy.js';
import { packageRoot } from './package-root.js';

export type EvaluatorLanguage = 'python' | 'node';

const TEMPLATES: Record<EvaluatorLanguage, { source: string; target: string; command: string }> = {
  python: { source: 'template_evaluate.py', target: 'evaluate.py', command: 'python3 evaluate.py' },
  node: { source: 'template-evaluate.mjs', target: 'evaluate.mjs', command: 'node evaluate.mjs' },
};

const PROMPT = `# Task

Describe what the program in this repository should do better, and any rules an agent must follow.

- The evaluator (\`{{evaluator}}\`) prints a JSON object; the swarm maximizes its \`score\`.
- Mark the code that agents may evolve with EVOLVE-BLOCK-START / EVOLVE-BLOCK-END comments.
- Do not modify the evaluator.
`;


/**
 * `swarm init`: writes a starter config, prompt.md and an evaluator template, never overwriting
 * without `force`, and the schema copy the config's `$schema` names.
 */
export const initProject = async (options: { dir: string; evaluator: EvaluatorLanguage; force?: boolean }): Promise<{ written: string[]; skipped: string[] }> => {
  const template = TEMPLATES[options.evaluator];
  const files: Array<{ path: string; write: (path: string) => Promise<void> }> = [
    { path: join(options.dir, CONFIG_FILE_NAME), write: (p) => writeFile(p, `${JSON.stringify(defaultConfigFile({ command: template.command }), null, 2)}\n`) },
    { path: join(options.dir, 'prompt.md'), write: (p) => writeFile(p, PROMPT.replace('{{evaluator}}', template.target)) },
    { path: join(options.dir, template.target), write: (p) => copyFile(join(packageRoot(), 'evaluators', template.source), p) },
  ];
  if (!existsSync(options.dir)) throw new SwarmError('USAGE', `${options.dir} does not exist; create it or pass an existing directory`);
  const written: string[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (existsSync(file.path) && !options.force) {
      skipped.push(file.path);
      continue;
    }
    await file.write(file.path);
    written.push(file.path);
  }
  written.push(...await writeSchemaCopy(options.dir));
  return { written, skipped };
};
