/**
 * Rest and sequence rules of contracts (spec §2.6), evaluated over one employee's view (view.ts):
 *
 *   minutes between shifts (`minutesBetweenShiftsRules`), one compiled rule per limit: with the minimum
 *     (`minimumMinutesBetweenShifts`), every pair (a, b) of the employee's shifts where b starts at or after a ends,
 *     a matches the previous-shift tags and b the next-shift tags, and a is preceded by `minConsecutivePreviousShifts`
 *     - 1 further matching shifts (immediately before it in the employee's list), costs the minutes missing to the
 *     minimum; with the maximum (`maximumMinutesBetweenShifts`), each such a and its *next* shift b (the first in
 *     start order starting at or after a ends and matching the next-shift tags) cost the minutes beyond the maximum.
 *     A `scope` (RW_P2, minutes; -1 = none) leaves out pairs whose b starts more than that after a ends. ABSENCE_AWARE
 *     (RF_ABSENCE_AWARE) counts the minutes between a and b outside the employee's unfiltered unavailable spans.
 *     Overlapping pairs are the overlap constraint's.
 *   minimize gaps (`minimizeGapsBetweenShiftsRules`): adjacent shifts with a gap of at most
 *     `maximumMinutesBetweenSplitShifts` (default 120) cost the gap in minutes (split shifts should be compact).
 *   consecutive days worked (`consecutiveDaysWorkedRules`): runs of consecutive local days with a counted shift
 *     (per `shiftTypeTagCategories` category when given: aux words [filter, 0] per category); a run longer than
 *     `maximum` costs the extra days, a run shorter than `minimum` the missing days (runs touching the schedule's
 *     edges are exempt from the minimum: they may continue outside it). ABSENCE_AWARE: days the employee is
 *     unavailable all day neither break a run nor count in it. Other compilations of the same rule (RW_P1): compact
 *     sequences (RUNS_COMPACT); start days (RUNS_START_DAYS), each run starting after the schedule's first day on a
 *     weekday outside the allowed ones (REQUIRED; with the days an allowed weekday without model shifts passes to,
 *     startDaysAllowed) or inside them (PREFERRED, a reward), and each run ending before the schedule's last day on
 *     an allowed weekday (its own compilation, soft whatever the satisfiability); the time between sequences
 *     (RUNS_BETWEEN), each run's first shift against the categorized shift ending last before it (earliestNext),
 *     scored on the whole list.
 *   consecutive shifts worked (`consecutiveShiftsWorkedRules`): sequences of counted shifts, consecutive when the
 *     next starts within `sequenceDefinition.triggerLimit` minutes of the previous start (MAX_MINUTES_BETWEEN_SHIFTS
 *     _STARTS, the default with 2160 minutes) or end (MAX_MINUTES_BETWEEN_SHIFT_END_AND_NEXT_START); a sequence
 *     longer than `maximum` costs the extra shifts. `condition`: the sequence counts only when it has at least
 *     `triggerLimit` shifts with the condition's tags (MIN_SHIFTS_WORKED), or that many in a row
 *     (MIN_SHIFTS_WORKED_CONSECUTIVELY).
 *   time off after a sequence (`timeOffAfterSequenceLimit`): after every counted sequence, the rest until the
 *     employee's next counted shift must reach `minTimeOffAfterSequence`; the missing minutes are the penalty.
 * Pairs and sequences made only of historic shifts (planning window) are skipped. A match is a penalized pair,
 * run or sequence.
 *
 * Every term (pair, run, sequence) reads a stretch of the list, so a move is scored on the window of the list
 * around it (`sequenceWindow`): the terms it can change lie wholly inside, and a term cut by the window's edge is
 * evaluated the same, cut, with and without the move, so it cancels out of the difference:
 *   gaps             the shifts next to the move;
 *   minutes between  from the shifts starting `reach` before the moved shifts (and the `minConsecutivePreviousShifts`
 *                    before them) to those as far after the move's last neighbours; reach: the minimum (plus the
 *                    employee's unavailable minutes when ABSENCE_AWARE), or the scope of a maximum, plus the longest
 *                    shift; a maximum without a scope is scored on the whole list;
 *   runs, sequences  from the start of the run before the move to the first shift after the run after it: runs
 *                    break between two consecutive counted shifts that cannot be in one run, whatever precedes them.
 */
