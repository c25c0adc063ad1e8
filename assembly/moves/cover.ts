/**
 * Cover move (README "Nurse rostering benchmark"): an open shift that costs (an under-covered day and type) is
 * taken by one employee, who leaves what overlaps it that day (a day's shift type changed), or, on a day off, half
 * of the time gives up one of its shifts within a week (a day of work moved; chain.ts drawNearby); a released
 * shift that costs when open is then taken over by the holder of an equivalent shift that costs less when open
 * (same start and end, the same key skill, every tag of the released one: on the benchmark an over-cover copy of
 * the same day and type), who leaves that one. Without this hand-over, moving an employee from an over-covered type
 * to an under-covered one leaves a regular copy open and an over-cover copy held, which the score sees as no change
 * (one open copy for another) where the benchmark's cover counts one slot more; with it the move is scored as it
 * counts. Scored change by change and accepted or undone as one (compound.ts).
 */
import {
  isPinned, sf, SR_START, SR_END, SR_WEIGHT, SR_KEY_SKILL, SR_TAGS, shiftTags, shiftsByStart, firstRankFrom, intersectionSize,
  holdsSkillFor, maxShiftDuration, holders, holdersOff, employeeCount,
} from "../problem";
import { assignment } from "../state";
import { evalChange, isBetter, pHard, pMedium, pSoft } from "../score";
import { rngBelow } from "../rng";
import { compoundBegin, compoundChange, compoundCount, compoundRoom, compoundUndo } from "./compound";
import { costsOpen, take, released, drawNearby, overlapping } from "./chain";
import { holdsIn, firstShiftIn } from "./run";
import { slideDrop } from "./slide";
import { DAY_MINUTES } from "../calendar";

/** Employees scored for the best taker of an open shift (bestTaker). */
const TAKER_SCAN: i32 = 32;
/** Room for the shifts of an employee that overlap an open shift (bestTaker: it only asks whether there is one). */
const overlaps = new StaticArray<i32>(1);

/** Start-order positions scanned for a held shift (heldNear). */
const HELD_SCAN: i32 = 256;
/**
 * What heldNear looks for: a cheaper twin of x, a cheaper shift overlapping x, a shift of the day next to x's, a
 * shift overlapping x that is no twin of it (another type that day).
 */
const TWIN = 0, CHEAPER = 1, NEIGHBOUR = 2, RETYPE = 3;

/** Whether shift y can stand for x: same start, end and key skill, and every tag of x. */
function twinOf(x: i32, y: i32): bool {
  if (sf(y, SR_END) != sf(x, SR_END) || sf(y, SR_KEY_SKILL) != sf(x, SR_KEY_SKILL)) return false;
  const xFrom = sf(x, SR_TAGS), xTo = sf(x + 1, SR_TAGS);
  return intersectionSize(shiftTags, xFrom, xTo, shiftTags, sf(y, SR_TAGS), sf(y + 1, SR_TAGS)) == xTo - xFrom;
}

/**
 * A held, unpinned shift by open shift x, its holder not `e`, drawn uniformly among the first HELD_SCAN start-order
 * positions of those it may be; by `what`:
 *   TWIN       one that costs less open and can stand for x (twinOf), starting when x does;
 *   CHEAPER    one that costs less open and overlaps x, its holder holding x's key skill;
 *   NEIGHBOUR  one overlapping x's time moved `side` minutes (a day before or after), its holder holding x's key
 *              skill and holding no shift on x's day;
 *   RETYPE     one overlapping x that is not its twin, its holder holding x's key skill.
 * -1 when there is none.
 */
function heldNear(x: i32, e: i32, what: i32, side: i32): i32 {
  const day = sf(x, SR_START), start = day + side, weight = sf(x, SR_WEIGHT), key = sf(x, SR_KEY_SKILL);
  const from = firstRankFrom(what == TWIN ? start : start - maxShiftDuration + 1);
  const to = min(from + HELD_SCAN, firstRankFrom(what == TWIN ? start + 1 : sf(x, SR_END) + side));
  let found = -1, seen = 0;
  for (let p = from; p < to; p++) {
    const y = unchecked(shiftsByStart[p]);
    const f = unchecked(assignment[y]);
    if (f < 0 || f == e || isPinned(y) || ((what == TWIN || what == CHEAPER) && sf(y, SR_WEIGHT) >= weight)) continue;
    if (what == TWIN) {
      if (!twinOf(x, y)) continue;
    } else {
      if (what == RETYPE && (y == x || twinOf(x, y))) continue;
      if (sf(y, SR_END) <= start || (key >= 0 && !holdsSkillFor(f, key, x))) continue;
      if (what == NEIGHBOUR && holdsIn(f, day, day + DAY_MINUTES)) continue;
    }
    if (rngBelow(++seen) == 0) found = y;
  }
  return found;
}

