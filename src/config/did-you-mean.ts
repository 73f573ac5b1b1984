/** Levenshtein distance between two short strings. */
export const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
};

/**
 * The closest candidate within `maxDistance` edits (case-insensitive), else the only candidate
 * that the word (3+ letters) starts, or null.
 */
export const closestMatch = (word: string, candidates: readonly string[], maxDistance = 2): string | null => {
  let best: string | null = null;
  let bestDistance = maxDistance + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== null || word.length < 3) return best;
  const extensions = candidates.filter((candidate) => candidate.toLowerCase().startsWith(word.toLowerCase()));
  return extensions.length === 1 ? (extensions[0] ?? null) : null;
};

/** ` (did you mean "x"?)` when a candidate is close, else an empty string. */
export const didYouMean = (word: string, candidates: readonly string[]): string => {
  const match = closestMatch(word, candidates);
  return match === null ? '' : ` (did you mean "${match}"?)`;
};
