import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SwarmError } from '../core/domain/errors.js';
import { replaceGeneratedDocs } from './config-docs.js';
import { configJsonSchemaText } from './json-schema.js';

export { configJsonSchema } from './json-schema.js';

/** Writes schema.json and the key table of docs/configuration.md under `repoRoot`. */
export const writeSchemaFiles = async (repoRoot: string): Promise<string[]> => {
  const schemaFile = path.join(repoRoot, 'schema.json');
  await writeFile(schemaFile, configJsonSchemaText());
  const docsFile = path.join(repoRoot, 'docs', 'configuration.md');
  const updated = replaceGeneratedDocs(await readFile(docsFile, 'utf8'));
  if (updated === null) throw new SwarmError('INTERNAL', `${docsFile} lacks the generated-table markers; restore them from git`);
  await writeFile(docsFile, updated);
  return [schemaFile, docsFile];
};

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  // Runs as dist/config-assembly/write-schema.js: the repository root is two folders up.
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  for (const file of await writeSchemaFiles(repoRoot)) console.log(`wrote ${path.relative(repoRoot, file)}`);
}
