import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { SwarmError } from '../../core/domain/errors.js';
import type { Role } from '../../core/domain/types.js';
import { packageRoot } from '../project/package-root.js';

/** The `skills/` folder shipped with the package. */
export const packagedSkillsDir = (): string => join(packageRoot(), 'skills');

export interface PackagedSkill {
  name: string;
  description: string;
  /** The SKILL.md text as shipped, frontmatter included. */
  text: string;
  /** The instructions below the frontmatter. */
  body: string;
}

const frontmatterSchema = z.object({ name: z.string().regex(/^[a-z0-9-]+$/), description: z.string().min(1) });

const parseSkill = (file: string, text: string): PackagedSkill => {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  const fields: Record<string, string> = {};
  for (const line of (match?.[1] ?? '').split('\n')) {
    const pair = /^([a-z-]+):\s*(.*)$/.exec(line);
    if (pair?.[1] && pair[2] !== undefined) fields[pair[1]] = pair[2].trim();
  }
  const parsed = frontmatterSchema.safeParse(fields);
  if (!match || !parsed.success) {
    throw new SwarmError('INTERNAL', `${file} has no valid name/description frontmatter; the package is damaged, reinstall swarm-orchestrator`);
  }
  return { ...parsed.data, text, body: (match[2] ?? '').trim() };
};

/** Every skill shipped in the package, by folder name order. */
export const readPackagedSkills = (dir = packagedSkillsDir()): PackagedSkill[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const file = join(dir, name, 'SKILL.md');
      return parseSkill(file, readFileSync(file, 'utf8'));
    });

/**
 * The built-in role instructions of search agents: the bodies of the swarm-explorer and
 * swarm-optimizer skills, so an attempt run by `swarm run` and an agent using the installed
 * skills read one text.
 */
export const roleInstructionsFromSkills = (dir = packagedSkillsDir()): Record<Exclude<Role, 'baseline'>, string> => {
  const skills = readPackagedSkills(dir);
  const body = (name: string): string => {
    const skill = skills.find((s) => s.name === name);
    if (!skill) throw new SwarmError('INTERNAL', `skill ${name} is missing from ${dir}; the package is damaged, reinstall swarm-orchestrator`);
    return skill.body;
  };
  return { explorer: body('swarm-explorer'), optimizer: body('swarm-optimizer') };
};
