const tails = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every task queued earlier under the same key has settled (a promise-chain mutex).
 * Keyed by repository root so that all GitWorkspace instances of one repository share the queue:
 * parallel `git worktree add` races on config and index locks in git 2.39.
 */
export const withRepoLock = <T>(key: string, task: () => Promise<T>): Promise<T> => {
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(() => task());
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
};
