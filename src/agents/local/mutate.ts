import type { Rng } from '../../core/domain/random.js';
import type { ChoiceSite } from './find-choices.js';
import type { NumericLiteral } from './find-literals.js';

/** `explore`: bold re-randomizing change; `step`: a small relative perturbation. */
export type MutationMode = 'explore' | 'step';

export interface MutationSettings {
  mode: MutationMode;
  /** Standard deviation of the relative step in `step` mode (0.05 = 5 %). */
  stepScale: number;
}

/** Spread of the log-normal factor of an explorer change: exp(N(0, 0.7)). */
const EXPLORE_SIGMA = 0.7;
/** Share of explorer changes that re-draw the value uniformly in [v/3, 3v] instead. */
const REDRAW_CHANCE = 0.2;
const MAX_TRIES = 8;

/** Significant digits written in a literal (`0.050` -> 2, `1e-3` -> 1, `120` -> 3). */
export const significantDigits = (text: string): number => {
  const mantissa = text.replace(/^-/, '').split(/[eE]/)[0] ?? '';
  const digits = mantissa.replace(/[._]/g, '').replace(/^0+/, '');
  return Math.max(1, digits.length);
};

const keepIntegerSign = (original: number, candidate: number): number => {
  if (original > 0) return Math.max(1, candidate);
  if (original < 0) return Math.min(-1, candidate);
  return Math.max(0, candidate);
};

const drawInteger = (value: number, rng: Rng, settings: MutationSettings): number => {
  if (settings.mode === 'step') {
    let delta = Math.round(value * settings.stepScale * rng.normal());
    if (delta === 0) delta = rng.next() < 0.5 ? -1 : 1;
    const moved = keepIntegerSign(value, value + delta);
    return moved === value ? keepIntegerSign(value, value - delta) : moved;
  }
  if (value === 0) return 1 + rng.int(3);
  const drawn = rng.next() < REDRAW_CHANCE
    ? value / 3 + rng.next() * (3 * value - value / 3)
    : value * Math.exp(EXPLORE_SIGMA * rng.normal());
  const rounded = keepIntegerSign(value, Math.round(drawn));
  if (rounded !== value) return rounded;
  const nudged = keepIntegerSign(value, value + (rng.next() < 0.5 ? -1 : 1));
  return nudged === value ? value + Math.sign(value || 1) : nudged;
};

const drawFloat = (value: number, rng: Rng, settings: MutationSettings): number => {
  if (settings.mode === 'step') {
    return value === 0 ? Math.abs(settings.stepScale * rng.normal()) : value * (1 + settings.stepScale * rng.normal());
  }
  // A zero may follow a binary minus (`x - 0.0`): it only grows, so no `x - -0.3` appears.
  if (value === 0) return rng.next() * 0.5;
  if (rng.next() < REDRAW_CHANCE) return value / 3 + rng.next() * (3 * value - value / 3);
  return value * Math.exp(EXPLORE_SIGMA * rng.normal());
};

/** Writes a float in the style of the original literal, always as a float (never `2` for `2.0`). */
export const formatFloat = (value: number, original: string, digits: number): string => {
  const exponentStyle = /[eE]/.test(original);
  if (exponentStyle) {
    const [mantissa = '0', exponent = '0'] = value.toExponential(Math.max(0, digits - 1)).split('e');
    const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    const sign = exponent.startsWith('-') ? '-' : original.includes('+') ? '+' : '';
    return `${trimmed}${original.includes('E') ? 'E' : 'e'}${sign}${exponent.replace(/^[+-]/, '')}`;
  }
  const written = String(Number(value.toPrecision(digits)));
  return /[.eE]/.test(written) ? written : `${written}.0`;
};

/**
 * Draws a new source text for a literal: integers stay integers and keep their sign, floats keep a
 * sensible number of digits. The result always differs from the original text.
 */
export const mutateLiteral = (literal: NumericLiteral, rng: Rng, settings: MutationSettings): string => {
  if (literal.isInteger) return String(drawInteger(literal.value, rng, settings));
  const base = significantDigits(literal.text);
  let digits = settings.mode === 'step' ? Math.min(Math.max(base, 4), 8) : Math.min(Math.max(base, 3), 6);
  for (let attempt = 0; attempt < MAX_TRIES; attempt += 1) {
    const text = formatFloat(drawFloat(literal.value, rng, settings), literal.text, digits);
    if (Number(text) !== literal.value && Number.isFinite(Number(text))) return text;
    digits += 1;
  }
  const bumped = literal.value === 0 ? 0.1 : literal.value * 1.1;
  return formatFloat(bumped, literal.text, digits);
};

/**
 * Another of a choice's declared alternatives, drawn uniformly and written with the site's quote:
 * alternatives have no order or distance, so an explorer's redraw and an optimizer's step are the
 * same move (the optimizer keeps it only when it scores better).
 */
export const mutateChoice = (site: ChoiceSite, rng: Rng): string => {
  const others = site.alternatives.filter((value) => value !== site.value);
  return `${site.quote}${others[rng.int(others.length)] ?? site.value}${site.quote}`;
};

/**
 * One of a choice's declared alternatives drawn uniformly, its own value included: the draw of
 * random sampling, where a site may keep its value.
 */
export const sampleChoice = (site: ChoiceSite, rng: Rng): string => `${site.quote}${site.alternatives[rng.int(site.alternatives.length)] ?? site.value}${site.quote}`;

/** Picks up to `count` distinct items, in random order. */
export const pickDistinct = <T>(items: readonly T[], count: number, rng: Rng): T[] => {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const [item] = pool.splice(rng.int(pool.length), 1);
    if (item !== undefined) picked.push(item);
  }
  return picked;
};

export interface TextEdit {
  start: number;
  end: number;
  replacement: string;
}

/** Applies non-overlapping edits to a text (offsets refer to the original text). */
export const applyEdits = (text: string, edits: readonly TextEdit[]): string => {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
  return result;
};