/**
 * The holder of a cheaper shift overlapping open shift x who holds x's key skill (heldNear CHEAPER), -1 when there
 * is none. The cover move's employee half of the time: someone at work then on something that matters less (on the
 * benchmark, an over-cover copy of an over-covered type that day) works x instead, a day's shift type changed. A
 * sampled employee finds such a move about once in a few hundred tries where a day has a few such holders among a
 * hundred employees.
 */
export function cheaperHolder(x: i32): i32 {
  const y = heldNear(x, -1, CHEAPER, 0);
  return y < 0 ? -1 : unchecked(assignment[y]);
}

/**
 * The best taker of open shift x: of up to TAKER_SCAN holders of its key skill (of all employees when it has none),
 * from a random one on, those holding no shift at its time, the one whose taking x scores best (score.ts
 * evalChange: x's change alone, every level); -1 when none is free then. The cover move's employee one time in
 * eight and the cover chain's first one half of the time (local-search.ts): on the year-long instances of the
 * benchmark, at the end of a minute some open shifts can be taken by an employee without breaking any rule, but a
 * sampled employee is that one about once in a hundred tries.
 */
export function bestTaker(x: i32): i32 {
  const key = sf(x, SR_KEY_SKILL);
  const from = key >= 0 ? unchecked(holdersOff[key]) : 0;
  const n = key >= 0 ? unchecked(holdersOff[key + 1]) - from : employeeCount;
  if (n <= 0) return -1;
  let best = -1, bestHard: i64 = 0, bestMedium: i64 = 0, bestSoft: i64 = 0;
  const first = rngBelow(n);
  for (let k = 0, m = min(n, TAKER_SCAN); k < m; k++) {
    let i = first + k;
    if (i >= n) i -= n;
    const e = key >= 0 ? unchecked(holders[from + i]) : i;
    if (overlapping(e, x, overlaps) != 0) continue;
    evalChange(x, -1, e);
    if (best < 0 || isBetter(pHard, pMedium, pSoft, bestHard, bestMedium, bestSoft)) {
      best = e;
      bestHard = pHard;
      bestMedium = pMedium;
      bestSoft = pSoft;
    }
  }
  return best;
}

/**
 * Builds and applies a cover move: employee e takes open shift s, and each released shift that costs open is
 * taken over by the holder of a cheaper twin (handOver). Returns the number of changes (0: nothing applied).
 */
export function applyCoverMove(s: i32, e: i32): i32 {
  compoundBegin();
  if (e < 0 || unchecked(assignment[s]) >= 0) return 0;
  const n = takeHandingOver(s, e);
  if (n < 0) return compoundUndo();
  if (n == 0 && rngBelow(2) == 0) {
    // A day off turned into a day of work: half of the time e gives up one of its shifts within a week instead
    // (a day of work moved to where it is missing, the minutes and the number of days kept).
    const x = drawNearby(e, sf(s, SR_START), s);
    if (x >= 0 && compoundRoom(1)) {
      compoundChange(x, e, -1);
      handOver(x, e);
    }
  }
  return compoundCount;
}

/**
 * Released shift x, when it costs open, is taken over by the holder of a cheaper twin (heldNear TWIN), not e (also
 * for the shifts a run relocation gives up, relocate.ts).
 */
export function handOver(x: i32, e: i32): void {
  if (!costsOpen(x) || !compoundRoom(2)) return;
  const y = heldNear(x, e, TWIN, 0);
  if (y < 0) return;
  const f = unchecked(assignment[y]);
  compoundChange(y, f, -1);
  compoundChange(x, -1, f);
}

/**
 * Employee e takes open shift s (chain.ts take), leaving what overlaps it, each released shift handed over
 * (handOver); returns the number released, -1 when it cannot (a pinned shift overlaps, or too many; nothing
 * applied then).
 */
