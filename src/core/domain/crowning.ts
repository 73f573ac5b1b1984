/**
 * The flag of an attempt whose confirmed score beats the incumbent by no more than the noise
 * margin of a non-deterministic evaluator (docs/objectives.md, "Noise"): scored, never crowned.
 */
export const WITHIN_NOISE = 'within-noise';

/** The flag of an attempt whose change touches only comments and whitespace. */
export const COMMENTS_ONLY = 'comments-only';

/** Flags, or flag prefixes (ending in ':'), of attempts that keep their score but are never the run's best. */
export const NEVER_CROWNED: readonly string[] = [COMMENTS_ONLY, WITHIN_NOISE, 'near-duplicate:'];

/**
 * True when an attempt may be crowned: not a comments-only change (a comment cannot make a
 * program better; a better score is noise), not a confirmed score within the noise margin, not
 * a result copied from a near-duplicate. The one rule the incumbent, `swarm status`'s best,
 * `swarm apply`'s choice of finalists and the policies' best all follow.
 */
export const crownable = (flags: readonly string[] | undefined): boolean =>
  !(flags ?? []).some((flag) => NEVER_CROWNED.some((never) => (never.endsWith(':') ? flag.startsWith(never) : flag === never)));

/** The same rule as a SQL condition on an attempts table's `flags_json` column (`alias.flags_json`). */
export const crownableSql = (column = 'flags_json'): string =>
  NEVER_CROWNED.map((never) => `${column} NOT LIKE '%"${never}${never.endsWith(':') ? '' : '"'}%'`).join(' AND ');