import { KIND_EMPLOYEE, PENALTY, REWARD, register, registerPair } from "./catalog";
import { SEQUENCE_RULE_CONSTRAINT, GAPS_CONSTRAINT, COMPACT_SEQUENCE_CONSTRAINT, LEVEL_HARD, LEVEL_SOFT } from "../layout";
import {
  RW_KIND, RW_MIN, RW_MAX, RW_FILTER2, RW_FILTER3, RW_FLAGS, RW_P1, RW_P2, RW_P3, RW_P4, RF_START_AND_END, RF_ABSENCE_AWARE,
  RW_AUX, RW_AUX_COUNT, RW_CONSTRAINT, RW_FILTER, RW_VALID_FROM, RW_VALID_TO, RUNS_COMPACT, RUNS_START_DAYS, RUNS_BETWEEN, SEQUENCE_START_CONSTRAINT, SEQUENCE_END_ON_START_DAY_CONSTRAINT, DELAY_NONE,
  DELAY_NEXT_DAY, DELAY_NEXT_MONTH, DELAY_NEXT_MONDAY,
  K_MINUTES_BETWEEN, K_GAPS, K_CONSECUTIVE_DAYS, K_CONSECUTIVE_SHIFTS, SEQUENCE_BETWEEN_STARTS, CONDITION_NONE,
  CONDITION_MIN_SHIFTS, CONDITION_MIN_SHIFTS_CONSECUTIVELY,
} from "../layout";
import { maxShiftDuration, SR_START, SR_END, sf, ruleAux, shiftCount, tzGroupCount } from "../problem";
import { floorDiv, weekday, addMonthsFirst } from "../calendar";
import { listBase, listAt, listStart, listLength, lowerBoundByStart } from "../state";
import {
  viewShift, viewLength, rw, passes, counts, startDay, endDay, tz, isHistoricShift, rangeFirst, rangeLast, recording, record,
  moveEmployee, moveFrom, moveTo, moveRemove, moveAdd, setWindow, leadToStartDayMax, leadToLastDayMax, awayMinutes,
  awayTotal,
} from "./view";

export let evPenalty: i64 = 0;
export let evMatches: i32 = 0;

function note(p: i64, a: i32, b: i32, c: i32, d: i32): void {
  if (p != 0) {
    evPenalty += p;
    evMatches++;
    if (recording) record(p, a, b, c, d);
  }
}

export function evaluateSequenceRule(r: i32, g: i32, e: i32): void {
  evPenalty = 0;
  evMatches = 0;
  const kind = rw(r, RW_KIND);
  if (kind == K_MINUTES_BETWEEN) {
    if (rw(r, RW_MIN) > 0) minutesBetween(r, e);
    if (rw(r, RW_MAX) >= 0) minutesBetweenMax(r, e);
  }
  else if (kind == K_GAPS) gaps(r);
  else if (kind == K_CONSECUTIVE_DAYS) consecutiveDays(r, g, e);
  else consecutiveShifts(r, g, kind == K_CONSECUTIVE_SHIFTS);
}

/**
 * The window of a move (view.ts locateMove) for sequence rule r (module header). False when the rule has no terms.
 */
export function sequenceWindow(r: i32, g: i32): bool {
  const kind = rw(r, RW_KIND);
  const e = moveEmployee;
  const n = unchecked(listLength[e]);
  if (kind == K_GAPS) {
    setWindow(moveFrom - 1, moveTo + 1);
    return true;
  }
  if (kind == K_MINUTES_BETWEEN) {
    const reach = restReach(r, e);
    if (reach < 0) return false;
    if (reach == i32.MAX_VALUE) {
      setWindow(0, n);
      return true;
    }
    const chain = max(1, rw(r, RW_P1));
    // A pair (a, b) reads b, the shifts back to a and the chain before a; a starts at most `reach` before b.
    let movedStart = i32.MAX_VALUE;
    if (moveRemove >= 0) movedStart = sf(moveRemove, SR_START);
    if (moveAdd >= 0) movedStart = min(movedStart, sf(moveAdd, SR_START));
    const from = lowerBoundByStart(e, <i32>max<i64>(<i64>movedStart - <i64>reach, <i64>i32.MIN_VALUE)) - (chain - 1);
    // Pairs whose b starts more than `reach` after the chain's reach past the move read nothing it changes.
    const last = moveTo + chain - 1;
    const to = last >= n ? n : lowerBoundByStart(e, <i32>min<i64>(<i64>listStart(listBase(e), last) + <i64>reach + 1, <i64>i32.MAX_VALUE));
    setWindow(from, to);
    return true;
  }
  // The time between sequences reads the last categorized shift before each run, however far back: the whole list.
  if (kind == K_CONSECUTIVE_DAYS && rw(r, RW_P1) == RUNS_BETWEEN) {
    setWindow(0, n);
    return true;
  }
  const base = listBase(e);
  // Runs: back to a run's first shift before the move, on to the first shift of a run after it.
  let from = 0, later = -1;
  for (let i = moveFrom - 1; i >= 0; i--) {
    const s = listAt(base, i);
    if (!counts(r, g, s)) continue;
    if (later >= 0 && runBreaks(r, g, s, listAt(base, later))) {
      from = later;
      break;
    }
    later = i;
  }
  let to = n, earlier = -1;
  for (let i = moveTo; i < n; i++) {
    const s = listAt(base, i);
    if (!counts(r, g, s)) continue;
    if (earlier >= 0 && runBreaks(r, g, listAt(base, earlier), s)) {
      to = i + 1;
      break;
    }
    earlier = i;
  }
  setWindow(from, to);
  return true;
}

