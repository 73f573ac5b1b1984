import picomatch from 'picomatch';

const ancestorsAndSelf = (file: string): string[] => {
  const parts = file.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
};

/**
 * The paths that match any protected glob (picomatch, dotfiles included), in input order.
 * A glob that matches a directory protects everything below it, so `data` and `data/` act like `data/**`.
 * Paths are repository-relative with forward slashes, as git prints them.
 */
export const matchProtected = (paths: string[], globs: string[]): string[] => {
  const patterns = globs.map((glob) => glob.replace(/^\.\//, '').replace(/\/+$/, '')).filter((glob) => glob !== '');
  if (patterns.length === 0) return [];
  const isProtected = picomatch(patterns, { dot: true });
  return paths.filter((file) => ancestorsAndSelf(file).some((candidate) => isProtected(candidate)));
};
