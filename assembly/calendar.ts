/**
 * Calendar arithmetic on local epoch days (1970-01-01 = 0; the glue's solver/time.ts maps instants to them in each
 * employee's time zone): weekdays, civil dates (Hinnant's algorithms, http://howardhinnant.github.io/date_algorithms.html)
 * and the bounds of the periods of period rules.
 */
import { PERIOD_DAY, PERIOD_WEEK, PERIOD_MONTH, PERIOD_YEAR, PERIOD_SCHEDULE, PERIOD_CUSTOM } from "./layout";
import { customPeriodsOff, customPeriods } from "./problem";

/** Minutes of a day: the moves and the construction step through days of this many minutes of the schedule. */
export const DAY_MINUTES: i32 = 1440;

/** Monday = 0 ... Sunday = 6 (1970-01-01 was a Thursday). */
// @ts-ignore: decorator
@inline
export function weekday(day: i32): i32 {
  return (((day + 3) % 7) + 7) % 7;
}

/** Floor of a / b (rounds towards minus infinity, unlike `/`), for i32 and i64. */
export function floorDiv<T>(a: T, b: T): T {
  const q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

export function daysFromCivil(y: i32, m: i32, d: i32): i32 {
  y -= m <= 2 ? 1 : 0;
  const era = floorDiv(y, 400);
  const yoe = y - era * 400;
  const doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

/** Civil year and month (1-12) of a day, packed as year * 16 + month. */
export function yearMonth(day: i32): i32 {
  const z = day + 719468;
  const era = floorDiv(z, 146097);
  const doe = z - era * 146097;
  const yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const mp = (5 * doy + 2) / 153;
  const m = mp + (mp < 10 ? 3 : -9);
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 16 + m;
}

/** Day of the month (1-31) of a day. */
export function dayOfMonth(day: i32): i32 {
  const ym = yearMonth(day);
  return day - daysFromCivil(ym >> 4, ym & 15, 1) + 1;
}

/** First day of the month `months` after the month of `day`. */
export function addMonthsFirst(day: i32, months: i32): i32 {
  const ym = yearMonth(day);
  const index = (ym >> 4) * 12 + (ym & 15) - 1 + months;
  return daysFromCivil(floorDiv(index, 12), index - floorDiv(index, 12) * 12 + 1, 1);
}

/** The same day of the month `months` later, clamped to that month's last day. */
export function addMonths(day: i32, months: i32): i32 {
  const first = addMonthsFirst(day, months);
  const length = addMonthsFirst(first, 1) - first;
  return first + min(dayOfMonth(day), length) - 1;
}

/** Bounds of the period found by `periodAt` (inclusive days). */
export let periodFirst: i32 = 0;
export let periodLast: i32 = 0;

/**
 * The period of kind `kind` (parameter `param`: week start for weeks, custom period index) containing `day`, into
 * periodFirst / periodLast; false when no period contains it (a day outside every span of a custom period).
 * SCHEDULE is the schedule's range [first, last].
 */
export function periodAt(kind: i32, param: i32, day: i32, first: i32, last: i32): bool {
  if (kind == PERIOD_DAY) {
    periodFirst = day;
    periodLast = day;
  } else if (kind == PERIOD_WEEK) {
    periodFirst = day - (((weekday(day) - param) % 7) + 7) % 7;
    periodLast = periodFirst + 6;
  } else if (kind == PERIOD_MONTH) {
    const ym = yearMonth(day);
    periodFirst = daysFromCivil(ym >> 4, ym & 15, 1);
    periodLast = addMonthsFirst(periodFirst, 1) - 1;
  } else if (kind == PERIOD_YEAR) {
    const y = yearMonth(day) >> 4;
    periodFirst = daysFromCivil(y, 1, 1);
    periodLast = daysFromCivil(y + 1, 1, 1) - 1;
  } else if (kind == PERIOD_SCHEDULE) {
    if (day < first || day > last) return false;
    periodFirst = first;
    periodLast = last;
  } else if (kind == PERIOD_CUSTOM) {
    const from = unchecked(customPeriodsOff[param]), to = unchecked(customPeriodsOff[param + 1]);
    for (let i = from; i < to; i++) {
      const a = unchecked(customPeriods[2 * i]), b = unchecked(customPeriods[2 * i + 1]);
      if (a <= day && day <= b) {
        periodFirst = a;
        periodLast = b;
        return true;
      }
    }
    return false;
  } else {
    return false;
  }
  return true;
}

/**
 * The first period starting after `day`'s period (for enumerating the periods of a range): sets periodFirst /
 * periodLast to it and returns false when there is none before `limit`. Custom periods: the next span.
 */
export function nextPeriod(kind: i32, param: i32, afterLast: i32, first: i32, last: i32, limit: i32): bool {
  if (kind == PERIOD_CUSTOM) {
    const from = unchecked(customPeriodsOff[param]), to = unchecked(customPeriodsOff[param + 1]);
    let best = i32.MAX_VALUE, bestLast = 0;
    for (let i = from; i < to; i++) {
      const a = unchecked(customPeriods[2 * i]);
      if (a > afterLast && a < best) {
        best = a;
        bestLast = unchecked(customPeriods[2 * i + 1]);
      }
    }
    if (best > limit) return false;
    periodFirst = best;
    periodLast = bestLast;
    return true;
  }
  if (kind == PERIOD_SCHEDULE) return false;
  const day = afterLast + 1;
  if (day > limit) return false;
  return periodAt(kind, param, day, first, last);
}