/**
 * Whether consecutive counted shifts a, b cannot be in one run or sequence, whatever shifts precede a: sequences
 * break on the gap between a and b; runs of days when b starts more than a day after the last day of any shift
 * starting no later than a (bounded through view.ts's leads from a's start).
 */
function runBreaks(r: i32, g: i32, a: i32, b: i32): bool {
  if (rw(r, RW_KIND) == K_CONSECUTIVE_DAYS) {
    // ABSENCE_AWARE runs bridge absent days of any length: scored on the whole list.
    if ((rw(r, RW_FLAGS) & RF_ABSENCE_AWARE) != 0) return false;
    const split = (rw(r, RW_FLAGS) & RF_START_AND_END) != 0;
    const lead = split ? unchecked(leadToLastDayMax[g]) : unchecked(leadToStartDayMax[g]);
    return <i64>startDay(g, b) > floorDiv<i64>(<i64>sf(a, SR_START) + <i64>lead, 1440) + 1;
  }
  const betweenStarts = rw(r, RW_P1) == SEQUENCE_BETWEEN_STARTS;
  return sf(b, SR_START) - (betweenStarts ? sf(a, SR_START) : sf(a, SR_END)) > rw(r, RW_P2);
}

/**
 * How far before a shift b (start minus start) a rest rule's pair (a, b) can start: -1 when the rule has no limit,
 * i32.MAX_VALUE when unbounded (a maximum without a scope).
 */
function restReach(r: i32, e: i32): i32 {
  const minimum = rw(r, RW_MIN), maximum = rw(r, RW_MAX), scope = rw(r, RW_P2);
  let reach = -1;
  if (minimum > 0) {
    const away = (rw(r, RW_FLAGS) & RF_ABSENCE_AWARE) != 0 ? <i64>unchecked(awayTotal[e]) : 0;
    reach = <i32>min<i64>(<i64>minimum + <i64>maxShiftDuration + away, <i64>(i32.MAX_VALUE - 1));
  }
  if (maximum >= 0) reach = scope < 0 ? i32.MAX_VALUE : max(reach, <i32>min<i64>(<i64>scope + <i64>maxShiftDuration, <i64>(i32.MAX_VALUE - 1)));
  return reach;
}

/** Minutes of rest between a's end and b's start under rule r (ABSENCE_AWARE: outside the employee's absences). */
// @ts-ignore: decorator
@inline
function rest(r: i32, e: i32, aEnd: i32, bStart: i32): i32 {
  const gap = bStart - aEnd;
  return (rw(r, RW_FLAGS) & RF_ABSENCE_AWARE) != 0 ? gap - awayMinutes(e, aEnd, bStart) : gap;
}

/** Whether view[i] is preceded by chain - 1 shifts passing filter `prev` (minConsecutivePreviousShifts). */
function chainHolds(prev: i32, i: i32, chain: i32): bool {
  for (let k = 1; k < chain; k++) if (i - k < 0 || !passes(prev, unchecked(viewShift[i - k]))) return false;
  return true;
}