function takeHandingOver(s: i32, e: i32): i32 {
  const n = take(s, e);
  for (let j = 0; j < n; j++) handOver(unchecked(released[j]), e);
  return n;
}

/** The side (minutes: a day before or after) of the last drawNeighbour. */
let neighbourSide = 0;

/**
 * A held shift on the day before or after open shift s (the side drawn, into neighbourSide) whose holder is off on
 * s's day (heldNear NEIGHBOUR): the cover slide's and cover completion's employee; -1 when there is none.
 */
function drawNeighbour(s: i32): i32 {
  neighbourSide = rngBelow(2) == 0 ? -DAY_MINUTES : DAY_MINUTES;
  return heldNear(s, -1, NEIGHBOUR, neighbourSide);
}

/**
 * Builds and applies a cover slide (README "Nurse rostering benchmark"): an employee at work the day before or after
 * open shift s (the side drawn at random) and off on s's day (heldNear NEIGHBOUR) takes s next to its run and gives
 * up the shift at the run's other end (slide.ts slideDrop): the run slides by a day onto s's day, keeping its length
 * and, with shifts of one length, the employee's minutes (a one-day run moves to s's day). Where a rule caps the
 * weekends worked (on the benchmark nearly every employee is at its most weekends, and the under-cover is on
 * Saturdays and Sundays), one working Saturday alone takes Sunday's open shift without a new weekend. Released and
 * given-up shifts are handed over as a cover move's (handOver). Returns the number of changes (0: nothing applied),
 * -1 when there is no such employee.
 */
export function applyCoverSlide(s: i32): i32 {
  compoundBegin();
  const y = drawNeighbour(s);
  if (y < 0) return -1;
  if (unchecked(assignment[s]) >= 0) return 0;
  const e = unchecked(assignment[y]);
  const dropped = slideDrop(e, sf(y, SR_START), neighbourSide < 0);
  if (dropped < 0) return 0;
  if (takeHandingOver(s, e) < 0 || !compoundRoom(1)) return compoundUndo();
  compoundChange(dropped, e, -1);
  handOver(dropped, e);
  return compoundCount;
}

/** Farthest, in days past an open shift's day, the cover completion gives up a shift (the next run's first). */
const FAR_REACH: i32 = 3;

/**
 * Builds and applies a cover completion (README "Nurse rostering benchmark"): an employee e at work the day next to
 * open shift s and off on s's day (heldNear NEIGHBOUR) takes s, two days of one pair then worked (on the benchmark,
 * a half weekend made whole: where nearly every employee is at its most weekends and the under-cover is on
 * weekends, those working one day of a weekend are the ones free to take the other without a new weekend). What
 * keeps them from it: a rotation rule forbidding the two days' types in a row, and a minimum of days off before the
 * next run. So, one or both as drawn (each two times in three, both one time in three): e exchanges its shift of
 * the next day with the holder of another type then (heldNear RETYPE), and e gives up its nearest shift within
 * FAR_REACH days on s's other side. Released and given-up shifts are handed over as a cover move's (handOver).
 * Returns the number of changes (0: nothing applied), -1 when there is no such employee.
 */
export function applyCoverCompletion(s: i32): i32 {
  compoundBegin();
  const y = drawNeighbour(s);
  if (y < 0) return -1;
  if (unchecked(assignment[s]) >= 0) return 0;
  const e = unchecked(assignment[y]), side = neighbourSide;
  const what = 1 + rngBelow(3);
  if ((what & 1) != 0) {
    const other = heldNear(y, e, RETYPE, 0);
    if (other >= 0 && compoundRoom(2)) {
      const g = unchecked(assignment[other]);
      compoundChange(y, e, g);
      compoundChange(other, g, e);
    }
  }
  if ((what & 2) != 0) {
    const start = sf(s, SR_START);
    for (let k = 1; k <= FAR_REACH; k++) {
      const lo = start - k * side;
      const x = firstShiftIn(e, lo, lo + DAY_MINUTES);
      if (x < 0) continue;
      if (isPinned(x) || !compoundRoom(1)) break;
      compoundChange(x, e, -1);
      handOver(x, e);
      break;
    }
  }
  if (takeHandingOver(s, e) < 0) return compoundUndo();
  return compoundCount;
}
