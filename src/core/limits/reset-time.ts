/**
 * When a limit resets, read from the words a CLI or an API prints: "resets 3pm (UTC)",
 * "reset at 9:30 AM", "Try again at Sep 29th, 2026 12:55 AM", "try again in 5 days 22 hours",
 * "usage limit reached|1760000000", an ISO time. Pure: the clock and the zone come in.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_MS = 86_400_000;
const JUST_PASSED_MS = 15 * 60_000;

const UNIT_MS: Array<[RegExp, number]> = [
  [/^(?:days?|d)$/, DAY_MS],
  [/^(?:hours?|hrs?|h)$/, 3_600_000],
  [/^(?:minutes?|mins?|m)$/, 60_000],
  [/^(?:seconds?|secs?|s)$/, 1000],
  [/^ms$/, 1],
];

/** "5 days 22 hours 11 minutes", "1h30m", "90s", "6m0s" as milliseconds; null when it is not one. */
export const parseSpan = (text: string): number | null => {
  const parts = [...text.toLowerCase().matchAll(/(\d+(?:\.\d+)?)\s*(days?|d|hours?|hrs?|h|minutes?|mins?|ms|m|seconds?|secs?|s)(?![a-z])/g)];
  if (parts.length === 0) return null;
  let total = 0;
  for (const [, amount, unit] of parts) {
    const factor = UNIT_MS.find(([pattern]) => pattern.test(unit ?? ''))?.[1];
    if (factor === undefined) return null;
    total += Number(amount) * factor;
  }
  return total;
};

interface WallClock {
  year: number;
  month: number; // 0-11
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `zone` (an IANA name; undefined = the process's zone) at `at`. */
const wallClockIn = (at: number, zone: string | undefined): WallClock => {
  if (zone === undefined) {
    const d = new Date(at);
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
  }
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month') - 1, day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
};

/** The instant a wall-clock time in `zone` names (the offset found in two steps, for DST). */
const instantOf = (wall: WallClock, zone: string | undefined): number => {
  if (zone === undefined) return new Date(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second).getTime();
  const asUtc = Date.UTC(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClockIn(guess, zone);
    const offset = Date.UTC(seen.year, seen.month, seen.day, seen.hour, seen.minute, seen.second) - guess;
    guess = asUtc - offset;
  }
  return guess;
};

const validZone = (zone: string | undefined): string | undefined => {
  if (zone === undefined) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
};

const TIME = String.raw`(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?\s*([ap]\.?m\.?)?`;
const DATE = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?`;
// What follows the anchor word: an optional date, an optional time (needs a colon or am/pm, so
// "retry 3 times" is no time), an optional "(Zone/Name)".
const CLOCK = new RegExp(String.raw`^(?:(?:at|on)\s+)?(?:${DATE}(?:,|\s+at)?\s*)?(?:${TIME})?\s*(?:\(([A-Za-z_]+(?:/[A-Za-z_+\-]+)*)\))?`, 'i');

/** A clock time after an anchor word as an instant after `now`; null when the words are no time. */
const parseClock = (tail: string, now: number): number | null => {
  const m = CLOCK.exec(tail.trim());
  if (m === null) return null;
  const [, monthName, dayText, yearText, hourText, minuteText, secondText, meridiem, zoneText] = m;
  const hasDate = monthName !== undefined;
  const hasTime = hourText !== undefined && (minuteText !== undefined || meridiem !== undefined);
  if (!hasDate && !hasTime) return null;
  const zone = validZone(zoneText);
  let hour = hasTime ? Number(hourText) : 0;
  const minute = hasTime && minuteText !== undefined ? Number(minuteText) : 0;
  const second = hasTime && secondText !== undefined ? Number(secondText) : 0;
  if (hasTime && meridiem !== undefined) {
    const pm = meridiem.toLowerCase().startsWith('p');
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  // A time shown to the minute (or the hour) may be up to a minute early: wait to its end.
  const slack = hasTime && secondText === undefined ? 60_000 : 0;
  const today = wallClockIn(now, zone);
  const wall: WallClock = hasDate
    ? { year: yearText !== undefined ? Number(yearText) : today.year, month: MONTHS.indexOf((monthName ?? '').toLowerCase()), day: Number(dayText), hour, minute, second }
    : { ...today, hour, minute, second };
  let at = instantOf(wall, zone) + slack;
  if (at <= now) {
    // A time without a date is the next one, unless it has only just passed (a slow CLI, a
    // clock a little ahead): then the reset is behind us. A date without a year: the next one.
    if (!hasDate && now - at > JUST_PASSED_MS) at = instantOf({ ...wall, day: wall.day + 1 }, zone) + slack;
    else if (yearText === undefined && now - at > DAY_MS) at = instantOf({ ...wall, year: wall.year + 1 }, zone) + slack;
  }
  return at;
};

const ANCHOR = /\b(?:resets?|try again|retry|available again|wait until)\b\s*/gi;

/**
 * The reset time a message names, as ms since the epoch, or null when it names none. A time of
 * day without a date is the next such time after `now`, in the zone the message names (else the
 * process's local zone, which is what a CLI on this machine prints).
 */
export const parseResetTime = (text: string, now: number): number | null => {
  // Claude Code's older form: "Claude AI usage limit reached|1760000000" (epoch seconds).
  const epoch = /limit reached\s*\|\s*(\d{9,11})\b/i.exec(text);
  if (epoch?.[1] !== undefined) return Number(epoch[1]) * 1000;
  for (const anchor of text.matchAll(ANCHOR)) {
    const tail = text.slice((anchor.index ?? 0) + anchor[0].length, (anchor.index ?? 0) + anchor[0].length + 80);
    const relative = /^(?:in|after)\s+((?:\d+(?:\.\d+)?\s*[a-z]+[\s,]*(?:and\s+)?)+)/i.exec(tail);
    if (relative?.[1] !== undefined) {
      const span = parseSpan(relative[1]);
      if (span !== null) return now + span;
    }
    const iso = /^(?:at\s+)?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)/i.exec(tail);
    if (iso?.[1] !== undefined) {
      const at = Date.parse(iso[1]);
      if (Number.isFinite(at)) return at;
    }
    const clock = parseClock(tail, now);
    if (clock !== null) return clock;
  }
  return null;
};