function minutesBetween(r: i32, e: i32): void {
  const minimum = rw(r, RW_MIN);
  const prev = rw(r, RW_FILTER2), next = rw(r, RW_FILTER3);
  const chain = max(1, rw(r, RW_P1));
  const scope = rw(r, RW_P2);
  const reach = restReach(r, e);
  for (let j = 1; j < viewLength; j++) {
    const b = unchecked(viewShift[j]);
    if (!passes(next, b)) continue;
    const bStart = sf(b, SR_START);
    for (let i = j - 1; i >= 0; i--) {
      const a = unchecked(viewShift[i]);
      const aStart = sf(a, SR_START);
      if (<i64>aStart < <i64>bStart - <i64>reach) break;
      const aEnd = sf(a, SR_END);
      if (aEnd > bStart || a == b) continue;
      if (scope >= 0 && bStart - aEnd > scope) continue;
      const gap = rest(r, e, aEnd, bStart);
      if (gap >= minimum || !passes(prev, a)) continue;
      if (isHistoricShift(a) && isHistoricShift(b)) continue;
      if (chainHolds(prev, i, chain)) note(<i64>(minimum - gap), a, b, gap, 0);
    }
  }
}

/** Maximum: each shift a passing the previous-shift tags and its next shift b (module header); record d = 1. */
function minutesBetweenMax(r: i32, e: i32): void {
  const maximum = rw(r, RW_MAX);
  const prev = rw(r, RW_FILTER2), next = rw(r, RW_FILTER3);
  const chain = max(1, rw(r, RW_P1));
  const scope = rw(r, RW_P2);
  for (let i = 0; i + 1 < viewLength; i++) {
    const a = unchecked(viewShift[i]);
    if (!passes(prev, a) || !chainHolds(prev, i, chain)) continue;
    const aEnd = sf(a, SR_END);
    for (let j = i + 1; j < viewLength; j++) {
      const b = unchecked(viewShift[j]);
      const bStart = sf(b, SR_START);
      if (scope >= 0 && <i64>bStart - <i64>aEnd > <i64>scope) break;
      if (bStart < aEnd || !passes(next, b)) continue;
      if (!(isHistoricShift(a) && isHistoricShift(b))) {
        const gap = rest(r, e, aEnd, bStart);
        if (gap > maximum) note(<i64>(gap - maximum), a, b, gap, 1);
      }
      break;
    }
  }
}

function gaps(r: i32): void {
  const limit = rw(r, RW_P1);
  const prev = rw(r, RW_FILTER2), next = rw(r, RW_FILTER3);
  for (let j = 1; j < viewLength; j++) {
    const a = unchecked(viewShift[j - 1]), b = unchecked(viewShift[j]);
    const gap = sf(b, SR_START) - sf(a, SR_END);
    if (gap <= 0 || gap > limit) continue;
    if (!passes(prev, a) || !passes(next, b)) continue;
    if (isHistoricShift(a) && isHistoricShift(b)) continue;
    note(<i64>gap, a, b, gap, 0);
  }
}

/** Per category of the rule being evaluated (consecutiveDays): its open run of days and whether it has planned work. */
let catStart = new StaticArray<i32>(4);
let catEnd = new StaticArray<i32>(4);
let catPlanned = new StaticArray<bool>(4);
/** Per category: the last shift of its open run (compact sequences). */
let catLast = new StaticArray<i32>(4);
/** Per category: the last day of its previous run (start days' justification; i32.MIN_VALUE = none). */
let catPrevEnd = new StaticArray<i32>(4);

/** Allowed start days with the days they pass to (startDaysAllowed), per (rule, group, category); reset per problem. */
let startMasks = new Map<i32, i32>();

export function resetSequenceStarts(): void {
  startMasks = new Map<i32, i32>();
}

/**
 * Weekdays (bit 0 = Monday) a run of category q may start on under start days rule r: the allowed days (RW_P2) and,
 * for an allowed day on which the model has no shift the rule counts in that category, the days after it up to the
 * first such day with one ("If the model plans no shifts on those days, the sequence can start on different
 * subsequent days too").
 */
function startDaysAllowed(r: i32, g: i32, q: i32): i32 {
  const slots = max(1, rw(r, RW_AUX_COUNT));
  const key = (r * tzGroupCount + g) * slots + q;
  if (startMasks.has(key)) return startMasks.get(key);
  let planned = 0;
  for (let s = 0; s < shiftCount; s++) {
    if (counts(r, g, s) && categoryOf(r, s) == q) planned |= 1 << weekday(startDay(g, s));
  }
  const allowed = rw(r, RW_P2);
  let mask = allowed;
  for (let w = 0; w < 7; w++) {
    if ((allowed & (1 << w)) == 0 || (planned & (1 << w)) != 0) continue;
    for (let k = 1; k < 7; k++) {
      const next = (w + k) % 7;
      mask |= 1 << next;
      if ((planned & (1 << next)) != 0) break;
    }
  }
  startMasks.set(key, mask);
  return mask;
}

