import { describe, expect, it } from 'vitest';
import { readPackagedSkills, roleInstructionsFromSkills } from '../../../src/app/setup/packaged-skills.js';

describe('packaged skills', () => {
  it('ships the four skills, each with a name matching its folder and a description', () => {
    const skills = readPackagedSkills();
    expect(skills.map((s) => s.name)).toEqual(['swarm-explorer', 'swarm-optimizer', 'swarm-reviewer', 'swarm-shepherd']);
    for (const skill of skills) {
      expect(skill.description.length).toBeGreaterThan(40);
      expect(skill.text.startsWith(`---\nname: ${skill.name}\n`)).toBe(true);
    }
  });

  it('gives search agents the explorer and optimizer skill bodies as their role instructions', () => {
    const roles = roleInstructionsFromSkills();
    expect(roles.explorer).toMatch(/^You are an Explorer/);
    expect(roles.explorer).toContain('HYPOTHESIS:');
    expect(roles.explorer).not.toContain('description:');
    expect(roles.optimizer).toMatch(/^You are an Optimizer/);
    expect(roles.optimizer).toContain('keep only the changes that improve the score');
  });
});
