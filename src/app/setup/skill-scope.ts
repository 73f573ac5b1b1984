/** Where skills (and codex's rule) are installed: the project's folders, or the user's. */
export type SkillScope = 'project' | 'user';