/** The earliest start (minutes) of run-opening shift s after the previous sequence's last shift prev (RUNS_BETWEEN). */
function earliestNext(r: i32, g: i32, prev: i32, s: i32): i64 {
  const adjuster = rw(r, RW_P3);
  if (adjuster == DELAY_NONE) return <i64>sf(prev, SR_END) + <i64>rw(r, RW_P2);
  let day = endDay(g, prev);
  const times = max(1, rw(r, RW_P4));
  if (adjuster == DELAY_NEXT_DAY) day += times;
  else if (adjuster == DELAY_NEXT_MONTH) day = addMonthsFirst(day, times);
  else if (adjuster >= DELAY_NEXT_MONDAY) {
    const target = adjuster - DELAY_NEXT_MONDAY;
    for (let i = 0; i < times; i++) day += 1 + (((target - weekday(day + 1)) % 7) + 7) % 7;
  }
  // DELAY_SAME_DAY keeps the day. The local minute of the day, at the next run's local offset.
  return <i64>day * 1440 + <i64>rw(r, RW_P2) - <i64>tz(g, s, 2);
}

/** Category of shift s under consecutive days rule r: the first `shiftTypeTagCategories` tag it has (-1 = none). */
function categoryOf(r: i32, s: i32): i32 {
  const aux = rw(r, RW_AUX);
  for (let c = 0; c < rw(r, RW_AUX_COUNT); c++) if (passes(unchecked(ruleAux[aux + 2 * c]), s)) return c;
  return -1;
}

/** Whether every day in [from, to] is wholly inside employee e's unfiltered unavailable spans (local at `offset`). */
function absentDays(e: i32, from: i32, to: i32, offset: i32): bool {
  for (let d = from; d <= to; d++) {
    const start = <i64>d * 1440 - <i64>offset;
    if (start < <i64>i32.MIN_VALUE || start + 1440 > <i64>i32.MAX_VALUE) return false;
    if (awayMinutes(e, <i32>start, <i32>start + 1440) < 1440) return false;
  }
  return true;
}

/**
 * Runs of consecutive local days with a counted shift, per category when the rule has `shiftTypeTagCategories` (a
 * shift without one of its tags does not count); ABSENCE_AWARE: days the employee is unavailable all day between
 * two worked days do not break the run (nor count in its length). Record: [first day, last day, length, category + 1].
 * RUNS_COMPACT (`rewardCompactSequences`, no limits): each shift starting the day after its category's run (or after
 * absent days, ABSENCE_AWARE) is a match with the run's previous last shift, recorded [shift 1, shift 2, 0, category + 1].
 */
