/**
 * Paths an error output says are missing: Python's FileNotFoundError and "can't open file", Node's
 * ENOENT, a shell's "No such file or directory" and "not found" (a command run by path). In the
 * order they appear, each once, as printed (relative or absolute).
 */
const PATTERNS = [
  /No such file or directory: '([^']+)'/g,
  /No such file or directory: "([^"]+)"/g,
  /can't open file '([^']+)'/g,
  /ENOENT[^'"\n]*?(?:open|stat|lstat|scandir|access|readlink) '([^']+)'/g,
  /^(?:[^:\n]*: )*(?:line \d+: )?([^\s:'"]+): No such file or directory\s*$/gm,
  /^(?:\/bin\/)?(?:ba|da|z)?sh: (?:\d+: |line \d+: )?(?:eval: )?([^\s:]*\/[^\s:]*): (?:not found|No such file or directory)\s*$/gm,
  /Cannot find module '([./][^']+)'/g,
];

export const missingPaths = (stderr: string): string[] => {
  const found: Array<{ index: number; path: string }> = [];
  for (const pattern of PATTERNS) {
    for (const match of stderr.matchAll(pattern)) {
      const path = match[1];
      if (path !== undefined && path !== '') found.push({ index: match.index, path });
    }
  }
  // A bare package Node cannot find lives in node_modules, which a worktree lacks until set up.
  for (const match of stderr.matchAll(/Cannot find (?:module|package) '((?:@[\w.-]+\/)?[\w.-]+)[^']*'/g)) {
    const name = match[1];
    if (name !== undefined && !name.startsWith('.')) found.push({ index: match.index, path: `node_modules/${name}` });
  }
  return [...new Set(found.sort((a, b) => a.index - b.index).map((f) => f.path))];
};

/** The file an evaluator command runs (`python evaluate.py` → evaluate.py), else null. */
export const evaluatorScript = (command: string): string | null => {
  const words = command.trim().split(/\s+/);
  const script = words.find((word, index) => index > 0 && /\.(py|js|mjs|cjs|ts|sh|rb|jl|R|lua|pl)$/.test(word) && !word.startsWith('-'));
  return script ?? (words[0] !== undefined && /\.(py|js|mjs|sh)$/.test(words[0]) ? words[0] : null);
};
