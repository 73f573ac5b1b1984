import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SwarmError } from '../../core/domain/errors.js';
import type { Role } from '../../core/domain/types.js';

type SearchRole = Exclude<Role, 'baseline'>;

/**
 * Role instructions: built-in, or from `agent.systemPrompt` (a file whose text replaces both
 * roles' instructions; `{{role}}` in it is replaced by the role name).
 */
export const loadSystemPrompts = async (root: string, file: string | null, builtIn: Record<SearchRole, string>): Promise<Record<SearchRole, string>> => {
  if (file === null) return builtIn;
  const path = resolve(root, file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new SwarmError('CONFIG_INVALID', `agent.systemPrompt: cannot read ${path}; fix the path or remove the key to use the built-in role instructions`, { cause });
  }
  return { explorer: text.replaceAll('{{role}}', 'explorer'), optimizer: text.replaceAll('{{role}}', 'optimizer') };
};