function consecutiveDays(r: i32, g: i32, e: i32): void {
  const lo = rw(r, RW_MIN), hi = rw(r, RW_MAX);
  const split = (rw(r, RW_FLAGS) & RF_START_AND_END) != 0;
  const aware = (rw(r, RW_FLAGS) & RF_ABSENCE_AWARE) != 0;
  const categories = rw(r, RW_AUX_COUNT);
  const compact = rw(r, RW_P1) == RUNS_COMPACT;
  const first = rangeFirst(g), last = rangeLast(g);
  const slots = max(1, categories);
  if (catStart.length < slots) {
    catStart = new StaticArray<i32>(slots);
    catEnd = new StaticArray<i32>(slots);
    catPlanned = new StaticArray<bool>(slots);
    catLast = new StaticArray<i32>(slots);
    catPrevEnd = new StaticArray<i32>(slots);
  }
  for (let c = 0; c < slots; c++) {
    unchecked(catStart[c] = i32.MIN_VALUE);
    unchecked(catEnd[c] = i32.MIN_VALUE);
    unchecked(catPlanned[c] = false);
    unchecked(catPrevEnd[c] = i32.MIN_VALUE);
  }
  const mode = rw(r, RW_P1);
  const required = rw(r, RW_CONSTRAINT) == SEQUENCE_START_CONSTRAINT;
  const endsOn = rw(r, RW_CONSTRAINT) == SEQUENCE_END_ON_START_DAY_CONSTRAINT;
  const between = mode == RUNS_BETWEEN;
  // RUNS_BETWEEN: the counted categorized shift ending last so far.
  let latest = -1;
  // Runs of days, walking the shifts in time order (their local days ascend with them).
  let offset = 0;
  for (let k = 0; k <= viewLength; k++) {
    let d0 = i32.MAX_VALUE, d1 = i32.MAX_VALUE;
    let historic = true;
    let c = 0;
    let shift = -1;
    if (k < viewLength) {
      const s = unchecked(viewShift[k]);
      shift = s;
      if (!counts(r, g, s)) continue;
      if (categories > 0) {
        c = categoryOf(r, s);
        if (c < 0) continue;
      }
      d0 = startDay(g, s);
      d1 = split ? endDay(g, s) : d0;
      historic = isHistoricShift(s);
      if (aware) offset = tz(g, s, 2);
    }
    const qTo = k < viewLength ? c + 1 : slots;
    for (let q = k < viewLength ? c : 0; q < qTo; q++) {
      const runStart = unchecked(catStart[q]), runEnd = unchecked(catEnd[q]);
      if (runStart != i32.MIN_VALUE && d0 >= runStart &&
        (d0 <= runEnd + 1 || (aware && d0 != i32.MAX_VALUE && absentDays(e, runEnd + 1, d0 - 1, offset)))) {
        // Compact sequences: each shift starting a day after its run's last day is rewarded with that run's last shift.
        const previous = unchecked(catLast[q]);
        if (compact && d0 > runEnd && !(historic && isHistoricShift(previous))) note(1, previous, shift, 0, q + 1);
        unchecked(catLast[q] = shift);
        if (between && shift >= 0 && (latest < 0 || sf(shift, SR_END) > sf(latest, SR_END))) latest = shift;
        unchecked(catEnd[q] = max(runEnd, d1));
        if (!historic) unchecked(catPlanned[q] = true);
        continue;
      }
      if (runStart != i32.MIN_VALUE && unchecked(catPlanned[q]) && runEnd >= first) {
        if (mode == RUNS_START_DAYS) {
          // A run ending on an allowed start day (README "Contract rules"); one ending on the schedule's last day may
          // continue after it (exempt). Recorded [first day, last day, 0, category + 1].
          if (endsOn) {
            if (runEnd < last && (rw(r, RW_P2) & (1 << weekday(runEnd))) != 0) note(1, runStart, runEnd, 0, q + 1);
          }
          // Runs starting on the schedule's first day may have started before it (exempt, like the minimum).
          else if (runStart > first) {
            if (required) {
              if ((startDaysAllowed(r, g, q) & (1 << weekday(runStart))) == 0) note(1, unchecked(catPrevEnd[q]), runStart, 0, q + 1);
            } else if ((rw(r, RW_P2) & (1 << weekday(runStart))) != 0) note(1, runStart, runEnd, 0, q + 1);
          }
        } else {
          const len = runEnd - runStart + 1 - (aware ? absentInside(e, runStart, runEnd, offset) : 0);
          note(runPenalty(lo, hi, len, runStart, runEnd, first, last), runStart, runEnd, len, categories > 0 ? q + 1 : 0);
        }
      }
      if (mode == RUNS_START_DAYS && runStart != i32.MIN_VALUE) unchecked(catPrevEnd[q] = runEnd);
      // The time between sequences: a run starts; the run before it ended with `latest` (module header).
      if (between && shift >= 0 && latest >= 0 && sf(latest, SR_END) <= sf(shift, SR_START) &&
        !(historic && isHistoricShift(latest))) {
        const missing = earliestNext(r, g, latest, shift) - <i64>sf(shift, SR_START);
        if (missing > 0) note(missing, latest, shift, sf(shift, SR_START) - sf(latest, SR_END), q + 1);
      }
      unchecked(catStart[q] = d0);
      unchecked(catEnd[q] = d1);
      unchecked(catPlanned[q] = !historic);
      unchecked(catLast[q] = shift);
      if (between && shift >= 0 && (latest < 0 || sf(shift, SR_END) > sf(latest, SR_END))) latest = shift;
    }
  }
}

/**
 * Whether consecutive days rules r and r2 count the same runs, so that one walk scores both (runPair): the same
 * filter, flags and validity span, no categories, neither absence aware nor of another compilation (RW_P1 0: a
 * minimum and a maximum). On the nurse rostering benchmark every employee has such a pair (its most consecutive days,
 * required, and its fewest, preferred), the largest cost of a move on the year-long instances.
 */
