import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCHEMA_REFERENCE, configJsonSchemaText } from '../../config-assembly/index.js';
import { projectPaths } from './project-paths.js';

/**
 * Writes the JSON Schema of this swarm version to `.swarm/schema.json`, where the `$schema` of the
 * configs `swarm init` writes points, so editors find it however swarm was installed (npx, -g,
 * a project dependency). Always rewritten: it is generated, and a newer swarm brings a newer one.
 * `.swarm/.gitignore` keeps it (and the rest of `.swarm/`) out of `git add -A` before the first run.
 */
export const writeSchemaCopy = async (dir: string): Promise<string[]> => {
  const { swarmDir } = projectPaths(dir);
  await mkdir(swarmDir, { recursive: true });
  const schemaFile = join(dir, SCHEMA_REFERENCE);
  await writeFile(schemaFile, configJsonSchemaText());
  const ignoreFile = join(swarmDir, '.gitignore');
  await writeFile(ignoreFile, '# swarm\'s own state: never part of the project\n*\n');
  return [schemaFile];
};
