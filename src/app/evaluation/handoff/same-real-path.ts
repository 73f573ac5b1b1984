import { realpathSync } from 'node:fs';

/** Whether two paths name the same file once symlinks are resolved (a missing path compares as given). */
export const sameRealPath = (a: string, b: string): boolean => {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  return real(a) === real(b);
};