export function sameRuns(r: i32, r2: i32): bool {
  if (rw(r, RW_KIND) != K_CONSECUTIVE_DAYS || rw(r2, RW_KIND) != K_CONSECUTIVE_DAYS) return false;
  if (rw(r, RW_P1) != 0 || rw(r2, RW_P1) != 0 || rw(r, RW_AUX_COUNT) != 0 || rw(r2, RW_AUX_COUNT) != 0) return false;
  if ((rw(r, RW_FLAGS) & RF_ABSENCE_AWARE) != 0 || rw(r, RW_FLAGS) != rw(r2, RW_FLAGS)) return false;
  return rw(r, RW_FILTER) == rw(r2, RW_FILTER) && rw(r, RW_VALID_FROM) == rw(r2, RW_VALID_FROM) &&
    rw(r, RW_VALID_TO) == rw(r2, RW_VALID_TO) && rw(r, RW_P3) == rw(r2, RW_P3);
}

/** runPair's second rule: its penalty and matches. */
export let evPenalty2: i64 = 0;
export let evMatches2: i32 = 0;

/**
 * A run's penalty under minimum lo and maximum hi (-1: none): the days beyond the maximum, and the days missing to
 * the minimum unless the run touches the range's first or last day (it may continue outside it).
 */
// @ts-ignore: decorator
@inline
function runPenalty(lo: i32, hi: i32, len: i32, runStart: i32, runEnd: i32, first: i32, last: i32): i64 {
  let p: i64 = 0;
  if (hi >= 0 && len > hi) p += <i64>(len - hi);
  if (lo >= 0 && len < lo && runStart > first && runEnd < last) p += <i64>(lo - len);
  return p;
}

/**
 * Rules r and r2 (sameRuns) over the view in one walk, as consecutiveDays scores each: r into evPenalty /
 * evMatches, r2 into evPenalty2 / evMatches2. Scoring only: nothing is recorded.
 */
export function runPair(r: i32, r2: i32, g: i32): void {
  evPenalty = 0;
  evMatches = 0;
  evPenalty2 = 0;
  evMatches2 = 0;
  const lo = rw(r, RW_MIN), hi = rw(r, RW_MAX), lo2 = rw(r2, RW_MIN), hi2 = rw(r2, RW_MAX);
  const split = (rw(r, RW_FLAGS) & RF_START_AND_END) != 0;
  const first = rangeFirst(g), last = rangeLast(g);
  let runStart = i32.MIN_VALUE, runEnd = i32.MIN_VALUE, planned = false;
  for (let k = 0; k <= viewLength; k++) {
    let d0 = i32.MAX_VALUE, d1 = i32.MAX_VALUE, historic = true;
    if (k < viewLength) {
      const s = unchecked(viewShift[k]);
      if (!counts(r, g, s)) continue;
      d0 = startDay(g, s);
      d1 = split ? endDay(g, s) : d0;
      historic = isHistoricShift(s);
    }
    if (runStart != i32.MIN_VALUE && d0 >= runStart && d0 <= runEnd + 1) {
      runEnd = max(runEnd, d1);
      if (!historic) planned = true;
      continue;
    }
    if (runStart != i32.MIN_VALUE && planned && runEnd >= first) {
      const len = runEnd - runStart + 1;
      const p = runPenalty(lo, hi, len, runStart, runEnd, first, last);
      if (p != 0) {
        evPenalty += p;
        evMatches++;
      }
      const p2 = runPenalty(lo2, hi2, len, runStart, runEnd, first, last);
      if (p2 != 0) {
        evPenalty2 += p2;
        evMatches2++;
      }
    }
    runStart = d0;
    runEnd = d1;
    planned = !historic;
  }
}

/** Days in [from, to] the employee is unavailable all day (ABSENCE_AWARE runs skip them in their length). */
function absentInside(e: i32, from: i32, to: i32, offset: i32): i32 {
  let n = 0;
  for (let d = from; d <= to; d++) if (absentDays(e, d, d, offset)) n++;
  return n;
}

/** Whether the sequence view[from, to) meets the rule's condition. */
function conditionMet(r: i32, from: i32, to: i32): bool {
  const type = rw(r, RW_P3);
  if (type == CONDITION_NONE) return true;
  const f = rw(r, RW_FILTER2), trigger = rw(r, RW_P4);
  let total = 0, run = 0, best = 0;
  for (let k = from; k < to; k++) {
    const s = unchecked(sequence[k]);
    if (passes(f, s)) {
      total++;
      run++;
      best = max(best, run);
    } else run = 0;
  }
  if (type == CONDITION_MIN_SHIFTS) return total >= trigger;
  if (type == CONDITION_MIN_SHIFTS_CONSECUTIVELY) return best >= trigger;
  return true;
}

let sequence = new StaticArray<i32>(64);

function consecutiveShifts(r: i32, g: i32, countRule: bool): void {
  if (sequence.length < viewLength) sequence = new StaticArray<i32>(viewLength << 1);
  // The counted shifts, then cut into sequences.
  let n = 0;
  for (let k = 0; k < viewLength; k++) {
    const s = unchecked(viewShift[k]);
    if (counts(r, g, s)) unchecked(sequence[n++] = s);
  }
  const betweenStarts = rw(r, RW_P1) == SEQUENCE_BETWEEN_STARTS;
  const trigger = rw(r, RW_P2);
  const hi = rw(r, RW_MAX), offMin = rw(r, RW_MIN);
  let from = 0;
  for (let k = 1; k <= n; k++) {
    if (k < n) {
      const a = unchecked(sequence[k - 1]), b = unchecked(sequence[k]);
      const gap = sf(b, SR_START) - (betweenStarts ? sf(a, SR_START) : sf(a, SR_END));
      if (gap <= trigger) continue;
    }
    // Sequence [from, k).
    let planned = false;
    for (let i = from; i < k && !planned; i++) planned = !isHistoricShift(unchecked(sequence[i]));
    if (planned && conditionMet(r, from, k)) {
      if (countRule) {
        if (hi >= 0 && k - from > hi) note(<i64>(k - from - hi), unchecked(sequence[from]), unchecked(sequence[k - 1]), k - from, 0);
      } else if (k < n && offMin > 0) {
        const rest = sf(unchecked(sequence[k]), SR_START) - sf(unchecked(sequence[k - 1]), SR_END);
        if (rest < offMin) note(<i64>(offMin - rest), unchecked(sequence[from]), unchecked(sequence[k - 1]), k - from, rest);
      }
    }
    from = k;
  }
}

// ---- declaration (contracts.ts `declare` calls it) --------------------------------------------------------------------

/** Rest and sequence rules in pairs from SEQUENCE_RULE_CONSTRAINT (REQUIRED hard, PREFERRED soft); the reference's names. */
const NAMES: string[] = [
  "Minutes between shifts not in {} range for employee",
  "Consecutive days worked not in {} range for employee",
  "Consecutive shifts worked not in {} range for employee",
  "Time off after consecutive shifts worked not in {} range for employee",
];
// @ts-ignore: top-level assert
assert(SEQUENCE_RULE_CONSTRAINT + 2 * NAMES.length == GAPS_CONSTRAINT);

/** This module's constraints: rest, sequences, gaps, compact sequences, start and end days, time between sequences. */
export function declare(family: i32): void {
  for (let i = 0; i < NAMES.length; i++) registerPair(SEQUENCE_RULE_CONSTRAINT + 2 * i, NAMES[i], KIND_EMPLOYEE, family);
  register(GAPS_CONSTRAINT, "Minimize gaps between shifts for employee", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
  // `EmployeeWorksCompactSequenceJustification`.
  register(COMPACT_SEQUENCE_CONSTRAINT, "Employee works compact sequence", LEVEL_SOFT, REWARD, KIND_EMPLOYEE, family);
  // `RequiredSequenceStartDayNotMetForEmployeeJustification`, `PreferredSequenceStartDayMetForEmployeeJustification`,
  // then the time between different sequences (`preferredMinimumTimeBetweenDifferentSequencesNotMetForEmployeeWeight`).
  register(SEQUENCE_START_CONSTRAINT, "Required sequence start day not met for employee", LEVEL_HARD, PENALTY, KIND_EMPLOYEE, family);
  register(SEQUENCE_START_CONSTRAINT + 1, "Preferred sequence start day met for employee", LEVEL_SOFT, REWARD, KIND_EMPLOYEE, family);
  register(SEQUENCE_START_CONSTRAINT + 2, "Preferred minimum time between different sequences not met for employee", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
  // `sequenceEndsOnAllowedSequenceStartDayForEmployeeWeight` (the reference gives it no justification schema).
  register(SEQUENCE_END_ON_START_DAY_CONSTRAINT, "Sequence ends on allowed sequence start day for employee", LEVEL_SOFT, PENALTY, KIND_EMPLOYEE, family);
}
